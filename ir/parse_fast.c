/* ir/parse_fast.c: the parser's fast path for the one-line generic op
 *     %a, %b = "dialect.op"(%x, %y) : (T, U) -> (V, W)
 * with plain types (integers, floats, index, none, plain tensors and
 * memrefs), which most files are made of; also with result counts
 * (`%s:2 =`), an attribute dictionary of numbers, strings, booleans,
 * unit, flat arrays of those and dense literals, and a trailing
 * `loc("name")`, which files imported from models are made of. It is
 * scanned by hand (the dictionary through the lexer) and
 * built through the builders the grammar's actions call, in the order
 * the grammar calls them, so the IR and every diagnostic are the
 * grammar's own; or, when those builders could only succeed, built at
 * once as they would build it. Anything else (other attributes,
 * regions, successors, other locations, other types, line breaks
 * inside the op, escapes) is left to the grammar, which stays the
 * reference. */
#include <string.h>

#include "ir/context.h"
#include "ir/parser.h"
#include "parse.h"

/* Most results, operands and types of each side the fast path takes;
 * most tokens of an attribute dictionary; deepest dense literal. */
enum { FAST_MAX = 16, FAST_DICT = 512, FAST_DENSE_DEPTH = 4 };

/* The pieces of one op, as tokens in the source. */
typedef struct FastOp {
	IrToken res[FAST_MAX];
	IrToken count[FAST_MAX]; /* `:N` of res[i], kind 0 when none */
	size_t nres;
	bool counted;             /* some result has a count */
	IrToken dict[FAST_DICT];  /* the dictionary's tokens, `{` to `}` */
	size_t ndict;
	IrToken loc;              /* the name of loc("name"), kind 0: none */
	IrToken name;
	IrToken opnd[FAST_MAX];
	size_t nopnd;
	IrToken in[FAST_MAX], out[FAST_MAX];
	size_t nin, nout;
	const IrType *type;       /* from the memo, or NULL: build it */
	struct TokenMemo *slot;   /* memo slot of the type text */
	const char *ty, *tyend;   /* the type text, when it ends its line */
} FastOp;

/* A token of lx's current line. */
static IrToken
tok_at(const IrLexer *lx, int kind, const char *s, const char *end)
{
	IrToken t;

	t.kind = kind;
	t.s = s;
	t.len = (size_t)(end - s);
	t.off = (size_t)(s - lx->buf);
	t.line = lx->line;
	t.col = (unsigned)(s - lx->linestart) + 1;
	return t;
}

static const char *
skip_blanks(const char *c)
{
	while (*c == ' ' || *c == '\t')
		c++;
	return c;
}

static bool
is_digit(char c)
{
	return (unsigned)(c - '0') <= 9;
}

/* Bytes of a suffix-id that is not all digits: letters, digits and
 * $ . _ - (the lexer's rule). */
static const unsigned char id_chars[256] = {
	['$'] = 1, ['-'] = 1, ['.'] = 1, ['_'] = 1,
	['0'] = 1, ['1'] = 1, ['2'] = 1, ['3'] = 1, ['4'] = 1, ['5'] = 1,
	['6'] = 1, ['7'] = 1, ['8'] = 1, ['9'] = 1,
	['A'] = 1, ['B'] = 1, ['C'] = 1, ['D'] = 1, ['E'] = 1, ['F'] = 1,
	['G'] = 1, ['H'] = 1, ['I'] = 1, ['J'] = 1, ['K'] = 1, ['L'] = 1,
	['M'] = 1, ['N'] = 1, ['O'] = 1, ['P'] = 1, ['Q'] = 1, ['R'] = 1,
	['S'] = 1, ['T'] = 1, ['U'] = 1, ['V'] = 1, ['W'] = 1, ['X'] = 1,
	['Y'] = 1, ['Z'] = 1,
	['a'] = 1, ['b'] = 1, ['c'] = 1, ['d'] = 1, ['e'] = 1, ['f'] = 1,
	['g'] = 1, ['h'] = 1, ['i'] = 1, ['j'] = 1, ['k'] = 1, ['l'] = 1,
	['m'] = 1, ['n'] = 1, ['o'] = 1, ['p'] = 1, ['q'] = 1, ['r'] = 1,
	['s'] = 1, ['t'] = 1, ['u'] = 1, ['v'] = 1, ['w'] = 1, ['x'] = 1,
	['y'] = 1, ['z'] = 1,
};

static bool
is_id_char(char c)
{
	return id_chars[(unsigned char)c];
}

/* `%` suffix-id (`#` digits)? as the lexer reads it; NULL otherwise. */
static const char *
scan_value(const char *c)
{
	if (*c++ != '%')
		return NULL;
	if (is_digit(*c)) {
		while (is_digit(*c))
			c++;
	} else if (is_id_char(*c)) {
		while (is_id_char(*c))
			c++;
	} else {
		return NULL;
	}
	if (*c != '#')
		return c;
	if (!is_digit(*++c))
		return NULL;
	while (is_digit(*c))
		c++;
	return c;
}

/* A string without escapes or line breaks; NULL otherwise. */
static const char *
scan_string(const char *c)
{
	if (*c++ != '"')
		return NULL;
	for (; *c != '"'; c++)
		if (*c == '\\' || *c == '\n' || *c == '\r' || *c == 0)
			return NULL;
	return c + 1;
}

/* The count N of `%x:N`: decimal digits the lexer reads as one INTEGER
 * (followed by a blank, `,` or `=`); NULL otherwise. */
static const char *
scan_count(FastOp *f, const IrLexer *lx, const char *c)
{
	const char *e = c;

	while (is_digit(*e))
		e++;
	if (e == c || (*e != ' ' && *e != '\t' && *e != ',' && *e != '='))
		return NULL;
	f->count[f->nres - 1] = tok_at(lx, TK_INTEGER, c, e);
	f->counted = true;
	return e;
}

/* `%a, %b =` (or nothing before a string); the first token is given. */
static const char *
scan_results(FastOp *f, const IrLexer *lx, const IrToken *first)
{
	const char *c = first->s, *e;

	if (first->kind == TK_STRING)
		return c;
	for (;;) {
		if (f->nres == FAST_MAX || !(e = scan_value(c)) ||
		    memchr(c, '#', (size_t)(e - c)))
			return NULL;
		f->res[f->nres] = tok_at(lx, TK_VALUE_ID, c, e);
		f->count[f->nres++].kind = 0;
		c = skip_blanks(e);
		if (*c == ':' && (e = scan_count(f, lx, skip_blanks(c + 1))))
			c = skip_blanks(e);
		if (*c == '=')
			return skip_blanks(c + 1);
		if (*c != ',')
			return NULL;
		c = skip_blanks(c + 1);
	}
}

/* `"name"(%x, %y)`, then the `:`. */
static const char *
scan_call(FastOp *f, const IrLexer *lx, const char *c)
{
	const char *e = scan_string(c);

	if (!e || e - c < 3)
		return NULL;
	f->name = tok_at(lx, TK_STRING, c, e);
	c = skip_blanks(e);
	if (*c++ != '(')
		return NULL;
	c = skip_blanks(c);
	while (*c != ')') {
		if (f->nopnd && *c++ != ',')
			return NULL;
		c = skip_blanks(c);
		if (f->nopnd == FAST_MAX || !(e = scan_value(c)))
			return NULL;
		f->opnd[f->nopnd++] = tok_at(lx, TK_VALUE_ID, c, e);
		c = skip_blanks(e);
	}
	return skip_blanks(c + 1);
}

/* The tokens of the dictionary at c (`{`) into f->dict, through la (a
 * copy of the lexer), all on the op's line; then the `:` after it.
 * Returns the type's start, NULL when the dictionary does not fit. */
static const char *
lex_dict(FastOp *f, IrLexer *la, const char *c)
{
	unsigned line = la->line;
	size_t depth = 0;
	IrToken t;

	la->cur = c;
	do {
		if (f->ndict == FAST_DICT || ir_lex(la, &t) == IR_TK_ERROR ||
		    t.kind == IR_TK_EOF || t.line != line)
			return NULL;
		if (t.kind == TK_LBRACE || t.kind == TK_LBRACKET ||
		    t.kind == TK_LT)
			depth++;
		else if (t.kind == TK_RBRACE || t.kind == TK_RBRACKET ||
		    t.kind == TK_GT)
			depth--;
		f->dict[f->ndict++] = t;
	} while (depth);
	c = skip_blanks(la->cur);
	return *c == ':' ? skip_blanks(c + 1) : NULL;
}

/* A walk over the dictionary's tokens: first to check that they are all
 * of the forms below (build false), then to call the grammar's actions
 * on them in the order its reductions would (build true). */
typedef struct DictWalk {
	IrParser *p;
	const IrToken *t;
	size_t i, n;
	bool build;
} DictWalk;

static int
dw_kind(const DictWalk *w)
{
	return w->i < w->n ? w->t[w->i].kind : 0;
}

static const IrToken *
dw_take(DictWalk *w, int kind)
{
	return dw_kind(w) == kind ? &w->t[w->i++] : NULL;
}

static bool plain_type_kind(int k);
static const IrType *build_type(IrParser *p, const IrToken *t);

/* `: T` with T a plain type, if there; *ok false when malformed. */
static const IrType *
dw_opt_type(DictWalk *w, bool *ok)
{
	const IrToken *t;

	if (!dw_take(w, TK_COLON))
		return NULL;
	if (w->i == w->n || !plain_type_kind(w->t[w->i].kind)) {
		*ok = false;
		return NULL;
	}
	t = &w->t[w->i++];
	return w->build ? build_type(w->p, t) : NULL;
}

/* A dense literal element: [-]number, true, false, a string, or a
 * bracketed list of elements. */
static bool
dw_delem(DictWalk *w, unsigned depth, IrI64List **out)
{
	const IrToken *t;
	IrI64List *l = NULL, *e;
	bool neg = dw_take(w, TK_MINUS) != NULL;

	*out = NULL;
	if ((t = dw_take(w, TK_INTEGER)) || (t = dw_take(w, TK_FLOAT)) ||
	    (!neg && ((t = dw_take(w, TK_TRUE)) ||
	    (t = dw_take(w, TK_FALSE)) || (t = dw_take(w, TK_STRING))))) {
		if (w->build)
			*out = ir_p_dense_scalar(w->p, t, neg);
		return true;
	}
	if (neg || depth == FAST_DENSE_DEPTH || !dw_take(w, TK_LBRACKET))
		return false;
	if (dw_take(w, TK_RBRACKET)) {
		if (w->build)
			*out = ir_p_i64_push(w->p, NULL, 0);
		return true;
	}
	do {
		if (!dw_delem(w, depth + 1, &e))
			return false;
		if (w->build)
			l = ir_p_dlist(w->p, l, e);
	} while (dw_take(w, TK_COMMA));
	*out = l;
	return dw_take(w, TK_RBRACKET) != NULL;
}

/* dense<literal> : T or dense<> : T, `dense` taken. */
static bool
dw_dense(DictWalk *w, const IrToken *kw, const IrAttr **out)
{
	IrI64List *e = NULL;
	const IrType *t;
	bool ok = true;

	if (w->build)
		ir_p_dense_begin(w->p);
	if (!dw_take(w, TK_LT) ||
	    (!dw_take(w, TK_GT) && (!dw_delem(w, 0, &e) ||
	    !dw_take(w, TK_GT))) || dw_kind(w) != TK_COLON)
		return false;
	t = dw_opt_type(w, &ok);
	if (w->build)
		*out = ir_p_dense(w->p, kw, e, t);
	return ok;
}

static bool dw_attr(DictWalk *w, bool nested, const IrAttr **out);

/* `[a, b]` (`[` taken) of scalar attributes. */
static bool
dw_array(DictWalk *w, const IrAttr **out)
{
	IrPtrList *l = NULL;
	const IrAttr *a;

	if (dw_take(w, TK_RBRACKET)) {
		if (w->build)
			*out = ir_p_attr_array(w->p, NULL);
		return true;
	}
	do {
		if (!dw_attr(w, true, &a))
			return false;
		if (w->build)
			l = ir_p_list_push(w->p, l, a);
	} while (dw_take(w, TK_COMMA));
	if (w->build)
		*out = ir_p_attr_array(w->p, l);
	return dw_take(w, TK_RBRACKET) != NULL;
}

/* One attribute value of the forms above (no arrays inside arrays). */
static bool
dw_attr(DictWalk *w, bool nested, const IrAttr **out)
{
	IrParser *p = w->p;
	const IrToken *t;
	const IrType *ty;
	bool ok = true, neg = dw_take(w, TK_MINUS) != NULL;

	*out = NULL;
	if ((t = dw_take(w, TK_INTEGER)) || (t = dw_take(w, TK_FLOAT))) {
		ty = dw_opt_type(w, &ok);
		if (w->build)
			*out = t->kind == TK_INTEGER ?
			    ir_p_attr_int(p, t, neg, ty) :
			    ir_p_attr_float(p, t, neg, ty);
		return ok;
	}
	if (neg)
		return false;
	if ((t = dw_take(w, TK_STRING))) {
		ty = dw_opt_type(w, &ok);
		if (w->build)
			*out = ir_p_attr_string(p, t, ty);
		return ok;
	}
	if ((t = dw_take(w, TK_TRUE)) || (t = dw_take(w, TK_FALSE))) {
		if (w->build)
			*out = ir_p_attr_bool(p, t->kind == TK_TRUE);
		return true;
	}
	if (dw_take(w, TK_UNIT)) {
		if (w->build)
			*out = ir_p_attr_unit(p);
		return true;
	}
	if ((t = dw_take(w, TK_DENSE)))
		return dw_dense(w, t, out);
	if (!nested && dw_take(w, TK_LBRACKET))
		return dw_array(w, out);
	return false;
}

/* The whole dictionary; *out its attribute when building. */
static bool
dw_dict(DictWalk *w, const IrAttr **out)
{
	IrNamedList *l = NULL;
	const IrToken *k;
	const IrAttr *a;

	if (!dw_take(w, TK_LBRACE))
		return false;
	if (dw_take(w, TK_RBRACE)) {
		if (w->build)
			*out = ir_p_attr_dict(w->p, NULL);
		return w->i == w->n;
	}
	do {
		if (!(k = dw_take(w, TK_BARE)) && !(k = dw_take(w, TK_STRING)))
			return false;
		if (!dw_take(w, TK_EQUAL)) {
			if (w->build)
				l = ir_p_named(w->p, l, k, ir_p_attr_unit(w->p));
			continue;
		}
		if (!dw_attr(w, false, &a))
			return false;
		if (w->build)
			l = ir_p_named(w->p, l, k, a);
	} while (dw_take(w, TK_COMMA));
	if (w->build)
		*out = ir_p_attr_dict(w->p, l);
	return dw_take(w, TK_RBRACE) && w->i == w->n;
}

static bool
plain_type_kind(int k)
{
	return k == TK_INTTYPE || k == TK_F16 || k == TK_BF16 ||
	    k == TK_F32 || k == TK_F64 || k == TK_INDEX || k == TK_NONE ||
	    k == TK_SHAPED;
}

/* A parenthesised list of plain types, `(` already read, up to and
 * including the `)`. */
static bool
lex_types(IrLexer *lx, IrToken *v, size_t *n, unsigned line)
{
	IrToken t;

	if (ir_lex(lx, &t) == TK_RPAREN)
		return true;
	for (;;) {
		if (*n == FAST_MAX || !plain_type_kind(t.kind) ||
		    t.line != line)
			return false;
		v[(*n)++] = t;
		if (ir_lex(lx, &t) == TK_RPAREN)
			return true;
		if (t.kind != TK_COMMA || ir_lex(lx, &t) == IR_TK_ERROR)
			return false;
	}
}

/* `(T, U) -> V` or `-> (V, W)` through the lexer (the memo missed):
 * the type tokens into f, the token after the type into *next. */
static bool
lex_func_type(FastOp *f, IrLexer *lx, IrToken *next)
{
	unsigned line = lx->line;
	IrToken t;

	if (ir_lex(lx, &t) != TK_LPAREN ||
	    !lex_types(lx, f->in, &f->nin, line) ||
	    ir_lex(lx, &t) != TK_ARROW)
		return false;
	if (ir_lex(lx, &t) == TK_LPAREN) {
		if (!lex_types(lx, f->out, &f->nout, line))
			return false;
	} else {
		if (!plain_type_kind(t.kind) || t.line != line)
			return false;
		f->out[f->nout++] = t;
	}
	/* The memo keeps only a type that ends its line. */
	if (lx->cur != f->tyend)
		f->ty = NULL;
	return ir_lex(lx, next) != IR_TK_ERROR;
}

/* The memo slot of type text s[0..n): placed by its length and its
 * first and last 8 bytes (a collision only costs a miss). */
static struct TokenMemo *
fn_memo(IrParser *p, const char *s, size_t n)
{
	uint64_t a = 0, b = 0, h;

	if (n >= 8) {
		memcpy(&a, s, 8);
		memcpy(&b, s + n - 8, 8);
	} else {
		memcpy(&a, s, n);
	}
	h = (a * UINT64_C(0x9e3779b97f4a7c15)) ^ (b *
	    UINT64_C(0xc2b2ae3d27d4eb4f)) ^ n;
	h ^= h >> 29;
	return &p->fnmemo[(h ^ (h >> 32)) & (IR_P_MEMO_SLOTS - 1)];
}

/* The token after an op, into *t: the usual ones (the next op's first
 * token, a closing brace) on the next lines are read here, anything else
 * by the lexer. la is at the end of the op. */
static int
lex_next(IrLexer *la, IrToken *t)
{
	const char *c = la->cur, *e = NULL;
	unsigned line = la->line;
	const char *ls = la->linestart;
	int k = 0;

	for (;; c++) {
		if (*c == '\n') {
			line++;
			ls = c + 1;
		} else if (*c != ' ' && *c != '\t' && *c != '\r') {
			break;
		}
	}
	if (*c == '%' && (e = scan_value(c)) != NULL && *e != '#')
		k = TK_VALUE_ID;
	else if (*c == '"' && (e = scan_string(c)) != NULL)
		k = TK_STRING;
	else if (*c == '}')
		k = TK_RBRACE, e = c + 1;
	if (!k)
		return ir_lex(la, t);
	la->cur = e;
	la->line = line;
	la->linestart = ls;
	la->err = NULL;
	*t = tok_at(la, k, c, e);
	return k;
}

/* The end of the type text in c..e (the rest of the line): before
 * trailing blanks and a trailing ` loc(...)`. A wrong guess (a `loc(`
 * inside the location's string) only keeps the type from the memo: the
 * memo keeps texts that are exactly a type. */
static const char *
trim_loc(const char *c, const char *e)
{
	const char *q;

	while (e > c && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r'))
		e--;
	if (e - c < 6 || e[-1] != ')')
		return e;
	for (q = e - 5; q > c; q--) {
		if (q[0] == 'l' && memcmp(q, "loc(", 4) == 0 &&
		    (q[-1] == ' ' || q[-1] == '\t')) {
			while (q > c && (q[-1] == ' ' || q[-1] == '\t'))
				q--;
			return q;
		}
	}
	return e;
}

/* The function type from c on: from the memo when the same text (up to
 * the end of the line) was built before, else lexed. The token after it
 * goes into *next, lexed by la (a copy of the lexer). */
static bool
scan_type(IrParser *p, FastOp *f, IrLexer *la, const char *c, IrToken *next)
{
	const char *nl = memchr(c, '\n', (size_t)(la->lim - c));
	const char *e = nl ? nl : la->lim;

	e = trim_loc(c, e);
	la->cur = c;
	if (*c != '(' || e == c)
		return false;
	f->slot = fn_memo(p, c, (size_t)(e - c));
	if (f->slot->s && f->slot->len == (size_t)(e - c) &&
	    memcmp(f->slot->s, c, f->slot->len) == 0) {
		f->type = f->slot->t;
		la->cur = e;
		return lex_next(la, next) != IR_TK_ERROR;
	}
	f->ty = c;
	f->tyend = e;
	return lex_func_type(f, la, next);
}

/* Can the grammar take `next` right after a complete op, reducing the op
 * first as the fast path does? (Tokens that start the next op, a block
 * label, or end the region or the file.) */
static bool
follows_op(int k)
{
	return k == TK_VALUE_ID || k == TK_STRING || k == TK_RBRACE ||
	    k == TK_CARET_ID || k == IR_TK_EOF;
}

static const IrType *
build_type(IrParser *p, const IrToken *t)
{
	switch (t->kind) {
	case TK_INTTYPE: return ir_p_int_type(p, t);
	case TK_F16: return ir_p_float_type(p, IR_F16);
	case TK_BF16: return ir_p_float_type(p, IR_BF16);
	case TK_F32: return ir_p_float_type(p, IR_F32);
	case TK_F64: return ir_p_float_type(p, IR_F64);
	case TK_INDEX: return ir_p_index_type(p);
	case TK_NONE: return ir_p_none_type(p);
	default: return ir_p_shaped_token(p, t);
	}
}

/* The function type from its tokens, as the grammar's type rules build
 * it; remembered when its text ends the line. */
static const IrType *
build_func_type(IrParser *p, FastOp *f)
{
	IrPtrList *in = ir_p_list_new(p), *out = ir_p_list_new(p);
	const IrType *t;
	size_t i;

	for (i = 0; i < f->nin; i++)
		in = ir_p_list_push(p, in, build_type(p, &f->in[i]));
	for (i = 0; i < f->nout; i++)
		out = ir_p_list_push(p, out, build_type(p, &f->out[i]));
	t = ir_p_func_type(p, in, out);
	if (t && f->ty) {
		f->slot->s = f->ty;
		f->slot->len = (size_t)(f->tyend - f->ty);
		f->slot->t = t;
	}
	return t;
}

/* Builds the op at once when the builders could only succeed on it and
 * would build exactly this op: its type known, every operand a defined
 * single value of the right type, every result name new and distinct,
 * a name the builders keep as it is. False, with nothing done,
 * otherwise. */
static bool
build_direct(IrParser *p, const FastOp *f)
{
	const IrType *t = f->type;
	RegionFrame *r = ir_p_top_region(p);
	const char *name = f->name.s + 1;
	size_t len = f->name.len - 2, i, j;
	IrValue *vals[FAST_MAX];
	uint32_t *cell = NULL, code = 0;
	IrOpState st;
	IrOp *op;

	if (!t || !r || t->u.func.ninputs != f->nopnd ||
	    (f->nres && t->u.func.nresults != f->nres) ||
	    (len == 12 && memcmp(name, "builtin.func", 12) == 0) ||
	    (len >= 4 && memcmp(name, "std.", 4) == 0))
		return false;
	for (i = 0; i < f->nopnd; i++) {
		const IrToken *o = &f->opnd[i];
		Binding *b;

		if (memchr(o->s, '#', o->len))
			return false;
		b = ir_p_binding(p, o->s + 1, o->len - 1);
		if (!b || !(vals[i] = ir_p_bind_first(b)) ||
		    vals[i]->type != t->u.func.inputs[i])
			return false;
	}
	if (f->nres == 1) {
		/* Looked up once; making its cell now changes nothing the
		 * builders would not do for this name anyway. */
		cell = ir_p_name_cell(p, f->res[0].s + 1, f->res[0].len - 1,
		    &code);
		if (ir_p_cell_binding(p, cell))
			return false;
	}
	for (i = 0; i < f->nres && f->nres > 1; i++) {
		if (ir_p_binding(p, f->res[i].s + 1, f->res[i].len - 1))
			return false;
		for (j = 0; j < i; j++)
			if (f->res[j].len == f->res[i].len &&
			    memcmp(f->res[j].s, f->res[i].s,
			    f->res[i].len) == 0)
				return false;
	}
	memset(&st, 0, sizeof st);
	st.name = ir_p_op_name(p, name, len, true);
	st.noperands = f->nopnd;
	st.operands = vals;
	st.nresults = t->u.func.nresults;
	st.result_types = t->u.func.results;
	op = ir_op_create_ref(p->ctx, &st, ir_p_tok_locref(p, &f->name));
	ir_op_move_to_end(op, ir_p_current_block(r));
	if (f->nres == 1)
		ir_p_define_at(p, cell, code, &f->res[0], ir_op_result(op, 0));
	for (i = 0; i < f->nres && f->nres > 1; i++)
		ir_p_define_new(p, &f->res[i], ir_op_result(op, (unsigned)i));
	return true;
}

/* Checks (build false) or builds the dictionary's attribute. */
static bool
walk_dict(IrParser *p, const FastOp *f, bool build, const IrAttr **out)
{
	DictWalk w;

	w.p = p;
	w.t = f->dict;
	w.i = 0;
	w.n = f->ndict;
	w.build = build;
	return dw_dict(&w, out);
}

/* `loc("name")` after the type (`loc` in *next): the name into f, the
 * token after it into *next. */
static bool
lex_loc(FastOp *f, IrLexer *la, IrToken *next)
{
	IrToken t;

	if (ir_lex(la, &t) != TK_LPAREN || ir_lex(la, &f->loc) != TK_STRING ||
	    ir_lex(la, &t) != TK_RPAREN)
		return false;
	return lex_next(la, next) != IR_TK_ERROR;
}

/* Builds the op through the grammar's actions, in the grammar's order:
 * results, name, operands, dictionary, type, location. */
static void
build_op(IrParser *p, FastOp *f)
{
	const IrAttr *dict = NULL;
	const IrType *t;
	const IrLoc *loc = NULL;
	size_t i;

	for (i = 0; i < f->nres; i++)
		ir_p_result(p, &f->res[i], f->count[i].kind ? &f->count[i] :
		    NULL);
	ir_p_op_begin(p, &f->name);
	for (i = 0; i < f->nopnd; i++)
		ir_p_operand(p, &f->opnd[i]);
	if (f->ndict) {
		walk_dict(p, f, true, &dict);
		ir_p_op_attrs(p, dict);
	}
	t = f->type ? f->type : build_func_type(p, f);
	if (f->loc.kind)
		loc = ir_p_loc_name(p, &f->loc, NULL);
	ir_p_op_finish(p, t, loc);
}

bool
ir_p_fast_op(IrParser *p, IrLexer *lx, const IrToken *first, IrToken *next)
{
	FastOp f;
	IrLexer la = *lx;
	const char *c;

	f.nres = f.nopnd = f.nin = f.nout = f.ndict = 0;
	f.counted = false;
	f.loc.kind = 0;
	f.type = NULL;
	f.ty = NULL;
	c = scan_results(&f, lx, first);
	if (!c || !(c = scan_call(&f, lx, c)))
		return false;
	if (*c == '{')
		c = lex_dict(&f, &la, c);
	else
		c = *c == ':' ? skip_blanks(c + 1) : NULL;
	if (!c || !scan_type(p, &f, &la, c, next) ||
	    (next->kind == TK_LOC && !lex_loc(&f, &la, next)) ||
	    !follows_op(next->kind))
		return false;
	if (f.ndict && !walk_dict(p, &f, false, NULL))
		return false;
	*lx = la;
	if (!f.ndict && !f.counted && !f.loc.kind && build_direct(p, &f))
		return true;
	build_op(p, &f);
	return true;
}
