/* passes/merge_fc.c: fully connected layers that read the same input
 * merge into one wider layer whose result is sliced back, so an NPU
 * streams the input once. */
#include "passes/passes.h"
#include "passes/graph_util.h"

#include <stdlib.h>
#include <string.h>

/* Is op a float fully_connected with static shapes and constant weights
 * (and bias)? */
static bool
mergeable(IrOp *op)
{
	if (!ir_op_is(op, "graph.fully_connected") || op->nresults != 1)
		return false;
	IrValue *w = ir_op_operand(op, 1), *y = ir_op_result(op, 0);
	return gu_static(y) && gu_static(w) && gu_is_f32(gu_elem(w)) &&
	    gu_is_f32(gu_elem(y)) && w->type->u.shaped.rank == 2 &&
	    ir_value_constant(w) && (op->noperands < 3 ||
	    ir_value_constant(ir_op_operand(op, 2)));
}

/* Can b join a's group: same input, same attributes, same K? */
static bool
same_group(IrOp *a, IrOp *b)
{
	return ir_op_operand(a, 0) == ir_op_operand(b, 0) &&
	    a->attrs == b->attrs && a->parent == b->parent &&
	    ir_op_operand(a, 1)->type->u.shaped.dims[1] ==
	    ir_op_operand(b, 1)->type->u.shaped.dims[1];
}

/* A constant of type t holding v at the builder. */
static IrValue *
constant(IrBuilder *b, const IrType *t, const float *v, int64_t n)
{
	IrContext *ctx = b->ctx;
	IrNamedAttr na = { ir_ident_cstr(ctx, "value"),
	    ir_attr_dense(ctx, t, false, v, (size_t)n * 4) };
	IrOpState st = {
		.name = ir_op_name_get(ctx, "graph.constant", 14),
		.nresults = 1, .result_types = &t,
		.attrs = ir_attr_dict(ctx, 1, &na),
	};
	return ir_op_result(ir_builder_create(b, &st), 0);
}

/* Merges the n ops of g (n >= 2, in block order). */
static void
merge(IrContext *ctx, IrOp **g, size_t n)
{
	int64_t k = ir_op_operand(g[0], 1)->type->u.shaped.dims[1], o = 0;
	for (size_t i = 0; i < n; i++)
		o += ir_op_operand(g[i], 1)->type->u.shaped.dims[0];
	float *w = ir_xcalloc((size_t)(o * k), sizeof *w);
	float *bias = ir_xcalloc((size_t)o, sizeof *bias);
	int64_t off = 0;
	for (size_t i = 0; i < n; i++) {
		int64_t m, oi = ir_op_operand(g[i], 1)->type->u.shaped.dims[0];
		double *v = gu_const_f32(ir_op_operand(g[i], 1), &m);
		for (int64_t j = 0; j < m; j++)
			w[off * k + j] = (float)v[j];
		free(v);
		if (g[i]->noperands > 2) {
			v = gu_const_f32(ir_op_operand(g[i], 2), &m);
			for (int64_t j = 0; j < m && j < oi; j++)
				bias[off + j] = (float)v[j];
			free(v);
		}
		off += oi;
	}
	IrBuilder b;
	ir_builder_init(&b, ctx);
	ir_builder_set_before(&b, g[0]);
	const IrType *f32 = gu_elem(ir_op_operand(g[0], 1));
	int64_t wd[2] = { o, k };
	IrValue *ops[3] = { ir_op_operand(g[0], 0),
	    constant(&b, ir_type_tensor(ctx, 2, wd, f32, NULL), w, o * k),
	    constant(&b, ir_type_tensor(ctx, 1, &o, f32, NULL), bias, o) };
	free(w);
	free(bias);
	const IrType *y0 = ir_op_result(g[0], 0)->type;
	int64_t r = y0->u.shaped.rank, d[DIALECT_MAX_RANK];
	memcpy(d, y0->u.shaped.dims, (size_t)r * sizeof *d);
	d[r - 1] = o;
	const IrType *yt = gu_with_dims(ctx, y0, r, d);
	IrOpState st = {
		.name = g[0]->name, .loc = ir_op_loc(g[0]), .noperands = 3,
		.operands = ops, .nresults = 1, .result_types = &yt,
		.attrs = g[0]->attrs,
	};
	IrValue *wide = ir_op_result(ir_builder_create(&b, &st), 0);
	off = 0;
	for (size_t i = 0; i < n; i++) {
		IrValue *y = ir_op_result(g[i], 0);
		int64_t begin[DIALECT_MAX_RANK] = { 0 };
		begin[r - 1] = off;
		off += y->type->u.shaped.dims[r - 1];
		IrNamedAttr sa[2] = {
			{ ir_ident_cstr(ctx, "begin"),
			  gu_i64s_attr(ctx, (size_t)r, begin) },
			{ ir_ident_cstr(ctx, "size"),
			  gu_i64s_attr(ctx, (size_t)r,
			      y->type->u.shaped.dims) },
		};
		IrOpState ss = {
			.name = ir_op_name_get(ctx, "graph.slice", 11),
			.loc = ir_op_loc(g[i]), .noperands = 1,
			.operands = &wide, .nresults = 1,
			.result_types = &y->type,
			.attrs = ir_attr_dict(ctx, 2, sa),
		};
		IrValue *s = ir_op_result(ir_builder_create(&b, &ss), 0);
		ir_value_replace_all_uses(y, s);
	}
	/* Erased last: the builder inserts before g[0]. */
	for (size_t i = 0; i < n; i++)
		ir_op_erase(g[i]);
}

typedef struct Walk {
	IrOp **fcs;
	size_t n, cap;
} Walk;

static IrWalkResult
collect(IrOp *op, void *user)
{
	Walk *w = user;
	if (!mergeable(op))
		return IR_WALK_ADVANCE;
	if (w->n == w->cap) {
		w->cap = w->cap ? 2 * w->cap : 16;
		w->fcs = ir_xrealloc(w->fcs, w->cap * sizeof *w->fcs);
	}
	w->fcs[w->n++] = op;
	return IR_WALK_ADVANCE;
}

static bool
merge_fc_run(IrOp *op, IrPass *pass)
{
	IrContext *ctx = ir_pass_context(pass);
	Walk w = { 0 };
	ir_op_walk(op, IR_WALK_PRE, collect, &w);
	IrOp **g = ir_xmalloc((w.n ? w.n : 1) * sizeof *g);
	for (size_t i = 0; i < w.n; i++) {
		size_t n = 0;
		if (!w.fcs[i])
			continue;
		for (size_t j = i; j < w.n; j++)
			if (w.fcs[j] && same_group(w.fcs[i], w.fcs[j])) {
				g[n++] = w.fcs[j];
				if (j != i)
					w.fcs[j] = NULL;
			}
		if (n >= 2) {
			merge(ctx, g, n);
			ir_pass_stat_add(pass, "num-merged", n);
		}
	}
	free(g);
	free(w.fcs);
	return true;
}

static const IrPassStatistic stats[] = {
	{ "num-merged", "fully connected layers merged" },
};

const IrPassDef pass_merge_fc = {
	.argument = "merge-fc",
	.summary = "Merge fully connected layers that share their input "
	    "into one wider layer and slices",
	.anchor = NULL,
	.stats = stats,
	.nstats = sizeof stats / sizeof stats[0],
	.run = merge_fc_run,
	.description =
	    "Float `graph.fully_connected` ops in one block with the same\n"
	    "input, the same attributes (so the same fused activation) and\n"
	    "constant weights (and bias) become one op whose weights and bias\n"
	    "are theirs stacked along the output channels (a missing bias is\n"
	    "zeros), at the first one's place; each old result becomes a\n"
	    "`graph.slice` of the wide result. Every output is computed as\n"
	    "before: bit exact.",
};
