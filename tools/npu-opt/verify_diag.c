/* tools/npu-opt/verify_diag.c: --verify-diagnostics, MLIR's expected-*
 * annotations matched against the diagnostics a chunk really produced. */
#include <regex.h>
#include <stdlib.h>
#include <string.h>

#include "tools/npu-opt/verify_diag.h"

/* One `expected-<kind> {{msg}}` annotation. */
typedef struct Expect {
	IrSeverity sev;
	unsigned line;       /* the line the diagnostic must be on */
	unsigned at_line;    /* where the annotation itself is */
	unsigned at_col;     /* column of "expected-" */
	char *msg;           /* substring the message must contain */
	regex_t *re;         /* expected-<kind>-re: the compiled pattern */
	bool below;          /* @below still waiting for its line */
	bool matched;
} Expect;

/* A diagnostic that matched no annotation. */
typedef struct Unexpected {
	IrSeverity sev;
	const IrLoc *loc;
	char *msg;
} Unexpected;

struct DiagVerifier {
	IrContext *ctx;
	const IrSource *src;
	Expect *exp;
	size_t nexp, expcap;
	/* exp's indices sorted by target line (then by index, so the first
	 * annotation for a line is still tried first): each diagnostic
	 * finds its line's annotations by binary search, not by a scan of
	 * all of them (100k annotations took 54 s). */
	size_t *byline;
	Unexpected *unexp;
	size_t nunexp, unexpcap;
	/* Other complaints, each at an annotation: a diagnostic of the
	 * wrong kind, a bad regex. */
	char **misses;
	const IrLoc **misslocs;
	size_t nmisses, misscap;
};

static void compile_regex(DiagVerifier *v, Expect *e);

static const char *const sevnames[] = {
	[IR_SEV_ERROR] = "error",
	[IR_SEV_WARNING] = "warning",
	[IR_SEV_NOTE] = "note",
	[IR_SEV_REMARK] = "remark",
};

/* Parses "error", "warning", ... at p; sets *sev and returns the length. */
static size_t
parse_kind(const char *p, const char *end, IrSeverity *sev)
{
	for (int i = 0; i < 4; i++) {
		size_t n = strlen(sevnames[i]);
		if ((size_t)(end - p) >= n && !memcmp(p, sevnames[i], n)) {
			*sev = (IrSeverity)i;
			return n;
		}
	}
	return 0;
}

static bool
is_digit(char c)
{
	return c >= '0' && c <= '9';
}

/* memmem is not POSIX: the first occurrence of needle in [p, end). */
static const char *
find(const char *p, const char *end, const char *needle, size_t n)
{
	for (; (size_t)(end - p) >= n; p++)
		if (*p == *needle && !memcmp(p, needle, n))
			return p;
	return NULL;
}

static const char *
skip_spaces(const char *p, const char *end)
{
	while (p < end && *p == ' ')
		p++;
	return p;
}

/* A designator: what follows '@'. kind: 0 same line, 1 offset, 2 above,
 * 3 below. Returns the position after it, or NULL when malformed. */
static const char *
parse_designator(const char *p, const char *end, int *kind, long *off)
{
	*kind = 0;
	*off = 0;
	if (p >= end || *p != '@')
		return p;
	p++;
	if (end - p >= 5 && !memcmp(p, "above", 5)) {
		*kind = 2;
		return p + 5;
	}
	if (end - p >= 5 && !memcmp(p, "below", 5)) {
		*kind = 3;
		return p + 5;
	}
	if (p >= end || (*p != '+' && *p != '-'))
		return NULL;
	long sign = *p++ == '-' ? -1 : 1;
	if (p >= end || !is_digit(*p))
		return NULL;
	long n = 0;
	for (; p < end && is_digit(*p); p++) /* saturates: no overflow */
		n = n < 100000000 ? n * 10 + (*p - '0') : n;
	*kind = 1;
	*off = sign * n;
	return p;
}

/* Finds the "{{msg}}" part: from the first "{{" to the last "}}", which
 * must end the line (trailing blanks allowed). */
static bool
parse_message(const char *p, const char *end, const char **m, size_t *n)
{
	while (end > p && (end[-1] == ' ' || end[-1] == '\t' ||
	    end[-1] == '\r'))
		end--;
	if (end - p < 4 || p[0] != '{' || p[1] != '{' || end[-1] != '}' ||
	    end[-2] != '}')
		return false;
	*m = p + 2;
	*n = (size_t)(end - 2 - (p + 2));
	return true;
}

static Expect *
add_expect(DiagVerifier *v)
{
	if (v->nexp == v->expcap) {
		v->expcap = v->expcap ? 2 * v->expcap : 16;
		v->exp = ir_xrealloc(v->exp, v->expcap * sizeof *v->exp);
	}
	Expect *e = &v->exp[v->nexp++];
	memset(e, 0, sizeof *e);
	return e;
}

/* Looks for an annotation on the line [line, end). Returns 1 and appends
 * it to v->exp when one is found, with *kind its designator; else 0. */
static int
scan_line(DiagVerifier *v, const char *line, const char *end,
    unsigned lineno, int *kind, long *off)
{
	static const char tag[] = "expected-";
	const char *p = line;
	for (;;) {
		p = find(p, end, tag, sizeof tag - 1);
		if (!p)
			return 0;
		const char *q = p + sizeof tag - 1;
		IrSeverity sev;
		size_t kn = parse_kind(q, end, &sev);
		bool re = kn && end - (q + kn) >= 3 &&
		    !memcmp(q + kn, "-re", 3);
		if (kn) {
			q = parse_designator(skip_spaces(q + kn + (re ? 3 : 0),
			    end), end, kind, off);
			const char *m;
			size_t mn;
			if (q && parse_message(skip_spaces(q, end), end, &m,
			    &mn)) {
				Expect *e = add_expect(v);
				e->sev = sev;
				e->at_line = lineno;
				e->at_col = (unsigned)(p - line) + 1;
				e->msg = ir_xstrndup(m, mn);
				if (re)
					compile_regex(v, e);
				return 1;
			}
		}
		p += sizeof tag - 1;
	}
}

/* Assigns each annotation its target line, as MLIR does: @above means the
 * last line without an annotation, @below the next one. */
static void
scan_source(DiagVerifier *v)
{
	const char *p = v->src->data, *end = p + v->src->len;
	unsigned lineno = v->src->first_line ? v->src->first_line : 1;
	unsigned last_plain = 0;
	size_t pending = 0; /* annotations before this one are resolved */
	while (p <= end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *eol = nl ? nl : end;
		int kind;
		long off;
		if (scan_line(v, p, eol, lineno, &kind, &off)) {
			Expect *e = &v->exp[v->nexp - 1];
			if (kind == 0)
				e->line = lineno;
			else if (kind == 1) /* 0: no such line, never met */
				e->line = (long)lineno + off > 0 ?
				    (unsigned)((long)lineno + off) : 0;
			else if (kind == 2)
				e->line = last_plain;
			else
				e->below = true;
		} else {
			for (; pending < v->nexp; pending++)
				if (v->exp[pending].below) {
					v->exp[pending].line = lineno;
					v->exp[pending].below = false;
				}
			last_plain = lineno;
		}
		if (!nl)
			break;
		p = nl + 1;
		lineno++;
	}
}

static void
record_unexpected(DiagVerifier *v, const IrDiagnostic *d)
{
	if (v->nunexp == v->unexpcap) {
		v->unexpcap = v->unexpcap ? 2 * v->unexpcap : 8;
		v->unexp = ir_xrealloc(v->unexp, v->unexpcap *
		    sizeof *v->unexp);
	}
	Unexpected *u = &v->unexp[v->nunexp++];
	u->sev = d->severity;
	u->loc = d->loc;
	u->msg = ir_xstrndup(d->message, strlen(d->message));
}

/* Queues an error (msg is taken) to report at loc when finishing. */
static void
add_complaint(DiagVerifier *v, const IrLoc *loc, char *msg)
{
	if (v->nmisses == v->misscap) {
		v->misscap = v->misscap ? 2 * v->misscap : 8;
		v->misses = ir_xrealloc(v->misses, v->misscap *
		    sizeof *v->misses);
		v->misslocs = ir_xrealloc(v->misslocs, v->misscap *
		    sizeof *v->misslocs);
	}
	v->misses[v->nmisses] = msg;
	v->misslocs[v->nmisses++] = loc;
}

static const IrLoc *
expect_loc(DiagVerifier *v, const Expect *e)
{
	return ir_loc_file(v->ctx, v->src->name, e->at_line, e->at_col);
}

static void
record_miss(DiagVerifier *v, const Expect *e, IrSeverity got)
{
	const char *fmt = "'%s' diagnostic emitted when expecting a '%s'";
	size_t n = strlen(fmt) + 32;
	char *s = ir_xmalloc(n);
	snprintf(s, n, fmt, sevnames[got], sevnames[e->sev]);
	add_complaint(v, expect_loc(v, e), s);
}

/* Appends [p, p + n) to the pattern at *out, backslash-escaping what ERE
 * treats specially. */
static char *
put_literal(char *out, const char *p, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (strchr(".[]{}()\\*+?^$|", p[i]))
			*out++ = '\\';
		*out++ = p[i];
	}
	return out;
}

/* MLIR's -re syntax: literal text with {{regex}} parts. Builds the POSIX
 * extended pattern; NULL when a "{{" has no "}}". */
static char *
build_pattern(const char *msg)
{
	char *pat = ir_xmalloc(2 * strlen(msg) + 1), *out = pat;
	for (const char *p = msg;;) {
		const char *open = strstr(p, "{{");
		if (!open) {
			out = put_literal(out, p, strlen(p));
			break;
		}
		out = put_literal(out, p, (size_t)(open - p));
		const char *close = strstr(open + 2, "}}");
		if (!close) {
			free(pat);
			return NULL;
		}
		*out++ = '(';
		memcpy(out, open + 2, (size_t)(close - open - 2));
		out += close - open - 2;
		*out++ = ')';
		p = close + 2;
	}
	*out = 0;
	return pat;
}

/* Compiles an expected-<kind>-re message; a bad one is reported at the
 * annotation and the expectation can never be met. */
static void
compile_regex(DiagVerifier *v, Expect *e)
{
	char *pat = build_pattern(e->msg);
	e->re = ir_xmalloc(sizeof *e->re);
	int rc = pat ? regcomp(e->re, pat, REG_EXTENDED | REG_NOSUB) : -1;
	free(pat);
	if (rc == 0)
		return;
	char err[256] = "found start of regex with no end '}}'";
	if (rc > 0) {
		memcpy(err, "invalid regex: ", 15);
		regerror(rc, e->re, err + 15, sizeof err - 15);
	}
	free(e->re);
	e->re = NULL;
	e->matched = true; /* reported here, not as "not produced" too */
	add_complaint(v, expect_loc(v, e), ir_xstrndup(err, strlen(err)));
}

static bool
expect_matches(const Expect *e, const char *msg)
{
	if (e->re)
		return regexec(e->re, msg, 0, NULL, 0) == 0;
	return strstr(msg, e->msg) != NULL;
}

/* qsort's order for byline; the exp array it sorts into is cmp_exp. */
static const Expect *cmp_exp;

static int
cmp_line(const void *a, const void *b)
{
	size_t i = *(const size_t *)a, j = *(const size_t *)b;
	unsigned li = cmp_exp[i].line, lj = cmp_exp[j].line;
	if (li != lj)
		return li < lj ? -1 : 1;
	return i < j ? -1 : i > j;
}

static void
index_by_line(DiagVerifier *v)
{
	v->byline = ir_xmalloc((v->nexp ? v->nexp : 1) * sizeof *v->byline);
	for (size_t i = 0; i < v->nexp; i++)
		v->byline[i] = i;
	cmp_exp = v->exp;
	qsort(v->byline, v->nexp, sizeof *v->byline, cmp_line);
	cmp_exp = NULL;
}

/* The first position in byline whose annotation targets `line` or a
 * later line. */
static size_t
first_at_line(const DiagVerifier *v, unsigned line)
{
	size_t lo = 0, hi = v->nexp;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (v->exp[v->byline[mid]].line < line)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* The expectation a diagnostic on `line` satisfies: an unmatched one first,
 * else (as MLIR allows) one already matched. */
static Expect *
find_expect(DiagVerifier *v, IrSeverity sev, unsigned line, const char *msg,
    Expect **near)
{
	Expect *again = NULL;
	*near = NULL;
	for (size_t k = first_at_line(v, line); k < v->nexp &&
	    v->exp[v->byline[k]].line == line; k++) {
		Expect *e = &v->exp[v->byline[k]];
		if (!expect_matches(e, msg))
			continue;
		if (e->sev != sev)
			*near = e;
		else if (!e->matched)
			return e;
		else if (!again)
			again = e;
	}
	return again;
}

static void
handler(IrContext *ctx, const IrDiagnostic *d, void *user)
{
	DiagVerifier *v = user;
	const IrLoc *fl = ir_loc_file_of(d->loc);
	(void)ctx;
	if (!fl || fl->u.file.file != v->src->name) {
		record_unexpected(v, d);
		return;
	}
	Expect *near;
	Expect *e = find_expect(v, d->severity, fl->u.file.line, d->message,
	    &near);
	if (e)
		e->matched = true;
	else if (near)
		record_miss(v, near, d->severity);
	else
		record_unexpected(v, d);
}

DiagVerifier *
diag_verifier_create(IrContext *ctx, const IrSource *src)
{
	DiagVerifier *v = ir_xcalloc(1, sizeof *v);
	v->ctx = ctx;
	v->src = src;
	scan_source(v);
	index_by_line(v);
	ir_context_set_diag_handler(ctx, handler, v);
	return v;
}

/* Prints one verifier complaint as an error at loc. */
static void
complain(IrContext *ctx, const IrLoc *loc, const char *msg)
{
	IrDiagnostic d = { IR_SEV_ERROR, loc, msg };
	ir_diag_print(ctx, stderr, &d);
}

static bool
report_unexpected(DiagVerifier *v)
{
	for (size_t i = 0; i < v->nunexp; i++) {
		Unexpected *u = &v->unexp[i];
		const char *fmt = "unexpected %s: %s";
		size_t n = strlen(u->msg) + 32;
		char *s = ir_xmalloc(n);
		snprintf(s, n, fmt, sevnames[u->sev], u->msg);
		complain(v->ctx, u->loc, s);
		free(s);
		free(u->msg);
	}
	for (size_t i = 0; i < v->nmisses; i++) {
		complain(v->ctx, v->misslocs[i], v->misses[i]);
		free(v->misses[i]);
	}
	return v->nunexp == 0 && v->nmisses == 0;
}

static bool
report_unmet(DiagVerifier *v)
{
	bool ok = true;
	for (size_t i = 0; i < v->nexp; i++) {
		Expect *e = &v->exp[i];
		if (!e->matched) {
			const char *fmt = "expected %s \"%s\" was not produced";
			size_t n = strlen(e->msg) + 48;
			char *s = ir_xmalloc(n);
			snprintf(s, n, fmt, sevnames[e->sev], e->msg);
			complain(v->ctx, ir_loc_file(v->ctx, v->src->name,
			    e->at_line, e->at_col), s);
			free(s);
			ok = false;
		}
		free(e->msg);
		if (e->re) {
			regfree(e->re);
			free(e->re);
		}
	}
	return ok;
}

bool
diag_verifier_finish(DiagVerifier *v)
{
	ir_context_set_diag_handler(v->ctx, NULL, NULL);
	bool ok = report_unexpected(v);
	ok = report_unmet(v) && ok;
	free(v->exp);
	free(v->byline);
	free(v->unexp);
	free(v->misses);
	free(v->misslocs);
	free(v);
	return ok;
}
