/* passes/graph_canonicalize.c: canonicalization patterns of the graph
 * dialect (identity reshape/transpose/cast, transpose and reshape chains,
 * constant folding of elementwise ops and transposes, x + 0 and x * 1),
 * written against op names and attributes of dialects/graph/ops.def. */
#include <stdlib.h>
#include <string.h>

#include "passes/passes.h"
#include "ir/rewrite.h"

/* ------------------------------------------------------------------ helpers */

/* The integers of an array attribute into out[0..max); -1 when it is not
 * an array of at most max integers. */
static int
int_array(const IrAttr *a, int64_t *out, int max)
{
	if (!a || a->kind != IR_ATTR_ARRAY || a->u.array.n > (size_t)max)
		return -1;
	for (size_t i = 0; i < a->u.array.n; i++) {
		const IrAttr *e = a->u.array.elems[i];
		if (e->kind != IR_ATTR_INTEGER)
			return -1;
		out[i] = e->u.integer.value;
	}
	return (int)a->u.array.n;
}

enum { MAX_RANK = 16 };

/* The permutation of a graph.transpose, checked; -1 when malformed. */
static int
perm_of(IrOp *op, int64_t *perm)
{
	int n = int_array(ir_op_attr(op, "perm"), perm, MAX_RANK);
	bool seen[MAX_RANK] = { false };
	for (int i = 0; i < n; i++) {
		if (perm[i] < 0 || perm[i] >= n || seen[perm[i]])
			return -1;
		seen[perm[i]] = true;
	}
	return n;
}

/* The dense value of a graph.constant whose value has exactly the
 * result type (not a quantized constant's storage), or NULL. */
static const IrAttr *
constant_of(IrValue *v)
{
	IrOp *d = ir_value_def_op(v);
	if (!d || !ir_op_is(d, "graph.constant"))
		return NULL;
	const IrAttr *a = ir_op_attr(d, "value");
	if (!a || a->kind != IR_ATTR_DENSE || a->u.dense.type != v->type)
		return NULL;
	return a;
}

/* Creates graph.constant {value = dense} through the rewriter. */
static IrValue *
make_constant(IrRewriter *rw, const IrAttr *dense)
{
	IrContext *ctx = ir_rewriter_context(rw);
	const IrType *t = dense->u.dense.type;
	IrNamedAttr na = { ir_ident_cstr(ctx, "value"), dense };
	IrOpState st = {
		.name = ir_op_name_get(ctx, "graph.constant", 14),
		.nresults = 1,
		.result_types = &t,
		.attrs = ir_attr_dict(ctx, 1, &na),
	};
	return ir_op_result(ir_rewriter_create(rw, &st), 0);
}

/* Replaces op's single result with v. */
static bool
replace_with(IrRewriter *rw, IrOp *op, IrValue *v)
{
	ir_rewriter_replace_op(rw, op, &v);
	return true;
}

/* --------------------------------------------------------------- identities */

/* reshape and cast to the operand's own type: the operand. */
static bool
same_type_identity(IrOp *op, IrRewriter *rw, const void *data)
{
	(void)data;
	IrValue *x = ir_op_operand(op, 0);
	if (ir_op_result(op, 0)->type != x->type)
		return false;
	return replace_with(rw, op, x);
}

static bool
is_identity(const int64_t *perm, int n)
{
	for (int i = 0; i < n; i++)
		if (perm[i] != i)
			return false;
	return true;
}

/* transpose(x, identity) -> x; transpose(transpose(x, p), q) ->
 * transpose(x, p o q) (result dim i is input dim p[q[i]]), or x when
 * that is the identity. */
static bool
transpose_chain(IrOp *op, IrRewriter *rw, const void *data)
{
	(void)data;
	int64_t q[MAX_RANK], p[MAX_RANK];
	int n = perm_of(op, q);
	if (n < 0)
		return false;
	IrValue *x = ir_op_operand(op, 0);
	if (is_identity(q, n) && x->type == ir_op_result(op, 0)->type)
		return replace_with(rw, op, x);
	IrOp *inner = ir_value_def_op(x);
	if (!inner || !ir_op_is(inner, "graph.transpose") ||
	    perm_of(inner, p) != n)
		return false;
	int64_t r[MAX_RANK];
	for (int i = 0; i < n; i++)
		r[i] = p[q[i]];
	IrValue *src = ir_op_operand(inner, 0);
	if (is_identity(r, n) && src->type == ir_op_result(op, 0)->type)
		return replace_with(rw, op, src);
	IrContext *ctx = ir_rewriter_context(rw);
	const IrType *i64 = ir_type_int(ctx, 64, IR_SIGNLESS);
	const IrAttr *elems[MAX_RANK];
	for (int i = 0; i < n; i++)
		elems[i] = ir_attr_int(ctx, i64, r[i]);
	ir_rewriter_set_operand(rw, op, 0, src);
	ir_rewriter_set_attr(rw, op, "perm",
	    ir_attr_array(ctx, (size_t)n, elems));
	return true;
}

/* reshape(reshape(x)) -> reshape(x): the outer shape wins. */
static bool
reshape_chain(IrOp *op, IrRewriter *rw, const void *data)
{
	(void)data;
	IrOp *inner = ir_value_def_op(ir_op_operand(op, 0));
	if (!inner || !ir_op_is(inner, "graph.reshape"))
		return false;
	ir_rewriter_set_operand(rw, op, 0, ir_op_operand(inner, 0));
	return true;
}

/* ---------------------------------------------------------------- constants */

/* Element kinds the folder computes with. */
typedef enum Kind { K_NONE, K_F32, K_F64, K_INT } Kind;

static Kind
kind_of(const IrType *elem, size_t *size)
{
	*size = ir_dense_elem_size(elem);
	if (elem->kind == IR_TYPE_FLOAT && elem->u.flt.kind == IR_F32)
		return K_F32;
	if (elem->kind == IR_TYPE_FLOAT && elem->u.flt.kind == IR_F64)
		return K_F64;
	if (elem->kind == IR_TYPE_INTEGER && elem->u.integer.width > 1 &&
	    (elem->u.integer.width % 8) == 0)
		return K_INT;
	return K_NONE;
}

/* Element i of a dense attribute as a double or as integer bits. */
static double
get_f(const IrAttr *d, Kind k, size_t size, int64_t i)
{
	const uint8_t *p = d->u.dense.data + (d->u.dense.splat ? 0 :
	    (size_t)i * size);
	if (k == K_F32) {
		float f;
		memcpy(&f, p, 4);
		return f;
	}
	double f;
	memcpy(&f, p, 8);
	return f;
}

static uint64_t
get_i(const IrAttr *d, size_t size, int64_t i)
{
	const uint8_t *p = d->u.dense.data + (d->u.dense.splat ? 0 :
	    (size_t)i * size);
	uint64_t v = 0;
	for (size_t b = 0; b < size; b++)
		v |= (uint64_t)p[b] << (8 * b);
	return v;
}

static void
put(uint8_t *p, Kind k, size_t size, double f, uint64_t v)
{
	if (k == K_F32) {
		float g = (float)f;
		memcpy(p, &g, 4);
	} else if (k == K_F64) {
		memcpy(p, &f, 8);
	} else {
		for (size_t b = 0; b < size; b++)
			p[b] = (uint8_t)(v >> (8 * b));
	}
}

typedef enum Binop { B_ADD, B_SUB, B_MUL } Binop;

/* Folds graph.add/sub/mul of two constants of the result's type. */
static bool
fold_binary(IrOp *op, IrRewriter *rw, const void *data)
{
	Binop bop = (Binop)(uintptr_t)data;
	const IrAttr *a = constant_of(ir_op_operand(op, 0));
	const IrAttr *b = constant_of(ir_op_operand(op, 1));
	const IrType *t = ir_op_result(op, 0)->type;
	if (!a || !b || a->u.dense.type != t || b->u.dense.type != t)
		return false;
	size_t size;
	Kind k = kind_of(t->u.shaped.elem, &size);
	int64_t n = ir_type_num_elements(t);
	if (k == K_NONE || n < 0)
		return false;
	bool splat = a->u.dense.splat && b->u.dense.splat;
	int64_t m = splat ? 1 : n;
	uint8_t *out = ir_xcalloc((size_t)m + 1, size);
	for (int64_t i = 0; i < m; i++) {
		double x = 0, y = 0, f = 0;
		uint64_t u = 0, v = 0, r = 0;
		if (k == K_INT) {
			u = get_i(a, size, i);
			v = get_i(b, size, i);
			r = bop == B_ADD ? u + v : bop == B_SUB ? u - v : u * v;
		} else {
			x = get_f(a, k, size, i);
			y = get_f(b, k, size, i);
			f = bop == B_ADD ? x + y : bop == B_SUB ? x - y : x * y;
		}
		put(out + (size_t)i * size, k, size, f, r);
	}
	const IrAttr *d = ir_attr_dense(ir_rewriter_context(rw), t, splat, out,
	    (size_t)m * size);
	free(out);
	return replace_with(rw, op, make_constant(rw, d));
}

/* transpose(constant) -> constant with the elements moved (weights
 * stored pre-transposed). */
static bool
fold_transpose(IrOp *op, IrRewriter *rw, const void *data)
{
	(void)data;
	IrValue *x = ir_op_operand(op, 0);
	const IrAttr *c = constant_of(x);
	const IrType *rt = ir_op_result(op, 0)->type;
	int64_t perm[MAX_RANK];
	int n = perm_of(op, perm);
	if (!c || n < 0 || x->type->u.shaped.rank != n ||
	    rt->kind != x->type->kind || ir_type_num_elements(rt) < 0 ||
	    rt->u.shaped.rank != n)
		return false;
	IrContext *ctx = ir_rewriter_context(rw);
	size_t size = ir_dense_elem_size(x->type->u.shaped.elem);
	if (c->u.dense.splat)
		return replace_with(rw, op, make_constant(rw, ir_attr_dense(ctx,
		    rt, true, c->u.dense.data, size)));
	const int64_t *in = x->type->u.shaped.dims;
	int64_t stride[MAX_RANK], idx[MAX_RANK] = { 0 }, s = 1;
	for (int i = n - 1; i >= 0; i--) {
		stride[i] = s;
		s *= in[i];
	}
	int64_t total = ir_type_num_elements(rt);
	uint8_t *out = ir_xcalloc((size_t)total + 1, size);
	/* Walk the output in order; output index idx reads input element
	 * sum idx[i] * stride[perm[i]]. */
	for (int64_t o = 0; o < total; o++) {
		int64_t src = 0;
		for (int i = 0; i < n; i++)
			src += idx[i] * stride[perm[i]];
		memcpy(out + (size_t)o * size, c->u.dense.data + (size_t)src *
		    size, size);
		for (int i = n - 1; i >= 0; i--) {
			if (++idx[i] < rt->u.shaped.dims[i])
				break;
			idx[i] = 0;
		}
	}
	const IrAttr *d = ir_attr_dense(ctx, rt, false, out,
	    (size_t)total * size);
	free(out);
	return replace_with(rw, op, make_constant(rw, d));
}

/* Is c a constant whose every element is `want` (0 or 1)? */
static bool
all_equal(const IrAttr *c, int want)
{
	size_t size;
	Kind k = kind_of(c->u.dense.type->u.shaped.elem, &size);
	int64_t n = c->u.dense.splat ? 1 :
	    ir_type_num_elements(c->u.dense.type);
	if (k == K_NONE || n < 0)
		return false;
	for (int64_t i = 0; i < n; i++) {
		bool eq = k == K_INT ? get_i(c, size, i) == (uint64_t)want :
		    get_f(c, k, size, i) == (double)want;
		if (!eq)
			return false;
	}
	return true;
}

/* add(x, 0) / add(0, x) -> x and mul(x, 1) / mul(1, x) -> x, when x
 * already has the result type (no broadcasting hidden in the op). The
 * float x + 0 is not x for x = -0, which graph models ignore as TFLite
 * does. */
static bool
neutral_operand(IrOp *op, IrRewriter *rw, const void *data)
{
	int neutral = (int)(uintptr_t)data;
	const IrType *t = ir_op_result(op, 0)->type;
	for (unsigned i = 0; i < 2; i++) {
		IrValue *x = ir_op_operand(op, i);
		const IrAttr *c = constant_of(ir_op_operand(op, 1 - i));
		if (x->type == t && c && all_equal(c, neutral))
			return replace_with(rw, op, x);
	}
	return false;
}

/* ------------------------------------------------------------- registration */

void
passes_add_graph_patterns(IrContext *ctx, IrPatternSet *set)
{
	if (!ir_lookup_op(ctx, "graph.transpose"))
		return;
	static const IrPattern pats[] = {
		{ "graph-reshape-identity", "graph.reshape", 2,
		  same_type_identity, NULL },
		{ "graph-cast-identity", "graph.cast", 2, same_type_identity,
		  NULL },
		{ "graph-reshape-chain", "graph.reshape", 1, reshape_chain,
		  NULL },
		{ "graph-transpose-chain", "graph.transpose", 2,
		  transpose_chain, NULL },
		{ "graph-transpose-constant", "graph.transpose", 1,
		  fold_transpose, NULL },
		{ "graph-add-constants", "graph.add", 2, fold_binary,
		  (const void *)(uintptr_t)B_ADD },
		{ "graph-sub-constants", "graph.sub", 2, fold_binary,
		  (const void *)(uintptr_t)B_SUB },
		{ "graph-mul-constants", "graph.mul", 2, fold_binary,
		  (const void *)(uintptr_t)B_MUL },
		{ "graph-add-zero", "graph.add", 1, neutral_operand,
		  (const void *)(uintptr_t)0 },
		{ "graph-mul-one", "graph.mul", 1, neutral_operand,
		  (const void *)(uintptr_t)1 },
	};
	for (size_t i = 0; i < sizeof pats / sizeof pats[0]; i++)
		ir_pattern_set_add(set, &pats[i]);
}
