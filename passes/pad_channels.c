/* passes/pad_channels.c: reports how well each convolution's and fully
 * connected layer's output channels fill a MAC array that computes
 * `multiple` output channels at a time, and (rewrite=true) pads them to a
 * multiple with zero filters and a slice, keeping the results exact. */
#include "passes/passes.h"
#include "passes/graph_util.h"

#include <stdlib.h>
#include <string.h>

/* The output channel count of a conv2d or fully_connected (the filters'
 * axis 0) with a static result, or -1; *axis is the result's channel
 * axis. Depthwise convolutions are left out: their channels are their
 * input's. */
static int64_t
out_channels(IrOp *op, int *axis)
{
	if (!ir_op_is(op, "graph.conv2d") &&
	    !ir_op_is(op, "graph.fully_connected"))
		return -1;
	IrValue *y = ir_op_result(op, 0), *w = ir_op_operand(op, 1);
	if (!gu_static(y) || !gu_static(w))
		return -1;
	*axis = gu_is_nchw(op) ? 1 : (int)y->type->u.shaped.rank - 1;
	return w->type->u.shaped.dims[0];
}

/* Pads op's output channels from c to cp: zero filters and bias, a
 * wider result, then a slice back to c channels. Float ops with
 * constant weights (and bias) only; false otherwise. */
static bool
pad_op(IrBuilder *b, IrOp *op, int axis, int64_t c, int64_t cp)
{
	IrContext *ctx = b->ctx;
	IrValue *w = ir_op_operand(op, 1), *y = ir_op_result(op, 0);
	const IrAttr *g = ir_op_attr(op, "groups");
	int64_t nw, nb = 0;
	if (!gu_is_f32(gu_elem(y)) || (g && g->kind == IR_ATTR_INTEGER &&
	    g->u.integer.value != 1))
		return false;
	double *wv = gu_const_f32(w, &nw);
	double *bv = op->noperands > 2 ?
	    gu_const_f32(ir_op_operand(op, 2), &nb) : NULL;
	if (!wv || (op->noperands > 2 && !bv)) {
		free(wv);
		free(bv);
		return false;
	}
	size_t row = (size_t)(nw / c);
	int64_t wd[DIALECT_MAX_RANK], yd[DIALECT_MAX_RANK];
	int64_t wr = w->type->u.shaped.rank, yr = y->type->u.shaped.rank;
	memcpy(wd, w->type->u.shaped.dims, (size_t)wr * sizeof *wd);
	memcpy(yd, y->type->u.shaped.dims, (size_t)yr * sizeof *yd);
	wd[0] = cp;
	yd[axis] = cp;
	float *wz = ir_xcalloc((size_t)cp * row, sizeof *wz);
	for (int64_t i = 0; i < nw; i++)
		wz[i] = (float)wv[i];
	float *bz = ir_xcalloc((size_t)cp, sizeof *bz);
	for (int64_t i = 0; i < nb; i++)
		bz[i] = (float)bv[i];
	free(wv);
	free(bv);
	const IrType *wt = gu_with_dims(ctx, w->type, wr, wd);
	const IrType *bt = ir_type_tensor(ctx, 1, &cp, gu_elem(w), NULL);
	const IrType *yt = gu_with_dims(ctx, y->type, yr, yd);
	ir_builder_set_before(b, op);
	IrValue *nv[2];
	const IrAttr *vals[2] = {
		ir_attr_dense(ctx, wt, false, wz, (size_t)cp * row * 4),
		ir_attr_dense(ctx, bt, false, bz, (size_t)cp * 4),
	};
	const IrType *types[2] = { wt, bt };
	for (int i = 0; i < 2; i++) {
		IrNamedAttr na = { ir_ident_cstr(ctx, "value"), vals[i] };
		IrOpState st = {
			.name = ir_op_name_get(ctx, "graph.constant", 14),
			.nresults = 1, .result_types = &types[i],
			.attrs = ir_attr_dict(ctx, 1, &na),
		};
		nv[i] = ir_op_result(ir_builder_create(b, &st), 0);
	}
	free(wz);
	free(bz);
	IrValue *ops[3] = { ir_op_operand(op, 0), nv[0], nv[1] };
	IrOpState st = {
		.name = op->name, .loc = ir_op_loc(op), .noperands = 3,
		.operands = ops, .nresults = 1, .result_types = &yt,
		.attrs = op->attrs,
	};
	IrValue *wide = ir_op_result(ir_builder_create(b, &st), 0);
	int64_t begin[DIALECT_MAX_RANK] = { 0 };
	IrNamedAttr sa[2] = {
		{ ir_ident_cstr(ctx, "begin"), gu_i64s_attr(ctx, (size_t)yr,
		    begin) },
		{ ir_ident_cstr(ctx, "size"), gu_i64s_attr(ctx, (size_t)yr,
		    y->type->u.shaped.dims) },
	};
	IrOpState ss = {
		.name = ir_op_name_get(ctx, "graph.slice", 11),
		.loc = ir_op_loc(op), .noperands = 1, .operands = &wide,
		.nresults = 1, .result_types = &y->type,
		.attrs = ir_attr_dict(ctx, 2, sa),
	};
	IrValue *cut = ir_op_result(ir_builder_create(b, &ss), 0);
	IrValue *old[2] = { w,
	    op->noperands > 2 ? ir_op_operand(op, 2) : NULL };
	ir_value_replace_all_uses(y, cut);
	ir_op_erase(op);
	for (int i = 0; i < 2; i++)     /* the old constants, if now dead */
		if (old[i] && !ir_value_has_uses(old[i]) &&
		    ir_value_def_op(old[i]))
			ir_op_erase(ir_value_def_op(old[i]));
	return true;
}

typedef struct Walk {
	IrPass *pass;
	int64_t multiple, macs;
	bool rewrite;
	IrOp **todo;             /* ops to pad, in walk order */
	size_t ntodo, cap;
} Walk;

static IrWalkResult
report(IrOp *op, void *user)
{
	Walk *w = user;
	int axis;
	int64_t c = out_channels(op, &axis);
	if (c <= 0)
		return IR_WALK_ADVANCE;
	int64_t n = w->multiple, blocks = (c + n - 1) / n, cp = blocks * n;
	double util = 100.0 * (double)c / (double)cp;
	IrContext *ctx = ir_pass_context(w->pass);
	if (cp == c) {
		ir_emit(ctx, IR_SEV_REMARK, ir_op_loc(op), "pad-channels: %s: "
		    "%lld output channels fill %lld blocks of %lld on %lld "
		    "MACs: 100.0%% of the array's channel slots",
		    ir_op_name_str(op), (long long)c, (long long)blocks,
		    (long long)n, (long long)w->macs);
		return IR_WALK_ADVANCE;
	}
	ir_emit(ctx, IR_SEV_REMARK, ir_op_loc(op), "pad-channels: %s: %lld "
	    "output channels use %.1f%% of the channel slots of %lld blocks "
	    "of %lld on %lld MACs; padded to %lld: 100.0%% (+%.1f points), "
	    "the same %lld blocks, %lld channels of zeros sliced off",
	    ir_op_name_str(op), (long long)c, util, (long long)blocks,
	    (long long)n, (long long)w->macs, (long long)cp, 100.0 - util,
	    (long long)blocks, (long long)(cp - c));
	ir_pass_stat_add(w->pass, "num-unaligned", 1);
	if (w->rewrite) {
		if (w->ntodo == w->cap) {
			w->cap = w->cap ? 2 * w->cap : 16;
			w->todo = ir_xrealloc(w->todo,
			    w->cap * sizeof *w->todo);
		}
		w->todo[w->ntodo++] = op;
	}
	return IR_WALK_ADVANCE;
}

static bool
pad_channels_run(IrOp *op, IrPass *pass)
{
	IrContext *ctx = ir_pass_context(pass);
	Walk w = { .pass = pass, .multiple = ir_pass_int(pass, "multiple"),
	    .macs = ir_pass_int(pass, "macs"),
	    .rewrite = ir_pass_bool(pass, "rewrite") };
	if (w.multiple <= 0) {
		ir_emit_error(ctx, ir_op_loc(op), "pad-channels: multiple must "
		    "be positive, not %lld", (long long)w.multiple);
		return false;
	}
	if (w.macs <= 0 || w.macs % w.multiple) {
		ir_emit_error(ctx, ir_op_loc(op), "pad-channels: macs (%lld) "
		    "must be a positive multiple of multiple (%lld)",
		    (long long)w.macs, (long long)w.multiple);
		return false;
	}
	ir_op_walk(op, IR_WALK_PRE, report, &w);
	IrBuilder b;
	ir_builder_init(&b, ctx);
	for (size_t i = 0; i < w.ntodo; i++) {
		int axis;
		int64_t c = out_channels(w.todo[i], &axis);
		int64_t cp = (c + w.multiple - 1) / w.multiple * w.multiple;
		if (pad_op(&b, w.todo[i], axis, c, cp))
			ir_pass_stat_add(pass, "num-padded", 1);
	}
	free(w.todo);
	return true;
}

static const IrPassOption options[] = {
	{ "multiple", IR_OPT_INT, "16",
	  "output channels the MAC array computes at a time", NULL },
	{ "macs", IR_OPT_INT, "256", "MACs in the array (for the report)",
	  NULL },
	{ "rewrite", IR_OPT_BOOL, "false",
	  "pad unaligned float layers with zero filters and a slice", NULL },
};

static const IrPassStatistic stats[] = {
	{ "num-unaligned", "layers whose channels are not a multiple" },
	{ "num-padded", "layers padded (rewrite=true)" },
};

const IrPassDef pass_pad_channels = {
	.argument = "pad-channels",
	.summary = "Report (and optionally pad) output channel counts that "
	    "leave a MAC array's channel slots empty",
	.anchor = NULL,
	.options = options,
	.noptions = sizeof options / sizeof options[0],
	.stats = stats,
	.nstats = sizeof stats / sizeof stats[0],
	.run = pad_channels_run,
	.description =
	    "Models the MAC array as `macs` MACs computing `multiple` output\n"
	    "channels at a time, so a layer of C output channels takes\n"
	    "ceil(C / multiple) channel blocks and fills C / (blocks *\n"
	    "multiple) of their slots. For every conv2d and fully_connected\n"
	    "(depthwise convolutions have their input's channels) it emits a\n"
	    "remark with that utilisation and what padding C to the next\n"
	    "multiple gives: every slot filled, the same number of blocks (so\n"
	    "the same time in this model: the padding buys alignment, for\n"
	    "hardware or layouts that need it, not speed), and how many zero\n"
	    "channels are computed and dropped. With `rewrite=true` (off by\n"
	    "default) a float layer with constant weights and one group gets\n"
	    "zero filters (and zero bias) up to the multiple and a\n"
	    "`graph.slice` back to its channels: results stay exact.",
};
