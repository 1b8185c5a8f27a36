/* passes/fold_mul.c: a per-channel constant multiply after a convolution
 * or fully connected layer folds into its weights and bias. */
#include "passes/passes.h"
#include "passes/graph_util.h"

#include <stdlib.h>

/* mul(p(x), c) or mul(c, p(x)) -> p'(x) with weights and bias times c,
 * when c is constant per output channel and does not broadcast p. */
static bool
fold_mul(IrOp *op, IrRewriter *rw, const void *data)
{
	(void)data;
	for (unsigned k = 0; k < 2; k++) {
		IrValue *y = ir_op_operand(op, k);
		IrValue *c = ir_op_operand(op, 1 - k);
		IrOp *p = ir_value_def_op(y);
		int64_t nch;
		int axis;
		double lo, hi;
		if (!p || graph_act_range(op, &lo, &hi) ||
		    y->type != ir_op_result(op, 0)->type ||
		    (axis = gu_channel_producer(p, &nch)) < 0)
			continue;
		double *a = gu_channel_vector(c, y->type, axis, nch);
		if (!a)
			continue;
		gu_fold_affine(rw, p, a, NULL, nch);
		free(a);
		ir_rewriter_replace_op(rw, op, &y);
		return true;
	}
	return false;
}

static const IrPattern patterns[] = {
	{ "fold-mul", "graph.mul", 1, fold_mul, NULL },
};

static bool
fold_mul_run(IrOp *op, IrPass *pass)
{
	return gu_run_patterns(op, pass, patterns, 1, "num-folded");
}

static const IrPassStatistic stats[] = {
	{ "num-folded", "constant multiplies folded into weights" },
};

const IrPassDef pass_fold_mul = {
	.argument = "fold-mul",
	.summary = "Fold a per-channel constant multiply into the weights of "
	    "the conv or fully connected layer before it",
	.anchor = NULL,
	.stats = stats,
	.nstats = sizeof stats / sizeof stats[0],
	.run = fold_mul_run,
	.description =
	    "`graph.mul` (either operand order) by a constant with one value\n"
	    "per output channel (all dimensions 1 except that channel axis;\n"
	    "it must not widen the result) after a float conv2d,\n"
	    "depthwise_conv2d or fully_connected with constant weights, no\n"
	    "fused activation and no other user: output channel c's weights\n"
	    "and bias are multiplied by c's value. Quantized ops are left\n"
	    "alone. Float results change by f32 rounding of the products.",
};
