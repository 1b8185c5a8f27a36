/* ir/parse_attr.c: the builders for attributes: scalars, strings,
 * arrays, dictionaries, dense literals, affine maps and strided layouts. */
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ir/parser.h"
#include "parse.h"

/* ------------------------------------------------------------ attributes */

/* Does magnitude v (negated when neg) fit integer type t? */
static bool
int_fits(const IrType *t, uint64_t v, bool neg)
{
	unsigned w = t->kind == IR_TYPE_INDEX ? 64 : t->u.integer.width;
	IrSignedness s = t->kind == IR_TYPE_INDEX ? IR_SIGNED :
	    t->u.integer.sign;
	uint64_t half;

	if (w == 0)
		return v == 0;
	if (w > 64) /* stored in an int64: what fits there */
		return v <= (uint64_t)INT64_MAX + (neg ? 1 : 0);
	half = (uint64_t)1 << (w - 1);
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

	if (w == 0)
		return 0;
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

/* Whether t is an integer type wider than 64 bits. */
static bool
wide_int_type(const IrType *t)
{
	return t->kind == IR_TYPE_INTEGER && t->u.integer.width > 64;
}

static bool
wide_float_type(const IrType *t)
{
	return t->kind == IR_TYPE_FLOAT && ir_float_bytes(t->u.flt.kind);
}

/* The bytes of integer literal tok (negated when neg) in integer type t
 * wider than 64 bits; false after an error. */
static bool
wide_int_bytes(IrParser *p, const IrToken *tok, bool neg, const IrType *t,
    uint8_t *out)
{
	const char *err;

	if (t->u.integer.width > IR_INT_MAX_VALUE_WIDTH) {
		ir_p_fail(p, tok, "values of integer types wider than %u bits "
		    "are not supported", IR_INT_MAX_VALUE_WIDTH);
		return false;
	}
	if (neg && t->u.integer.sign == IR_UNSIGNED) {
		ir_p_fail(p, tok, "negative integer literal not valid for "
		    "unsigned integer type");
		return false;
	}
	err = ir_wide_int_parse(tok->s, tok->len, neg, t->u.integer.width,
	    t->u.integer.sign, false, out);
	if (err)
		ir_p_fail(p, tok, "%s", err);
	return err == NULL;
}

/* The storage bytes of hex literal tok for f80/f128 type t (all of its
 * bits; MLIR 14 reads only 64 of them); false after an error. */
static bool
wide_float_hex(IrParser *p, const IrToken *tok, bool neg, const IrType *t,
    uint8_t *out)
{
	unsigned w = ir_type_bitwidth(t);

	if (neg) {
		ir_p_fail(p, tok, "hexadecimal float literal should not have "
		    "a leading minus");
		return false;
	}
	if (ir_wide_int_parse(tok->s, tok->len, false, w, IR_UNSIGNED, false,
	    out)) {
		ir_p_fail(p, tok, "hexadecimal float constant out of range "
		    "for type");
		return false;
	}
	return true;
}

/* `N : iW` with W > 64, or `0x... : f80/f128`. */
static const IrAttr *
wide_attr(IrParser *p, const IrToken *tok, bool neg, const IrType *t)
{
	uint8_t *b = ir_xcalloc((ir_type_bitwidth(t) + 7) / 8 + 1, 1);
	const IrAttr *a = NULL;

	if (t->kind == IR_TYPE_FLOAT) {
		if (!ir_p_tok_is_hex(tok))
			ir_p_fail(p, tok, "unexpected decimal integer literal "
			    "for a floating point value");
		else if (wide_float_hex(p, tok, neg, t, b))
			a = ir_attr_float_bytes(p->ctx, t, b);
	} else if (wide_int_bytes(p, tok, neg, t, b)) {
		a = ir_attr_int_bytes(p->ctx, t, b);
	}
	free(b);
	return a;
}

const IrAttr *
ir_p_attr_int(IrParser *p, const IrToken *tok, bool neg, const IrType *t)
{
	uint64_t v;

	if (p->failed)
		return NULL;
	if (t && (wide_int_type(t) || wide_float_type(t)))
		return wide_attr(p, tok, neg, t);
	if (!ir_p_tok_u64(tok, &v)) {
		ir_p_fail(p, tok, "integer constant out of range");
		return NULL;
	}
	if (!t)
		t = ir_type_int(p->ctx, 64, IR_SIGNLESS);
	if (t->kind == IR_TYPE_FLOAT) {
		if (ir_p_tok_is_hex(tok) && !neg)
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
	d = ir_p_tok_double(tok);
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

	if (!p->failed && !ir_p_has_null(elems))
		a = ir_attr_array(p->ctx, elems ? elems->n : 0,
		    elems ? (const IrAttr *const *)elems->v : NULL);
	ir_p_list_free(p, elems);
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
		return ir_p_tok_string(p, tok, 1);
	return ir_p_tok_ident(p, tok, 1);
}

const IrAttr *
ir_p_attr_symref(IrParser *p, IrPtrList *names)
{
	const IrAttr *a = NULL;

	if (!p->failed && names && names->n > 0)
		a = ir_attr_symref(p->ctx, names->v[0], names->n - 1,
		    (const IrIdent *const *)names->v + 1);
	ir_p_list_free(p, names);
	return a;
}

/* Dictionaries shorter than this find duplicate keys by a scan; longer
 * ones keep their names in l->seen. */
#define NAMED_SCAN 16

static bool
named_seen(const IrNamedList *l, const IrIdent *name)
{
	size_t i;

	if (l->n >= NAMED_SCAN)
		return ir_ptrmap_get(&l->seen, name) != NULL;
	for (i = 0; i < l->n; i++)
		if (l->v[i].name == name)
			return true;
	return false;
}

IrNamedList *
ir_p_named(IrParser *p, IrNamedList *l, const IrToken *key,
    const IrAttr *value)
{
	const IrIdent *name;

	if (!l)
		l = ir_xcalloc(1, sizeof *l);
	if (p->failed || ir_p_lost(p, key, value))
		return l;
	name = key->kind == TK_STRING ? ir_p_tok_string(p, key, 0) :
	    ir_p_tok_ident(p, key, 0);
	if (name->len == 0) {
		ir_p_fail(p, key, "expected valid attribute name");
		return l;
	}
	if (named_seen(l, name)) {
		ir_p_fail(p, key, "duplicate key '%.*s' in dictionary "
		    "attribute", (int)name->len, name->str);
		return l;
	}
	IR_P_GROW(l->v, l->n, l->cap);
	l->v[l->n].name = name;
	l->v[l->n++].value = value;
	if (l->n == NAMED_SCAN) {
		size_t i;

		for (i = 0; i < l->n; i++)
			ir_ptrmap_put(&l->seen, l->v[i].name,
			    (void *)l->v[i].name);
	} else if (l->n > NAMED_SCAN) {
		ir_ptrmap_put(&l->seen, name, (void *)name);
	}
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
	IR_P_GROW(p->dense, p->ndense, p->densecap);
	p->dense[p->ndense].tok = *tok;
	p->dense[p->ndense].pair = false;
	p->dense[p->ndense++].neg = neg;
	return ir_p_i64_new(p);
}

IrI64List *
ir_p_dense_pair(IrParser *p, const IrToken *close, IrI64List *re,
    IrI64List *im)
{
	(void)close;
	ir_p_i64_free(p, re);
	ir_p_i64_free(p, im);
	if (p->ndense >= 2) {
		p->dense[p->ndense - 1].pair = true;
		p->dense[p->ndense - 2].pair = true;
	}
	return ir_p_i64_new(p);
}

/* A list's shape is [count, element shape...]; every element must have
 * the shape of the first. */
IrI64List *
ir_p_dlist(IrParser *p, IrI64List *list, IrI64List *elem)
{
	size_t i;

	if (!list) {
		list = ir_p_i64_push(p, NULL, 1);
		for (i = 0; elem && i < elem->n; i++)
			ir_p_i64_push(p, list, elem->v[i]);
		ir_p_i64_free(p, elem);
		return list;
	}
	if (!p->failed && elem && (elem->n + 1 != list->n ||
	    (elem->n && memcmp(elem->v, list->v + 1,
	    elem->n * sizeof *elem->v) != 0)))
		ir_p_fail(p, p->ndense ? &p->dense[p->ndense - 1].tok : NULL,
		    "tensor literal is invalid; ranks are not consistent "
		    "between elements");
	list->v[0]++;
	ir_p_i64_free(p, elem);
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

	if (t->kind == IR_TYPE_FLOAT && (tok->kind == TK_TRUE ||
	    tok->kind == TK_FALSE || (tok->kind == TK_INTEGER &&
	    !ir_p_tok_is_hex(tok)))) {
		ir_p_fail(p, tok, "expected floating-point elements, but "
		    "parsed integer");
		return false;
	}
	if (tok->kind == TK_TRUE || tok->kind == TK_FALSE) {
		if (t->kind != IR_TYPE_INTEGER || t->u.integer.width != 1) {
			ir_p_fail(p, tok, "expected i1 type for 'true' or "
			    "'false' values");
			return false;
		}
		*bits = tok->kind == TK_TRUE;
		return true;
	}
	if (tok->kind == TK_INTEGER && !ir_p_tok_u64(tok, &v)) {
		ir_p_fail(p, tok, "integer constant out of range");
		return false;
	}
	if (t->kind == IR_TYPE_FLOAT && ir_p_tok_is_hex(tok)) {
		/* A bit pattern, as NaN and infinity print. */
		unsigned w = ir_type_bitwidth(t);

		if (e->neg) {
			ir_p_fail(p, tok, "hexadecimal float literal should "
			    "not have a leading minus");
			return false;
		}
		if (w < 64 && v >> w) {
			ir_p_fail(p, tok, "hexadecimal float constant out of "
			    "range for type");
			return false;
		}
		*bits = v;
		return true;
	}
	if (t->kind == IR_TYPE_FLOAT) {
		double d = tok->kind == TK_FLOAT ? ir_p_tok_double(tok) :
		    (double)v;

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

/* Dense element e of f80/f128 or wide integer type t, at out. */
static bool
wide_elem(IrParser *p, const DenseElem *e, const IrType *t, uint8_t *out)
{
	const IrToken *tok = &e->tok;

	if (t->kind == IR_TYPE_INTEGER) {
		if (tok->kind == TK_FLOAT) {
			ir_p_fail(p, tok, "expected integer elements, but "
			    "parsed floating-point");
			return false;
		}
		return wide_int_bytes(p, tok, e->neg, t, out);
	}
	if (tok->kind == TK_INTEGER && ir_p_tok_is_hex(tok))
		return wide_float_hex(p, tok, e->neg, t, out);
	if (tok->kind != TK_FLOAT) {
		ir_p_fail(p, tok, "expected floating-point elements, but "
		    "parsed integer");
		return false;
	}
	/* MLIR 14 reads the literal as a double, then widens it */
	ir_float_wide_from_double(t->u.flt.kind, e->neg ?
	    -ir_p_tok_double(tok) : ir_p_tok_double(tok), out);
	return true;
}

/* Encodes dense element e of element type t at out, little endian. */
static bool
dense_encode(IrParser *p, const DenseElem *e, const IrType *t, uint8_t *out)
{
	size_t size = ir_dense_elem_size(t), i;
	uint64_t bits;

	if (e->tok.kind == TK_STRING) {
		ir_p_fail(p, &e->tok, "expected %s literal, not a string",
		    t->kind == IR_TYPE_FLOAT ? "floating point" : "integer");
		return false;
	}
	if ((e->tok.kind == TK_TRUE || e->tok.kind == TK_FALSE) &&
	    (wide_int_type(t) || wide_float_type(t))) {
		ir_p_fail(p, &e->tok, "expected i1 type for 'true' or "
		    "'false' values");
		return false;
	}
	if (wide_int_type(t) || wide_float_type(t))
		return wide_elem(p, e, t, out);
	if (!elem_bits(p, e, t, &bits))
		return false;
	for (i = 0; i < size; i++)
		out[i] = (uint8_t)(bits >> (8 * i));
	return true;
}

static bool
static_shape(IrParser *p, const IrToken *kw, const IrType *t)
{
	if ((t->kind != IR_TYPE_TENSOR && t->kind != IR_TYPE_VECTOR) ||
	    !ir_type_is_static(t)) {
		ir_p_fail(p, kw, "elements literal type must have static "
		    "shape");
		return false;
	}
	return true;
}

/* The type of a dense literal: a static tensor or vector of int, float
 * or index. */
static bool
dense_type_ok(IrParser *p, const IrToken *kw, const IrType *t)
{
	const IrType *e;

	if (!static_shape(p, kw, t))
		return false;
	e = t->u.shaped.elem;
	if (e->kind == IR_TYPE_COMPLEX)
		e = e->u.complex.elem;
	if (e->kind != IR_TYPE_INTEGER && e->kind != IR_TYPE_FLOAT &&
	    e->kind != IR_TYPE_INDEX) {
		/* MLIR 14 keeps such literals as strings and drops the
		 * numbers (dense<"">): refuse rather than lose them */
		char *ts = ir_type_str(t->u.shaped.elem);
		ir_p_fail(p, kw, "numbers in dense<> need an integer, float, "
		    "index or complex element type, not %s (for quantized "
		    "values use the storage type, e.g. i8)", ts);
		free(ts);
		return false;
	}
	if (ir_dense_elem_size(e) == 0) {
		ir_p_fail(p, kw, "dense elements of i%u are not supported "
		    "(integer widths 1 to %u only)", e->u.integer.width,
		    IR_INT_MAX_VALUE_WIDTH);
		return false;
	}
	return true;
}

/* A literal's shape (NULL: dense<>, no dims: a splat) against the type's,
 * as MLIR checks it. */
static bool
shape_matches(IrParser *p, const IrToken *kw, const IrI64List *shape,
    const IrType *t)
{
	int64_t n = ir_type_num_elements(t);
	bool splat = shape && shape->n == 0;

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
		return false;
	}
	return true;
}

/* A complex element type takes (re, im) pairs only; other types take
 * no pair. */
static bool
pairs_match(IrParser *p, bool cplx)
{
	for (size_t i = 0; i < p->ndense; i++) {
		if (p->dense[i].pair == cplx)
			continue;
		ir_p_fail(p, &p->dense[i].tok, cplx ? "expected a (real, "
		    "imaginary) pair for a complex element" : "complex "
		    "element (real, imaginary) for a type that is not "
		    "complex");
		return false;
	}
	return true;
}

static const IrAttr *
make_dense(IrParser *p, const IrToken *kw, IrI64List *shape,
    const IrType *t)
{
	size_t es = ir_dense_elem_size(t->u.shaped.elem), i;
	bool splat = shape && shape->n == 0;
	const IrAttr *a = NULL;
	uint8_t *buf;

	const IrType *elem = t->u.shaped.elem;
	bool cplx = elem->kind == IR_TYPE_COMPLEX;
	size_t n = p->ndense;

	if (!shape_matches(p, kw, shape, t) || !pairs_match(p, cplx))
		return NULL;
	if (cplx) {
		/* two scalars per element: the real part, then the
		 * imaginary part, each in half of the element */
		elem = elem->u.complex.elem;
		es /= 2;
	}
	buf = ir_xcalloc(n + 1, es);
	for (i = 0; i < n; i++)
		if (!dense_encode(p, &p->dense[i], elem, buf + i * es))
			break;
	if (cplx) {
		n /= 2;
		es *= 2;
	}
	if (!p->failed)
		a = ir_attr_dense(p->ctx, t, splat, buf, n * es);
	if (!a && !p->failed)
		ir_p_fail(p, kw, "dense elements do not fit type");
	free(buf);
	return a;
}

/* Whether the literal's elements are strings (the first one decides; a
 * mix is refused where the elements are read). */
static bool
dense_strings(const IrParser *p)
{
	return p->ndense > 0 && p->dense[0].tok.kind == TK_STRING;
}

static bool
numeric_elem(const IrType *t)
{
	const IrType *e = t->kind == IR_TYPE_TENSOR ||
	    t->kind == IR_TYPE_VECTOR ? t->u.shaped.elem : NULL;

	return e && (e->kind == IR_TYPE_INTEGER || e->kind == IR_TYPE_FLOAT ||
	    e->kind == IR_TYPE_INDEX || e->kind == IR_TYPE_COMPLEX);
}

/* dense<"a"> or dense<["a", ...]> of a non-numeric element type. */
static const IrAttr *
make_dense_strings(IrParser *p, const IrToken *kw, IrI64List *shape,
    const IrType *t)
{
	const IrIdent **v;
	const IrAttr *a = NULL;
	size_t i;

	if (!shape_matches(p, kw, shape, t))
		return NULL;
	v = ir_xcalloc(p->ndense + 1, sizeof *v);
	for (i = 0; i < p->ndense && !p->failed; i++) {
		if (p->dense[i].tok.kind != TK_STRING) {
			ir_p_fail(p, &p->dense[i].tok, "expected string "
			    "literal in dense string elements");
			break;
		}
		v[i] = ir_p_tok_string(p, &p->dense[i].tok, 0);
	}
	if (!p->failed)
		a = ir_attr_dense_string(p->ctx, t, p->ndense, v);
	free(v);
	return a;
}

const IrAttr *
ir_p_dense(IrParser *p, const IrToken *kw, IrI64List *shape,
    const IrType *t)
{
	const IrAttr *a = NULL;

	if (p->failed || !t) {
	} else if (!numeric_elem(t) && (p->ndense == 0 || dense_strings(p))) {
		if (static_shape(p, kw, t))
			a = make_dense_strings(p, kw, shape, t);
	} else if (dense_strings(p) && shape && shape->n == 0) {
		a = ir_p_dense_hex(p, kw, &p->dense[0].tok, t);
	} else if (dense_type_ok(p, kw, t)) {
		a = make_dense(p, kw, shape, t);
	}
	ir_p_i64_free(p, shape);
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
	s = ir_p_tok_string(p, str, 0);
	if (s->len < 2 || s->str[0] != '0' || s->str[1] != 'x') {
		ir_p_fail(p, str, "expected string containing hex digits "
		    "starting with `0x`");
		return NULL;
	}
	n = (s->len - 2) / 2;
	es = ir_dense_elem_size(t->u.shaped.elem);
	ne = ir_type_num_elements(t);
	if ((s->len & 1) || (n != es && (ne < 0 || n / es != (size_t)ne ||
	    n % es))) {
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
	p->affeq.n = 0;
}

void
ir_p_affine_id(IrParser *p, const IrToken *tok, bool symbol)
{
	IrPtrList *l = symbol ? &p->affsyms : &p->affdims;
	const IrIdent *id = ir_p_tok_ident(p, tok, 0);
	size_t i;

	if (p->failed)
		return;
	for (i = 0; i < p->affdims.n; i++)
		if (p->affdims.v[i] == id)
			goto dup;
	for (i = 0; i < p->affsyms.n; i++)
		if (p->affsyms.v[i] == id)
			goto dup;
	IR_P_GROW(l->v, l->n, l->cap);
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
	return ir_p_depth_ok(p, &p->affkw, IR_P_OBJ_AFFINE, e) ? e : NULL;
}

/* a * b, a floordiv b, a ceildiv b, a mod b, refused where MLIR refuses
 * them: a product of two dimension terms, a division by one. */
const IrAffineExpr *
ir_p_aff_op(IrParser *p, const IrToken *op, IrAffineKind kind,
    const IrAffineExpr *a, const IrAffineExpr *b)
{
	if (p->failed || !a || !b)
		return NULL;
	if (kind == IR_AFFINE_MUL && !ir_affine_is_symbolic(a) &&
	    !ir_affine_is_symbolic(b)) {
		ir_p_fail(p, op, "non-affine expression: at least one of the "
		    "multiply operands has to be either a constant or "
		    "symbolic");
		return NULL;
	}
	if (kind != IR_AFFINE_MUL && !ir_affine_is_symbolic(b)) {
		ir_p_fail(p, op, "non-affine expression: right operand of %s "
		    "has to be either a constant or symbolic",
		    kind == IR_AFFINE_MOD ? "mod" : kind ==
		    IR_AFFINE_FLOORDIV ? "floordiv" : "ceildiv");
		return NULL;
	}
	return ir_p_aff_bin(p, kind, a, b);
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
	const IrIdent *id = ir_p_tok_ident(p, tok, 0);
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

	if (!p->failed && results && !ir_p_has_null(results))
		a = ir_attr_affine_map(p->ctx, (unsigned)p->affdims.n,
		    (unsigned)p->affsyms.n, results->n,
		    (const IrAffineExpr *const *)results->v);
	ir_p_list_free(p, results);
	return a;
}

/* `a >= b` / `a == b` in an affine_set: MLIR 14 takes only 0 for b. */
const IrAffineExpr *
ir_p_constraint(IrParser *p, const IrToken *op, const IrAffineExpr *a,
    const IrAffineExpr *b, bool eq)
{
	if (p->failed || !a || !b)
		return NULL;
	if (b->kind != IR_AFFINE_CONST || b->value != 0) {
		ir_p_fail(p, op, "expected '== 0' or '>= 0' at end of affine "
		    "constraint");
		return NULL;
	}
	ir_p_i64_push(p, &p->affeq, eq);
	return a;
}

const IrAttr *
ir_p_integer_set(IrParser *p, IrPtrList *exprs)
{
	const IrAttr *a = NULL;
	uint8_t *eq;
	size_t i;

	if (!p->failed && exprs && !ir_p_has_null(exprs) &&
	    exprs->n == p->affeq.n) {
		eq = ir_xcalloc(exprs->n + 1, 1);
		for (i = 0; i < exprs->n; i++)
			eq[i] = (uint8_t)p->affeq.v[i];
		a = ir_attr_integer_set(p->ctx, (unsigned)p->affdims.n,
		    (unsigned)p->affsyms.n, exprs->n,
		    (const IrAffineExpr *const *)exprs->v, eq);
		free(eq);
	}
	ir_p_list_free(p, exprs);
	return a;
}

const IrAttr *
ir_p_strided(IrParser *p, IrI64List *strides, int64_t offset)
{
	const IrAttr *a = NULL;

	if (!p->failed && strides)
		a = ir_attr_strided(p->ctx, offset, strides->n, strides->v);
	ir_p_i64_free(p, strides);
	return a;
}

/* ---------------------------------------------------------------- sparse */

/* A dense attribute of type t from the scalars p->dense[first, first + n)
 * with the literal's shape (an empty shape: a splat). */
static const IrAttr *
dense_range(IrParser *p, const IrToken *kw, size_t first, size_t n,
    IrI64List *shape, const IrType *t)
{
	DenseElem *all = p->dense;
	size_t nall = p->ndense;
	const IrAttr *a;

	if (n == 1 && all[first].tok.kind == TK_STRING && shape->n == 0)
		return ir_p_dense_hex(p, kw, &all[first].tok, t);
	p->dense = all + first;
	p->ndense = n;
	a = make_dense(p, kw, shape, t);
	p->dense = all;
	p->ndense = nall;
	return a;
}

static const IrType *
tensor_of(IrParser *p, size_t rank, const int64_t *dims, const IrType *elem)
{
	return ir_type_tensor(p->ctx, (int64_t)rank, dims, elem, NULL);
}

/* MLIR's shape message for sparse<>. */
static void
sparse_shape_error(IrParser *p, const IrToken *kw, const IrType *t,
    const IrAttr *ind, const IrAttr *val)
{
	const IrType *it = ind->u.dense.type, *vt = val->u.dense.type;
	char *s1 = shape_str(t->u.shaped.dims, (size_t)t->u.shaped.rank);
	char *s2 = shape_str(it->u.shaped.dims, (size_t)it->u.shaped.rank);
	char *s3 = shape_str(vt->u.shaped.dims, (size_t)vt->u.shaped.rank);

	ir_p_fail(p, kw, "expected shape (%s); inferred shape of indices "
	    "literal (%s); inferred shape of values literal (%s)", s1, s2, s3);
	free(s1);
	free(s2);
	free(s3);
}

static void
sparse_index_error(IrParser *p, const IrToken *kw, const IrType *t,
    const IrAttr *ind, int64_t bad)
{
	int64_t rank = t->u.shaped.rank;
	char *ts = ir_type_str(t);
	char *idx = ir_xmalloc((size_t)rank * 24 + 3);
	size_t len = 0;

	idx[len++] = '[';
	for (int64_t k = 0; k < rank; k++) {
		int64_t v;

		memcpy(&v, ind->u.dense.data + (ind->u.dense.splat ? 0 :
		    8 * (size_t)(bad * rank + k)), 8);
		len += (size_t)sprintf(idx + len, "%s%" PRIu64, k ? ", " : "",
		    (uint64_t)v);
	}
	idx[len++] = ']';
	idx[len] = 0;
	ir_p_fail(p, kw, "sparse index #%" PRId64 " is not contained within "
	    "the value shape, with index=%s, and type='%s'", bad, idx, ts);
	free(idx);
	free(ts);
}

/* The type of a sparse<> or opaque<> literal: a static tensor or vector
 * (and numbers for sparse). */
static bool
elements_type_ok(IrParser *p, const IrToken *kw, const IrType *t,
    bool numbers)
{
	if (t->kind != IR_TYPE_TENSOR && t->kind != IR_TYPE_VECTOR) {
		ir_p_fail(p, kw, "elements literal must be a ranked tensor "
		    "or vector type");
		return false;
	}
	return numbers ? dense_type_ok(p, kw, t) : static_shape(p, kw, t);
}

const IrAttr *
ir_p_sparse(IrParser *p, const IrToken *kw, IrI64List *ishape,
    IrI64List *vshape, const IrType *t)
{
	const IrType *i64, *it, *vt;
	const IrAttr *ind = NULL, *val = NULL, *a = NULL;
	size_t split = p->sparse_split, rank;
	int64_t dims[2], nidx, bad = 0;
	const char *why;

	if (p->failed || !t || !elements_type_ok(p, kw, t, true))
		goto done;
	i64 = ir_type_int(p->ctx, 64, IR_SIGNLESS);
	rank = (size_t)t->u.shaped.rank;
	/* indices: a splat is one index; values: a splat fills them all */
	dims[0] = 1;
	dims[1] = (int64_t)rank;
	if (!ishape) {
		dims[0] = 0;
		it = tensor_of(p, 2, dims, i64);
	} else {
		it = ishape->n == 0 ? tensor_of(p, 2, dims, i64) :
		    tensor_of(p, ishape->n, ishape->v, i64);
	}
	if (!it)
		goto done;
	for (size_t i = 0; ishape && i < split; i++)
		if (p->dense[i].tok.kind == TK_STRING) {
			ir_p_fail(p, &p->dense[i].tok, "expected integer "
			    "indices in sparse elements");
			goto done;
		}
	/* rank 0: every index is empty (MLIR keeps none of the literal) */
	ind = ishape && ir_type_num_elements(it) != 0 ?
	    dense_range(p, kw, 0, split, ishape, it) :
	    ir_attr_dense(p->ctx, it, false, NULL, 0);
	if (!ind)
		goto done;
	nidx = it->u.shaped.dims[0];
	if (!vshape || vshape->n == 0)
		vt = tensor_of(p, 1, &nidx, t->u.shaped.elem);
	else
		vt = tensor_of(p, vshape->n, vshape->v, t->u.shaped.elem);
	if (!vt)
		goto done;
	val = vshape ? dense_range(p, kw, split, p->ndense - split, vshape,
	    vt) : ir_attr_dense(p->ctx, vt, false, NULL, 0);
	if (!val)
		goto done;
	why = ir_sparse_check(t, ind, val, &bad);
	if (why && !strcmp(why, "shape"))
		sparse_shape_error(p, kw, t, ind, val);
	else if (why && !strcmp(why, "index"))
		sparse_index_error(p, kw, t, ind, bad);
	else if (why)
		ir_p_fail(p, kw, "%s", why);
	else
		a = ir_attr_sparse(p->ctx, t, ind, val);
done:
	ir_p_i64_free(p, ishape);
	ir_p_i64_free(p, vshape);
	return a;
}

/* ---------------------------------------------------------------- opaque */

/* MLIR's rule for a dialect namespace: letters, digits, '_' (and not
 * empty). */
static bool
valid_namespace(const IrIdent *d)
{
	if (d->len == 0)
		return false;
	for (size_t i = 0; i < d->len; i++) {
		char c = d->str[i];

		if (!(c == '_' || (c >= '0' && c <= '9') ||
		    ((c | 32) >= 'a' && (c | 32) <= 'z')))
			return false;
	}
	return true;
}

const IrAttr *
ir_p_opaque_elems(IrParser *p, const IrToken *kw, const IrToken *dialect,
    const IrToken *hex, const IrType *t)
{
	const IrIdent *d, *s;
	uint8_t *buf;
	size_t n, i, odd;
	const IrAttr *a = NULL;

	if (p->failed || !t)
		return NULL;
	d = ir_p_tok_string(p, dialect, 0);
	if (!valid_namespace(d)) {
		ir_p_fail(p, kw, "invalid dialect namespace '\"%.*s\"'",
		    (int)d->len, d->str);
		return NULL;
	}
	s = ir_p_tok_string(p, hex, 0);
	if (s->len < 2 || s->str[0] != '0' || s->str[1] != 'x' ||
	    strspn(s->str + 2, "0123456789abcdefABCDEF") != s->len - 2) {
		ir_p_fail(p, hex, "expected string containing hex digits "
		    "starting with `0x`");
		return NULL;
	}
	if (!elements_type_ok(p, kw, t, false))
		return NULL;
	/* an odd digit count reads as if led by a zero, as in MLIR */
	odd = (s->len - 2) & 1;
	n = (s->len - 2 + odd) / 2;
	buf = ir_xcalloc(n + 1, 1);
	for (i = 0; i < s->len - 2; i++) {
		char c = s->str[2 + i];
		int v = c <= '9' ? c - '0' : (c | 32) - 'a' + 10;
		size_t k = i + odd;

		buf[k / 2] |= (uint8_t)(v << (k % 2 ? 0 : 4));
	}
	a = ir_attr_opaque_elems(p->ctx, t, d,
	    ir_ident_get(p->ctx, (const char *)buf, n));
	free(buf);
	return a;
}
