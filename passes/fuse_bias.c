/* passes/fuse_bias.c: a per-channel constant added after a convolution
 * or fully connected layer becomes its bias. */
#include "passes/passes.h"
#include "passes/graph_util.h"

#include <stdlib.h>

/* add(p(x), c), add(c, p(x)) or sub(p(x), c) -> p(x) with bias + c, when
 * c is constant per output channel and does not broadcast p's result. */
static bool
fuse_bias(IrOp *op, IrRewriter *rw, const void *data)
{
	(void)data;
	bool sub = ir_op_is(op, "graph.sub");
	for (unsigned k = 0; k < (sub ? 1u : 2u); k++) {
		IrValue *y = ir_op_operand(op, k);
		IrValue *c = ir_op_operand(op, 1 - k);
		IrOp *p = ir_value_def_op(y);
		int64_t nch;
		int axis;
		double lo, hi;
		if (!p || y->type != ir_op_result(op, 0)->type ||
		    (axis = gu_channel_producer(p, &nch)) < 0)
			continue;
		double *b = gu_channel_vector(c, y->type, axis, nch);
		if (!b)
			continue;
		if (sub)
			for (int64_t i = 0; i < nch; i++)
				b[i] = -b[i];
		gu_fold_affine(rw, p, NULL, b, nch);
		free(b);
		/* The add's fused clamp applies after the bias: p's now. */
		if (graph_act_range(op, &lo, &hi)) {
			const IrAttr *a = ir_op_attr(op, "act_min");
			if (a)
				ir_op_set_attr(p, "act_min", a);
			if ((a = ir_op_attr(op, "act_max")))
				ir_op_set_attr(p, "act_max", a);
		}
		ir_rewriter_replace_op(rw, op, &y);
		return true;
	}
	return false;
}

static const IrPattern patterns[] = {
	{ "fuse-bias-add", "graph.add", 1, fuse_bias, NULL },
	{ "fuse-bias-sub", "graph.sub", 1, fuse_bias, NULL },
};

static bool
fuse_bias_run(IrOp *op, IrPass *pass)
{
	return gu_run_patterns(op, pass, patterns,
	    sizeof patterns / sizeof patterns[0], "num-fused");
}

static const IrPassStatistic stats[] = {
	{ "num-fused", "constant adds fused into a bias" },
};

const IrPassDef pass_fuse_bias = {
	.argument = "fuse-bias",
	.summary = "Fuse a per-channel constant add into the bias of the "
	    "conv or fully connected layer before it",
	.anchor = NULL,
	.stats = stats,
	.nstats = sizeof stats / sizeof stats[0],
	.run = fuse_bias_run,
	.description =
	    "`graph.add` (either operand order) or `graph.sub` of a constant\n"
	    "whose dimensions are all 1 except the producer's output channel\n"
	    "axis (so it is one value per channel and does not widen the\n"
	    "result), after a float conv2d, depthwise_conv2d or\n"
	    "fully_connected with constant weights, no fused activation and\n"
	    "no other user: the constant is added to (subtracted from) the\n"
	    "bias, created when the op had none; a fused activation of the\n"
	    "add moves to the op. Not applied to quantized ops (their bias\n"
	    "is integer and the add requantizes). Float results change by\n"
	    "the rounding of bias + c only.",
};
