/* ir/parser.c: the parse driver (token pump, SSA scopes, op frames) and
 * the builders the grammar's actions call. */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "ir/parser.h"
#include "parse.h"

/* ---------------------------------------------------------------- state */

/* One SSA name: a group of values (%x:2 has two), or forward-reference
 * placeholders until the definition appears. */
typedef struct Binding {
	const IrIdent *name;
	IrValue **vals;       /* nvals entries; NULL: not referenced yet */
	unsigned nvals;
	bool defined;         /* false: placeholders only */
	unsigned depth;       /* region scope that owns the name */
	size_t shadow;        /* index+1 of the binding it hides, or 0 */
	IrToken use;          /* definition, or first use of placeholders */
} Binding;

/* A block label of the region being parsed. */
typedef struct Label {
	const IrIdent *name;
	IrBlock *block;
	bool defined;         /* false: only referenced so far */
	IrToken ref;          /* first reference */
} Label;

/* A region being parsed: its blocks, labels and name scope. */
typedef struct RegionFrame {
	IrRegion *region;     /* detached, malloc'd */
	IrBlock *cur;         /* where ops go; NULL before the first */
	Label *labels;
	size_t nlabels, labelcap;
	IrPtrMap labelmap;    /* name -> index+1 in labels */
	size_t bind_base;     /* bindings below this belong to outer scopes */
	bool isolated;        /* outer names are not visible */
	bool named_args;      /* entry block came from a func signature */
} RegionFrame;

typedef struct ResultRef {
	IrToken tok;
	const IrIdent *name;
	unsigned count;
} ResultRef;

typedef struct OperandRef {
	IrToken tok;
	const IrIdent *name;
	unsigned index;       /* #N */
} OperandRef;

typedef struct FuncArg {
	IrToken tok;
	bool named;
	const IrType *type;
	const IrLoc *loc;
} FuncArg;

/* How an op was spelled: generic, MLIR 14's "builtin.func", or sugar. */
enum { SUGAR_NONE, SUGAR_BUILTIN_FUNC, SUGAR_MODULE, SUGAR_FUNC,
    SUGAR_RETURN };

/* An op being parsed (its name is known, its type not yet). */
typedef struct OpFrame {
	const IrOpName *name;
	IrToken tok;          /* op name or sugar keyword */
	int sugar;
	bool isolated;
	size_t rdepth;        /* region frames open when it began */
	ResultRef *results;
	size_t nresults, rescap;
	OperandRef *operands;
	size_t noperands, opcap;
	IrToken *succs;
	size_t nsuccs, succcap;
	IrRegion **regions;
	size_t nregions, regcap;
	const IrAttr *attrs;
	FuncArg *args;        /* func.func sugar */
	size_t nargs, argcap;
	IrPtrList fres;       /* func.func result types */
	const IrIdent *sym_name;
	bool priv;
} OpFrame;

/* A location alias; placeholder stands for it until it is defined. */
typedef struct LocAlias {
	const IrIdent *name;
	const IrLoc *loc;         /* NULL until defined */
	const IrLoc *placeholder; /* NULL unless used before defined */
	IrToken use;              /* first use before the definition */
	IrToken def;              /* the name in the definition */
	uint64_t nuses;
	bool busy;                /* being resolved (finds cycles) */
} LocAlias;

/* What an object expands to when printed (see "measure" below). */
typedef struct Measure {
	unsigned depth;       /* nesting levels */
	uint32_t size;        /* objects printed, saturating */
} Measure;

typedef struct DenseElem {
	IrToken tok;
	bool neg;
} DenseElem;

struct IrParser {
	IrContext *ctx;
	const IrSource *src;
	bool failed;
	/* SSA names. */
	Binding *binds;
	size_t nbinds, bindcap;
	IrPtrMap names;       /* ident -> newest binding index+1 */
	IrOp **placeholders;
	size_t nph, phcap;
	const IrOpName *ph_name;
	/* Frames. */
	RegionFrame **regions;
	size_t nregions, regcap;
	OpFrame **ops;
	size_t nops, opcap;
	ResultRef *pending;   /* results parsed before the op name */
	size_t npending, pendcap;
	/* Aliases. */
	IrPtrMap talias;      /* name -> IrType */
	IrPtrMap aalias;      /* name -> IrAttr */
	LocAlias *lalias;
	size_t nlalias, laliascap;
	IrPtrMap lamap;       /* name -> index+1 in lalias */
	IrPtrMap laph;        /* placeholder loc -> index+1 in lalias */
	IrPtrMap lamemo;      /* loc -> the loc with aliases resolved */
	IrPtrMap measmap;     /* object -> index+1 in meas */
	Measure *meas;        /* what measured objects expand to */
	size_t nmeas, meascap;
	uint64_t expanded;    /* objects that alias uses print, in total */
	bool loc_forward;     /* some location alias was used early */
	const IrToken *remap_use; /* alias being replaced, for errors */
	/* Open brackets, for "expected ')'" at a truncated end. */
	char closers[IR_MAX_NESTING + 1];
	size_t depth;
	/* Literal scratch. */
	DenseElem *dense;
	size_t ndense, densecap;
	IrPtrList affdims, affsyms;
	IrToken affkw;        /* affine_map keyword, for errors */
	struct {
		IrToken tok;
		bool is_signed, range;
		unsigned width;
		int64_t min, max;
		double *scales;
		int64_t *zps;
		size_t n, cap;
	} q;
};

#define GROW(arr, n, cap) do { \
	if ((n) == (cap)) { \
		(cap) = (cap) ? (cap) * 2 : 8; \
		(arr) = ir_xrealloc((arr), (cap) * sizeof *(arr)); \
	} \
} while (0)

/* ---------------------------------------------------------------- lists */

IrPtrList *
ir_p_list_new(void)
{
	return ir_xcalloc(1, sizeof(IrPtrList));
}

IrPtrList *
ir_p_list_push(IrPtrList *l, const void *x)
{
	if (!l)
		l = ir_p_list_new();
	GROW(l->v, l->n, l->cap);
	l->v[l->n++] = x;
	return l;
}

void
ir_p_list_free(IrPtrList *l)
{
	if (!l)
		return;
	free(l->v);
	free(l);
}

IrI64List *
ir_p_i64_new(void)
{
	return ir_xcalloc(1, sizeof(IrI64List));
}

IrI64List *
ir_p_i64_push(IrI64List *l, int64_t x)
{
	if (!l)
		l = ir_p_i64_new();
	GROW(l->v, l->n, l->cap);
	l->v[l->n++] = x;
	return l;
}

void
ir_p_i64_free(IrI64List *l)
{
	if (!l)
		return;
	free(l->v);
	free(l);
}

void
ir_p_named_free(IrNamedList *l)
{
	if (!l)
		return;
	free(l->v);
	ir_ptrmap_free(&l->seen);
	free(l);
}

/* Does l hold a NULL (a sub-construct that failed)? */
static bool
has_null(const IrPtrList *l)
{
	size_t i;

	for (i = 0; l && i < l->n; i++)
		if (!l->v[i])
			return true;
	return false;
}

/* ---------------------------------------------------------------- errors */

static const IrLoc *
tok_loc(IrParser *p, const IrToken *tok)
{
	return ir_loc_file(p->ctx, p->src->name, tok->line, tok->col);
}

void
ir_p_fail(IrParser *p, const IrToken *tok, const char *fmt, ...)
{
	va_list ap;
	const IrLoc *loc;

	if (p->failed)
		return;
	p->failed = true;
	loc = tok ? tok_loc(p, tok) : ir_loc_unknown(p->ctx);
	va_start(ap, fmt);
	ir_emitv(p->ctx, IR_SEV_ERROR, loc, fmt, ap);
	va_end(ap);
}

/* A builder got NULL without an error having been reported (a
 * constructor refused its input): report it rather than lose the
 * construct silently. */
static bool
lost(IrParser *p, const IrToken *tok, const void *x)
{
	if (!x && !p->failed)
		ir_p_fail(p, tok, "invalid type or attribute");
	return x == NULL;
}

/* How a terminal reads in "expected 'x'" messages. */
static const char *
tk_spelling(int k)
{
	switch (k) {
	case TK_LPAREN: return "(";
	case TK_RPAREN: return ")";
	case TK_LBRACKET: return "[";
	case TK_RBRACKET: return "]";
	case TK_LBRACE: return "{";
	case TK_RBRACE: return "}";
	case TK_LT: return "<";
	case TK_GT: return ">";
	case TK_COMMA: return ",";
	case TK_COLON: return ":";
	case TK_EQUAL: return "=";
	case TK_ARROW: return "->";
	default: return NULL;
	}
}

static bool
wants(const int *want, int n, int k)
{
	int i;

	for (i = 0; i < n; i++)
		if (want[i] == k)
			return true;
	return false;
}

/* The most useful "expected" message for the set of acceptable
 * terminals (an approximation: Lemon's default reductions hide some):
 * the innermost open bracket at a truncated end, closers and separators
 * first, then what kind of thing was expected. */
void
ir_p_syntax_error(IrParser *p, int major, const IrToken *tok,
    const int *want, int nwant)
{
	static const int order[] = {
		TK_RPAREN, TK_RBRACKET, TK_GT, TK_RBRACE, TK_EQUAL, TK_ARROW,
		TK_COLON, TK_LPAREN, TK_LT, TK_LBRACKET,
	};
	enum { NCLOSERS = 7 }; /* order[0..7) close or separate */
	size_t i;

	if (major == 0 && p->depth > 0) {
		ir_p_fail(p, tok, "expected '%c'", p->closers[p->depth - 1]);
		return;
	}
	if (nwant == 1 && tk_spelling(want[0])) {
		ir_p_fail(p, tok, "expected '%s'", tk_spelling(want[0]));
		return;
	}
	for (i = 0; i < NCLOSERS; i++)
		if (wants(want, nwant, order[i])) {
			ir_p_fail(p, tok, "expected '%s'",
			    tk_spelling(order[i]));
			return;
		}
	if (wants(want, nwant, TK_ATTR_ALIAS)) {
		ir_p_fail(p, tok, "expected attribute value");
		return;
	}
	if (wants(want, nwant, TK_QUANT_UNIFORM)) {
		ir_p_fail(p, tok, "expected type");
		return;
	}
	if (wants(want, nwant, TK_STRING) && major == TK_BARE) {
		ir_p_fail(p, tok, "custom op '%.*s' is unknown",
		    (int)(tok->len > 80 ? 80 : tok->len), tok->s);
		return;
	}
	if (wants(want, nwant, TK_STRING)) {
		ir_p_fail(p, tok, "expected operation name in quotes");
		return;
	}
	for (i = NCLOSERS; i < sizeof order / sizeof order[0]; i++)
		if (wants(want, nwant, order[i])) {
			ir_p_fail(p, tok, "expected '%s'",
			    tk_spelling(order[i]));
			return;
		}
	if (major == 0)
		ir_p_fail(p, tok, "unexpected end of input");
	else
		ir_p_fail(p, tok, "unexpected '%.*s'",
		    (int)(tok->len > 40 ? 40 : tok->len), tok->s);
}

/* ---------------------------------------------------------------- text */

static const IrIdent *
tok_ident(IrParser *p, const IrToken *tok, size_t skip)
{
	return ir_ident_get(p->ctx, tok->s + skip, tok->len - skip);
}

/* The bytes of a string token (quotes removed, escapes decoded). */
static const IrIdent *
tok_string(IrParser *p, const IrToken *tok, size_t skip)
{
	size_t n;
	char *s = ir_lex_unescape(tok->s + skip + 1, tok->len - skip - 2, &n);
	const IrIdent *id = ir_ident_get(p->ctx, s, n);

	free(s);
	return id;
}

/* Parses a decimal or 0x integer token into *out; false on overflow. */
static bool
tok_u64(const IrToken *tok, uint64_t *out)
{
	uint64_t v = 0;
	size_t i = 0;
	bool hex = tok->len > 2 && tok->s[0] == '0' && tok->s[1] == 'x';

	if (hex)
		i = 2;
	for (; i < tok->len; i++) {
		char c = tok->s[i];
		unsigned d = (unsigned)(c >= 'a' ? c - 'a' + 10 :
		    c >= 'A' ? c - 'A' + 10 : c - '0');
		unsigned base = hex ? 16 : 10;

		if (d >= base)
			break;
		if (v > (UINT64_MAX - d) / base)
			return false;
		v = v * base + d;
	}
	*out = v;
	return true;
}

static bool
tok_is_hex(const IrToken *tok)
{
	return tok->len > 2 && tok->s[0] == '0' && tok->s[1] == 'x';
}

static double
tok_double(const IrToken *tok)
{
	char *s = ir_xstrndup(tok->s, tok->len);
	double d = strtod(s, NULL);

	free(s);
	return d;
}

int64_t
ir_p_int64(IrParser *p, const IrToken *tok, bool neg)
{
	uint64_t v;

	if (p->failed)
		return 0;
	if (!tok_u64(tok, &v) || v > (uint64_t)INT64_MAX + (neg ? 1 : 0)) {
		ir_p_fail(p, tok, "integer constant out of range");
		return 0;
	}
	return neg ? (int64_t)(0 - v) : (int64_t)v;
}

/* ---------------------------------------------------------------- SSA names */

static RegionFrame *
top_region(IrParser *p)
{
	return p->nregions ? p->regions[p->nregions - 1] : NULL;
}

static OpFrame *
top_op(IrParser *p)
{
	return p->nops ? p->ops[p->nops - 1] : NULL;
}

/* Bindings below this index are hidden by an isolated region. */
static size_t
barrier(IrParser *p)
{
	size_t i;

	for (i = p->nregions; i-- > 0;)
		if (p->regions[i]->isolated)
			return p->regions[i]->bind_base;
	return 0;
}

static Binding *
lookup(IrParser *p, const IrIdent *name)
{
	size_t i = (size_t)(uintptr_t)ir_ptrmap_get(&p->names, name);

	if (i == 0 || i - 1 < barrier(p))
		return NULL;
	return &p->binds[i - 1];
}

static Binding *
bind_push(IrParser *p, const IrIdent *name)
{
	Binding *b;

	GROW(p->binds, p->nbinds, p->bindcap);
	b = &p->binds[p->nbinds];
	memset(b, 0, sizeof *b);
	b->name = name;
	b->depth = (unsigned)p->nregions;
	b->shadow = (size_t)(uintptr_t)ir_ptrmap_get(&p->names, name);
	p->nbinds++;
	ir_ptrmap_put(&p->names, name, (void *)(uintptr_t)p->nbinds);
	return b;
}

static void
bind_pop(IrParser *p)
{
	Binding *b = &p->binds[--p->nbinds];

	ir_ptrmap_put(&p->names, b->name, (void *)(uintptr_t)b->shadow);
	free(b->vals);
}

static IrValue *
placeholder(IrParser *p, const IrType *t)
{
	IrOpState st;
	IrOp *op;

	memset(&st, 0, sizeof st);
	st.name = p->ph_name;
	st.nresults = 1;
	st.result_types = &t;
	op = ir_op_create(p->ctx, &st);
	GROW(p->placeholders, p->nph, p->phcap);
	p->placeholders[p->nph++] = op;
	return ir_op_result(op, 0);
}

static void
fail_types(IrParser *p, const IrToken *tok, const char *fmt,
    const IrIdent *name, const IrType *a, const IrType *b)
{
	char *sa = ir_type_str(a), *sb = ir_type_str(b);

	ir_p_fail(p, tok, fmt, (int)name->len, name->str, sa, sb);
	free(sa);
	free(sb);
}

/* The value a use `%name#index : t` refers to; a placeholder when the
 * name is not defined yet. */
static IrValue *
use_value(IrParser *p, const OperandRef *r, const IrType *t)
{
	Binding *b = lookup(p, r->name);
	IrValue *v;

	if (!b) {
		b = bind_push(p, r->name);
		b->use = r->tok;
	}
	if (b->defined && r->index >= b->nvals) {
		ir_p_fail(p, &r->tok, "reference to invalid result number");
		return NULL;
	}
	if (!b->defined && r->index >= 65536) {
		/* Placeholders are kept densely; bound what one token may
		 * allocate. */
		ir_p_fail(p, &r->tok, "forward reference to result #%u is out "
		    "of range (limit 65535)", r->index);
		return NULL;
	}
	if (!b->defined && r->index >= b->nvals) {
		b->vals = ir_xrealloc(b->vals,
		    (r->index + 1) * sizeof *b->vals);
		memset(b->vals + b->nvals, 0,
		    (r->index + 1 - b->nvals) * sizeof *b->vals);
		b->nvals = r->index + 1;
	}
	v = b->vals[r->index];
	if (!v) {
		v = b->vals[r->index] = placeholder(p, t);
		return v;
	}
	if (v->type != t) {
		fail_types(p, &r->tok, "use of value '%%%.*s' expects "
		    "different type than prior uses: '%s' vs '%s'", r->name, t,
		    v->type);
		ir_emit_note(p->ctx, tok_loc(p, &b->use), "prior use here");
		return NULL;
	}
	return v;
}

/* Binds a forward-referenced placeholder group to its definition. */
static void
resolve(IrParser *p, Binding *b, const IrToken *tok, IrValue **vals,
    unsigned n)
{
	unsigned i;

	for (i = 0; i < b->nvals && !p->failed; i++) {
		IrValue *ph = b->vals[i];

		if (!ph)
			continue;
		if (i >= n) {
			ir_p_fail(p, &b->use, "reference to invalid result "
			    "number");
			return;
		}
		if (ph->type != vals[i]->type) {
			char *sa = ir_type_str(vals[i]->type);
			char *sb = ir_type_str(ph->type);

			ir_p_fail(p, tok, "definition of SSA value '%%%.*s#%u' "
			    "has type '%s'", (int)b->name->len, b->name->str,
			    i, sa);
			ir_emit_note(p->ctx, tok_loc(p, &b->use),
			    "previously used here with type '%s'", sb);
			free(sa);
			free(sb);
			return;
		}
		ir_value_replace_all_uses(ph, vals[i]);
	}
}

/* Defines `%name` (tok: `%name`) as the group vals[0..n). */
static void
define(IrParser *p, const IrToken *tok, const IrIdent *name, IrValue **vals,
    unsigned n)
{
	Binding *b = lookup(p, name);

	if (p->failed)
		return;
	if (b && b->defined) {
		ir_p_fail(p, tok, "redefinition of SSA value '%%%.*s'",
		    (int)name->len, name->str);
		ir_emit_note(p->ctx, tok_loc(p, &b->use),
		    "previously defined here");
		return;
	}
	if (b && b->depth == p->nregions) {
		resolve(p, b, tok, vals, n);
		if (p->failed)
			return;
	} else {
		b = bind_push(p, name);
	}
	b->vals = ir_xrealloc(b->vals, (n ? n : 1) * sizeof *b->vals);
	memcpy(b->vals, vals, n * sizeof *vals);
	b->nvals = n;
	b->defined = true;
	b->use = *tok;
}

/* `%name` or `%name#N` -> name and N. */
static void
value_ref(IrParser *p, const IrToken *tok, OperandRef *r)
{
	const char *hash = memchr(tok->s, '#', tok->len);
	size_t len = hash ? (size_t)(hash - tok->s) : tok->len;

	r->tok = *tok;
	r->name = ir_ident_get(p->ctx, tok->s + 1, len - 1);
	r->index = 0;
	if (hash) {
		IrToken n = *tok;
		uint64_t v;

		n.s = hash + 1;
		n.len = tok->len - len - 1;
		if (!tok_u64(&n, &v) || v > 0xffffffu) {
			ir_p_fail(p, tok, "invalid SSA value result number");
			return;
		}
		r->index = (unsigned)v;
	}
}

/* ---------------------------------------------------------------- regions */

static void
region_push(IrParser *p, bool isolated)
{
	RegionFrame *r = ir_xcalloc(1, sizeof *r);

	r->region = ir_xcalloc(1, sizeof *r->region);
	r->bind_base = p->nbinds;
	r->isolated = isolated;
	GROW(p->regions, p->nregions, p->regcap);
	p->regions[p->nregions++] = r;
}

/* Frees a region frame and everything in it (error paths). */
static void
region_free(RegionFrame *r)
{
	size_t i;

	ir_region_clear(r->region);
	for (i = 0; i < r->nlabels; i++)
		if (!r->labels[i].defined)
			ir_block_destroy(r->labels[i].block);
	free(r->region);
	free(r->labels);
	ir_ptrmap_free(&r->labelmap);
	free(r);
}

static Label *
label_get(IrParser *p, RegionFrame *r, const IrToken *tok)
{
	const IrIdent *name = tok_ident(p, tok, 1);
	size_t i;
	Label *l;

	i = (size_t)(uintptr_t)ir_ptrmap_get(&r->labelmap, name);
	if (i)
		return &r->labels[i - 1];
	GROW(r->labels, r->nlabels, r->labelcap);
	l = &r->labels[r->nlabels++];
	ir_ptrmap_put(&r->labelmap, name, (void *)(uintptr_t)r->nlabels);
	l->name = name;
	l->block = ir_block_create();
	l->defined = false;
	l->ref = *tok;
	return l;
}

static IrBlock *
current_block(RegionFrame *r)
{
	if (!r->cur) {
		r->cur = ir_block_create();
		ir_region_append(r->region, r->cur);
	}
	return r->cur;
}

/* Checks labels and forward references at the end of region r, then
 * pops its names. Unresolved names move to the enclosing region unless
 * r is isolated. */
static bool
region_close_scope(IrParser *p, RegionFrame *r)
{
	Binding *keep = NULL;
	size_t nkeep = 0, i;

	for (i = 0; i < r->nlabels; i++)
		if (!r->labels[i].defined) {
			ir_p_fail(p, &r->labels[i].ref,
			    "reference to an undefined block");
			return false;
		}
	for (i = r->bind_base; i < p->nbinds; i++) {
		if (p->binds[i].defined)
			continue;
		if (r->isolated || p->nregions == 1) {
			ir_p_fail(p, &p->binds[i].use,
			    "use of undeclared SSA value name");
			return false;
		}
		keep = ir_xrealloc(keep, (nkeep + 1) * sizeof *keep);
		keep[nkeep++] = p->binds[i];
		p->binds[i].vals = NULL;
	}
	while (p->nbinds > r->bind_base)
		bind_pop(p);
	for (i = 0; i < nkeep; i++) {
		Binding *b = bind_push(p, keep[i].name);

		b->depth = (unsigned)p->nregions - 1;
		b->vals = keep[i].vals;
		b->nvals = keep[i].nvals;
		b->use = keep[i].use;
	}
	free(keep);
	return true;
}

void
ir_p_region_begin(IrParser *p, const IrToken *brace)
{
	OpFrame *f = top_op(p);
	RegionFrame *r;
	size_t i;

	if (p->failed || !f)
		return;
	region_push(p, f->isolated);
	r = top_region(p);
	if (f->sugar != SUGAR_FUNC || f->nregions != 0 || f->nargs == 0)
		return;
	r->named_args = true;
	current_block(r);
	for (i = 0; i < f->nargs && !p->failed; i++) {
		FuncArg *a = &f->args[i];
		IrValue *v;

		if (!a->named) {
			ir_p_fail(p, brace, "expected named arguments for a "
			    "function with a body");
			return;
		}
		v = ir_block_add_arg(r->cur, a->type,
		    a->loc ? a->loc : tok_loc(p, &a->tok));
		define(p, &a->tok, tok_ident(p, &a->tok, 1), &v, 1);
	}
}

void
ir_p_region_end(IrParser *p, const IrToken *brace)
{
	RegionFrame *r = top_region(p);
	OpFrame *f = top_op(p);

	(void)brace;
	if (p->failed || !r || !f)
		return;
	if (!region_close_scope(p, r))
		return;
	p->nregions--;
	GROW(f->regions, f->nregions, f->regcap);
	f->regions[f->nregions++] = r->region;
	free(r->labels);
	ir_ptrmap_free(&r->labelmap);
	free(r);
}

void
ir_p_block_begin(IrParser *p, const IrToken *label)
{
	RegionFrame *r = top_region(p);
	Label *l;

	if (p->failed || !r)
		return;
	if (r->named_args && r->cur == r->region->first && r->cur &&
	    !r->cur->first) {
		ir_p_fail(p, label, "invalid block name in region with named "
		    "arguments");
		return;
	}
	l = label_get(p, r, label);
	if (l->defined) {
		ir_p_fail(p, label, "redefinition of block '%.*s'",
		    (int)label->len, label->s);
		return;
	}
	l->defined = true;
	ir_region_append(r->region, l->block);
	r->cur = l->block;
}

void
ir_p_block_arg(IrParser *p, const IrToken *name, const IrType *t,
    const IrLoc *loc)
{
	RegionFrame *r = top_region(p);
	IrValue *v;

	if (p->failed || !r || lost(p, name, t))
		return;
	v = ir_block_add_arg(current_block(r), t, loc ? loc : tok_loc(p, name));
	define(p, name, tok_ident(p, name, 1), &v, 1);
}

/* ---------------------------------------------------------------- op frames */

void
ir_p_result(IrParser *p, const IrToken *name, const IrToken *count)
{
	ResultRef *r;
	uint64_t n = 1;

	if (p->failed)
		return;
	if (count && (!tok_u64(count, &n) || n == 0 || n > 0xffffffu)) {
		ir_p_fail(p, count, "expected a positive result count");
		return;
	}
	GROW(p->pending, p->npending, p->pendcap);
	r = &p->pending[p->npending++];
	r->tok = *name;
	r->name = tok_ident(p, name, 1);
	r->count = (unsigned)n;
}

static OpFrame *
op_push(IrParser *p, const char *name, size_t len, const IrToken *tok)
{
	OpFrame *f = ir_xcalloc(1, sizeof *f);

	f->name = ir_op_name_get(p->ctx, name, len);
	f->tok = *tok;
	f->rdepth = p->nregions;
	f->isolated = f->name->def &&
	    (f->name->def->traits & IR_TRAIT_ISOLATED);
	f->results = p->pending;
	f->nresults = p->npending;
	f->rescap = p->pendcap;
	p->pending = NULL;
	p->npending = p->pendcap = 0;
	GROW(p->ops, p->nops, p->opcap);
	p->ops[p->nops++] = f;
	return f;
}

static void
op_free(OpFrame *f)
{
	size_t i;

	for (i = 0; i < f->nregions; i++) {
		ir_region_clear(f->regions[i]);
		free(f->regions[i]);
	}
	free(f->regions);
	free(f->results);
	free(f->operands);
	free(f->succs);
	free(f->args);
	free(f->fres.v);
	free(f);
}

void
ir_p_op_begin(IrParser *p, const IrToken *name)
{
	size_t n;
	char *s;

	if (p->failed)
		return;
	s = ir_lex_unescape(name->s + 1, name->len - 2, &n);
	if (n == 0) {
		free(s);
		ir_p_fail(p, name, "empty operation name is invalid");
		return;
	}
	/* MLIR 14 names. */
	if (strcmp(s, "builtin.func") == 0)
		op_push(p, "func.func", 9, name)->sugar = SUGAR_BUILTIN_FUNC;
	else if (strcmp(s, "std.return") == 0)
		op_push(p, "func.return", 11, name);
	else
		op_push(p, s, n, name);
	free(s);
}

void
ir_p_sugar_begin(IrParser *p, const char *opname, const IrToken *kw)
{
	OpFrame *f;

	if (p->failed)
		return;
	f = op_push(p, opname, strlen(opname), kw);
	f->sugar = strcmp(opname, "builtin.module") == 0 ? SUGAR_MODULE :
	    strcmp(opname, "func.func") == 0 ? SUGAR_FUNC : SUGAR_RETURN;
	if (f->sugar != SUGAR_RETURN)
		f->isolated = true;
}

void
ir_p_operand(IrParser *p, const IrToken *name)
{
	OpFrame *f = top_op(p);

	if (p->failed || !f)
		return;
	GROW(f->operands, f->noperands, f->opcap);
	value_ref(p, name, &f->operands[f->noperands++]);
}

void
ir_p_successor(IrParser *p, const IrToken *label)
{
	OpFrame *f = top_op(p);

	if (p->failed || !f)
		return;
	GROW(f->succs, f->nsuccs, f->succcap);
	f->succs[f->nsuccs++] = *label;
}

void
ir_p_op_attrs(IrParser *p, const IrAttr *dict)
{
	OpFrame *f = top_op(p);

	if (p->failed || !f || !dict)
		return;
	f->attrs = dict;
}

void
ir_p_sym_name(IrParser *p, const IrToken *sym)
{
	OpFrame *f = top_op(p);

	if (p->failed || !f)
		return;
	f->sym_name = ir_p_symbol(p, sym);
}

void
ir_p_func_private(IrParser *p)
{
	OpFrame *f = top_op(p);

	if (f)
		f->priv = true;
}

void
ir_p_func_arg(IrParser *p, const IrToken *name, const IrType *t,
    const IrLoc *loc)
{
	OpFrame *f = top_op(p);
	FuncArg *a;

	if (p->failed || !f || lost(p, &f->tok, t))
		return;
	GROW(f->args, f->nargs, f->argcap);
	a = &f->args[f->nargs++];
	memset(a, 0, sizeof *a);
	if (name)
		a->tok = *name;
	a->named = name != NULL;
	a->type = t;
	a->loc = loc;
}

void
ir_p_func_result(IrParser *p, const IrType *t)
{
	OpFrame *f = top_op(p);

	if (p->failed || !f || lost(p, &f->tok, t))
		return;
	GROW(f->fres.v, f->fres.n, f->fres.cap);
	f->fres.v[f->fres.n++] = t;
}

/* Checks the operand and result counts of frame f against its type. */
static bool
check_counts(IrParser *p, OpFrame *f, size_t nin, size_t nres)
{
	size_t i, total = 0;

	for (i = 0; i < f->nresults; i++)
		total += f->results[i].count;
	if (f->noperands != nin) {
		ir_p_fail(p, &f->tok, "expected %zu operand types but had %zu",
		    f->noperands, nin);
		return false;
	}
	if (f->nresults && total != nres) {
		ir_p_fail(p, &f->results[0].tok, "operation defines %zu "
		    "results but was provided %zu to bind", nres, total);
		return false;
	}
	return true;
}

/* Binds the result names of frame f to op's results. */
static void
define_results(IrParser *p, OpFrame *f, IrOp *op)
{
	unsigned k = 0, j;
	size_t i;

	for (i = 0; i < f->nresults && !p->failed; i++) {
		IrValue **vals = ir_xcalloc(f->results[i].count,
		    sizeof *vals);

		for (j = 0; j < f->results[i].count; j++)
			vals[j] = ir_op_result(op, k++);
		define(p, &f->results[i].tok, f->results[i].name, vals,
		    f->results[i].count);
		free(vals);
	}
}

/* Creates the op of frame f (popped by the caller), appends it to the
 * current block and defines its results. */
static void
build_op(IrParser *p, OpFrame *f, size_t nin, const IrType *const *in,
    size_t nres, const IrType *const *res, const IrAttr *attrs,
    const IrLoc *loc, size_t nregions)
{
	RegionFrame *r = top_region(p);
	IrValue **ops;
	IrBlock **succs;
	IrOpState st;
	IrOp *op;
	size_t i;

	if (!check_counts(p, f, nin, nres))
		return;
	ops = ir_xcalloc(nin + 1, sizeof *ops);
	for (i = 0; i < nin && !p->failed; i++)
		ops[i] = use_value(p, &f->operands[i], in[i]);
	succs = ir_xcalloc(f->nsuccs + 1, sizeof *succs);
	for (i = 0; i < f->nsuccs && !p->failed; i++)
		succs[i] = label_get(p, r, &f->succs[i])->block;
	memset(&st, 0, sizeof st);
	st.name = f->name;
	st.loc = loc ? loc : tok_loc(p, &f->tok);
	st.noperands = nin;
	st.operands = ops;
	st.nresults = nres;
	st.result_types = res;
	st.attrs = attrs;
	st.nregions = nregions;
	st.nsuccs = f->nsuccs;
	st.succs = succs;
	op = p->failed ? NULL : ir_op_create(p->ctx, &st);
	free(ops);
	free(succs);
	if (!op)
		return;
	for (i = 0; i < f->nregions && i < nregions; i++)
		ir_region_take_body(ir_op_region(op, (unsigned)i),
		    f->regions[i]);
	ir_op_move_to_end(op, current_block(r));
	define_results(p, f, op);
}

static void
op_pop(IrParser *p)
{
	op_free(p->ops[--p->nops]);
}

/* MLIR 14's "builtin.func" keeps its type in `type`. */
static const IrAttr *
rename_func_type(IrParser *p, const IrAttr *attrs)
{
	const IrAttr *t = attrs ? ir_dict_get(attrs, "type") : NULL;

	if (!t || ir_dict_get(attrs, "function_type"))
		return attrs;
	attrs = ir_dict_set(p->ctx, attrs, ir_ident_cstr(p->ctx, "type"),
	    NULL);
	return ir_dict_set(p->ctx, attrs,
	    ir_ident_cstr(p->ctx, "function_type"), t);
}

void
ir_p_op_finish(IrParser *p, const IrType *type, const IrLoc *loc)
{
	OpFrame *f = top_op(p);
	const IrAttr *attrs;

	if (p->failed || !f || lost(p, &f->tok, type))
		return;
	if (type->kind != IR_TYPE_FUNCTION) {
		ir_p_fail(p, &f->tok, "expected function type");
		return;
	}
	attrs = f->sugar == SUGAR_BUILTIN_FUNC ?
	    rename_func_type(p, f->attrs) : f->attrs;
	build_op(p, f, type->u.func.ninputs, type->u.func.inputs,
	    type->u.func.nresults, type->u.func.results, attrs, loc,
	    f->nregions);
	if (!p->failed)
		op_pop(p);
}

static const IrAttr *
with_attr(IrParser *p, const IrAttr *dict, const char *name,
    const IrAttr *v)
{
	if (!dict)
		dict = ir_attr_empty_dict(p->ctx);
	return ir_dict_set(p->ctx, dict, ir_ident_cstr(p->ctx, name), v);
}

static const IrAttr *
string_attr(IrParser *p, const char *s, size_t len)
{
	return ir_attr_string(p->ctx, s, len, NULL);
}

void
ir_p_module_finish(IrParser *p, const IrLoc *loc)
{
	OpFrame *f = top_op(p);
	const IrAttr *attrs;

	if (p->failed || !f)
		return;
	attrs = f->attrs;
	if (f->sym_name)
		attrs = with_attr(p, attrs, "sym_name", string_attr(p,
		    f->sym_name->str, f->sym_name->len));
	if (f->nregions == 1 && !f->regions[0]->first)
		ir_region_append(f->regions[0], ir_block_create());
	build_op(p, f, 0, NULL, 0, NULL, attrs, loc, 1);
	if (!p->failed)
		op_pop(p);
}

void
ir_p_func_finish(IrParser *p, const IrLoc *loc)
{
	OpFrame *f = top_op(p);
	const IrType **in;
	const IrType *ft;
	const IrAttr *attrs;
	size_t i;

	if (p->failed || !f)
		return;
	if (f->nregions == 1 && !f->regions[0]->first) {
		ir_p_fail(p, &f->tok, "expected non-empty function body");
		return;
	}
	in = ir_xcalloc(f->nargs + 1, sizeof *in);
	for (i = 0; i < f->nargs; i++)
		in[i] = f->args[i].type;
	ft = ir_type_function(p->ctx, f->nargs, in, f->fres.n,
	    (const IrType *const *)f->fres.v);
	free(in);
	attrs = with_attr(p, f->attrs, "function_type",
	    ir_attr_type(p->ctx, ft));
	if (f->sym_name)
		attrs = with_attr(p, attrs, "sym_name", string_attr(p,
		    f->sym_name->str, f->sym_name->len));
	if (f->priv)
		attrs = with_attr(p, attrs, "sym_visibility",
		    string_attr(p, "private", 7));
	build_op(p, f, 0, NULL, 0, NULL, attrs, loc, 1);
	if (!p->failed)
		op_pop(p);
}

void
ir_p_return_finish(IrParser *p, IrPtrList *types, const IrLoc *loc)
{
	OpFrame *f = top_op(p);

	if (!p->failed && f && has_null(types))
		lost(p, &f->tok, NULL);
	if (!p->failed && f)
		build_op(p, f, types ? types->n : 0,
		    types ? (const IrType *const *)types->v : NULL, 0, NULL,
		    NULL, loc, 0);
	ir_p_list_free(types);
	if (!p->failed && f)
		op_pop(p);
}

/* ---------------------------------------------------------------- measure
 * Brackets bound the nesting of what one piece of text builds (the pump
 * counts them), but aliases and operator chains nest without brackets:
 * `#a1 = [#a0]`, `#a2 = [#a1]`, ... or `d0 floordiv 2 floordiv 2 ...`.
 * Aliases also share: `!t1 = tuple<!t0, !t0>`, `!t2 = tuple<!t1, !t1>`,
 * ... is a small file whose types print exponentially large. So what an
 * object expands to when printed is measured (memoized, the walk stops
 * at the nesting limit): its depth and its size, the number of objects
 * it prints (plus dense elements), saturating just past
 * IR_P_MAX_EXPANSION. Nothing downstream can then recurse too deep or
 * print too much. */

enum { OBJ_TYPE, OBJ_ATTR, OBJ_AFFINE, OBJ_LOC };

#define TOO_DEEP (IR_MAX_NESTING + 1u)
#define SIZE_CAP (IR_P_MAX_EXPANSION + 1u)

static Measure measure(IrParser *p, int kind, const void *x,
    unsigned level);

/* Folds child measure c into m. */
static void
add_child(Measure *m, Measure c)
{
	uint64_t s = (uint64_t)m->size + c.size;

	if (c.depth > m->depth)
		m->depth = c.depth;
	m->size = s > SIZE_CAP ? SIZE_CAP : (uint32_t)s;
}

static void
add_list(IrParser *p, Measure *m, int kind, const void *const *v, size_t n,
    unsigned l)
{
	size_t i;

	for (i = 0; i < n && m->depth < TOO_DEEP; i++)
		add_child(m, measure(p, kind, v[i], l));
}

static void
type_children(IrParser *p, const IrType *t, unsigned l, Measure *m)
{
	switch (t->kind) {
	case IR_TYPE_TENSOR:
	case IR_TYPE_MEMREF:
	case IR_TYPE_VECTOR:
		add_child(m, measure(p, OBJ_TYPE, t->u.shaped.elem, l));
		add_child(m, measure(p, OBJ_ATTR, t->u.shaped.encoding, l));
		add_child(m, measure(p, OBJ_ATTR, t->u.shaped.layout, l));
		add_child(m, measure(p, OBJ_ATTR, t->u.shaped.memspace, l));
		break;
	case IR_TYPE_FUNCTION:
		add_list(p, m, OBJ_TYPE, (const void *const *)t->u.func.inputs,
		    t->u.func.ninputs, l);
		add_list(p, m, OBJ_TYPE, (const void *const *)t->u.func.results,
		    t->u.func.nresults, l);
		break;
	case IR_TYPE_TUPLE:
		add_list(p, m, OBJ_TYPE, (const void *const *)t->u.tuple.types,
		    t->u.tuple.ntypes, l);
		break;
	default:
		break;
	}
}

static void
attr_children(IrParser *p, const IrAttr *a, unsigned l, Measure *m)
{
	size_t i;

	switch (a->kind) {
	case IR_ATTR_INTEGER:
		add_child(m, measure(p, OBJ_TYPE, a->u.integer.type, l));
		break;
	case IR_ATTR_FLOAT:
		add_child(m, measure(p, OBJ_TYPE, a->u.flt.type, l));
		break;
	case IR_ATTR_STRING:
		add_child(m, measure(p, OBJ_TYPE, a->u.string.type, l));
		break;
	case IR_ATTR_TYPE:
		add_child(m, measure(p, OBJ_TYPE, a->u.type.type, l));
		break;
	case IR_ATTR_DENSE: {
		/* Every stored element prints. */
		size_t es = ir_dense_elem_size(a->u.dense.type->u.shaped.elem);
		Measure e = { 0, 0 };
		size_t n = es ? a->u.dense.size / es : 0;

		e.size = n > SIZE_CAP ? SIZE_CAP : (uint32_t)n;
		add_child(m, e);
		add_child(m, measure(p, OBJ_TYPE, a->u.dense.type, l));
		break;
	}
	case IR_ATTR_ARRAY:
		add_list(p, m, OBJ_ATTR, (const void *const *)a->u.array.elems,
		    a->u.array.n, l);
		break;
	case IR_ATTR_DICT:
		for (i = 0; i < a->u.dict.n && m->depth < TOO_DEEP; i++)
			add_child(m, measure(p, OBJ_ATTR,
			    a->u.dict.entries[i].value, l));
		break;
	case IR_ATTR_AFFINE_MAP:
		add_list(p, m, OBJ_AFFINE,
		    (const void *const *)a->u.affine.results,
		    a->u.affine.nresults, l);
		break;
	default:
		break;
	}
}

static void
loc_children(IrParser *p, const IrLoc *loc, unsigned l, Measure *m)
{
	switch (loc->kind) {
	case IR_LOC_NAME:
		add_child(m, measure(p, OBJ_LOC, loc->u.name.child, l));
		break;
	case IR_LOC_CALLSITE:
		add_child(m, measure(p, OBJ_LOC, loc->u.callsite.callee, l));
		add_child(m, measure(p, OBJ_LOC, loc->u.callsite.caller, l));
		break;
	case IR_LOC_FUSED:
		add_child(m, measure(p, OBJ_ATTR, loc->u.fused.metadata, l));
		add_list(p, m, OBJ_LOC, (const void *const *)loc->u.fused.locs,
		    loc->u.fused.n, l);
		break;
	default:
		break;
	}
}

/* x's depth (1 + its children's; TOO_DEEP or more past the limit) and
 * size (1 + its children's, at most SIZE_CAP). */
static Measure
measure(IrParser *p, int kind, const void *x, unsigned level)
{
	Measure m = { 0, 0 };
	const IrAffineExpr *e = x;
	size_t i;

	if (!x)
		return m;
	if (level >= IR_MAX_NESTING) {
		m.depth = TOO_DEEP;
		return m;
	}
	i = (size_t)(uintptr_t)ir_ptrmap_get(&p->measmap, x);
	if (i)
		return p->meas[i - 1];
	if (kind == OBJ_TYPE)
		type_children(p, x, level + 1, &m);
	else if (kind == OBJ_ATTR)
		attr_children(p, x, level + 1, &m);
	else if (kind == OBJ_LOC)
		loc_children(p, x, level + 1, &m);
	else if (e->lhs) {
		add_child(&m, measure(p, OBJ_AFFINE, e->lhs, level + 1));
		add_child(&m, measure(p, OBJ_AFFINE, e->rhs, level + 1));
	}
	m.depth++;
	add_child(&m, (Measure){ 0, 1 });
	/* Results past the nesting limit may be cut short: never keep them
	 * (the parse stops at the error anyway). */
	if (m.depth <= IR_MAX_NESTING) {
		GROW(p->meas, p->nmeas, p->meascap);
		p->meas[p->nmeas++] = m;
		ir_ptrmap_put(&p->measmap, x, (void *)(uintptr_t)p->nmeas);
	}
	return m;
}

/* Reports x if it nests deeper than IR_MAX_NESTING. */
static bool
depth_ok(IrParser *p, const IrToken *tok, int kind, const void *x)
{
	if (p->failed || measure(p, kind, x, 0).depth <= IR_MAX_NESTING)
		return !p->failed;
	ir_p_fail(p, tok, "nesting too deep (limit %d)", IR_MAX_NESTING);
	return false;
}

/* Reports alias definition x (name: the alias token) if it nests too
 * deep or expands to more than IR_P_MAX_EXPANSION objects. */
static bool
alias_ok(IrParser *p, const IrToken *name, int kind, const void *x)
{
	if (!depth_ok(p, name, kind, x))
		return false;
	if (measure(p, kind, x, 0).size <= IR_P_MAX_EXPANSION)
		return true;
	ir_p_fail(p, name, "alias '%.*s' expands to more than %u elements",
	    (int)(name->len > 80 ? 80 : name->len), name->s,
	    IR_P_MAX_EXPANSION);
	return false;
}

/* Counts n uses of alias x (tok: a use) against the file's budget:
 * each use prints x in full. */
static bool
alias_use_ok(IrParser *p, const IrToken *tok, int kind, const void *x,
    uint64_t n)
{
	p->expanded += n * measure(p, kind, x, 0).size;
	if (p->expanded <= IR_P_MAX_ALIAS_TOTAL)
		return true;
	ir_p_fail(p, tok, "aliases expand to more than %llu elements in "
	    "total", (unsigned long long)IR_P_MAX_ALIAS_TOTAL);
	return false;
}

/* ---------------------------------------------------------------- aliases */

void
ir_p_type_alias(IrParser *p, const IrToken *name, const IrType *t)
{
	const IrIdent *id;

	if (p->failed || lost(p, name, t))
		return;
	id = tok_ident(p, name, 1);
	if (!alias_ok(p, name, OBJ_TYPE, t))
		return;
	if (ir_ptrmap_get(&p->talias, id)) {
		ir_p_fail(p, name, "redefinition of type alias id '%.*s'",
		    (int)id->len, id->str);
		return;
	}
	ir_ptrmap_put(&p->talias, id, (void *)t);
}

void
ir_p_attr_alias(IrParser *p, const IrToken *name, const IrAttr *a)
{
	const IrIdent *id;

	if (p->failed || lost(p, name, a))
		return;
	id = tok_ident(p, name, 1);
	if (!alias_ok(p, name, OBJ_ATTR, a))
		return;
	if (ir_ptrmap_get(&p->aalias, id)) {
		ir_p_fail(p, name, "redefinition of attribute alias id '%.*s'",
		    (int)id->len, id->str);
		return;
	}
	ir_ptrmap_put(&p->aalias, id, (void *)a);
}

const IrType *
ir_p_type_alias_ref(IrParser *p, const IrToken *tok)
{
	const IrType *t;

	if (p->failed)
		return NULL;
	t = ir_ptrmap_get(&p->talias, tok_ident(p, tok, 1));
	if (!t)
		ir_p_fail(p, tok, "undefined symbol alias id '%.*s'",
		    (int)tok->len - 1, tok->s + 1);
	return t && alias_use_ok(p, tok, OBJ_TYPE, t, 1) ? t : NULL;
}

const IrAttr *
ir_p_attr_alias_ref(IrParser *p, const IrToken *tok)
{
	const IrAttr *a;

	if (p->failed)
		return NULL;
	a = ir_ptrmap_get(&p->aalias, tok_ident(p, tok, 1));
	if (!a)
		ir_p_fail(p, tok, "undefined symbol alias id '%.*s'",
		    (int)tok->len - 1, tok->s + 1);
	return a && alias_use_ok(p, tok, OBJ_ATTR, a, 1) ? a : NULL;
}

/* ---------------------------------------------------------------- types */

const IrType *
ir_p_int_type(IrParser *p, const IrToken *tok)
{
	IrSignedness sign = IR_SIGNLESS;
	IrToken n = *tok;
	uint64_t w;

	if (p->failed)
		return NULL;
	if (n.s[0] == 's' || n.s[0] == 'u') {
		sign = n.s[0] == 's' ? IR_SIGNED : IR_UNSIGNED;
		n.s++;
		n.len--;
	}
	n.s++;
	n.len--;
	if (!tok_u64(&n, &w) || w == 0 || w > 64) {
		ir_p_fail(p, tok, "integer bitwidth must be between 1 and 64");
		return NULL;
	}
	return ir_type_int(p->ctx, (unsigned)w, sign);
}

const IrType *
ir_p_float_type(IrParser *p, IrFloatKind kind)
{
	return p->failed ? NULL : ir_type_float(p->ctx, kind);
}

const IrType *
ir_p_index_type(IrParser *p)
{
	return p->failed ? NULL : ir_type_index(p->ctx);
}

const IrType *
ir_p_none_type(IrParser *p)
{
	return p->failed ? NULL : ir_type_none(p->ctx);
}

/* `!dialect.body` or `#dialect.body` -> dialect and verbatim body;
 * `!dialect<"body">` (the opaque form) -> dialect and the string. */
static void
split_dialect(IrParser *p, const IrToken *tok, const IrIdent **dialect,
    const IrIdent **body)
{
	const char *dot = memchr(tok->s, '.', tok->len);
	const char *lt = memchr(tok->s, '<', tok->len);
	size_t dl;

	if (!dot || (lt && lt < dot)) {
		IrToken str = *tok;

		dl = (size_t)(lt - tok->s) - 1;
		*dialect = ir_ident_get(p->ctx, tok->s + 1, dl);
		str.s = lt + 1;
		str.len = tok->len - dl - 3;
		if (str.len >= 2 && str.s[0] == '"' &&
		    str.s[str.len - 1] == '"' &&
		    memchr(str.s + 1, '"', str.len - 2) == NULL)
			*body = tok_string(p, &str, 0);
		else
			*body = ir_ident_get(p->ctx, str.s, str.len);
		return;
	}
	dl = (size_t)(dot - tok->s) - 1;
	*dialect = ir_ident_get(p->ctx, tok->s + 1, dl);
	*body = ir_ident_get(p->ctx, dot + 1, tok->len - dl - 2);
}

const IrType *
ir_p_dialect_type(IrParser *p, const IrToken *tok)
{
	const IrIdent *d, *b;

	if (p->failed)
		return NULL;
	split_dialect(p, tok, &d, &b);
	return ir_type_opaque(p->ctx, d, b);
}

const IrAttr *
ir_p_dialect_attr(IrParser *p, const IrToken *tok)
{
	const IrIdent *d, *b;

	if (p->failed)
		return NULL;
	split_dialect(p, tok, &d, &b);
	return ir_attr_opaque(p->ctx, d, b);
}

const IrType *
ir_p_tuple(IrParser *p, IrPtrList *types)
{
	const IrType *t = NULL;

	if (!p->failed && types && !has_null(types))
		t = ir_type_tuple(p->ctx, types->n,
		    (const IrType *const *)types->v);
	ir_p_list_free(types);
	return t;
}

const IrType *
ir_p_func_type(IrParser *p, IrPtrList *in, IrPtrList *out)
{
	const IrType *t = NULL;

	if (!p->failed && in && out && !has_null(in) && !has_null(out))
		t = ir_type_function(p->ctx, in->n,
		    (const IrType *const *)in->v, out->n,
		    (const IrType *const *)out->v);
	ir_p_list_free(in);
	ir_p_list_free(out);
	return t;
}

int64_t
ir_p_dim(IrParser *p, const IrToken *tok)
{
	IrToken n = *tok;
	uint64_t v;

	if (p->failed || tok->s[0] == '?')
		return IR_DYNAMIC;
	n.len--;
	if (!tok_u64(&n, &v) || v > (uint64_t)INT64_MAX) {
		ir_p_fail(p, tok, "dimension is too large");
		return 0;
	}
	return (int64_t)v;
}

static bool
valid_elem(const IrType *t)
{
	return t->kind == IR_TYPE_INTEGER || t->kind == IR_TYPE_FLOAT ||
	    t->kind == IR_TYPE_INDEX || t->kind == IR_TYPE_QUANT ||
	    t->kind == IR_TYPE_OPAQUE || t->kind == IR_TYPE_VECTOR ||
	    t->kind == IR_TYPE_TUPLE;
}

static bool
is_layout(const IrAttr *a)
{
	return a->kind == IR_ATTR_AFFINE_MAP || a->kind == IR_ATTR_STRIDED;
}

static const IrType *
make_shaped(IrParser *p, const IrToken *kw, IrI64List *dims,
    const IrType *elem, const IrAttr *a, const IrAttr *b)
{
	int64_t rank = dims ? (int64_t)dims->n : -1;
	const int64_t *d = dims ? dims->v : NULL;
	size_t i;

	if (!valid_elem(elem)) {
		ir_p_fail(p, kw, "invalid %.*s element type", (int)kw->len,
		    kw->s);
		return NULL;
	}
	if (kw->kind == TK_TENSOR)
		return ir_type_tensor(p->ctx, rank, d, elem, a);
	if (kw->kind == TK_VECTOR) {
		/* rank 0 (vector<f32>) is valid since MLIR 14 */
		for (i = 0; i < (size_t)rank; i++)
			if (d[i] == IR_DYNAMIC || d[i] == 0) {
				ir_p_fail(p, kw, "vector types must have "
				    "positive constant sizes");
				return NULL;
			}
		return ir_type_vector(p->ctx, rank, d, elem);
	}
	if (a && !b && !is_layout(a)) {
		b = a;
		a = NULL;
	}
	if (a && !is_layout(a)) {
		ir_p_fail(p, kw, "expected memref layout (affine_map or "
		    "strided)");
		return NULL;
	}
	return ir_type_memref(p->ctx, rank, d, elem, a, b);
}

const IrType *
ir_p_shaped(IrParser *p, const IrToken *kw, IrI64List *dims,
    const IrType *elem, const IrAttr *a, const IrAttr *b)
{
	const IrType *t = NULL;

	if (!p->failed && elem)
		t = make_shaped(p, kw, dims, elem, a, b);
	ir_p_i64_free(dims);
	return t;
}

const IrType *
ir_p_memref_old(IrParser *p, const IrToken *kw, IrI64List *dims,
    const IrType *elem, int64_t offset, IrI64List *strides,
    const IrAttr *space)
{
	const IrType *t = NULL;

	if (!p->failed && elem && dims && strides) {
		if (strides->n != dims->n)
			ir_p_fail(p, kw, "expected %zu strides", dims->n);
		else
			t = make_shaped(p, kw, dims, elem,
			    ir_attr_strided(p->ctx, offset, strides->n,
			    strides->v), space);
	}
	ir_p_i64_free(dims);
	ir_p_i64_free(strides);
	return t;
}

/* ---------------------------------------------------------------- quant */

void
ir_p_quant_begin(IrParser *p)
{
	p->q.n = 0;
	p->q.range = false;
	p->q.width = 0;
}

void
ir_p_quant_storage(IrParser *p, const IrToken *tok, bool range,
    int64_t min, int64_t max)
{
	uint64_t w = 0;
	IrToken n = *tok;

	if (p->failed)
		return;
	p->q.tok = *tok;
	p->q.is_signed = tok->s[0] == 'i';
	n.s++;
	n.len--;
	if ((tok->s[0] != 'i' && tok->s[0] != 'u') || !tok_u64(&n, &w) ||
	    n.len == 0 || w == 0 || w > 32) {
		ir_p_fail(p, tok, "illegal storage type '%.*s'", (int)tok->len,
		    tok->s);
		return;
	}
	p->q.width = (unsigned)w;
	if (p->q.is_signed) {
		p->q.min = -((int64_t)1 << (w - 1));
		p->q.max = ((int64_t)1 << (w - 1)) - 1;
	} else {
		p->q.min = 0;
		p->q.max = ((int64_t)1 << w) - 1;
	}
	if (range) {
		if (min < p->q.min || max > p->q.max || min > max) {
			ir_p_fail(p, tok, "illegal storage type minimum or "
			    "maximum");
			return;
		}
		p->q.min = min;
		p->q.max = max;
	}
}

void
ir_p_quant_param(IrParser *p, const IrToken *scale, int64_t zp)
{
	if (p->failed)
		return;
	if (p->q.n == p->q.cap) {
		p->q.cap = p->q.cap ? p->q.cap * 2 : 8;
		p->q.scales = ir_xrealloc(p->q.scales,
		    p->q.cap * sizeof *p->q.scales);
		p->q.zps = ir_xrealloc(p->q.zps, p->q.cap * sizeof *p->q.zps);
	}
	p->q.scales[p->q.n] = tok_double(scale);
	p->q.zps[p->q.n++] = zp;
}

const IrType *
ir_p_quant(IrParser *p, const IrToken *kw, const IrType *expressed,
    int64_t axis)
{
	if (p->failed || !expressed)
		return NULL;
	if (expressed->kind != IR_TYPE_FLOAT) {
		ir_p_fail(p, kw, "expressed type must be floating point");
		return NULL;
	}
	if ((axis < 0 && p->q.n != 1) || axis > INT32_MAX || p->q.n == 0) {
		ir_p_fail(p, kw, "expected %s quantization parameters",
		    axis < 0 ? "one scale for per-tensor" : "per-axis");
		return NULL;
	}
	return ir_type_quant(p->ctx, p->q.is_signed,
	    ir_type_int(p->ctx, p->q.width, IR_SIGNLESS), expressed,
	    p->q.min, p->q.max, (int32_t)axis, p->q.n, p->q.scales, p->q.zps);
}

/* ------------------------------------------------------------ attributes */

/* Does magnitude v (negated when neg) fit integer type t? */
static bool
int_fits(const IrType *t, uint64_t v, bool neg)
{
	unsigned w = t->kind == IR_TYPE_INDEX ? 64 : t->u.integer.width;
	IrSignedness s = t->kind == IR_TYPE_INDEX ? IR_SIGNED :
	    t->u.integer.sign;
	uint64_t half = (uint64_t)1 << (w - 1);

	if (neg)
		return s != IR_UNSIGNED && v <= half;
	if (s == IR_SIGNED)
		return v < half;
	return w == 64 || v < ((uint64_t)1 << w);
}

/* The int64 stored for v in type t: sign-extended from the width, or
 * the bits for unsigned types. */
static int64_t
int_canon(const IrType *t, uint64_t v, bool neg)
{
	unsigned w = t->kind == IR_TYPE_INDEX ? 64 : t->u.integer.width;
	uint64_t bits = neg ? 0 - v : v;

	if (w < 64) {
		bits &= ((uint64_t)1 << w) - 1;
		if (t->kind == IR_TYPE_INTEGER &&
		    t->u.integer.sign != IR_UNSIGNED &&
		    (bits >> (w - 1)) & 1)
			bits |= ~(((uint64_t)1 << w) - 1);
	}
	return (int64_t)bits;
}

/* A float bit pattern `0x...` of float type t. */
static const IrAttr *
float_bits(IrParser *p, const IrToken *tok, uint64_t v, const IrType *t)
{
	unsigned w = ir_type_bitwidth(t);
	double d;

	if (w < 64 && v >> w) {
		ir_p_fail(p, tok, "hexadecimal float constant out of range "
		    "for type");
		return NULL;
	}
	switch (t->u.flt.kind) {
	case IR_F16:
		d = ir_f16_to_double((uint16_t)v);
		break;
	case IR_BF16:
		d = ir_bf16_to_double((uint16_t)v);
		break;
	case IR_F32: {
		uint32_t b = (uint32_t)v;
		float f;

		memcpy(&f, &b, 4);
		d = f;
		break;
	}
	default:
		memcpy(&d, &v, 8);
		break;
	}
	return ir_attr_float(p->ctx, t, d);
}

const IrAttr *
ir_p_attr_int(IrParser *p, const IrToken *tok, bool neg, const IrType *t)
{
	uint64_t v;

	if (p->failed)
		return NULL;
	if (!tok_u64(tok, &v)) {
		ir_p_fail(p, tok, "integer constant out of range");
		return NULL;
	}
	if (!t)
		t = ir_type_int(p->ctx, 64, IR_SIGNLESS);
	if (t->kind == IR_TYPE_FLOAT) {
		if (tok_is_hex(tok) && !neg)
			return float_bits(p, tok, v, t);
		ir_p_fail(p, tok, "unexpected decimal integer literal for a "
		    "floating point value");
		return NULL;
	}
	if (t->kind != IR_TYPE_INTEGER && t->kind != IR_TYPE_INDEX) {
		ir_p_fail(p, tok, "integer literal not valid for specified "
		    "type");
		return NULL;
	}
	if (neg && t->kind == IR_TYPE_INTEGER &&
	    t->u.integer.sign == IR_UNSIGNED) {
		ir_p_fail(p, tok, "negative integer literal not valid for "
		    "unsigned integer type");
		return NULL;
	}
	if (!int_fits(t, v, neg)) {
		ir_p_fail(p, tok, "integer constant out of range for "
		    "attribute");
		return NULL;
	}
	return ir_attr_int(p->ctx, t, int_canon(t, v, neg));
}

const IrAttr *
ir_p_attr_float(IrParser *p, const IrToken *tok, bool neg, const IrType *t)
{
	double d;

	if (p->failed)
		return NULL;
	if (!t)
		t = ir_type_float(p->ctx, IR_F64);
	if (t->kind != IR_TYPE_FLOAT) {
		ir_p_fail(p, tok, "floating point value not valid for "
		    "specified type");
		return NULL;
	}
	d = tok_double(tok);
	/* The context rounds to the type's precision. */
	return ir_attr_float(p->ctx, t, neg ? -d : d);
}

const IrAttr *
ir_p_attr_bool(IrParser *p, bool v)
{
	return p->failed ? NULL : ir_attr_bool(p->ctx, v);
}

const IrAttr *
ir_p_attr_string(IrParser *p, const IrToken *tok, const IrType *t)
{
	const IrAttr *a;
	size_t n;
	char *s;

	if (p->failed)
		return NULL;
	s = ir_lex_unescape(tok->s + 1, tok->len - 2, &n);
	a = ir_attr_string(p->ctx, s, n, t);
	free(s);
	return a;
}

const IrAttr *
ir_p_attr_unit(IrParser *p)
{
	return p->failed ? NULL : ir_attr_unit(p->ctx);
}

const IrAttr *
ir_p_attr_array(IrParser *p, IrPtrList *elems)
{
	const IrAttr *a = NULL;

	if (!p->failed && !has_null(elems))
		a = ir_attr_array(p->ctx, elems ? elems->n : 0,
		    elems ? (const IrAttr *const *)elems->v : NULL);
	ir_p_list_free(elems);
	return a;
}

const IrAttr *
ir_p_attr_type(IrParser *p, const IrType *t)
{
	return p->failed || !t ? NULL : ir_attr_type(p->ctx, t);
}

const IrIdent *
ir_p_symbol(IrParser *p, const IrToken *tok)
{
	if (tok->len > 1 && tok->s[1] == '"')
		return tok_string(p, tok, 1);
	return tok_ident(p, tok, 1);
}

const IrAttr *
ir_p_attr_symref(IrParser *p, IrPtrList *names)
{
	const IrAttr *a = NULL;

	if (!p->failed && names && names->n > 0)
		a = ir_attr_symref(p->ctx, names->v[0], names->n - 1,
		    (const IrIdent *const *)names->v + 1);
	ir_p_list_free(names);
	return a;
}

IrNamedList *
ir_p_named(IrParser *p, IrNamedList *l, const IrToken *key,
    const IrAttr *value)
{
	const IrIdent *name;

	if (!l)
		l = ir_xcalloc(1, sizeof *l);
	if (p->failed || lost(p, key, value))
		return l;
	name = key->kind == TK_STRING ? tok_string(p, key, 0) :
	    tok_ident(p, key, 0);
	if (name->len == 0) {
		ir_p_fail(p, key, "expected valid attribute name");
		return l;
	}
	if (ir_ptrmap_get(&l->seen, name)) {
		ir_p_fail(p, key, "duplicate key '%.*s' in dictionary "
		    "attribute", (int)name->len, name->str);
		return l;
	}
	ir_ptrmap_put(&l->seen, name, (void *)name);
	GROW(l->v, l->n, l->cap);
	l->v[l->n].name = name;
	l->v[l->n++].value = value;
	return l;
}

const IrAttr *
ir_p_attr_dict(IrParser *p, IrNamedList *l)
{
	const IrAttr *a = NULL;
	size_t i;

	if (!p->failed) {
		for (i = 0; l && i < l->n; i++)
			if (!l->v[i].value)
				break;
		if (!l || i == l->n)
			a = l ? ir_attr_dict(p->ctx, l->n, l->v) :
			    ir_attr_empty_dict(p->ctx);
	}
	ir_p_named_free(l);
	return a;
}

/* ---------------------------------------------------------------- dense */

void
ir_p_dense_begin(IrParser *p)
{
	p->ndense = 0;
}

IrI64List *
ir_p_dense_scalar(IrParser *p, const IrToken *tok, bool neg)
{
	GROW(p->dense, p->ndense, p->densecap);
	p->dense[p->ndense].tok = *tok;
	p->dense[p->ndense++].neg = neg;
	return ir_p_i64_new();
}

/* A list's shape is [count, element shape...]; every element must have
 * the shape of the first. */
IrI64List *
ir_p_dlist(IrParser *p, IrI64List *list, IrI64List *elem)
{
	size_t i;

	if (!list) {
		list = ir_p_i64_push(NULL, 1);
		for (i = 0; elem && i < elem->n; i++)
			ir_p_i64_push(list, elem->v[i]);
		ir_p_i64_free(elem);
		return list;
	}
	if (!p->failed && elem && (elem->n + 1 != list->n ||
	    (elem->n && memcmp(elem->v, list->v + 1,
	    elem->n * sizeof *elem->v) != 0)))
		ir_p_fail(p, p->ndense ? &p->dense[p->ndense - 1].tok : NULL,
		    "tensor literal is invalid; ranks are not consistent "
		    "between elements");
	list->v[0]++;
	ir_p_i64_free(elem);
	return list;
}

static char *
shape_str(const int64_t *d, size_t n)
{
	char *s = ir_xmalloc(n * 24 + 3);
	size_t len = 0, i;

	s[len++] = '[';
	for (i = 0; i < n; i++)
		len += (size_t)sprintf(s + len, "%s%" PRId64, i ? ", " : "",
		    d[i]);
	s[len++] = ']';
	s[len] = 0;
	return s;
}

/* The bits of a dense float element. */
static uint64_t
float_elem_bits(const IrType *t, double d)
{
	uint64_t bits = 0;
	float f;
	uint32_t b;

	switch (t->u.flt.kind) {
	case IR_F16:
		return ir_f16_from_double(d);
	case IR_BF16:
		return ir_bf16_from_double(d);
	case IR_F32:
		/* Past FLT_MAX plus half an ulp is infinity (the cast would
		 * be undefined). */
		if (isfinite(d) && fabs(d) >= 0x1.ffffffp127)
			d = copysign(INFINITY, d);
		f = (float)d;
		memcpy(&b, &f, 4);
		return b;
	default:
		memcpy(&bits, &d, 8);
		return bits;
	}
}

/* The bits of dense element e for element type t; false after an
 * error. */
static bool
elem_bits(IrParser *p, const DenseElem *e, const IrType *t, uint64_t *bits)
{
	const IrToken *tok = &e->tok;
	uint64_t v = 0;

	if (tok->kind == TK_TRUE || tok->kind == TK_FALSE) {
		if (t->kind != IR_TYPE_INTEGER || t->u.integer.width != 1) {
			ir_p_fail(p, tok, "expected i1 type for 'true' or "
			    "'false' values");
			return false;
		}
		*bits = tok->kind == TK_TRUE;
		return true;
	}
	if (tok->kind == TK_INTEGER && !tok_u64(tok, &v)) {
		ir_p_fail(p, tok, "integer constant out of range");
		return false;
	}
	if (t->kind == IR_TYPE_FLOAT && tok_is_hex(tok)) {
		/* A bit pattern, as NaN and infinity print. */
		unsigned w = ir_type_bitwidth(t);

		if (e->neg || (w < 64 && v >> w)) {
			ir_p_fail(p, tok, "hexadecimal float constant out of "
			    "range for type");
			return false;
		}
		*bits = v;
		return true;
	}
	if (t->kind == IR_TYPE_FLOAT) {
		double d = tok->kind == TK_FLOAT ? tok_double(tok) : (double)v;

		*bits = float_elem_bits(t, e->neg ? -d : d);
		return true;
	}
	if (tok->kind == TK_FLOAT) {
		ir_p_fail(p, tok, "expected integer elements, but parsed "
		    "floating-point");
		return false;
	}
	if (!int_fits(t, v, e->neg)) {
		ir_p_fail(p, tok, "integer constant out of range for type");
		return false;
	}
	*bits = (uint64_t)int_canon(t, v, e->neg);
	return true;
}

/* Encodes dense element e of element type t at out, little endian. */
static bool
dense_encode(IrParser *p, const DenseElem *e, const IrType *t, uint8_t *out)
{
	size_t size = ir_dense_elem_size(t), i;
	uint64_t bits;

	if (!elem_bits(p, e, t, &bits))
		return false;
	for (i = 0; i < size; i++)
		out[i] = (uint8_t)(bits >> (8 * i));
	return true;
}

/* The type of a dense literal: a static tensor or vector of int, float
 * or index. */
static bool
dense_type_ok(IrParser *p, const IrToken *kw, const IrType *t)
{
	const IrType *e;

	if ((t->kind != IR_TYPE_TENSOR && t->kind != IR_TYPE_VECTOR) ||
	    ir_type_num_elements(t) < 0) {
		ir_p_fail(p, kw, "elements literal type must have static "
		    "shape");
		return false;
	}
	e = t->u.shaped.elem;
	if (e->kind != IR_TYPE_INTEGER && e->kind != IR_TYPE_FLOAT &&
	    e->kind != IR_TYPE_INDEX) {
		ir_p_fail(p, kw, "unsupported dense element type");
		return false;
	}
	return true;
}

static const IrAttr *
make_dense(IrParser *p, const IrToken *kw, IrI64List *shape,
    const IrType *t)
{
	size_t es = ir_dense_elem_size(t->u.shaped.elem), i;
	int64_t n = ir_type_num_elements(t);
	bool splat = shape && shape->n == 0;
	const IrAttr *a = NULL;
	uint8_t *buf;

	if (!splat && (!shape ? n != 0 :
	    shape->n != (size_t)t->u.shaped.rank || (shape->n &&
	    memcmp(shape->v, t->u.shaped.dims,
	    shape->n * sizeof *shape->v) != 0))) {
		char *s1 = shape ? shape_str(shape->v, shape->n) :
		    shape_str(NULL, 0);
		char *s2 = shape_str(t->u.shaped.dims,
		    (size_t)t->u.shaped.rank);

		ir_p_fail(p, kw, "inferred shape of elements literal (%s) "
		    "does not match type (%s)", s1, s2);
		free(s1);
		free(s2);
		return NULL;
	}
	buf = ir_xcalloc(p->ndense + 1, es);
	for (i = 0; i < p->ndense; i++)
		if (!dense_encode(p, &p->dense[i], t->u.shaped.elem,
		    buf + i * es))
			break;
	if (!p->failed)
		a = ir_attr_dense(p->ctx, t, splat, buf, p->ndense * es);
	if (!a && !p->failed)
		ir_p_fail(p, kw, "dense elements do not fit type");
	free(buf);
	return a;
}

const IrAttr *
ir_p_dense(IrParser *p, const IrToken *kw, IrI64List *shape,
    const IrType *t)
{
	const IrAttr *a = NULL;

	if (!p->failed && t && dense_type_ok(p, kw, t))
		a = make_dense(p, kw, shape, t);
	ir_p_i64_free(shape);
	return a;
}

const IrAttr *
ir_p_dense_hex(IrParser *p, const IrToken *kw, const IrToken *str,
    const IrType *t)
{
	const IrIdent *s;
	size_t es, n, i;
	int64_t ne;
	uint8_t *buf;
	const IrAttr *a;

	if (p->failed || !t || !dense_type_ok(p, kw, t))
		return NULL;
	s = tok_string(p, str, 0);
	if (s->len < 2 || s->str[0] != '0' || s->str[1] != 'x') {
		ir_p_fail(p, str, "elements hex string should start with "
		    "'0x'");
		return NULL;
	}
	n = (s->len - 2) / 2;
	es = ir_dense_elem_size(t->u.shaped.elem);
	ne = ir_type_num_elements(t);
	if ((s->len & 1) || (n != es && n != (size_t)ne * es)) {
		ir_p_fail(p, str, "elements hex data size is invalid for "
		    "provided type");
		return NULL;
	}
	buf = ir_xmalloc(n + 1);
	for (i = 0; i < n; i++) {
		const char *h = s->str + 2 + 2 * i;
		int hi = h[0] <= '9' ? h[0] - '0' : (h[0] | 32) - 'a' + 10;
		int lo = h[1] <= '9' ? h[1] - '0' : (h[1] | 32) - 'a' + 10;

		if (!strchr("0123456789abcdefABCDEF", h[0]) ||
		    !strchr("0123456789abcdefABCDEF", h[1]) || !h[0] ||
		    !h[1]) {
			free(buf);
			ir_p_fail(p, str, "expected hex digits in elements "
			    "hex string");
			return NULL;
		}
		buf[i] = (uint8_t)(hi * 16 + lo);
	}
	a = ir_attr_dense(p->ctx, t, n == es && ne != 1, buf, n);
	free(buf);
	if (!a)
		ir_p_fail(p, str, "elements hex data size is invalid for "
		    "provided type");
	return a;
}

/* ---------------------------------------------------------------- affine */

void
ir_p_affine_begin(IrParser *p, const IrToken *kw)
{
	p->affkw = *kw;
	p->affdims.n = 0;
	p->affsyms.n = 0;
}

void
ir_p_affine_id(IrParser *p, const IrToken *tok, bool symbol)
{
	IrPtrList *l = symbol ? &p->affsyms : &p->affdims;
	const IrIdent *id = tok_ident(p, tok, 0);
	size_t i;

	if (p->failed)
		return;
	for (i = 0; i < p->affdims.n; i++)
		if (p->affdims.v[i] == id)
			goto dup;
	for (i = 0; i < p->affsyms.n; i++)
		if (p->affsyms.v[i] == id)
			goto dup;
	GROW(l->v, l->n, l->cap);
	l->v[l->n++] = id;
	return;
dup:
	ir_p_fail(p, tok, "redefinition of identifier '%.*s'", (int)tok->len,
	    tok->s);
}

const IrAffineExpr *
ir_p_aff_bin(IrParser *p, IrAffineKind kind, const IrAffineExpr *a,
    const IrAffineExpr *b)
{
	const IrAffineExpr *e;

	if (p->failed || !a || !b)
		return NULL;
	e = ir_affine_binary(p->ctx, kind, a, b);
	return depth_ok(p, &p->affkw, OBJ_AFFINE, e) ? e : NULL;
}

const IrAffineExpr *
ir_p_aff_sub(IrParser *p, const IrAffineExpr *a, const IrAffineExpr *b)
{
	return ir_p_aff_bin(p, IR_AFFINE_ADD, a, ir_p_aff_neg(p, b));
}

const IrAffineExpr *
ir_p_aff_neg(IrParser *p, const IrAffineExpr *a)
{
	if (p->failed || !a)
		return NULL;
	return ir_p_aff_bin(p, IR_AFFINE_MUL, a, ir_affine_const(p->ctx, -1));
}

const IrAffineExpr *
ir_p_aff_const(IrParser *p, const IrToken *tok)
{
	int64_t v = ir_p_int64(p, tok, false);

	return p->failed ? NULL : ir_affine_const(p->ctx, v);
}

const IrAffineExpr *
ir_p_aff_ref(IrParser *p, const IrToken *tok)
{
	const IrIdent *id = tok_ident(p, tok, 0);
	size_t i;

	if (p->failed)
		return NULL;
	for (i = 0; i < p->affdims.n; i++)
		if (p->affdims.v[i] == id)
			return ir_affine_dim(p->ctx, (unsigned)i);
	for (i = 0; i < p->affsyms.n; i++)
		if (p->affsyms.v[i] == id)
			return ir_affine_symbol(p->ctx, (unsigned)i);
	ir_p_fail(p, tok, "use of undeclared identifier '%.*s'",
	    (int)tok->len, tok->s);
	return NULL;
}

const IrAttr *
ir_p_affine_map(IrParser *p, IrPtrList *results)
{
	const IrAttr *a = NULL;

	if (!p->failed && results && !has_null(results))
		a = ir_attr_affine_map(p->ctx, (unsigned)p->affdims.n,
		    (unsigned)p->affsyms.n, results->n,
		    (const IrAffineExpr *const *)results->v);
	ir_p_list_free(results);
	return a;
}

const IrAttr *
ir_p_strided(IrParser *p, IrI64List *strides, int64_t offset)
{
	const IrAttr *a = NULL;

	if (!p->failed && strides)
		a = ir_attr_strided(p->ctx, offset, strides->n, strides->v);
	ir_p_i64_free(strides);
	return a;
}

/* ---------------------------------------------------------------- locations */

const IrLoc *
ir_p_loc_unknown(IrParser *p)
{
	return p->failed ? NULL : ir_loc_unknown(p->ctx);
}

const IrLoc *
ir_p_loc_file(IrParser *p, const IrToken *file, const IrToken *line,
    const IrToken *col)
{
	uint64_t l, c;

	if (p->failed)
		return NULL;
	if (!tok_u64(line, &l) || l > UINT32_MAX) {
		ir_p_fail(p, line, "expected line number");
		return NULL;
	}
	if (!tok_u64(col, &c) || c > UINT32_MAX) {
		ir_p_fail(p, col, "expected column number");
		return NULL;
	}
	return ir_loc_file(p->ctx, tok_string(p, file, 0), (unsigned)l,
	    (unsigned)c);
}

const IrLoc *
ir_p_loc_name(IrParser *p, const IrToken *name, const IrLoc *child)
{
	if (p->failed)
		return NULL;
	return ir_loc_name(p->ctx, tok_string(p, name, 0), child);
}

const IrLoc *
ir_p_loc_fused(IrParser *p, IrPtrList *locs, const IrAttr *meta)
{
	const IrLoc *l = NULL;

	if (!p->failed && locs && !has_null(locs))
		l = ir_loc_fused(p->ctx, locs->n,
		    (const IrLoc *const *)locs->v, meta);
	ir_p_list_free(locs);
	return l;
}

const IrLoc *
ir_p_loc_callsite(IrParser *p, const IrLoc *callee, const IrLoc *caller)
{
	if (p->failed || !callee || !caller)
		return NULL;
	return ir_loc_callsite(p->ctx, callee, caller);
}


/* ------------------------------------------------------------ loc aliases */

static LocAlias *
loc_alias_get(IrParser *p, const IrToken *tok)
{
	const IrIdent *name = tok_ident(p, tok, 1);
	LocAlias *a;
	size_t i;

	i = (size_t)(uintptr_t)ir_ptrmap_get(&p->lamap, name);
	if (i)
		return &p->lalias[i - 1];
	GROW(p->lalias, p->nlalias, p->laliascap);
	a = &p->lalias[p->nlalias++];
	ir_ptrmap_put(&p->lamap, name, (void *)(uintptr_t)p->nlalias);
	memset(a, 0, sizeof *a);
	a->name = name;
	a->use = *tok;
	return a;
}

void
ir_p_loc_alias(IrParser *p, const IrToken *name, const IrLoc *loc)
{
	LocAlias *a;

	if (p->failed || lost(p, name, loc) ||
	    !alias_ok(p, name, OBJ_LOC, loc))
		return;
	a = loc_alias_get(p, name);
	if (a->loc) {
		ir_p_fail(p, name, "redefinition of location alias id '%.*s'",
		    (int)a->name->len, a->name->str);
		return;
	}
	a->loc = loc;
	a->def = *name;
}

const IrLoc *
ir_p_loc_alias_ref(IrParser *p, const IrToken *name)
{
	LocAlias *a;
	char *s;

	if (p->failed)
		return NULL;
	a = loc_alias_get(p, name);
	/* What the uses print is counted once every alias is resolved. */
	a->nuses++;
	if (a->loc)
		return a->loc;
	if (!a->placeholder) {
		/* A name no source can spell (it starts with a NUL). */
		s = ir_xmalloc(a->name->len + 16);
		memcpy(s, "\0npuir.localias.", 16);
		memcpy(s + 16, a->name->str, a->name->len);
		a->placeholder = ir_loc_name(p->ctx,
		    ir_ident_get(p->ctx, s, a->name->len + 16), NULL);
		free(s);
		a->use = *name;
		p->loc_forward = true;
		ir_ptrmap_put(&p->laph, a->placeholder,
		    (void *)(uintptr_t)(size_t)(a - p->lalias + 1));
	}
	return a->placeholder;
}

static const IrLoc *loc_remap(IrParser *p, const IrLoc *l, unsigned depth);

static const IrLoc *
loc_remap_fused(IrParser *p, const IrLoc *l, unsigned depth)
{
	const IrLoc **v = ir_xcalloc(l->u.fused.n + 1, sizeof *v);
	const IrLoc *r;
	size_t i;

	for (i = 0; i < l->u.fused.n; i++)
		v[i] = loc_remap(p, l->u.fused.locs[i], depth + 1);
	r = ir_loc_fused(p->ctx, l->u.fused.n, v, l->u.fused.metadata);
	free(v);
	return r;
}

/* loc with every alias placeholder replaced by its definition; memoized,
 * as aliases share (`#l1 = loc(fused[#l0, #l0])`). */
static const IrLoc *
loc_remap(IrParser *p, const IrLoc *l, unsigned depth)
{
	const IrLoc *r;
	size_t i;

	if (!l || p->failed || l->kind == IR_LOC_FILE ||
	    l->kind == IR_LOC_UNKNOWN)
		return l;
	if (depth > IR_MAX_NESTING) {
		ir_p_fail(p, p->remap_use, "nesting too deep (limit %d)",
		    IR_MAX_NESTING);
		return l;
	}
	r = ir_ptrmap_get(&p->lamemo, l);
	if (r)
		return r;
	i = (size_t)(uintptr_t)ir_ptrmap_get(&p->laph, l);
	if (i) {
		LocAlias *a = &p->lalias[i - 1];

		if (!p->remap_use)
			p->remap_use = &a->use;
		if (a->busy) {
			ir_p_fail(p, p->remap_use, "location aliases refer to "
			    "each other");
			return l;
		}
		a->busy = true;
		r = loc_remap(p, a->loc, depth + 1);
		a->busy = false;
	} else if (l->kind == IR_LOC_NAME && l->u.name.child) {
		r = ir_loc_name(p->ctx, l->u.name.name,
		    loc_remap(p, l->u.name.child, depth + 1));
	} else if (l->kind == IR_LOC_CALLSITE) {
		r = ir_loc_callsite(p->ctx,
		    loc_remap(p, l->u.callsite.callee, depth + 1),
		    loc_remap(p, l->u.callsite.caller, depth + 1));
	} else if (l->kind == IR_LOC_FUSED) {
		r = loc_remap_fused(p, l, depth);
	} else {
		r = l;
	}
	if (!p->failed)
		ir_ptrmap_put(&p->lamemo, l, (void *)r);
	return r;
}

static IrWalkResult
remap_op(IrOp *op, void *user)
{
	IrParser *p = user;
	unsigned i, j;
	IrBlock *b;

	p->remap_use = NULL;
	op->loc = loc_remap(p, op->loc, 0);
	for (i = 0; i < op->nregions; i++)
		for (b = op->regions[i].first; b; b = b->next)
			for (j = 0; j < b->nargs; j++) {
				p->remap_use = NULL;
				b->args[j]->loc = loc_remap(p, b->args[j]->loc,
				    0);
			}
	return p->failed ? IR_WALK_INTERRUPT : IR_WALK_ADVANCE;
}

/* Resolves alias a (its definition may use aliases defined after it)
 * and counts what its uses print. */
static bool
loc_alias_check(IrParser *p, LocAlias *a)
{
	if (!a->loc) {
		ir_p_fail(p, &a->use, "undefined symbol alias id '%.*s'",
		    (int)a->name->len, a->name->str);
		return false;
	}
	p->remap_use = &a->use;
	if (p->loc_forward)
		a->loc = loc_remap(p, a->loc, 0);
	return !p->failed && alias_ok(p, &a->def, OBJ_LOC, a->loc) &&
	    alias_use_ok(p, &a->def, OBJ_LOC, a->loc, a->nuses);
}

/* Checks every location alias and replaces those used before their
 * definition. */
static bool
resolve_loc_aliases(IrParser *p, IrBlock *top)
{
	size_t i;
	IrOp *op;

	for (i = 0; i < p->nlalias; i++)
		if (!loc_alias_check(p, &p->lalias[i]))
			return false;
	if (!p->loc_forward)
		return true;
	for (op = top ? top->first : NULL; op && !p->failed; op = op->next)
		ir_op_walk(op, IR_WALK_PRE, remap_op, p);
	return !p->failed;
}

/* ---------------------------------------------------------------- driver */

static bool
is_open(int k)
{
	return k == TK_LPAREN || k == TK_LBRACKET || k == TK_LBRACE ||
	    k == TK_LT;
}

static bool
is_close(int k)
{
	return k == TK_RPAREN || k == TK_RBRACKET || k == TK_RBRACE ||
	    k == TK_GT;
}

static char
closer_of(int k)
{
	return k == TK_LPAREN ? ')' : k == TK_LBRACKET ? ']' :
	    k == TK_LBRACE ? '}' : '>';
}

static void
lex_fail(IrParser *p, const IrLexer *lx)
{
	IrToken t;

	memset(&t, 0, sizeof t);
	ir_source_linecol(p->src, (size_t)(lx->errpos - lx->buf), &t.line,
	    &t.col);
	ir_p_fail(p, &t, "%s", lx->err);
}

/* Feeds tokens to the Lemon parser until the end or the first error,
 * bounding the nesting of brackets so nothing downstream recurses too
 * deep. */
static void
pump(IrParser *p, void *lp, IrLexer *lx)
{
	IrToken tok;
	int prev = 0, k;

	for (;;) {
		k = ir_lex(lx, &tok);
		if (k == IR_TK_ERROR) {
			lex_fail(p, lx);
			return;
		}
		if (is_open(k) && p->depth == IR_MAX_NESTING) {
			ir_p_fail(p, &tok, "nesting too deep (limit %d)",
			    IR_MAX_NESTING);
			return;
		}
		if (is_open(k))
			p->closers[p->depth++] = closer_of(k);
		if (is_close(k) && p->depth > 0)
			p->depth--;
		if (k == TK_LT && (prev == TK_TENSOR || prev == TK_MEMREF ||
		    prev == TK_VECTOR))
			lx->dims = true;
		irParse(lp, k, tok);
		if (p->failed || k == IR_TK_EOF)
			return;
		prev = k;
	}
}

/* The result of a successful parse: the single top-level module, or an
 * implicit module around the top-level ops. */
static IrOp *
finish_top(IrParser *p)
{
	RegionFrame *r = top_region(p);
	IrBlock *b;
	IrOp *m;

	if (!region_close_scope(p, r))
		return NULL;
	b = r->region->first;
	if (!resolve_loc_aliases(p, b))
		return NULL;
	if (b && b->first && b->first == b->last &&
	    ir_op_is(b->first, "builtin.module")) {
		m = b->first;
		ir_op_remove(m);
		return m;
	}
	m = ir_module_create(p->ctx, ir_loc_file(p->ctx, p->src->name, 0, 0));
	while (b && b->first)
		ir_op_move_to_end(b->first, ir_module_body(m));
	return m;
}

/* Frees whatever is left, innermost first so no op outlives a value it
 * uses; placeholders go last. */
static void
cleanup(IrParser *p)
{
	size_t i;

	while (p->nops || p->nregions) {
		OpFrame *f = top_op(p);

		if (f && f->rdepth >= p->nregions)
			op_pop(p);
		else
			region_free(p->regions[--p->nregions]);
	}
	for (i = 0; i < p->nph; i++)
		ir_op_destroy(p->placeholders[i]);
	while (p->nbinds)
		bind_pop(p);
	free(p->placeholders);
	free(p->binds);
	ir_ptrmap_free(&p->names);
	free(p->regions);
	free(p->ops);
	free(p->pending);
	ir_ptrmap_free(&p->talias);
	ir_ptrmap_free(&p->aalias);
	ir_ptrmap_free(&p->lamap);
	ir_ptrmap_free(&p->laph);
	ir_ptrmap_free(&p->lamemo);
	ir_ptrmap_free(&p->measmap);
	free(p->meas);
	free(p->lalias);
	free(p->dense);
	free(p->affdims.v);
	free(p->affsyms.v);
	free(p->q.scales);
	free(p->q.zps);
}

IrOp *
ir_parse(IrContext *ctx, const IrSource *src)
{
	IrParser p;
	IrLexer lx;
	IrOp *result = NULL;
	void *lp;

	memset(&p, 0, sizeof p);
	p.ctx = ctx;
	p.src = src;
	p.ph_name = ir_op_name_get(ctx, "builtin.unresolved_placeholder",
	    strlen("builtin.unresolved_placeholder"));
	region_push(&p, true);
	lp = irParseAlloc(ir_xmalloc, &p);
	ir_lexer_init(&lx, src->data, src->len, src->first_line);
	pump(&p, lp, &lx);
	irParseFree(lp, free);
	if (!p.failed)
		result = finish_top(&p);
	cleanup(&p);
	return p.failed ? NULL : result;
}

IrOp *
ir_parse_string(IrContext *ctx, const char *name, const char *text,
    size_t len)
{
	return ir_parse(ctx, ir_context_add_source(ctx, name, text, len, 1));
}
