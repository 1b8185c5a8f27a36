/* ir/parse_type.c: the builders for types (builtin, shaped, function,
 * tuple, dialect and quantized types). */
#include <stdlib.h>
#include <string.h>

#include "ir/parser.h"
#include "parse.h"

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
	if (!ir_p_tok_u64(&n, &w) || w == 0 || w > 64) {
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
			*body = ir_p_tok_string(p, &str, 0);
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

	if (!p->failed && types && !ir_p_has_null(types))
		t = ir_type_tuple(p->ctx, types->n,
		    (const IrType *const *)types->v);
	ir_p_list_free(p, types);
	return t;
}

const IrType *
ir_p_func_type(IrParser *p, IrPtrList *in, IrPtrList *out)
{
	const IrType *t = NULL;

	if (!p->failed && in && out && !ir_p_has_null(in) &&
	    !ir_p_has_null(out))
		t = ir_type_function(p->ctx, in->n,
		    (const IrType *const *)in->v, out->n,
		    (const IrType *const *)out->v);
	ir_p_list_free(p, in);
	ir_p_list_free(p, out);
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
	if (!ir_p_tok_u64(&n, &v) || v > (uint64_t)INT64_MAX) {
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
	ir_p_i64_free(p, dims);
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
	ir_p_i64_free(p, dims);
	ir_p_i64_free(p, strides);
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
	if ((tok->s[0] != 'i' && tok->s[0] != 'u') || !ir_p_tok_u64(&n, &w) ||
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
	p->q.scales[p->q.n] = ir_p_tok_double(scale);
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
