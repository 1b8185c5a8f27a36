/* passes/layout.c: rewrites NCHW ops (as ONNX imports them) to NHWC
 * between transposes, then moves the transposes until they cancel, so
 * only the function's edges keep one (none with edges=nhwc). */
#include "passes/passes.h"
#include "passes/graph_util.h"

#include <stdlib.h>
#include <string.h>

static const int64_t TO_NHWC[4] = { 0, 2, 3, 1 };
static const int64_t TO_NCHW[4] = { 0, 3, 1, 2 };

/* transpose(x, perm) of a rank-4 static x, at the builder; a per-axis
 * quantized x (a filter) keeps its scales on the dimension that moved. */
static IrValue *
transpose4(IrBuilder *b, IrValue *x, const int64_t *perm)
{
	IrContext *ctx = b->ctx;
	int64_t d[4];
	for (int i = 0; i < 4; i++)
		d[i] = x->type->u.shaped.dims[perm[i]];
	const IrType *t = ir_type_tensor(ctx, 4, d, graph_transposed_elem(ctx,
	    x->type->u.shaped.elem, perm, 4), NULL);
	IrNamedAttr na = { ir_ident_cstr(ctx, "perm"),
	    gu_i64s_attr(ctx, 4, perm) };
	IrOpState st = {
		.name = ir_op_name_get(ctx, "graph.transpose", 15),
		.noperands = 1, .operands = &x, .nresults = 1,
		.result_types = &t, .attrs = ir_attr_dict(ctx, 1, &na),
	};
	return ir_op_result(ir_builder_create(b, &st), 0);
}

/* The weights' permutation from the NCHW form to the NHWC one: OIHW ->
 * OHWI for conv2d, O1HW -> 1HWO for depthwise; NULL: no weights. */
static const int64_t *
weight_perm(const IrOp *op)
{
	static const int64_t conv[4] = { 0, 2, 3, 1 };
	static const int64_t dw[4] = { 1, 2, 3, 0 };
	if (ir_op_is(op, "graph.conv2d"))
		return conv;
	if (ir_op_is(op, "graph.depthwise_conv2d"))
		return dw;
	return NULL;
}

/* Rewrites one NCHW op to NHWC between transposes; false when it is not
 * one this pass handles. */
static bool
to_nhwc(IrBuilder *b, IrOp *op)
{
	static const char *const names[] = {
		"graph.conv2d", "graph.depthwise_conv2d", "graph.max_pool2d",
		"graph.avg_pool2d", "graph.global_avg_pool",
	};
	size_t k;
	for (k = 0; k < sizeof names / sizeof names[0]; k++)
		if (ir_op_is(op, names[k]))
			break;
	IrValue *x = ir_op_operand(op, 0), *y = ir_op_result(op, 0);
	if (k == sizeof names / sizeof names[0] || !gu_is_nchw(op) ||
	    !gu_static(x) || !gu_static(y) || x->type->u.shaped.rank != 4)
		return false;
	const int64_t *wp = weight_perm(op);
	if (wp && (!gu_static(ir_op_operand(op, 1)) ||
	    ir_op_operand(op, 1)->type->u.shaped.rank != 4))
		return false;
	IrContext *ctx = b->ctx;
	ir_builder_set_before(b, op);
	IrValue *ops[3] = { transpose4(b, x, TO_NHWC), NULL, NULL };
	for (unsigned i = 1; i < op->noperands; i++)
		ops[i] = ir_op_operand(op, i);
	if (wp)
		ops[1] = transpose4(b, ops[1], wp);
	bool rank4 = y->type->u.shaped.rank == 4;
	int64_t d[4];
	const IrType *yt = y->type;
	if (rank4) {
		for (int i = 0; i < 4; i++)
			d[i] = y->type->u.shaped.dims[TO_NHWC[i]];
		yt = gu_with_dims(ctx, y->type, 4, d);
	}
	IrOpState st = {
		.name = op->name, .loc = ir_op_loc(op),
		.noperands = op->noperands, .operands = ops,
		.nresults = 1, .result_types = &yt,
		.attrs = ir_dict_set(ctx, op->attrs,
		    ir_ident_cstr(ctx, "layout"),
		    ir_attr_string(ctx, "NHWC", 4, NULL)),
	};
	IrValue *ny = ir_op_result(ir_builder_create(b, &st), 0);
	if (rank4)
		ny = transpose4(b, ny, TO_NCHW);
	ir_value_replace_all_uses(y, ny);
	ir_op_erase(op);
	return true;
}

typedef struct Walk {
	IrOp **ops;
	size_t n, cap;
} Walk;

static IrWalkResult
collect(IrOp *op, void *user)
{
	Walk *w = user;
	if (!gu_is_nchw(op))
		return IR_WALK_ADVANCE;
	if (w->n == w->cap) {
		w->cap = w->cap ? 2 * w->cap : 32;
		w->ops = ir_xrealloc(w->ops, w->cap * sizeof *w->ops);
	}
	w->ops[w->n++] = op;
	return IR_WALK_ADVANCE;
}

/* The permutation of v's defining transpose when it is `perm`. */
static bool
is_transpose(IrOp *t, const int64_t *perm)
{
	int64_t p[DIALECT_MAX_RANK];
	return t && ir_op_is(t, "graph.transpose") &&
	    graph_transpose_perm(t, p) == 4 &&
	    !memcmp(p, perm, sizeof p[0] * 4);
}

/* edges=nhwc: an argument every use of which transposes it to NHWC
 * becomes NHWC; a result that is a transpose to NCHW returns its input.
 * The function type follows. */
static void
nhwc_edges(IrContext *ctx, IrOp *fn)
{
	IrBlock *entry = ir_func_entry(fn);
	IrOp *ret = entry ? ir_block_terminator(entry) : NULL;
	if (!ret || !ir_op_has_trait(ret, IR_TRAIT_RETURN_LIKE))
		return;
	for (unsigned i = 0; i < entry->nargs; i++) {
		IrValue *a = entry->args[i];
		IrUse *u;
		for (u = a->uses; u; u = u->next)
			if (!is_transpose(u->owner, TO_NHWC))
				break;
		if (u || !a->uses || ir_value_num_uses(a) > 64)
			continue;
		IrOp *ts[64] = { NULL };
		size_t nt = 0;
		for (u = a->uses; u; u = u->next)
			ts[nt++] = u->owner;
		a->type = ir_op_result(a->uses->owner, 0)->type;
		for (size_t k = 0; k < nt; k++) {
			ir_value_replace_all_uses(ir_op_result(ts[k], 0), a);
			ir_op_erase(ts[k]);
		}
	}
	for (unsigned i = 0; i < ret->noperands; i++) {
		IrOp *t = ir_value_def_op(ir_op_operand(ret, i));
		if (!is_transpose(t, TO_NCHW))
			continue;
		ir_op_set_operand(ret, i, ir_op_operand(t, 0));
		if (!ir_value_has_uses(ir_op_result(t, 0)))
			ir_op_erase(t);
	}
	const IrType *in[256], *out[256];
	if (entry->nargs > 256 || ret->noperands > 256)
		return;
	for (unsigned i = 0; i < entry->nargs; i++)
		in[i] = entry->args[i]->type;
	for (unsigned i = 0; i < ret->noperands; i++)
		out[i] = ir_op_operand(ret, i)->type;
	ir_op_set_attr(fn, "function_type", ir_attr_type(ctx,
	    ir_type_function(ctx, entry->nargs, in, ret->noperands, out)));
}

static bool
layout_run(IrOp *op, IrPass *pass)
{
	IrContext *ctx = ir_pass_context(pass);
	Walk w = { 0 };
	uint64_t n = 0;
	ir_op_walk(op, IR_WALK_PRE, collect, &w);
	IrBuilder b;
	ir_builder_init(&b, ctx);
	for (size_t i = 0; i < w.n; i++)
		n += to_nhwc(&b, w.ops[i]);
	free(w.ops);
	ir_pass_stat_add(pass, "num-converted", n);
	/* Move the transposes until the pairs between ops cancel. */
	const IrPassDef *ft = ir_lookup_pass(ctx, "fold-transposes");
	if (!ft || !ft->run(op, pass))
		return false;
	if (!strcmp(ir_pass_string(pass, "edges"), "nhwc")) {
		nhwc_edges(ctx, op);
		if (!ft->run(op, pass))
			return false;
	}
	return true;
}

static const char *const layouts[] = { "nhwc", NULL };
static const char *const edge_kinds[] = { "keep", "nhwc", NULL };

static const IrPassOption options[] = {
	{ "to", IR_OPT_ENUM, "nhwc", "the layout to convert to", layouts },
	{ "edges", IR_OPT_ENUM, "keep",
	  "keep: the function's arguments and results keep their layout "
	  "(transposes there); nhwc: they become NHWC too", edge_kinds },
};

static const IrPassStatistic stats[] = {
	{ "num-converted", "NCHW ops rewritten to NHWC" },
	{ "num-rewrites", "transposes moved, merged or folded" },
};

const IrPassDef pass_layout = {
	.argument = "layout",
	.summary = "Rewrite NCHW convolutions and pools to NHWC, transposes "
	    "only at the function's edges",
	.anchor = "func.func",
	.options = options,
	.noptions = sizeof options / sizeof options[0],
	.stats = stats,
	.nstats = sizeof stats / sizeof stats[0],
	.run = layout_run,
	.description =
	    "Every conv2d, depthwise_conv2d, max_pool2d, avg_pool2d and\n"
	    "global_avg_pool with `layout = \"NCHW\"` becomes its NHWC form\n"
	    "between a transpose of its input to NHWC and one of its result\n"
	    "back to NCHW; the filters are transposed (OIHW -> OHWI, O1HW ->\n"
	    "1HWO) and fold into new constants, a per-channel quantized\n"
	    "filter's quantization axis moving with its dimension (0 stays 0\n"
	    "for conv2d, 0 becomes 3 for depthwise). Then `fold-transposes` moves the transposes down\n"
	    "through elementwise ops and concat until each pair between two\n"
	    "ops cancels, so transposes remain only where the function's\n"
	    "arguments come in and its results go out (and in front of ops\n"
	    "that are not layout-agnostic, such as a reshape). With\n"
	    "`edges=nhwc` those arguments and results become NHWC as well,\n"
	    "and the function type changes. The NHWC kernels sum in another\n"
	    "order than the NCHW ones (which follow onnxruntime's MLAS), so\n"
	    "float results differ by rounding; quantized NHWC convolutions\n"
	    "take the integer path.",
};
