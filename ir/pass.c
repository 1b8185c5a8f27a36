/* ir/pass.c: the pass registry, pass options, the pipeline parser, the
 * pass manager and its instrumentation (verify-each, IR dumps, timing,
 * statistics). */
#include <ctype.h>
#include <dlfcn.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <xxhash.h>

#include "ir/context.h"
#include "ir/pass.h"
#include "ir/rewrite.h"
#include "ir/suggest.h"

/* ----------------------------------------------------------------- registry */

typedef struct Materializer {
	const IrIdent *dialect;
	IrMaterializeFn fn;
} Materializer;

struct IrPassRegistry {
	const IrPassDef **defs;   /* sorted by argument */
	size_t ndefs, defcap;
	Materializer *mats;
	size_t nmats, matcap;
	void **plugins;           /* dlopen handles, closed last */
	size_t nplugins, plugcap;
	IrPatternsFn *canon;      /* extra canonicalization patterns */
	size_t ncanon;
};

static struct IrPassRegistry *
registry(IrContext *ctx)
{
	if (!ctx->passes)
		ctx->passes = ir_xcalloc(1, sizeof *ctx->passes);
	return ctx->passes;
}

void
ir_pass_registry_free(IrContext *ctx)
{
	struct IrPassRegistry *r = ctx->passes;
	if (!r)
		return;
	free(r->defs);
	free(r->mats);
	free(r->canon);
	for (size_t i = r->nplugins; i-- > 0;)
		dlclose(r->plugins[i]);
	free(r->plugins);
	free(r);
	ctx->passes = NULL;
}

void
ir_pass_registry_add_plugin(IrContext *ctx, void *handle)
{
	struct IrPassRegistry *r = registry(ctx);
	if (r->nplugins == r->plugcap) {
		r->plugcap = r->plugcap ? 2 * r->plugcap : 4;
		r->plugins = ir_xrealloc(r->plugins,
		    r->plugcap * sizeof *r->plugins);
	}
	r->plugins[r->nplugins++] = handle;
}

bool
ir_register_pass(IrContext *ctx, const IrPassDef *def)
{
	struct IrPassRegistry *r = registry(ctx);
	size_t i = 0;
	while (i < r->ndefs && strcmp(r->defs[i]->argument, def->argument) < 0)
		i++;
	if (i < r->ndefs && !strcmp(r->defs[i]->argument, def->argument)) {
		ir_emit_error(ctx, NULL, "pass '%s' is already registered",
		    def->argument);
		return false;
	}
	if (r->ndefs == r->defcap) {
		r->defcap = r->defcap ? 2 * r->defcap : 16;
		r->defs = ir_xrealloc(r->defs, r->defcap * sizeof *r->defs);
	}
	memmove(r->defs + i + 1, r->defs + i, (r->ndefs - i) * sizeof *r->defs);
	r->defs[i] = def;
	r->ndefs++;
	return true;
}

const IrPassDef *
ir_lookup_pass(IrContext *ctx, const char *argument)
{
	struct IrPassRegistry *r = registry(ctx);
	for (size_t i = 0; i < r->ndefs; i++)
		if (!strcmp(r->defs[i]->argument, argument))
			return r->defs[i];
	return NULL;
}

const IrPassDef *
ir_registered_pass(IrContext *ctx, size_t i)
{
	struct IrPassRegistry *r = registry(ctx);
	return i < r->ndefs ? r->defs[i] : NULL;
}

void
ir_register_constant_materializer(IrContext *ctx, const char *dialect,
    IrMaterializeFn fn)
{
	struct IrPassRegistry *r = registry(ctx);
	const IrIdent *d = ir_ident_cstr(ctx, dialect);
	for (size_t i = 0; i < r->nmats; i++) {
		if (r->mats[i].dialect == d) {
			r->mats[i].fn = fn;
			return;
		}
	}
	if (r->nmats == r->matcap) {
		r->matcap = r->matcap ? 2 * r->matcap : 4;
		r->mats = ir_xrealloc(r->mats, r->matcap * sizeof *r->mats);
	}
	r->mats[r->nmats++] = (Materializer){ d, fn };
}

void
ir_register_canonical_patterns(IrContext *ctx, IrPatternsFn fn)
{
	struct IrPassRegistry *r = registry(ctx);
	for (size_t i = 0; i < r->ncanon; i++)
		if (r->canon[i] == fn)
			return;
	r->canon = ir_xrealloc(r->canon, (r->ncanon + 1) * sizeof *r->canon);
	r->canon[r->ncanon++] = fn;
}

/* ir/rewrite.c's view: the i-th registered pattern callback, or NULL. */
IrPatternsFn
ir_canonical_patterns_fn(IrContext *ctx, size_t i)
{
	struct IrPassRegistry *r = registry(ctx);
	return i < r->ncanon ? r->canon[i] : NULL;
}

IrMaterializeFn
ir_lookup_constant_materializer(IrContext *ctx, const IrIdent *dialect)
{
	struct IrPassRegistry *r = registry(ctx);
	for (size_t i = 0; i < r->nmats; i++)
		if (r->mats[i].dialect == dialect)
			return r->mats[i].fn;
	return NULL;
}

/* ----------------------------------------------------------- pass instances */

/* The value of one option. */
typedef struct OptVal {
	int64_t i;
	bool b;
	char *s;                 /* string, enum */
	int64_t *ints;           /* int list */
	char **strs;             /* string list */
	size_t n;                /* list length */
} OptVal;

struct IrPass {
	const IrPassDef *def;
	IrContext *ctx;
	OptVal *vals;            /* one per def->options */
	uint64_t *stats;         /* one per def->stats */
	double seconds;          /* accumulated run time */
	bool attrs_only;         /* this run: ir_pass_mark_attrs_only */
};

static void
optval_free(OptVal *v)
{
	free(v->s);
	free(v->ints);
	for (size_t i = 0; v->strs && i < v->n; i++)
		free(v->strs[i]);
	free(v->strs);
	memset(v, 0, sizeof *v);
}

static void
pass_destroy(IrPass *p)
{
	for (size_t i = 0; i < p->def->noptions; i++)
		optval_free(&p->vals[i]);
	free(p->vals);
	free(p->stats);
	free(p);
}

IrContext *
ir_pass_context(const IrPass *pass)
{
	return pass->ctx;
}

const IrPassDef *
ir_pass_def(const IrPass *pass)
{
	return pass->def;
}

static const OptVal *
optval(const IrPass *p, const char *name, IrPassOptionKind k1,
    IrPassOptionKind k2)
{
	for (size_t i = 0; i < p->def->noptions; i++) {
		const IrPassOption *o = &p->def->options[i];
		if (strcmp(o->name, name))
			continue;
		if (o->kind != k1 && o->kind != k2)
			break;
		return &p->vals[i];
	}
	ir_unreachable("pass option asked with an undeclared name or kind");
}

int64_t
ir_pass_int(const IrPass *pass, const char *name)
{
	return optval(pass, name, IR_OPT_INT, IR_OPT_INT)->i;
}

bool
ir_pass_bool(const IrPass *pass, const char *name)
{
	return optval(pass, name, IR_OPT_BOOL, IR_OPT_BOOL)->b;
}

const char *
ir_pass_string(const IrPass *pass, const char *name)
{
	return optval(pass, name, IR_OPT_STRING, IR_OPT_ENUM)->s;
}

const int64_t *
ir_pass_int_list(const IrPass *pass, const char *name, size_t *n)
{
	const OptVal *v = optval(pass, name, IR_OPT_INT_LIST, IR_OPT_INT_LIST);
	*n = v->n;
	return v->ints;
}

const char *const *
ir_pass_string_list(const IrPass *pass, const char *name, size_t *n)
{
	const OptVal *v = optval(pass, name, IR_OPT_STRING_LIST,
	    IR_OPT_STRING_LIST);
	*n = v->n;
	return (const char *const *)v->strs;
}

void
ir_pass_stat_add(IrPass *pass, const char *name, uint64_t n)
{
	for (size_t i = 0; i < pass->def->nstats; i++) {
		if (!strcmp(pass->def->stats[i].name, name)) {
			pass->stats[i] += n;
			return;
		}
	}
	ir_unreachable("pass statistic not declared");
}

void
ir_pass_mark_attrs_only(IrPass *pass)
{
	pass->attrs_only = true;
}

/* ------------------------------------------------------------ option values */

/* Parses a decimal integer filling all of [s, s+n). */
static bool
parse_int(const char *s, size_t n, int64_t *out)
{
	char buf[32];
	if (n == 0 || n >= sizeof buf)
		return false;
	memcpy(buf, s, n);
	buf[n] = 0;
	char *end;
	errno = 0;
	long long v = strtoll(buf, &end, 10);
	if (*end || errno || isspace((unsigned char)buf[0]))
		return false;
	*out = v;
	return true;
}

static bool
parse_bool(const char *s, size_t n, bool *out)
{
	if ((n == 4 && !memcmp(s, "true", 4)) || (n == 1 && *s == '1'))
		*out = true;
	else if ((n == 5 && !memcmp(s, "false", 5)) || (n == 1 && *s == '0'))
		*out = false;
	else
		return false;
	return true;
}

/* Splits a list value at commas; returns the item count. */
static size_t
count_items(const char *s, size_t n)
{
	if (n == 0)
		return 0;
	size_t c = 1;
	for (size_t i = 0; i < n; i++)
		c += s[i] == ',';
	return c;
}

/* Sets v from the text [s, s+n) for option o. On a bad value returns
 * false and sets *bad to the offending item. */
static bool
set_value(const IrPassOption *o, OptVal *v, const char *s, size_t n,
    const char **bad)
{
	optval_free(v);
	*bad = s;
	switch (o->kind) {
	case IR_OPT_INT:
		return parse_int(s, n, &v->i);
	case IR_OPT_BOOL:
		return parse_bool(s, n, &v->b);
	case IR_OPT_STRING:
		v->s = ir_xstrndup(s, n);
		return true;
	case IR_OPT_ENUM:
		for (size_t i = 0; o->choices && o->choices[i]; i++) {
			if (strlen(o->choices[i]) == n &&
			    !memcmp(o->choices[i], s, n)) {
				v->s = ir_xstrndup(s, n);
				return true;
			}
		}
		return false;
	case IR_OPT_INT_LIST:
	case IR_OPT_STRING_LIST:
		break;
	}
	size_t cnt = count_items(s, n);
	if (o->kind == IR_OPT_INT_LIST)
		v->ints = ir_xcalloc(cnt + 1, sizeof *v->ints);
	else
		v->strs = ir_xcalloc(cnt + 1, sizeof *v->strs);
	const char *p = s, *end = s + n;
	for (size_t k = 0; k < cnt; k++) {
		const char *c = memchr(p, ',', (size_t)(end - p));
		const char *e = c ? c : end;
		*bad = p;
		if (o->kind == IR_OPT_INT_LIST &&
		    !parse_int(p, (size_t)(e - p), &v->ints[k]))
			return false;
		if (o->kind == IR_OPT_STRING_LIST)
			v->strs[k] = ir_xstrndup(p, (size_t)(e - p));
		v->n = k + 1;
		p = e + 1;
	}
	return true;
}

static const char *
kind_name(IrPassOptionKind k)
{
	switch (k) {
	case IR_OPT_INT: return "int";
	case IR_OPT_BOOL: return "bool";
	case IR_OPT_STRING: return "string";
	case IR_OPT_ENUM: return "enum";
	case IR_OPT_INT_LIST: return "int list";
	case IR_OPT_STRING_LIST: return "string list";
	}
	return "?";
}

static IrPass *
pass_create(IrContext *ctx, const IrPassDef *def)
{
	IrPass *p = ir_xcalloc(1, sizeof *p);
	p->def = def;
	p->ctx = ctx;
	p->vals = ir_xcalloc(def->noptions + 1, sizeof *p->vals);
	p->stats = ir_xcalloc(def->nstats + 1, sizeof *p->stats);
	for (size_t i = 0; i < def->noptions; i++) {
		const IrPassOption *o = &def->options[i];
		const char *d = o->def ? o->def : "";
		const char *bad;
		if (o->kind == IR_OPT_STRING || o->kind == IR_OPT_ENUM || *d)
			set_value(o, &p->vals[i], d, strlen(d), &bad);
	}
	return p;
}

/* ---------------------------------------------------------------- pipelines */

typedef struct Pipeline Pipeline;

/* A pipeline element: a pass or a nested pipeline. */
typedef struct Elem {
	IrPass *pass;
	Pipeline *nested;
	double seconds;          /* wall time spent in this element */
} Elem;

struct Pipeline {
	char *anchor;            /* op name, NULL: any op */
	bool implicit;           /* made by implicit nesting */
	Elem *elems;
	size_t n, cap;
	double verify_seconds;   /* verification after this level's passes */
};

/* A timing row added by the caller. */
typedef struct Phase {
	char *name;
	double seconds;
	bool before;
} Phase;

struct IrPassManager {
	IrContext *ctx;
	IrPmOptions opts;
	IrOp *module;            /* during ir_pm_run */
	/* The op the last verification checked whole and found valid, in
	 * this run (NULL: none yet, or a pass ran since without one). */
	IrOp *verified;
	Pipeline top;
	Phase *phases;
	size_t nphases;
};

static Pipeline *
pipeline_create(const char *anchor, size_t len)
{
	Pipeline *pl = ir_xcalloc(1, sizeof *pl);
	if (anchor && !(len == 3 && !memcmp(anchor, "any", 3)))
		pl->anchor = ir_xstrndup(anchor, len);
	return pl;
}

static void pipeline_free(Pipeline *pl);

static void
pipeline_clear(Pipeline *pl)
{
	for (size_t i = 0; i < pl->n; i++) {
		if (pl->elems[i].pass)
			pass_destroy(pl->elems[i].pass);
		if (pl->elems[i].nested)
			pipeline_free(pl->elems[i].nested);
	}
	free(pl->elems);
	free(pl->anchor);
}

static void
pipeline_free(Pipeline *pl)
{
	pipeline_clear(pl);
	free(pl);
}

static Elem *
pipeline_push(Pipeline *pl)
{
	if (pl->n == pl->cap) {
		pl->cap = pl->cap ? 2 * pl->cap : 4;
		pl->elems = ir_xrealloc(pl->elems, pl->cap * sizeof *pl->elems);
	}
	Elem *e = &pl->elems[pl->n++];
	memset(e, 0, sizeof *e);
	return e;
}

void
ir_pm_options_default(IrPmOptions *o)
{
	memset(o, 0, sizeof *o);
	o->verify_each = true;
}

IrPassManager *
ir_pm_create(IrContext *ctx, const IrPmOptions *opts)
{
	IrPassManager *pm = ir_xcalloc(1, sizeof *pm);
	pm->ctx = ctx;
	if (opts)
		pm->opts = *opts;
	pm->top.anchor = ir_xstrndup("builtin.module", 14);
	return pm;
}

void
ir_pm_destroy(IrPassManager *pm)
{
	if (!pm)
		return;
	pipeline_clear(&pm->top);
	for (size_t i = 0; i < pm->nphases; i++)
		free(pm->phases[i].name);
	free(pm->phases);
	free(pm);
}

/* ---------------------------------------------------------- pipeline parser */

/* The parser's state over one pipeline text. */
typedef struct PParser {
	IrPassManager *pm;
	const IrSource *src;
	const char *text;
	size_t pos;
	int depth;
	int expansions;          /* named pipelines being expanded */
} PParser;

static void
perr(PParser *p, const char *at, const char *fmt, const char *arg,
    size_t arglen)
{
	size_t off = (size_t)(at - p->text);
	const IrLoc *loc = ir_loc_file(p->pm->ctx, p->src->name, 1,
	    (unsigned)off + 1);
	char *a = ir_xstrndup(arg ? arg : "", arg ? arglen : 0);
	ir_emit_error(p->pm->ctx, loc, fmt, a);
	free(a);
}

static void
skip_ws(PParser *p)
{
	while (p->text[p->pos] == ' ' || p->text[p->pos] == '\t' ||
	    p->text[p->pos] == '\n')
		p->pos++;
}

static bool
is_name_char(char c)
{
	return isalnum((unsigned char)c) || c == '_' || c == '-' || c == '.' ||
	    c == '$';
}

/* The end of an option value at s: blanks and '}' end it, except inside
 * quotes or nested braces. NULL when a quote or brace is unclosed. */
static const char *
value_end(const char *s)
{
	int depth = 0;
	for (; *s; s++) {
		if (*s == '"') {
			const char *q = strchr(s + 1, '"');
			if (!q)
				return NULL;
			s = q;
		} else if (*s == '{') {
			depth++;
		} else if (*s == '}') {
			if (depth == 0)
				return s;
			depth--;
		} else if (depth == 0 && (*s == ' ' || *s == '\t')) {
			return s;
		}
	}
	return depth ? NULL : s;
}

static const IrPassOption *
find_option(const IrPassDef *def, const char *name, size_t n, size_t *idx)
{
	for (size_t i = 0; i < def->noptions; i++) {
		if (strlen(def->options[i].name) == n &&
		    !memcmp(def->options[i].name, name, n)) {
			*idx = i;
			return &def->options[i];
		}
	}
	return NULL;
}

/* Reports a bad option value, naming the choices of an enum. */
static void
bad_value(PParser *p, const IrPassOption *o, const char *bad, const char *v,
    size_t n)
{
	if (o->kind != IR_OPT_ENUM) {
		char msg[128];
		snprintf(msg, sizeof msg, "invalid value '%%s' for %s option "
		    "'%s'", kind_name(o->kind), o->name);
		const char *e = bad;
		while (e < v + n && *e != ',')
			e++;
		perr(p, bad, msg, bad, (size_t)(e - bad));
		return;
	}
	char msg[512] = "";
	size_t m = (size_t)snprintf(msg, sizeof msg,
	    "invalid value '%%s' for option '%s' (expected one of", o->name);
	for (size_t i = 0; o->choices[i] && m < sizeof msg - 64; i++)
		m += (size_t)snprintf(msg + m, sizeof msg - m, "%s '%s'",
		    i ? "," : "", o->choices[i]);
	snprintf(msg + m, sizeof msg - m, ")");
	perr(p, v, msg, v, n);
}

/* options := (name ('=' value)?)* ; p->pos is after '{' or at the start
 * of a flag's option text, and stops at the closing '}' or NUL. */
static bool
parse_options(PParser *p, IrPass *pass)
{
	for (;;) {
		skip_ws(p);
		const char *s = p->text + p->pos;
		if (!*s || *s == '}')
			return true;
		const char *e = s;
		while (is_name_char(*e))
			e++;
		if (e == s) {
			perr(p, s, "expected an option name%s", NULL, 0);
			return false;
		}
		size_t idx;
		size_t n = (size_t)(e - s);
		const IrPassOption *o = find_option(pass->def, s, n, &idx);
		if (!o) {
			char msg[200];
			const char **cands = ir_xcalloc(pass->def->noptions + 1,
			    sizeof *cands);
			for (size_t i = 0; i < pass->def->noptions; i++)
				cands[i] = pass->def->options[i].name;
			const char *near = ir_suggest(s, n, cands,
			    pass->def->noptions);
			snprintf(msg, sizeof msg,
			    "unknown option '%%s' for pass '%s'%s%s%s",
			    pass->def->argument, near ? "; did you mean '" :
			    "", near ? near : "", near ? "'?" : "");
			free(cands);
			perr(p, s, msg, s, n);
			return false;
		}
		const char *v = e, *ve = e;
		if (*e == '=') {
			v = e + 1;
			ve = value_end(v);
			if (!ve) {
				perr(p, v, "unterminated option value%s", NULL,
				    0);
				return false;
			}
		} else if (o->kind != IR_OPT_BOOL) {
			char msg[160];
			snprintf(msg, sizeof msg, "option '%s' needs a value "
			    "('%s=...')%%s", o->name, o->name);
			perr(p, e, msg, NULL, 0);
			return false;
		}
		const char *vs = v;
		size_t vn = (size_t)(ve - v);
		if (vn >= 2 && vs[0] == '"' && vs[vn - 1] == '"') {
			vs++;
			vn -= 2;
		} else if (vn >= 2 && vs[0] == '{' && vs[vn - 1] == '}') {
			vs++;
			vn -= 2;
		}
		const char *bad;
		if (*e != '=')
			pass->vals[idx].b = true;
		else if (!set_value(o, &pass->vals[idx], vs, vn, &bad)) {
			bad_value(p, o, bad, vs, vn);
			return false;
		}
		p->pos = (size_t)(ve - p->text);
	}
}

static bool parse_pipeline(PParser *p, Pipeline *pl, char close);

/* Named pipelines expand at most this deep (one that names itself, or a
 * cycle of them, stops here). */
#define MAX_EXPANSION 16

/* Replaces the named pipeline just added to pl (its last element) by
 * the pipeline text it expands to, parsed into pl. */
static bool
expand_named(PParser *p, Pipeline *pl, const char *name_at)
{
	IrPass *pass = pl->elems[--pl->n].pass;
	const char *arg = pass->def->argument;
	if (p->expansions >= MAX_EXPANSION) {
		perr(p, name_at, "named pipeline '%s' expands too deeply "
		    "(does it name itself?)", arg, strlen(arg));
		pass_destroy(pass);
		return false;
	}
	char *text = pass->def->expand(pass);
	char name[160];
	snprintf(name, sizeof name, "<pipeline %s>", arg);
	PParser q = { .pm = p->pm, .text = text, .depth = p->depth,
	    .expansions = p->expansions + 1 };
	q.src = ir_context_add_source(p->pm->ctx, name, text, strlen(text),
	    1);
	bool ok = parse_pipeline(&q, pl, 0);
	if (ok && text[q.pos]) {
		perr(&q, text + q.pos, "unexpected text after the pipeline%s",
		    NULL, 0);
		ok = false;
	}
	free(text);
	pass_destroy(pass);
	return ok;
}

/* Adds pass `def` with option text at p->pos (after '{' when braces) to
 * pl, checking its anchor. */
static bool
add_pass(PParser *p, Pipeline *pl, const IrPassDef *def, const char *name_at,
    bool braces)
{
	if (def->anchor && (!pl->anchor || strcmp(def->anchor, pl->anchor))) {
		char msg[256];
		snprintf(msg, sizeof msg, "pass '%%s' runs on '%s' ops and "
		    "cannot run in a '%s' pipeline (nest it: %s(%s))",
		    def->anchor, pl->anchor ? pl->anchor : "any",
		    def->anchor, def->argument);
		perr(p, name_at, msg, def->argument, strlen(def->argument));
		return false;
	}
	IrPass *pass = pass_create(p->pm->ctx, def);
	pipeline_push(pl)->pass = pass;
	if (braces) {
		if (!parse_options(p, pass))
			return false;
		if (p->text[p->pos] != '}') {
			perr(p, p->text + p->pos,
			    "expected '}' to close the options of '%s'",
			    def->argument, strlen(def->argument));
			return false;
		}
		p->pos++;
	}
	return def->expand ? expand_named(p, pl, name_at) : true;
}

/* element := op-name '(' pipeline? ')' | pass-name ('{' options '}')? */
static bool
parse_element(PParser *p, Pipeline *pl)
{
	skip_ws(p);
	const char *s = p->text + p->pos, *e = s;
	while (is_name_char(*e))
		e++;
	if (e == s) {
		perr(p, s, "expected a pass or op name%s", NULL, 0);
		return false;
	}
	p->pos = (size_t)(e - p->text);
	if (*e == '(') {
		if (++p->depth > IR_MAX_NESTING) {
			perr(p, e, "pipeline nested too deeply%s", NULL, 0);
			return false;
		}
		Pipeline *n = pipeline_create(s, (size_t)(e - s));
		pipeline_push(pl)->nested = n;
		p->pos++;
		if (!parse_pipeline(p, n, ')'))
			return false;
		p->pos++;
		p->depth--;
		return true;
	}
	char *name = ir_xstrndup(s, (size_t)(e - s));
	const IrPassDef *def = ir_lookup_pass(p->pm->ctx, name);
	free(name);
	if (!def) {
		struct IrPassRegistry *r = registry(p->pm->ctx);
		const char **cands = ir_xcalloc(r->ndefs + 1, sizeof *cands);
		for (size_t i = 0; i < r->ndefs; i++)
			cands[i] = r->defs[i]->argument;
		const char *near = ir_suggest(s, (size_t)(e - s), cands,
		    r->ndefs);
		char msg[160];
		snprintf(msg, sizeof msg, "'%%s' does not refer to a "
		    "registered pass%s%s%s", near ? "; did you mean '" : "",
		    near ? near : "", near ? "'?" : "");
		free(cands);
		perr(p, s, msg, s, (size_t)(e - s));
		return false;
	}
	bool braces = *e == '{';
	if (braces)
		p->pos++;
	return add_pass(p, pl, def, s, braces);
}

/* pipeline := element (',' element)* up to `close` (')' or NUL). */
static bool
parse_pipeline(PParser *p, Pipeline *pl, char close)
{
	skip_ws(p);
	if (p->text[p->pos] == close && close)
		return true;
	for (;;) {
		if (!parse_element(p, pl))
			return false;
		skip_ws(p);
		char c = p->text[p->pos];
		if (c == close)
			return true;
		if (c != ',') {
			const char *want = close ? "expected ',' or ')'%s" :
			    "expected ',' or the end of the pipeline%s";
			if (!c)
				want = "expected ')' to close the pipeline%s";
			perr(p, p->text + p->pos, want, NULL, 0);
			return false;
		}
		p->pos++;
	}
}

/* Is the text exactly `builtin.module(...)`? Then its contents are the
 * top pipeline's. Returns the offset after '(' or 0. */
static size_t
top_prefix(const char *t)
{
	const char *s = t;
	while (*s == ' ')
		s++;
	const char *m = "builtin.module(";
	if (strncmp(s, m, strlen(m)))
		return 0;
	return (size_t)(s - t) + strlen(m);
}

bool
ir_pm_add_pipeline(IrPassManager *pm, const char *text)
{
	PParser p = { .pm = pm, .text = text };
	p.src = ir_context_add_source(pm->ctx, "<pass-pipeline>", text,
	    strlen(text), 1);
	Pipeline tmp = {0};
	tmp.anchor = ir_xstrndup("builtin.module", 14);
	size_t start = top_prefix(text);
	p.pos = start;
	bool ok = parse_pipeline(&p, &tmp, start ? ')' : 0);
	if (ok && start)
		p.pos++;
	skip_ws(&p);
	if (ok && text[p.pos]) {
		perr(&p, text + p.pos, "unexpected text after the pipeline%s",
		    NULL, 0);
		ok = false;
	}
	if (ok) {
		for (size_t i = 0; i < tmp.n; i++)
			*pipeline_push(&pm->top) = tmp.elems[i];
		tmp.n = 0;
	}
	pipeline_clear(&tmp);
	return ok;
}

bool
ir_pm_add_pass(IrPassManager *pm, const char *argument, const char *options)
{
	size_t alen = strlen(argument), olen = options ? strlen(options) : 0;
	char *text = ir_xmalloc(alen + olen + 3);
	memcpy(text, argument, alen);
	text[alen] = 0;
	if (options) {
		text[alen] = '{';
		memcpy(text + alen + 1, options, olen);
		memcpy(text + alen + 1 + olen, "}", 2);
	}
	const IrPassDef *def = ir_lookup_pass(pm->ctx, argument);
	Pipeline *pl = &pm->top;
	if (def && def->anchor && strcmp(def->anchor, pl->anchor)) {
		/* Implicit nesting: join the previous implicit pipeline on the
		 * same op, as mlir-opt does for its pass flags. */
		Elem *last = pl->n ? &pl->elems[pl->n - 1] : NULL;
		if (last && last->nested && last->nested->implicit &&
		    last->nested->anchor &&
		    !strcmp(last->nested->anchor, def->anchor)) {
			pl = last->nested;
		} else {
			Pipeline *n = pipeline_create(def->anchor,
			    strlen(def->anchor));
			n->implicit = true;
			pipeline_push(pl)->nested = n;
			pl = n;
		}
	}
	PParser p = { .pm = pm, .text = text };
	p.src = ir_context_add_source(pm->ctx, "<pass-pipeline>", text,
	    strlen(text), 1);
	bool ok = parse_element(&p, pl);
	if (ok && text[p.pos]) {
		perr(&p, text + p.pos, "unexpected text after the options%s",
		    NULL, 0);
		ok = false;
	}
	free(text);
	return ok;
}

/* ------------------------------------------------------- printing pipelines */

static void
print_value(FILE *f, const IrPassOption *o, const OptVal *v)
{
	switch (o->kind) {
	case IR_OPT_INT:
		fprintf(f, "%lld", (long long)v->i);
		break;
	case IR_OPT_BOOL:
		fputs(v->b ? "true" : "false", f);
		break;
	case IR_OPT_STRING:
	case IR_OPT_ENUM:
		if (v->s && strpbrk(v->s, " \t{}"))
			fprintf(f, "\"%s\"", v->s);
		else
			fputs(v->s ? v->s : "", f);
		break;
	case IR_OPT_INT_LIST:
		for (size_t i = 0; i < v->n; i++)
			fprintf(f, "%s%lld", i ? "," : "",
			    (long long)v->ints[i]);
		break;
	case IR_OPT_STRING_LIST:
		for (size_t i = 0; i < v->n; i++)
			fprintf(f, "%s%s", i ? "," : "", v->strs[i]);
		break;
	}
}

static void
print_pipeline(FILE *f, const Pipeline *pl)
{
	fprintf(f, "%s(", pl->anchor ? pl->anchor : "any");
	for (size_t i = 0; i < pl->n; i++) {
		const Elem *e = &pl->elems[i];
		if (i)
			fputc(',', f);
		if (e->nested) {
			print_pipeline(f, e->nested);
			continue;
		}
		const IrPassDef *d = e->pass->def;
		fputs(d->argument, f);
		if (!d->noptions)
			continue;
		fputc('{', f);
		for (size_t k = 0; k < d->noptions; k++) {
			fprintf(f, "%s%s=", k ? " " : "", d->options[k].name);
			print_value(f, &d->options[k], &e->pass->vals[k]);
		}
		fputc('}', f);
	}
	fputc(')', f);
}

char *
ir_pm_pipeline_str(const IrPassManager *pm)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	if (!f)
		ir_unreachable("open_memstream failed");
	print_pipeline(f, &pm->top);
	fclose(f);
	return buf;
}

/* ------------------------------------------------------------------ running */

static double
now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Is `name` an item of the comma-separated list? */
static bool
in_list(const char *list, const char *name)
{
	size_t n = strlen(name);
	for (const char *p = list; p && *p;) {
		const char *c = strchr(p, ',');
		size_t k = c ? (size_t)(c - p) : strlen(p);
		if (k == n && !memcmp(p, name, n))
			return true;
		p = c ? c + 1 : NULL;
	}
	return false;
}

static FILE *
dump_stream(const IrPassManager *pm)
{
	return pm->opts.dump ? pm->opts.dump : stderr;
}

static void
dump_ir(const IrPassManager *pm, const char *when, const IrPass *pass,
    IrOp *op)
{
	FILE *f = dump_stream(pm);
	fprintf(f, "// -----// IR Dump %s %s //----- //\n", when,
	    pass->def->argument);
	ir_print_op(f, pm->opts.print_module_scope ? pm->module : op,
	    &pm->opts.print);
	fputc('\n', f);
	fflush(f);
}

/* A fingerprint of op's IR: XXH3 of its generic printed form with
 * locations, so any change a pass makes changes it. */
static uint64_t
fingerprint(IrOp *op)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	if (!f)
		ir_unreachable("open_memstream failed");
	IrPrintFlags pf = { .generic = true, .debuginfo = true };
	ir_print_op(f, op, &pf);
	fclose(f);
	uint64_t h = XXH3_64bits(buf, len);
	free(buf);
	return h;
}

static bool run_pipeline(IrPassManager *pm, Pipeline *pl, IrOp *op);

static bool
run_pass(IrPassManager *pm, Pipeline *pl, Elem *e, IrOp *op)
{
	IrPass *pass = e->pass;
	const IrPmOptions *o = &pm->opts;
	const char *arg = pass->def->argument;
	if (o->print_before_all || in_list(o->print_before, arg))
		dump_ir(pm, "Before", pass, op);
	uint64_t before = o->print_after_change ? fingerprint(op) : 0;
	unsigned errs = ir_context_error_count(pm->ctx);
	double t0 = now();
	pass->attrs_only = false;
	IrOp *verified = pm->verified;
	pm->verified = NULL;
	bool ok = pass->def->run(op, pass);
	double dt = now() - t0;
	e->seconds += dt;
	pass->seconds += dt;
	if (!ok) {
		if (ir_context_error_count(pm->ctx) == errs)
			ir_emit_error(pm->ctx, ir_op_loc(op),
			    "pass '%s' failed", arg);
		return false;
	}
	if (o->verify_each) {
		t0 = now();
		/* A pass that changed only op's attributes, on IR verified
		 * whole just before it: op alone is checked again (MLIR skips
		 * the verifier after a pass that preserved everything). */
		if (pass->attrs_only && verified == op)
			ok = ir_verify_local(op);
		else
			ok = ir_verify(op);
		if (ok)
			pm->verified = op;
		pl->verify_seconds += now() - t0;
		if (!ok) {
			ir_emit_error(pm->ctx, ir_op_loc(op),
			    "the IR is invalid after pass '%s'", arg);
			return false;
		}
	}
	if (o->print_after_all || in_list(o->print_after, arg) ||
	    (o->print_after_change && fingerprint(op) != before))
		dump_ir(pm, "After", pass, op);
	return true;
}

/* Runs the nested pipeline on every op directly nested in op's regions
 * that matches its anchor. */
static bool
run_nested(IrPassManager *pm, Pipeline *pl, IrOp *op)
{
	for (unsigned r = 0; r < op->nregions; r++) {
		for (IrBlock *b = ir_op_regions(op)[r].first; b; b = b->next) {
			IrOp *c = b->first, *next;
			for (; c; c = next) {
				next = c->next;
				if (pl->anchor && !ir_op_is(c, pl->anchor))
					continue;
				if (!run_pipeline(pm, pl, c))
					return false;
			}
		}
	}
	return true;
}

static bool
run_pipeline(IrPassManager *pm, Pipeline *pl, IrOp *op)
{
	for (size_t i = 0; i < pl->n; i++) {
		Elem *e = &pl->elems[i];
		bool ok;
		if (e->pass) {
			ok = run_pass(pm, pl, e, op);
		} else {
			double t0 = now();
			ok = run_nested(pm, e->nested, op);
			e->seconds += now() - t0;
		}
		if (!ok)
			return false;
	}
	return true;
}

bool
ir_pm_run(IrPassManager *pm, IrOp *module)
{
	if (!ir_op_is(module, "builtin.module")) {
		ir_emit_error(pm->ctx, ir_op_loc(module),
		    "the pass pipeline runs on 'builtin.module', not on '%s'",
		    ir_op_name_str(module));
		return false;
	}
	pm->module = module;
	pm->verified = NULL;
	bool ok = run_pipeline(pm, &pm->top, module);
	pm->module = NULL;
	pm->verified = NULL;
	return ok;
}

/* ------------------------------------------------------------------ reports */

void
ir_pm_add_timing(IrPassManager *pm, const char *name, double seconds,
    bool before)
{
	pm->phases = ir_xrealloc(pm->phases,
	    (pm->nphases + 1) * sizeof *pm->phases);
	pm->phases[pm->nphases++] = (Phase){ ir_xstrndup(name, strlen(name)),
	    seconds, before };
}

static const char rule[] =
    "===-------------------------------------------------------------"
    "------------===\n";

static void
banner(FILE *out, const char *title)
{
	fputs(rule, out);
	fprintf(out, "%*s\n", (int)(40 + strlen(title) / 2), title);
	fputs(rule, out);
}

static void
time_row(FILE *out, double s, double total, int indent, const char *name,
    const char *suffix)
{
	double pct = total > 0 ? 100.0 * s / total : 0.0;
	fprintf(out, "  %8.4f (%5.1f%%)  %*s%s%s\n", s, pct, 2 * indent, "",
	    name, suffix);
}

static double
pipeline_seconds(const Pipeline *pl)
{
	double s = pl->verify_seconds;
	for (size_t i = 0; i < pl->n; i++)
		s += pl->elems[i].seconds;
	return s;
}

static void
time_tree(FILE *out, const Pipeline *pl, double total, int indent)
{
	for (size_t i = 0; i < pl->n; i++) {
		const Elem *e = &pl->elems[i];
		if (e->pass) {
			time_row(out, e->seconds, total, indent,
			    e->pass->def->argument, "");
			continue;
		}
		char name[256];
		snprintf(name, sizeof name, "'%s' Pipeline",
		    e->nested->anchor ? e->nested->anchor : "any");
		time_row(out, e->seconds, total, indent, name, "");
		time_tree(out, e->nested, total, indent + 1);
	}
	if (pl->verify_seconds > 0)
		time_row(out, pl->verify_seconds, total, indent, "verify", "");
}

void
ir_pm_print_timing(const IrPassManager *pm, FILE *out)
{
	double total = pipeline_seconds(&pm->top);
	for (size_t i = 0; i < pm->nphases; i++)
		total += pm->phases[i].seconds;
	banner(out, "... Execution time report ...");
	fprintf(out, "  Total Execution Time: %.4f seconds\n\n", total);
	fprintf(out, "  ----Wall Time----  ----Name----\n");
	for (size_t i = 0; i < pm->nphases; i++)
		if (pm->phases[i].before)
			time_row(out, pm->phases[i].seconds, total, 0,
			    pm->phases[i].name, "");
	time_tree(out, &pm->top, total, 0);
	for (size_t i = 0; i < pm->nphases; i++)
		if (!pm->phases[i].before)
			time_row(out, pm->phases[i].seconds, total, 0,
			    pm->phases[i].name, "");
	time_row(out, total, total, 0, "Total", "");
}

static void
stats_tree(FILE *out, const Pipeline *pl, int indent)
{
	for (size_t i = 0; i < pl->n; i++) {
		const Elem *e = &pl->elems[i];
		if (e->nested) {
			fprintf(out, "%*s'%s' Pipeline\n", 2 * indent, "",
			    e->nested->anchor ? e->nested->anchor : "any");
			stats_tree(out, e->nested, indent + 1);
			continue;
		}
		const IrPassDef *d = e->pass->def;
		fprintf(out, "%*s%s\n", 2 * indent, "", d->argument);
		for (size_t k = 0; k < d->nstats; k++)
			fprintf(out, "%*s(S) %llu %s - %s\n", 2 * indent + 2,
			    "", (unsigned long long)e->pass->stats[k],
			    d->stats[k].name, d->stats[k].help);
	}
}

void
ir_pm_print_statistics(const IrPassManager *pm, FILE *out)
{
	banner(out, "... Pass statistics report ...");
	stats_tree(out, &pm->top, 0);
}

/* --------------------------------------------------------- registry listing */

static const char *
anchor_text(const IrPassDef *d)
{
	return d->anchor ? d->anchor : "any op";
}

enum { HELP_COL = 33, HELP_WIDTH = 80 };

/* Prints `head` (indented), then `text` from column HELP_COL, wrapped
 * at HELP_WIDTH on blanks; a head too long for its column gets the text
 * on the next line. */
static void
help_row(FILE *out, const char *head, const char *text)
{
	int col = fprintf(out, "%s", head);
	if (col >= HELP_COL - 1) {
		fputc('\n', out);
		col = 0;
	}
	fprintf(out, "%*s", HELP_COL - col, "");
	col = HELP_COL;
	for (const char *w = text; *w;) {
		size_t n = strcspn(w, " ");
		if (col > HELP_COL && col + 1 + (int)n > HELP_WIDTH) {
			fprintf(out, "\n%*s", HELP_COL, "");
			col = HELP_COL;
		} else if (col > HELP_COL) {
			fputc(' ', out);
			col++;
		}
		fwrite(w, 1, n, out);
		col += (int)n;
		w += n;
		while (*w == ' ')
			w++;
	}
	fputc('\n', out);
}

static void
list_text(IrContext *ctx, FILE *out)
{
	fputs("Passes (use as --<pass>[=<options>] or in --pass-pipeline):\n",
	    out);
	const IrPassDef *d;
	for (size_t i = 0; (d = ir_registered_pass(ctx, i)); i++) {
		char head[128], text[512];
		snprintf(head, sizeof head, "  --%s", d->argument);
		snprintf(text, sizeof text, "%s (on %s)", d->summary,
		    anchor_text(d));
		help_row(out, head, text);
		for (size_t k = 0; k < d->noptions; k++) {
			const IrPassOption *o = &d->options[k];
			char head[128];
			size_t m = (size_t)snprintf(head, sizeof head, "%s=<%s",
			    o->name, o->choices ? "" : kind_name(o->kind));
			for (size_t c = 0; o->choices && o->choices[c] &&
			    m < sizeof head - 32; c++)
				m += (size_t)snprintf(head + m, sizeof head - m,
				    "%s%s", c ? "|" : "", o->choices[c]);
			snprintf(head + m, sizeof head - m, ">");
			char row[160];
			snprintf(row, sizeof row, "      %s", head);
			snprintf(text, sizeof text, "%s (default: %s)", o->help,
			    o->def && *o->def ? o->def : "none");
			help_row(out, row, text);
		}
	}
}

static void
list_markdown(IrContext *ctx, FILE *out)
{
	fputs("# Passes\n\n"
	    "<!-- Generated by `npu-opt --list-passes=markdown`; do not "
	    "edit:\n     test/lit/passes/docs.mlir fails when this file is "
	    "stale. -->\n"
	    "\n"
	    "Each pass runs by its name in a pipeline\n"
	    "(`npu-opt --pass-pipeline='builtin.module(func.func(cse))'`) or\n"
	    "as a flag (`npu-opt --cse`); options are written\n"
	    "`pass{name=value other=1,2}` in a pipeline and\n"
	    "`--pass='name=value other=1,2'` as a flag. How to write one,\n"
	    "and the flags that show what passes do (`--print-ir-*`,\n"
	    "`--timing`, `--pass-statistics`): "
	    "[writing-a-pass.md](writing-a-pass.md).\n", out);
	const IrPassDef *d;
	for (size_t i = 0; (d = ir_registered_pass(ctx, i)); i++) {
		fprintf(out, "\n## `%s`\n\n%s.\nRuns on: %s%s%s.\n",
		    d->argument, d->summary, d->anchor ? "`" : "",
		    anchor_text(d), d->anchor ? "`" : "");
		if (d->description)
			fprintf(out, "\n%s\n", d->description);
		if (d->expand) {
			IrPass *p = pass_create(ctx, d);
			char *t = d->expand(p);
			fprintf(out, "\nA named pipeline: with the default "
			    "options it expands to\n\n```\n%s\n```\n", t);
			free(t);
			pass_destroy(p);
		}
		if (d->noptions) {
			fputs("\n| option | type | default | description |\n"
			    "|---|---|---|---|\n", out);
		}
		for (size_t k = 0; k < d->noptions; k++) {
			const IrPassOption *o = &d->options[k];
			fprintf(out, "| `%s` | %s", o->name,
			    kind_name(o->kind));
			for (size_t c = 0; o->choices && o->choices[c]; c++)
				fprintf(out, "%s`%s`", c ? ", " : ": ",
				    o->choices[c]);
			fprintf(out, " | %s%s%s | %s |\n",
			    o->def && *o->def ? "`" : "",
			    o->def && *o->def ? o->def : "(none)",
			    o->def && *o->def ? "`" : "", o->help);
		}
		if (d->nstats)
			fputs("\nStatistics (`--pass-statistics`):\n\n", out);
		for (size_t k = 0; k < d->nstats; k++)
			fprintf(out, "- `%s`: %s\n", d->stats[k].name,
			    d->stats[k].help);
	}
}

bool
ir_print_pass_registry(IrContext *ctx, FILE *out, const char *format)
{
	if (!strcmp(format, "text"))
		list_text(ctx, out);
	else if (!strcmp(format, "markdown"))
		list_markdown(ctx, out);
	else
		return false;
	return true;
}
