/* passes/fold_transposes.c: transposes move down through elementwise ops
 * and concat until they meet their inverse (canonicalize then cancels
 * the pair, or folds a transpose of a constant, of a dequantized one
 * too); those that only move unit dimensions next to a reshape become
 * reshapes. */
#include "passes/passes.h"
#include "passes/graph_util.h"

#include <string.h>

/* The single-use transpose defining v and its permutation, or NULL. */
static IrOp *
transpose_of(IrValue *v, int64_t *perm, int *n)
{
	IrOp *t = ir_value_def_op(v);
	if (!t || !ir_op_is(t, "graph.transpose") || !gu_one_use(v))
		return NULL;
	*n = graph_transpose_perm(t, perm);
	return *n > 0 ? t : NULL;
}

/* Is any operand or result of op quantized per axis (an axis that a
 * transpose would move)? */
static bool
per_axis(IrOp *op)
{
	for (unsigned i = 0; i < op->noperands + op->nresults; i++) {
		IrValue *v = i < op->noperands ? ir_op_operand(op, i) :
		    ir_op_result(op, i - op->noperands);
		const IrType *e = gu_elem(v);
		if (e->kind == IR_TYPE_QUANT && e->u.quant.nscales > 1)
			return true;
	}
	return false;
}

/* t's type with dims permuted back: dims'[perm[i]] = dims[i]. */
static const IrType *
unpermute(IrContext *ctx, const IrType *t, const int64_t *perm, int n)
{
	int64_t d[DIALECT_MAX_RANK];
	for (int i = 0; i < n; i++)
		d[perm[i]] = t->u.shaped.dims[i];
	return ir_type_tensor(ctx, n, d, t->u.shaped.elem, NULL);
}

static IrValue *
make_transpose(IrRewriter *rw, IrValue *x, const int64_t *perm, int n,
    const IrType *rt)
{
	IrContext *ctx = ir_rewriter_context(rw);
	IrNamedAttr na = { ir_ident_cstr(ctx, "perm"),
	    gu_i64s_attr(ctx, (size_t)n, perm) };
	return ir_op_result(gu_create(rw, "graph.transpose", 1, &x, rt,
	    ir_attr_dict(ctx, 1, &na)), 0);
}

/* Moves op (whose operands are given in the permuted-back layout) below
 * a transpose by perm: op'(ops) then transpose to op's old result. */
static bool
rebuild(IrRewriter *rw, IrOp *op, IrValue *const *ops, const int64_t *perm,
    int n, const IrAttr *attrs)
{
	IrContext *ctx = ir_rewriter_context(rw);
	const IrType *yt = ir_op_result(op, 0)->type;
	IrValue *y = ir_op_result(gu_create(rw, ir_op_name_str(op),
	    op->noperands, ops, unpermute(ctx, yt, perm, n), attrs), 0);
	IrValue *t = make_transpose(rw, y, perm, n, yt);
	ir_rewriter_replace_op(rw, op, &t);
	return true;
}

/* Is op a one-operand, one-result elementwise graph op without regions
 * (relu, clip, sigmoid, quantize, dequantize, ...) and nothing in it
 * quantized per axis? */
static bool
graph_unary(IrOp *op)
{
	return op->noperands == 1 && op->nresults == 1 && !op->nregions &&
	    ir_op_has_trait(op, IR_TRAIT_ELEMENTWISE) &&
	    ir_op_has_trait(op, IR_TRAIT_PURE) &&
	    !strncmp(ir_op_name_str(op), "graph.", 6) && !per_axis(op);
}

/* u(transpose(x, p)) -> transpose(u(x), p) for one-operand elementwise
 * ops (graph_unary). */
static bool
sink_unary(IrOp *op, IrRewriter *rw, const void *data)
{
	(void)data;
	int64_t perm[DIALECT_MAX_RANK];
	int n;
	if (!graph_unary(op))
		return false;
	IrOp *t = transpose_of(ir_op_operand(op, 0), perm, &n);
	if (!t || !gu_static(ir_op_result(op, 0)))
		return false;
	IrValue *x = ir_op_operand(t, 0);
	return rebuild(rw, op, &x, perm, n, op->attrs);
}

/* The inverse of perm. */
static void
inverse(const int64_t *perm, int n, int64_t *inv)
{
	for (int i = 0; i < n; i++)
		inv[perm[i]] = i;
}

/* An operand of a binary op below a transpose by perm: the transpose's
 * input, or a constant of the same rank transposed back (canonicalize
 * folds it), or a scalar constant as it is; NULL otherwise. */
static IrValue *
operand_back(IrRewriter *rw, IrValue *v, const int64_t *perm, int n)
{
	int64_t p[DIALECT_MAX_RANK], inv[DIALECT_MAX_RANK];
	int m;
	IrOp *t = transpose_of(v, p, &m);
	if (t && m == n && !memcmp(p, perm, (size_t)n * sizeof *p))
		return ir_op_operand(t, 0);
	if (!ir_value_constant(v) || !gu_static(v))
		return NULL;
	if (v->type->u.shaped.rank == 0)
		return v;
	if (v->type->u.shaped.rank != n)
		return NULL;
	inverse(perm, n, inv);
	return make_transpose(rw, v, inv, n,
	    unpermute(ir_rewriter_context(rw), v->type, perm, n));
}

/* op(transpose(a, p), transpose(b, p) or a constant) -> transpose(op(a,
 * b'), p) for binary elementwise ops. */
static bool
sink_binary(IrOp *op, IrRewriter *rw, const void *data)
{
	(void)data;
	int64_t perm[DIALECT_MAX_RANK];
	int n = 0;
	if (op->noperands != 2 || op->nresults != 1 ||
	    !ir_op_has_trait(op, IR_TRAIT_ELEMENTWISE) ||
	    strncmp(ir_op_name_str(op), "graph.", 6) ||
	    !gu_static(ir_op_result(op, 0)))
		return false;
	unsigned k;
	for (k = 0; k < 2; k++)
		if (transpose_of(ir_op_operand(op, k), perm, &n))
			break;
	if (k == 2 || ir_op_result(op, 0)->type->u.shaped.rank != n ||
	    per_axis(op))
		return false;
	/* Check both operands before building anything. */
	for (unsigned i = 0; i < 2; i++) {
		IrValue *v = ir_op_operand(op, i);
		int64_t p[DIALECT_MAX_RANK];
		int m;
		IrOp *t = transpose_of(v, p, &m);
		bool same = t && m == n &&
		    !memcmp(p, perm, (size_t)n * sizeof *p);
		int64_t r = gu_static(v) ? v->type->u.shaped.rank : -1;
		if (!same && !(ir_value_constant(v) && (r == 0 || r == n)))
			return false;
	}
	IrValue *ops[2];
	for (unsigned i = 0; i < 2; i++)
		ops[i] = operand_back(rw, ir_op_operand(op, i), perm, n);
	return rebuild(rw, op, ops, perm, n, op->attrs);
}

/* concat(transpose(a, p), ..., axis) -> transpose(concat(a, ...,
 * axis = p[axis]), p); constant inputs are transposed back. */
static bool
sink_concat(IrOp *op, IrRewriter *rw, const void *data)
{
	(void)data;
	int64_t perm[DIALECT_MAX_RANK];
	int n = 0;
	IrValue *y = ir_op_result(op, 0);
	const IrAttr *ax = ir_op_attr(op, "axis");
	if (op->noperands > 64 || !gu_static(y) || !ax ||
	    ax->kind != IR_ATTR_INTEGER)
		return false;
	unsigned k;
	for (k = 0; k < op->noperands; k++)
		if (transpose_of(ir_op_operand(op, k), perm, &n))
			break;
	if (k == op->noperands || y->type->u.shaped.rank != n)
		return false;
	for (unsigned i = 0; i < op->noperands; i++) {
		IrValue *v = ir_op_operand(op, i);
		int64_t p[DIALECT_MAX_RANK];
		int m;
		IrOp *t = transpose_of(v, p, &m);
		if (!(t && m == n && !memcmp(p, perm, (size_t)n * sizeof *p)) &&
		    !(ir_value_constant(v) && gu_static(v)))
			return false;
	}
	IrValue *ops[64];
	for (unsigned i = 0; i < op->noperands; i++)
		ops[i] = operand_back(rw, ir_op_operand(op, i), perm, n);
	int64_t a = dialect_norm_axis(ax->u.integer.value, n);
	IrContext *ctx = ir_rewriter_context(rw);
	const IrAttr *attrs = ir_dict_set(ctx, op->attrs,
	    ir_ident_cstr(ctx, "axis"), gu_i64_attr(ctx, perm[a]));
	return rebuild(rw, op, ops, perm, n, attrs);
}

/* Does perm move only dimensions of extent 1 of a value of dims d,
 * keeping the others in order (so the transpose is a reshape)? */
static bool
moves_unit_dims(const int64_t *d, const int64_t *perm, int n)
{
	int64_t last = -1;
	for (int i = 0; i < n; i++) {
		if (d[perm[i]] == 1)
			continue;
		if (perm[i] < last)
			return false;
		last = perm[i];
	}
	return true;
}

/* reshape(x) to type t, through rw. */
static IrValue *
make_reshape(IrRewriter *rw, IrValue *x, const IrType *t)
{
	IrContext *ctx = ir_rewriter_context(rw);
	IrNamedAttr na = { ir_ident_cstr(ctx, "shape"),
	    gu_i64s_attr(ctx, (size_t)t->u.shaped.rank, t->u.shaped.dims) };
	return ir_op_result(gu_create(rw, "graph.reshape", 1, &x, t,
	    ir_attr_dict(ctx, 1, &na)), 0);
}

/* transpose(x, p) -> reshape(x) when p moves only unit dimensions and x
 * comes from a reshape, directly or through one elementwise op u (then
 * u(reshape'(...))), or the result goes to a reshape (as ONNX's flatten
 * and unflatten around a layout edge leave it): the reshapes then merge.
 * Not for a per-axis quantized x (a reshape keeps no axis). */
static bool
transpose_reshape(IrOp *op, IrRewriter *rw, const void *data)
{
	(void)data;
	int64_t perm[DIALECT_MAX_RANK];
	IrValue *x = ir_op_operand(op, 0), *y = ir_op_result(op, 0);
	int n = graph_transpose_perm(op, perm);
	IrOp *d = ir_value_def_op(x);
	bool next = gu_one_use(y) && ir_op_is(y->uses->owner, "graph.reshape");
	if (n < 1 || !gu_static(x) || !gu_static(y) || per_axis(op) ||
	    !moves_unit_dims(x->type->u.shaped.dims, perm, n))
		return false;
	if ((d && ir_op_is(d, "graph.reshape")) || next) {
		IrValue *r = make_reshape(rw, x, y->type);
		ir_rewriter_replace_op(rw, op, &r);
		return true;
	}
	IrValue *ux = d && graph_unary(d) && gu_one_use(x) ?
	    ir_op_operand(d, 0) : NULL;
	IrOp *rs = ux ? ir_value_def_op(ux) : NULL;
	if (!rs || !ir_op_is(rs, "graph.reshape") || !gu_static(ux))
		return false;
	IrContext *ctx = ir_rewriter_context(rw);
	IrValue *r = make_reshape(rw, ux, ir_type_tensor(ctx, n,
	    y->type->u.shaped.dims, gu_elem(ux), NULL));
	IrValue *u = ir_op_result(gu_create(rw, ir_op_name_str(d), 1, &r,
	    y->type, d->attrs), 0);
	ir_rewriter_replace_op(rw, op, &u);
	return true;
}

/* transpose(dequantize(c), p) -> dequantize(transpose(c, p)) for a
 * constant c, which then folds (a per-channel quantized filter keeps
 * its scales on the dimension that moved): the filter of a float
 * convolution on dequantized weights, as QDQ models have. */
static bool
transpose_dequantized(IrOp *op, IrRewriter *rw, const void *data)
{
	(void)data;
	int64_t perm[DIALECT_MAX_RANK];
	IrValue *x = ir_op_operand(op, 0), *y = ir_op_result(op, 0);
	IrOp *dq = ir_value_def_op(x);
	int n = graph_transpose_perm(op, perm);
	if (n < 1 || !dq || !ir_op_is(dq, "graph.dequantize") ||
	    !gu_one_use(x) || !gu_static(y) ||
	    !ir_value_constant(ir_op_operand(dq, 0)))
		return false;
	IrContext *ctx = ir_rewriter_context(rw);
	IrValue *c = ir_op_operand(dq, 0);
	const IrType *ct = ir_type_tensor(ctx, n, y->type->u.shaped.dims,
	    graph_transposed_elem(ctx, gu_elem(c), perm, n), NULL);
	IrValue *t = make_transpose(rw, c, perm, n, ct);
	IrValue *r = ir_op_result(gu_create(rw, "graph.dequantize", 1, &t,
	    y->type, dq->attrs), 0);
	ir_rewriter_replace_op(rw, op, &r);
	return true;
}

/* Can a transpose feeding op move below it (graph_unary, a binary
 * elementwise graph op, concat, another transpose)? */
static bool
takes_transpose(IrOp *op)
{
	return graph_unary(op) || ir_op_is(op, "graph.concat") ||
	    ir_op_is(op, "graph.transpose") ||
	    (op->noperands == 2 && op->nresults == 1 &&
	    ir_op_has_trait(op, IR_TRAIT_ELEMENTWISE) &&
	    !strncmp(ir_op_name_str(op), "graph.", 6) && !per_axis(op));
}

/* A transpose with several users (up to 8), each of which it could move
 * below, becomes one transpose per user, so each moves on its own (a
 * residual branch: the value feeds an add and the next op). */
static bool
split_transpose(IrOp *op, IrRewriter *rw, const void *data)
{
	(void)data;
	IrValue *y = ir_op_result(op, 0);
	IrOp *owner[8];
	unsigned idx[8], n = 0;
	if (!y->uses || !y->uses->next)
		return false;
	for (IrUse *u = y->uses; u; u = u->next) {
		if (n == 8 || !takes_transpose(u->owner))
			return false;
		owner[n] = u->owner;
		idx[n++] = ir_use_index(u);
	}
	for (unsigned i = 1; i < n; i++) {
		IrValue *x = ir_op_operand(op, 0);
		IrValue *c = ir_op_result(gu_create(rw, "graph.transpose", 1,
		    &x, y->type, op->attrs), 0);
		ir_rewriter_set_operand(rw, owner[i], idx[i], c);
	}
	return true;
}

static const IrPattern patterns[] = {
	{ "split-transpose", "graph.transpose", 1, split_transpose, NULL },
	{ "transpose-to-reshape", "graph.transpose", 1, transpose_reshape,
	    NULL },
	{ "transpose-dequantized", "graph.transpose", 1,
	    transpose_dequantized, NULL },
	{ "sink-transpose-unary", NULL, 1, sink_unary, NULL },
	{ "sink-transpose-binary", NULL, 1, sink_binary, NULL },
	{ "sink-transpose-concat", "graph.concat", 1, sink_concat, NULL },
};

static bool
fold_transposes_run(IrOp *op, IrPass *pass)
{
	IrContext *ctx = ir_pass_context(pass);
	IrPatternSet *set = ir_pattern_set_create(ctx);
	IrGreedyConfig cfg;
	IrGreedyStats st;
	for (size_t i = 0; i < sizeof patterns / sizeof patterns[0]; i++)
		ir_pattern_set_add(set, &patterns[i]);
	/* With the canonical patterns and folding: transpose pairs cancel
	 * and transposes of constants fold as they meet. */
	ir_pattern_set_add_canonical(set);
	ir_greedy_config_default(&cfg);
	bool ok = ir_apply_patterns_greedily(op, set, &cfg, &st);
	ir_pass_stat_add(pass, "num-rewrites", st.rewrites + st.folds);
	ir_pattern_set_destroy(set);
	return ok;
}

static const IrPassStatistic stats[] = {
	{ "num-rewrites", "transposes moved, merged or folded" },
};

const IrPassDef pass_fold_transposes = {
	.argument = "fold-transposes",
	.summary = "Move transposes down through elementwise ops and concat "
	    "until they cancel or fold into constants",
	.anchor = NULL,
	.stats = stats,
	.nstats = sizeof stats / sizeof stats[0],
	.run = fold_transposes_run,
	.description =
	    "A `graph.transpose` used once, feeding a one-operand elementwise\n"
	    "graph op, moves below it; feeding a binary elementwise op whose\n"
	    "other operand is the same transpose of another value, a constant\n"
	    "of the same rank (transposed back) or a scalar, moves below it;\n"
	    "feeding a concat whose other inputs are such transposes or\n"
	    "constants, moves below it with the concat's axis permuted. With\n"
	    "the canonicalization patterns and folding in the same run, a\n"
	    "transpose that meets its inverse cancels and a transpose of a\n"
	    "constant becomes a constant (a per-channel quantized one with its\n"
	    "axis moved). A transpose of a dequantized constant becomes the\n"
	    "dequantize of the transposed constant, which folds; a transpose\n"
	    "that moves only dimensions of extent 1, next to a reshape,\n"
	    "becomes a reshape, and the reshapes merge. A transpose with\n"
	    "several users (up to 8) that each could take it becomes one per\n"
	    "user (a residual branch). All of it moves data only: results are\n"
	    "bit exact.",
};
