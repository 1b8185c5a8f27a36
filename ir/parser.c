/* ir/parser.c: the parse driver (token pump, regions and blocks) and the
 * helpers the other parse_*.c files share; SSA names are parse_names.c. */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "ir/context.h"
#include "ir/parser.h"
#include "parse.h"

/* ---------------------------------------------------------------- lists */

IrPtrList *
ir_p_list_new(IrParser *p)
{
	if (p->nlpool)
		return p->lpool[--p->nlpool];
	return ir_xcalloc(1, sizeof(IrPtrList));
}

IrPtrList *
ir_p_list_push(IrParser *p, IrPtrList *l, const void *x)
{
	if (!l)
		l = ir_p_list_new(p);
	IR_P_GROW(l->v, l->n, l->cap);
	l->v[l->n++] = x;
	return l;
}

void
ir_p_list_free(IrParser *p, IrPtrList *l)
{
	if (!l)
		return;
	if (p->nlpool < IR_P_POOL) {
		l->n = 0;
		p->lpool[p->nlpool++] = l;
		return;
	}
	free(l->v);
	free(l);
}

IrI64List *
ir_p_i64_new(IrParser *p)
{
	if (p->nipool)
		return p->ipool[--p->nipool];
	return ir_xcalloc(1, sizeof(IrI64List));
}

IrI64List *
ir_p_i64_push(IrParser *p, IrI64List *l, int64_t x)
{
	if (!l)
		l = ir_p_i64_new(p);
	IR_P_GROW(l->v, l->n, l->cap);
	l->v[l->n++] = x;
	return l;
}

void
ir_p_i64_free(IrParser *p, IrI64List *l)
{
	if (!l)
		return;
	if (p->nipool < IR_P_POOL) {
		l->n = 0;
		p->ipool[p->nipool++] = l;
		return;
	}
	free(l->v);
	free(l);
}

void
ir_p_lists_free(IrParser *p)
{
	while (p->nlpool) {
		IrPtrList *l = p->lpool[--p->nlpool];

		free(l->v);
		free(l);
	}
	while (p->nipool) {
		IrI64List *l = p->ipool[--p->nipool];

		free(l->v);
		free(l);
	}
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
bool
ir_p_has_null(const IrPtrList *l)
{
	size_t i;

	for (i = 0; l && i < l->n; i++)
		if (!l->v[i])
			return true;
	return false;
}

/* ---------------------------------------------------------------- errors */

const IrLoc *
ir_p_tok_loc(IrParser *p, const IrToken *tok)
{
	return ir_loc_file(p->ctx, p->src->name, tok->line, tok->col);
}

IrLocRef
ir_p_tok_locref(IrParser *p, const IrToken *tok)
{
	return ir_loc_ref_file(p->ctx, p->src->name, tok->line, tok->col);
}

void
ir_p_fail(IrParser *p, const IrToken *tok, const char *fmt, ...)
{
	va_list ap;
	const IrLoc *loc;

	if (p->failed)
		return;
	p->failed = true;
	loc = tok ? ir_p_tok_loc(p, tok) : ir_loc_unknown(p->ctx);
	va_start(ap, fmt);
	ir_emitv(p->ctx, IR_SEV_ERROR, loc, fmt, ap);
	va_end(ap);
}

/* A builder got NULL without an error having been reported (a
 * constructor refused its input): report it rather than lose the
 * construct silently. */
bool
ir_p_lost(IrParser *p, const IrToken *tok, const void *x)
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
	/* only an affine expression starts with any of these, and no float */
	if (wants(want, nwant, TK_BARE) && wants(want, nwant, TK_INTEGER) &&
	    wants(want, nwant, TK_MINUS) && wants(want, nwant, TK_LPAREN) &&
	    !wants(want, nwant, TK_FLOAT)) {
		ir_p_fail(p, tok, "expected affine expression");
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

const IrIdent *
ir_p_tok_ident(IrParser *p, const IrToken *tok, size_t skip)
{
	return ir_ident_get(p->ctx, tok->s + skip, tok->len - skip);
}

/* The bytes of a string token (quotes removed, escapes decoded). */
const IrIdent *
ir_p_tok_string(IrParser *p, const IrToken *tok, size_t skip)
{
	size_t n;
	char *s = ir_lex_unescape(tok->s + skip + 1, tok->len - skip - 2, &n);
	const IrIdent *id = ir_ident_get(p->ctx, s, n);

	free(s);
	return id;
}

/* Parses a decimal or 0x integer token into *out; false on overflow. */
bool
ir_p_tok_u64(const IrToken *tok, uint64_t *out)
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

bool
ir_p_tok_is_hex(const IrToken *tok)
{
	return tok->len > 2 && tok->s[0] == '0' && tok->s[1] == 'x';
}

/* Exact powers of ten in double (10^22 is the largest). */
static const double pow10_exact[] = {
	1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
	1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
};

/* Clinger's fast path: a decimal [-]ddd[.ddd][e[+-]dd] whose digits fit
 * in 53 bits and whose power of ten is exact in double is m * 10^e or
 * m / 10^-e, one correctly rounded operation on exact operands: the
 * double strtod gives, without its copy and big-number work (float
 * literals in dense<> lists are most of a CNN's IR text). */
bool
ir_decimal_fast(const char *s, size_t n, double *out)
{
	size_t i = 0;
	uint64_t m = 0;
	int digits = 0, e = 0;
	bool neg = false, any = false;

	if (i < n && (s[i] == '-' || s[i] == '+'))
		neg = s[i++] == '-';
	for (; i < n && s[i] >= '0' && s[i] <= '9'; i++, any = true) {
		if (m || s[i] != '0')
			digits++;
		m = m * 10 + (uint64_t)(s[i] - '0');
		if (digits > 15)
			return false;
	}
	if (i < n && s[i] == '.')
		for (i++; i < n && s[i] >= '0' && s[i] <= '9'; i++) {
			if (m || s[i] != '0')
				digits++;
			m = m * 10 + (uint64_t)(s[i] - '0');
			e--;
			any = true;
			if (digits > 15)
				return false;
		}
	if (!any)
		return false;
	if (i < n && (s[i] == 'e' || s[i] == 'E')) {
		int sign = 1, x = 0;
		i++;
		if (i < n && (s[i] == '-' || s[i] == '+'))
			sign = s[i++] == '-' ? -1 : 1;
		if (i == n)
			return false;
		for (; i < n && s[i] >= '0' && s[i] <= '9'; i++)
			if ((x = x * 10 + (s[i] - '0')) > 400)
				return false;
		e += sign * x;
	}
	if (i != n || e < -22 || e > 22)
		return false;
	double d = (double)m; /* exact: m < 10^15 < 2^53 */
	d = e < 0 ? d / pow10_exact[-e] : d * pow10_exact[e];
	*out = neg ? -d : d;
	return true;
}

double
ir_p_tok_double(const IrToken *tok)
{
	char buf[64];
	double d;

	if (ir_decimal_fast(tok->s, tok->len, &d))
		return d;
	if (tok->len < sizeof buf) {
		memcpy(buf, tok->s, tok->len);
		buf[tok->len] = 0;
		return strtod(buf, NULL);
	}
	char *s = ir_xstrndup(tok->s, tok->len);
	d = strtod(s, NULL);
	free(s);
	return d;
}

int64_t
ir_p_int64(IrParser *p, const IrToken *tok, bool neg)
{
	uint64_t v;

	if (p->failed)
		return 0;
	if (!ir_p_tok_u64(tok, &v) || v > (uint64_t)INT64_MAX + (neg ? 1 : 0)) {
		ir_p_fail(p, tok, "integer constant out of range");
		return 0;
	}
	return neg ? (int64_t)(0 - v) : (int64_t)v;
}

/* ---------------------------------------------------------------- frames */

RegionFrame *
ir_p_top_region(IrParser *p)
{
	return p->nregions ? p->regions[p->nregions - 1] : NULL;
}

OpFrame *
ir_p_top_op(IrParser *p)
{
	return p->nops ? p->ops[p->nops - 1] : NULL;
}

/* ---------------------------------------------------------------- regions */

static void
region_push(IrParser *p, bool isolated)
{
	RegionFrame *r = ir_xcalloc(1, sizeof *r);

	r->region = ir_xcalloc(1, sizeof *r->region);
	r->bind_base = p->nbinds;
	r->isolated = isolated;
	IR_P_GROW(p->regions, p->nregions, p->regcap);
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

Label *
ir_p_label_get(IrParser *p, RegionFrame *r, const IrToken *tok)
{
	const IrIdent *name = ir_p_tok_ident(p, tok, 1);
	size_t i;
	Label *l;

	i = (size_t)(uintptr_t)ir_ptrmap_get(&r->labelmap, name);
	if (i)
		return &r->labels[i - 1];
	IR_P_GROW(r->labels, r->nlabels, r->labelcap);
	l = &r->labels[r->nlabels++];
	ir_ptrmap_put(&r->labelmap, name, (void *)(uintptr_t)r->nlabels);
	l->name = name;
	l->block = ir_block_create();
	l->defined = false;
	l->ref = *tok;
	return l;
}

IrBlock *
ir_p_current_block(RegionFrame *r)
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
		if (ir_p_bind_defined(&p->binds[i]))
			continue;
		if (r->isolated || p->nregions == 1) {
			IrToken use = ir_p_bind_tok(p, &p->binds[i]);

			ir_p_fail(p, &use, "use of undeclared SSA value name");
			return false;
		}
		keep = ir_xrealloc(keep, (nkeep + 1) * sizeof *keep);
		keep[nkeep++] = p->binds[i];
		p->binds[i].v.one = NULL;
	}
	while (p->nbinds > r->bind_base)
		ir_p_bind_pop(p);
	/* They land above r's bind_base, so in the enclosing scope once r
	 * is popped. */
	for (i = 0; i < nkeep; i++) {
		Binding *b = ir_p_bind_push_at(p, ir_p_code_cell(p, keep[i].cell),
		    keep[i].cell, keep[i].at);

		b->v = keep[i].v;
	}
	free(keep);
	return true;
}

void
ir_p_region_begin(IrParser *p, const IrToken *brace)
{
	OpFrame *f = ir_p_top_op(p);
	RegionFrame *r;
	size_t i;

	if (p->failed || !f)
		return;
	region_push(p, f->isolated);
	r = ir_p_top_region(p);
	if (f->sugar != SUGAR_FUNC || f->nregions != 0 || f->nargs == 0)
		return;
	/* `func @f(i32) { ^bb0(%a: i32): ... }`: MLIR 14 lets the body's
	 * entry block name the arguments (the verifier matches the types) */
	for (i = 0; i < f->nargs && !f->args[i].named; i++)
		;
	if (i == f->nargs)
		return;
	r->named_args = true;
	ir_p_current_block(r);
	for (i = 0; i < f->nargs && !p->failed; i++) {
		FuncArg *a = &f->args[i];
		IrValue *v;

		if (!a->named) {
			ir_p_fail(p, brace, "expected named arguments for a "
			    "function with a body");
			return;
		}
		v = ir_block_add_arg(r->cur, a->type,
		    a->loc ? a->loc : ir_p_tok_loc(p, &a->tok));
		ir_p_define(p, &a->tok, a->tok.s + 1, a->tok.len - 1, &v, 1);
	}
}

void
ir_p_region_end(IrParser *p, const IrToken *brace)
{
	RegionFrame *r = ir_p_top_region(p);
	OpFrame *f = ir_p_top_op(p);

	(void)brace;
	if (p->failed || !r || !f)
		return;
	if (!region_close_scope(p, r))
		return;
	p->nregions--;
	IR_P_GROW(f->regions, f->nregions, f->regcap);
	f->regions[f->nregions++] = r->region;
	free(r->labels);
	ir_ptrmap_free(&r->labelmap);
	free(r);
}

void
ir_p_block_begin(IrParser *p, const IrToken *label)
{
	RegionFrame *r = ir_p_top_region(p);
	Label *l;

	if (p->failed || !r)
		return;
	if (r->named_args && r->cur == r->region->first && r->cur &&
	    !r->cur->first) {
		ir_p_fail(p, label, "invalid block name in region with named "
		    "arguments");
		return;
	}
	l = ir_p_label_get(p, r, label);
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
	RegionFrame *r = ir_p_top_region(p);
	IrValue *v;

	if (p->failed || !r || ir_p_lost(p, name, t))
		return;
	v = ir_block_add_arg(ir_p_current_block(r), t,
	    loc ? loc : ir_p_tok_loc(p, name));
	ir_p_define(p, name, name->s + 1, name->len - 1, &v, 1);
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
/* Can the fast path take an op starting at tok (kind k)? The grammar's
 * pending reductions are done first (see irParseAtOpStart). *known is
 * the kind it last said yes to while the engine has not moved since (the
 * fast path leaves it alone): the same question then has the same answer
 * and nothing left to reduce, so it is not asked again. */
static bool
fast_op_start(IrParser *p, void *lp, int k, const IrToken *tok, int *known)
{
#ifdef IR_PARSE_NO_FAST
	(void)p; (void)lp; (void)k; (void)tok; (void)known;
	return false;
#else
	if ((k != TK_VALUE_ID && k != TK_STRING) ||
	    p->depth + 4 >= IR_MAX_NESTING)
		return false;
	if (*known == k)
		return true;
	*known = irParseAtOpStart(lp, k, *tok, p) ? k : 0;
	return *known != 0;
#endif
}

static void
pump(IrParser *p, void *lp, IrLexer *lx)
{
	IrToken tok;
	int prev = 0, k, known = 0;
	bool ahead = false;   /* tok is already lexed */

	for (;;) {
		k = ahead ? tok.kind : ir_lex(lx, &tok);
		ahead = false;
		if (fast_op_start(p, lp, k, &tok, &known)) {
			IrToken next;

			if (ir_p_fast_op(p, lx, &tok, &next)) {
				tok = next;
				ahead = true;
				prev = 0;
				if (p->failed)
					return;
				continue;
			}
		}
		if (p->failed)
			return;
		if (k == IR_TK_ERROR) {
			lex_fail(p, lx);
			return;
		}
		if (k == TK_SHAPED && (p->depth == IR_MAX_NESTING ||
		    !irParseHasAction(lp, TK_SHAPED))) {
			/* Not where a type can start (or too deep): lex it
			 * piece by piece, so errors are the same as ever. */
			lx->cur = tok.s + 6;
			k = tok.kind = tok.s[0] == 't' ? TK_TENSOR : TK_MEMREF;
			tok.len = 6;
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
		known = 0;
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
	RegionFrame *r = ir_p_top_region(p);
	IrBlock *b;
	IrOp *m;

	if (!region_close_scope(p, r))
		return NULL;
	b = r->region->first;
	if (!ir_p_resolve_loc_aliases(p, b))
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
		OpFrame *f = ir_p_top_op(p);

		if (f && f->rdepth >= p->nregions)
			ir_p_op_pop(p);
		else
			region_free(p->regions[--p->nregions]);
	}
	ir_p_op_frames_free(p);
	ir_p_lists_free(p);
	for (i = 0; i < p->nph; i++)
		ir_op_destroy(p->placeholders[i]);
	while (p->nbinds)
		ir_p_bind_pop(p);
	free(p->placeholders);
	free(p->binds);
	free(p->nslots);
	free(p->hcells);
	for (i = 0; i < p->nprefixes; i++)
		free(p->prefixes[i].cells);
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
	free(p->affeq.v);
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
