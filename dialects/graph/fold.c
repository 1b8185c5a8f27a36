/* dialects/graph/fold.c: the graph dialect's fold hooks (identity
 * reshape, transpose and cast; elementwise ops, transposes and reshapes
 * of constants; x + 0, x - 0, x * 1, x / 1) and its constant
 * materializer. Folded values are what the reference kernels
 * (interpret.c) compute, bit for bit, or nothing is folded. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "dialects/graph/graph.h"

/* ------------------------------------------------------------ values */

/* Operand i's constant when its dense value has exactly the operand's
 * type: a quantized constant (storage integers under a quantized type)
 * never does, so quantized arithmetic is never folded. */
static const IrAttr *
dense_of(IrOp *op, const IrAttr *const *cst, unsigned i)
{
	const IrAttr *a = cst ? cst[i] : NULL;
	return a && a->kind == IR_ATTR_DENSE &&
	    a->u.dense.type == op->operands[i].value->type ? a : NULL;
}

static bool
fold_to_value(IrFoldResult *res, IrValue *v)
{
	res[0].value = v;
	return true;
}

static bool
fold_to_attr(IrFoldResult *res, const IrAttr *a)
{
	res[0].attr = a;
	return a != NULL;
}

/* Element kinds folded: f32 and f64 as the kernels compute them, and
 * integers of 8 to 64 bits. */
typedef enum Kind { K_NONE, K_F32, K_F64, K_INT } Kind;

typedef struct Elems {
	const IrAttr *d;
	Kind kind;
	size_t size;             /* bytes per element */
	bool uns;                /* unsigned integers */
} Elems;

static Kind
kind_of(const IrType *e)
{
	if (e->kind == IR_TYPE_FLOAT && e->u.flt.kind == IR_F32)
		return K_F32;
	if (e->kind == IR_TYPE_FLOAT && e->u.flt.kind == IR_F64)
		return K_F64;
	if (e->kind == IR_TYPE_INTEGER && e->u.integer.width >= 8 &&
	    e->u.integer.width <= 64 && e->u.integer.width % 8 == 0)
		return K_INT; /* wider integers are not folded */
	return K_NONE;
}

static Elems
elems(const IrAttr *d)
{
	const IrType *e = d->u.dense.type->u.shaped.elem;
	Elems x = { d, kind_of(e), ir_dense_elem_size(e), false };
	x.uns = e->kind == IR_TYPE_INTEGER && e->u.integer.sign == IR_UNSIGNED;
	return x;
}

static const uint8_t *
elem_ptr(const Elems *x, int64_t i)
{
	return x->d->u.dense.data + (x->d->u.dense.splat ? 0 :
	    (size_t)i * x->size);
}

static double
get_f(const Elems *x, int64_t i)
{
	if (x->kind == K_F32) {
		float f;
		memcpy(&f, elem_ptr(x, i), 4);
		return f;
	}
	double f;
	memcpy(&f, elem_ptr(x, i), 8);
	return f;
}

/* Element i as an integer: sign-extended unless unsigned (an unsigned
 * 64-bit value above INT64_MAX reads negative: never in fold range). */
static int64_t
get_i(const Elems *x, int64_t i)
{
	const uint8_t *p = elem_ptr(x, i);
	uint64_t v = 0;
	for (size_t b = 0; b < x->size; b++)
		v |= (uint64_t)p[b] << (8 * b);
	unsigned bits = 8 * (unsigned)x->size;
	if (!x->uns && bits < 64 && (v >> (bits - 1)) & 1)
		v |= ~0ull << bits;
	return (int64_t)v;
}

static void
put_f(uint8_t *p, Kind k, double f)
{
	if (k == K_F32) {
		float g = (float)f;
		memcpy(p, &g, 4);
	} else {
		memcpy(p, &f, 8);
	}
}

static void
put_i(uint8_t *p, size_t size, int64_t v)
{
	for (size_t b = 0; b < size; b++)
		p[b] = (uint8_t)((uint64_t)v >> (8 * b));
}

/* ------------------------------------------------------------ integers */

/* The kernels compute integer ops in f32 and store the result rounded
 * and saturated to the element type; f32 holds every integer up to 2^24
 * exactly, so within that bound the exact result, saturated, is what
 * they produce. Outside it nothing is folded. */
#define EXACT_LIMIT (1ll << 24)

static bool
exact(int64_t v)
{
	return v >= -EXACT_LIMIT && v <= EXACT_LIMIT;
}

static int64_t
saturate(const Elems *x, int64_t v)
{
	unsigned bits = 8 * (unsigned)x->size;
	if (bits >= 64)
		return v;
	int64_t lo = x->uns ? 0 : -(int64_t)(1ull << (bits - 1));
	int64_t hi = x->uns ? (int64_t)((1ull << bits) - 1) :
	    (int64_t)((1ull << (bits - 1)) - 1);
	return v < lo ? lo : v > hi ? hi : v;
}

/* ------------------------------------------------------------ elementwise */

typedef enum Op {
	O_ADD, O_SUB, O_MUL, O_DIV, O_MAX, O_MIN,   /* binary */
	O_NEG, O_ABS, O_RELU, O_RELU6,              /* unary */
} Op;

/* a op b as the f32 kernels compute it (f64 in double). */
static double
float_op(Op o, Kind k, double a, double b)
{
	if (k == K_F32) {
		float x = (float)a, y = (float)b;
		switch (o) {
		case O_ADD: return x + y;
		case O_SUB: return x - y;
		case O_MUL: return x * y;
		case O_DIV: return x / y;
		case O_MAX: return x > y ? x : y;
		case O_MIN: return x < y ? x : y;
		case O_NEG: return -x;
		case O_ABS: return fabsf(x);
		case O_RELU: return x > 0 ? x : 0;
		case O_RELU6: return x < 0 ? 0 : x > 6 ? 6 : x;
		}
	}
	switch (o) {
	case O_ADD: return a + b;
	case O_SUB: return a - b;
	case O_MUL: return a * b;
	case O_DIV: return a / b;
	case O_MAX: return a > b ? a : b;
	case O_MIN: return a < b ? a : b;
	case O_NEG: return -a;
	case O_ABS: return fabs(a);
	case O_RELU: return a > 0 ? a : 0;
	case O_RELU6: return a < 0 ? 0 : a > 6 ? 6 : a;
	}
	return 0;
}

/* a op b on integers within the exact bound; false otherwise (and for
 * division, whose integer kernel rounds its own way). */
static bool
int_op(Op o, int64_t a, int64_t b, int64_t *r)
{
	if (!exact(a) || !exact(b))
		return false;
	switch (o) {
	case O_ADD: *r = a + b; break;
	case O_SUB: *r = a - b; break;
	case O_MUL: *r = a * b; break;
	case O_MAX: *r = a > b ? a : b; break;
	case O_MIN: *r = a < b ? a : b; break;
	case O_NEG: *r = -a; break;
	case O_ABS: *r = a < 0 ? -a : a; break;
	case O_RELU: *r = a > 0 ? a : 0; break;
	case O_RELU6: *r = a < 0 ? 0 : a > 6 ? 6 : a; break;
	default: return false;
	}
	return exact(*r);
}

/* Element i of o(a, b) (b NULL for unary ops) into p. */
static bool
elem_op(Op o, const Elems *a, const Elems *b, int64_t i, uint8_t *p)
{
	if (a->kind == K_INT) {
		int64_t r;
		if (!int_op(o, get_i(a, i), b ? get_i(b, i) : 0, &r))
			return false;
		put_i(p, a->size, saturate(a, r));
		return true;
	}
	put_f(p, a->kind, float_op(o, a->kind, get_f(a, i),
	    b ? get_f(b, i) : 0));
	return true;
}

/* o over constants a and b (b NULL: unary) of the result's type `t`. */
static const IrAttr *
fold_elementwise(IrContext *ctx, Op o, const IrType *t, const IrAttr *da,
    const IrAttr *db)
{
	Elems a = elems(da), b = db ? elems(db) : a;
	int64_t n = ir_type_num_elements(t);
	if (a.kind == K_NONE || n < 0)
		return NULL;
	bool splat = da->u.dense.splat && (!db || db->u.dense.splat);
	int64_t m = splat ? 1 : n;
	uint8_t *out = ir_xcalloc((size_t)m + 1, a.size);
	bool ok = true;
	for (int64_t i = 0; ok && i < m; i++)
		ok = elem_op(o, &a, db ? &b : NULL, i,
		    out + (size_t)i * a.size);
	const IrAttr *d = ok ? ir_attr_dense(ctx, t, splat, out,
	    (size_t)m * a.size) : NULL;
	free(out);
	return d;
}

/* Is every element of c equal to `want` (0 or 1)? */
static bool
all_equal(const IrAttr *c, int want)
{
	Elems x = elems(c);
	int64_t n = c->u.dense.splat ? 1 :
	    ir_type_num_elements(c->u.dense.type);
	if (x.kind == K_NONE || n < 0)
		return false;
	for (int64_t i = 0; i < n; i++) {
		bool eq = x.kind == K_INT ? get_i(&x, i) == want :
		    get_f(&x, i) == (double)want;
		if (!eq)
			return false;
	}
	return true;
}

/* x op c -> x (and c op x -> x when `both`) when c is all `neutral` and
 * x already has the result type (no broadcasting hidden in the op).
 * Quantized values never fold: their constants are not dense_of. */
static bool
fold_neutral(IrOp *op, const IrAttr *const *cst, IrFoldResult *res,
    int neutral, bool both)
{
	const IrType *t = ir_op_results(op)->type;
	double lo, hi;
	if (graph_act_range(op, &lo, &hi)) /* a fused clamp stays */
		return false;
	for (unsigned i = 0; i < (both ? 2u : 1u); i++) {
		IrValue *x = op->operands[i].value;
		const IrAttr *c = dense_of(op, cst, 1 - i);
		if (x->type == t && c && all_equal(c, neutral))
			return fold_to_value(res, x);
	}
	return false;
}

/* Both operands constant with the result's type: fold them. */
static bool
fold_binary(IrOp *op, const IrAttr *const *cst, IrFoldResult *res, Op o)
{
	const IrType *t = ir_op_results(op)->type;
	const IrAttr *a = dense_of(op, cst, 0), *b = dense_of(op, cst, 1);
	double lo, hi;
	if (graph_act_range(op, &lo, &hi))
		return false;
	if (!a || !b || a->u.dense.type != t || b->u.dense.type != t)
		return false;
	return fold_to_attr(res, fold_elementwise(ir_op_context(op), o, t, a,
	    b));
}

static bool
fold_unary(IrOp *op, const IrAttr *const *cst, IrFoldResult *res, Op o)
{
	const IrType *t = ir_op_results(op)->type;
	const IrAttr *a = dense_of(op, cst, 0);
	if (!a || a->u.dense.type != t)
		return false;
	return fold_to_attr(res, fold_elementwise(ir_op_context(op), o, t, a,
	    NULL));
}

bool
graph_fold_add(IrOp *op, const IrAttr *const *cst, IrFoldResult *res)
{
	/* x + 0 is not x for x = -0.0; models ignore that, as TFLite. */
	return fold_binary(op, cst, res, O_ADD) ||
	    fold_neutral(op, cst, res, 0, true);
}

bool
graph_fold_sub(IrOp *op, const IrAttr *const *cst, IrFoldResult *res)
{
	return fold_binary(op, cst, res, O_SUB) ||
	    fold_neutral(op, cst, res, 0, false);
}

bool
graph_fold_mul(IrOp *op, const IrAttr *const *cst, IrFoldResult *res)
{
	return fold_binary(op, cst, res, O_MUL) ||
	    fold_neutral(op, cst, res, 1, true);
}

/* Floats only: the integer division kernel rounds its own way. */
bool
graph_fold_div(IrOp *op, const IrAttr *const *cst, IrFoldResult *res)
{
	return fold_binary(op, cst, res, O_DIV) ||
	    fold_neutral(op, cst, res, 1, false);
}

bool
graph_fold_maximum(IrOp *op, const IrAttr *const *cst, IrFoldResult *res)
{
	return fold_binary(op, cst, res, O_MAX);
}

bool
graph_fold_minimum(IrOp *op, const IrAttr *const *cst, IrFoldResult *res)
{
	return fold_binary(op, cst, res, O_MIN);
}

bool
graph_fold_neg(IrOp *op, const IrAttr *const *cst, IrFoldResult *res)
{
	return fold_unary(op, cst, res, O_NEG);
}

bool
graph_fold_abs(IrOp *op, const IrAttr *const *cst, IrFoldResult *res)
{
	return fold_unary(op, cst, res, O_ABS);
}

bool
graph_fold_relu(IrOp *op, const IrAttr *const *cst, IrFoldResult *res)
{
	return fold_unary(op, cst, res, O_RELU);
}

bool
graph_fold_relu6(IrOp *op, const IrAttr *const *cst, IrFoldResult *res)
{
	return fold_unary(op, cst, res, O_RELU6);
}

/* ------------------------------------------------------------ data movement */

/* The value a reshape or transpose of constant `c` (the operand) gives
 * as result type rt: data of the operand's type, or, for a per-tensor
 * quantized operand, of its storage type (moving integers is exact). The
 * element type of the data; NULL when it cannot be folded. */
static const IrType *
moved_elem(const IrAttr *c, const IrType *in, const IrType *rt)
{
	const IrType *e = in->u.shaped.elem;
	if (!c || c->kind != IR_ATTR_DENSE || rt->kind != IR_TYPE_TENSOR ||
	    rt->u.shaped.elem != e || ir_type_num_elements(rt) < 0 ||
	    c->u.dense.type->u.shaped.rank != in->u.shaped.rank ||
	    memcmp(c->u.dense.type->u.shaped.dims, in->u.shaped.dims,
	    sizeof(int64_t) * (size_t)in->u.shaped.rank))
		return NULL;
	const IrType *de = c->u.dense.type->u.shaped.elem;
	if (e->kind == IR_TYPE_QUANT)
		return e->u.quant.nscales == 1 && de == e->u.quant.storage ?
		    de : NULL;
	return de == e ? de : NULL;
}

/* The tensor type of rt's shape holding `elem`. */
static const IrType *
with_elem(IrContext *ctx, const IrType *rt, const IrType *elem)
{
	return ir_type_tensor(ctx, rt->u.shaped.rank, rt->u.shaped.dims, elem,
	    NULL);
}

bool
graph_fold_constant(IrOp *op, const IrAttr *const *cst, IrFoldResult *res)
{
	(void)cst;
	const IrAttr *v = ir_op_attr(op, "value");
	return v && v->kind == IR_ATTR_DENSE && fold_to_attr(res, v);
}

/* reshape to the operand's own type is the operand; a reshape of a
 * constant is the same data under the new shape. */
bool
graph_fold_reshape(IrOp *op, const IrAttr *const *cst, IrFoldResult *res)
{
	IrValue *x = op->operands[0].value;
	const IrType *rt = ir_op_results(op)->type;
	if (x->type == rt)
		return fold_to_value(res, x);
	const IrAttr *c = cst ? cst[0] : NULL;
	const IrType *e = moved_elem(c, x->type, rt);
	if (!e)
		return false;
	IrContext *ctx = ir_op_context(op);
	return fold_to_attr(res, ir_attr_dense(ctx, with_elem(ctx, rt, e),
	    c->u.dense.splat, c->u.dense.data, c->u.dense.size));
}

bool
graph_fold_cast(IrOp *op, const IrAttr *const *cst, IrFoldResult *res)
{
	(void)cst;
	IrValue *x = op->operands[0].value;
	return x->type == ir_op_results(op)->type && fold_to_value(res, x);
}

int
graph_transpose_perm(IrOp *op, int64_t *perm)
{
	int n = dialect_get_ints(op->name->def, op->attrs, "perm", perm,
	    DIALECT_MAX_RANK);
	bool seen[DIALECT_MAX_RANK] = { false };
	for (int i = 0; i < n; i++) {
		if (perm[i] < 0 || perm[i] >= n || seen[perm[i]])
			return -1;
		seen[perm[i]] = true;
	}
	return n;
}

const IrType *
graph_transposed_elem(IrContext *ctx, const IrType *elem,
    const int64_t *perm, int n)
{
	if (elem->kind != IR_TYPE_QUANT || elem->u.quant.axis < 0)
		return elem;
	int32_t axis = -1;
	for (int i = 0; i < n; i++)
		if (perm[i] == elem->u.quant.axis)
			axis = i;
	if (axis < 0 || axis == elem->u.quant.axis)
		return elem;
	return ir_type_quant(ctx, elem->u.quant.is_signed,
	    elem->u.quant.storage, elem->u.quant.expressed,
	    elem->u.quant.storage_min, elem->u.quant.storage_max, axis,
	    elem->u.quant.nscales, elem->u.quant.scales,
	    elem->u.quant.zero_points);
}

/* The elements of c (shape in, element size `size`) permuted: output
 * index idx reads input element sum idx[i] * stride[perm[i]]. */
static uint8_t *
permute(const IrAttr *c, const int64_t *in, const IrType *rt,
    const int64_t *perm, int n, size_t size)
{
	int64_t stride[DIALECT_MAX_RANK], idx[DIALECT_MAX_RANK] = { 0 };
	int64_t s = 1, total = ir_type_num_elements(rt);
	for (int i = n - 1; i >= 0; i--) {
		stride[i] = s;
		s *= in[i];
	}
	uint8_t *out = ir_xcalloc((size_t)total + 1, size);
	for (int64_t o = 0; o < total; o++) {
		int64_t src = 0;
		for (int i = 0; i < n; i++)
			src += idx[i] * stride[perm[i]];
		memcpy(out + (size_t)o * size, c->u.dense.data +
		    (size_t)src * size, size);
		for (int i = n - 1; i >= 0; i--) {
			if (++idx[i] < rt->u.shaped.dims[i])
				break;
			idx[i] = 0;
		}
	}
	return out;
}

/* The data element type of a transposed constant (moved_elem), where a
 * per-axis quantized operand's integers move too: the result's element
 * type must then be the operand's with its axis moved by perm. */
static const IrType *
transposed_data(IrContext *ctx, const IrAttr *c, const IrType *in,
    const IrType *rt, const int64_t *perm, int n)
{
	const IrType *e = in->u.shaped.elem;
	if (e->kind != IR_TYPE_QUANT || e->u.quant.nscales == 1)
		return moved_elem(c, in, rt);
	if (rt->kind != IR_TYPE_TENSOR ||
	    rt->u.shaped.elem != graph_transposed_elem(ctx, e, perm, n))
		return NULL;
	const IrType *tmp = with_elem(ctx, rt, e);
	const IrType *de = c && c->kind == IR_ATTR_DENSE ?
	    c->u.dense.type->u.shaped.elem : NULL;
	if (!de || de != e->u.quant.storage ||
	    ir_type_num_elements(tmp) < 0 ||
	    c->u.dense.type->u.shaped.rank != in->u.shaped.rank ||
	    memcmp(c->u.dense.type->u.shaped.dims, in->u.shaped.dims,
	    sizeof(int64_t) * (size_t)in->u.shaped.rank))
		return NULL;
	return de;
}

/* transpose with the identity permutation to the operand's type is the
 * operand; a transpose of a constant is the constant with its elements
 * moved (weights stored pre-transposed). */
bool
graph_fold_transpose(IrOp *op, const IrAttr *const *cst, IrFoldResult *res)
{
	IrValue *x = op->operands[0].value;
	const IrType *rt = ir_op_results(op)->type;
	int64_t perm[DIALECT_MAX_RANK];
	int n = graph_transpose_perm(op, perm);
	bool identity = n >= 0;
	for (int i = 0; i < n; i++)
		identity &= perm[i] == i;
	if (identity && x->type == rt)
		return fold_to_value(res, x);
	const IrAttr *c = cst ? cst[0] : NULL;
	IrContext *ctx = ir_op_context(op);
	const IrType *e = n < 0 ? NULL : transposed_data(ctx, c, x->type, rt,
	    perm, n);
	if (!e || x->type->u.shaped.rank != n || rt->u.shaped.rank != n)
		return false;
	const IrType *t = with_elem(ctx, rt, e);
	size_t size = ir_dense_elem_size(e);
	if (c->u.dense.splat)
		return fold_to_attr(res, ir_attr_dense(ctx, t, true,
		    c->u.dense.data, size));
	uint8_t *out = permute(c, x->type->u.shaped.dims, rt, perm, n, size);
	const IrAttr *d = ir_attr_dense(ctx, t, false, out,
	    (size_t)ir_type_num_elements(rt) * size);
	free(out);
	return fold_to_attr(res, d);
}

/* ------------------------------------------------------------ tables */


IrOp *
graph_materialize_constant(IrBuilder *b, const IrAttr *value,
    const IrType *type, const IrLoc *loc)
{
	if (!value || value->kind != IR_ATTR_DENSE ||
	    type->kind != IR_TYPE_TENSOR)
		return NULL;
	const IrType *vt = value->u.dense.type, *e = type->u.shaped.elem;
	bool storage = e->kind == IR_TYPE_QUANT &&
	    vt == with_elem(b->ctx, type, e->u.quant.storage);
	if (vt != type && !storage)
		return NULL;
	IrNamedAttr na = { ir_ident_cstr(b->ctx, "value"), value };
	IrOpState st = {
		.name = ir_op_name_get(b->ctx, "graph.constant", 14),
		.loc = loc,
		.nresults = 1,
		.result_types = &type,
		.attrs = ir_attr_dict(b->ctx, 1, &na),
	};
	return ir_builder_create(b, &st);
}
