/* ir/parse_quant.c: the quant dialect's other types, !quant.any<...> and
 * !quant.calibrated<...>, checked and written as MLIR writes them (they
 * stay opaque types: npu-ir computes with !quant.uniform only). */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir/parser.h"
#include "ir/print.h"

/* A cursor over the text of one dialect type token. */
typedef struct QCur {
	IrParser *p;
	const IrToken *tok; /* the whole !quant.name<...> token */
	const char *s, *e;
} QCur;

/* A token at c's position, for an error there. */
static IrToken
here(const QCur *c)
{
	IrToken t = *c->tok;
	size_t k = (size_t)(c->s - c->tok->s);

	t.s += k;
	t.off += k;
	t.col += (unsigned)k;
	t.len = (size_t)(c->e - c->s);
	return t;
}

static bool
fail(QCur *c, const char *msg)
{
	IrToken t = here(c);

	ir_p_fail(c->p, &t, "%s", msg);
	return false;
}

static void
skip(QCur *c)
{
	while (c->s < c->e && isspace((unsigned char)*c->s))
		c->s++;
}

static bool
eat(QCur *c, char ch)
{
	skip(c);
	if (c->s < c->e && *c->s == ch) {
		c->s++;
		return true;
	}
	return false;
}

static bool
expect(QCur *c, char ch)
{
	char msg[16];

	if (eat(c, ch))
		return true;
	snprintf(msg, sizeof msg, "expected '%c'", ch);
	return fail(c, msg);
}

/* A bare word (letters, digits, '_') as a token of its own. */
static IrToken
word(QCur *c)
{
	IrToken t;

	skip(c);
	t = here(c);
	while (c->s < c->e && (isalnum((unsigned char)*c->s) || *c->s == '_'))
		c->s++;
	t.len = (size_t)(c->s - t.s);
	return t;
}

static bool
integer(QCur *c, int64_t *v)
{
	char buf[32];
	size_t n = 0;

	skip(c);
	while (c->s + n < c->e && n < sizeof buf - 1 &&
	    (isdigit((unsigned char)c->s[n]) || (n == 0 && c->s[n] == '-')))
		n++;
	if (n == 0 || (n == 1 && c->s[0] == '-'))
		return fail(c, "expected integer value");
	memcpy(buf, c->s, n);
	buf[n] = 0;
	*v = strtoll(buf, NULL, 10);
	c->s += n;
	return true;
}

/* A float literal (a '.' or an exponent); a decimal integer is not one. */
static bool
real(QCur *c, double *v)
{
	char buf[64], *end;
	size_t n;

	skip(c);
	for (n = 0; c->s + n < c->e && n < sizeof buf - 1 &&
	    strchr("0123456789+-.eE", c->s[n]); n++)
		;
	memcpy(buf, c->s, n);
	buf[n] = 0;
	*v = strtod(buf, &end);
	if (end == buf)
		return fail(c, "expected floating point literal");
	if (!memchr(buf, '.', (size_t)(end - buf)) &&
	    !memchr(buf, 'e', (size_t)(end - buf)) &&
	    !memchr(buf, 'E', (size_t)(end - buf)))
		return fail(c, "unexpected decimal integer literal for a "
		    "floating point value");
	c->s += end - buf;
	return true;
}

/* An expressed type: a float type by name. */
static const char *
float_name(QCur *c)
{
	static const char *const names[] = { "f16", "bf16", "f32", "f64" };
	IrToken w = word(c);
	size_t i;

	for (i = 0; i < sizeof names / sizeof *names; i++)
		if (w.len == strlen(names[i]) && !memcmp(w.s, names[i], w.len))
			return names[i];
	ir_p_fail(c->p, &w, "invalid kind of type specified");
	return NULL;
}

/* Whether the storage range is the whole range of its width. */
static bool
full_range(const struct QuantParse *q)
{
	unsigned w = q->width;

	if (q->is_signed)
		return q->min == -((int64_t)1 << (w - 1)) &&
		    q->max == ((int64_t)1 << (w - 1)) - 1;
	return q->min == 0 && q->max == ((int64_t)1 << w) - 1;
}

/* any<storage(<min:max>)?(:expressed)?> */
static bool
any_body(QCur *c, char *out, size_t n)
{
	IrToken st;
	int64_t min = 0, max = 0;
	bool range = false;
	const char *ex = NULL;
	int k;

	if (!expect(c, '<'))
		return false;
	st = word(c);
	if (eat(c, '<')) {
		range = true;
		if (!integer(c, &min) || !expect(c, ':') ||
		    !integer(c, &max) || !expect(c, '>'))
			return false;
	}
	c->p->q.kw = *c->tok;
	ir_p_quant_storage(c->p, &st, range, min, max);
	if (c->p->failed)
		return false;
	if (eat(c, ':') && !(ex = float_name(c)))
		return false;
	if (!expect(c, '>'))
		return false;
	k = snprintf(out, n, "any<%c%u", c->p->q.is_signed ? 'i' : 'u',
	    c->p->q.width);
	if (range && full_range(&c->p->q))
		range = false; /* MLIR writes the storage type's own range so */
	if (range)
		k += snprintf(out + k, n - (size_t)k, "<%lld:%lld>",
		    (long long)c->p->q.min, (long long)c->p->q.max);
	snprintf(out + k, n - (size_t)k, "%s%s>", ex ? ":" : "",
	    ex ? ex : "");
	return true;
}

/* calibrated<expressed<min:max>> */
static bool
calibrated_body(QCur *c, char *out, size_t n)
{
	const char *ex;
	double lo, hi;
	IrToken at = *c->tok;

	if (!expect(c, '<') || !(ex = float_name(c)) || !expect(c, '<') ||
	    !real(c, &lo) || !expect(c, ':') || !real(c, &hi) ||
	    !expect(c, '>') || !expect(c, '>'))
		return false;
	if (!(lo < hi)) {
		at.s += 7;
		at.off += 7;
		at.col += 7;
		ir_p_fail(c->p, &at, "illegal min and max: (%e:%e)", lo, hi);
		return false;
	}
	/* the bounds as MLIR's printer writes a double (hex bits are left
	 * out: the text must read back as a float literal) */
	char a[128], b[128];
	if (!ir_float_text(a, lo, IR_F64))
		snprintf(a, sizeof a, "%.17g", lo);
	if (!ir_float_text(b, hi, IR_F64))
		snprintf(b, sizeof b, "%.17g", hi);
	snprintf(out, n, "calibrated<%s<%s:%s>>", ex, a, b);
	return true;
}

const IrIdent *
ir_p_quant_opaque(IrParser *p, const IrToken *tok, const IrIdent *body)
{
	QCur c = { p, tok, NULL, NULL };
	IrToken name;
	char *out;
	bool ok;
	size_t n = body->len + 64;

	c.s = tok->s + 7; /* "!quant." */
	c.e = tok->s + tok->len;
	name = word(&c);
	out = ir_xmalloc(n + 1);
	if (name.len == 3 && !memcmp(name.s, "any", 3))
		ok = any_body(&c, out, n);
	else if (name.len == 10 && !memcmp(name.s, "calibrated", 10))
		ok = calibrated_body(&c, out, n);
	else {
		ir_p_fail(p, &name, "unknown quantized type %.*s",
		    (int)name.len, name.s);
		ok = false;
	}
	skip(&c);
	if (ok && c.s != c.e)
		ok = fail(&c, "unexpected text after the quantized type");
	const IrIdent *r = ok ? ir_ident_get(p->ctx, out, strlen(out)) : NULL;
	free(out);
	return r;
}
