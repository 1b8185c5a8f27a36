/* passes/fold_batchnorm.c: an inference batch norm folds into the
 * weights and bias of the convolution or fully connected layer before
 * it; a lone one becomes a multiply-add by per-channel constants. */
#include "passes/passes.h"
#include "passes/graph_util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The batch norm's per-channel a = scale / sqrt(variance + epsilon) and
 * b = offset - mean * a (f32 values); false when an operand is not an
 * f32 constant of nch elements. */
static bool
bn_affine(IrOp *op, int64_t nch, double *a, double *b)
{
	double *v[4];
	bool ok = true;
	for (int i = 0; i < 4; i++) {
		int64_t n = 0;
		v[i] = gu_const_f32(ir_op_operand(op, (unsigned)i + 1), &n);
		if (!v[i] || n != nch)
			ok = false;
	}
	double eps = 1e-5;
	const IrAttr *e = ir_op_attr(op, "epsilon");
	if (e && e->kind == IR_ATTR_FLOAT)
		eps = e->u.flt.value;
	for (int64_t c = 0; ok && c < nch; c++) {
		a[c] = (float)(v[0][c] / sqrt(v[3][c] + (float)eps));
		b[c] = (float)(v[1][c] - v[2][c] * a[c]);
	}
	for (int i = 0; i < 4; i++)
		free(v[i]);
	return ok;
}

/* The channel axis of the batch norm's input, or -1. */
static int
bn_axis(IrOp *op)
{
	IrValue *x = ir_op_operand(op, 0);
	if (!gu_static(x) || !gu_is_f32(gu_elem(x)) ||
	    x->type != ir_op_result(op, 0)->type || x->type->u.shaped.rank < 1)
		return -1;
	if (gu_is_nchw(op))
		return x->type->u.shaped.rank >= 2 ? 1 : -1;
	return (int)x->type->u.shaped.rank - 1;
}

/* bn(p(x)) -> p'(x) with scaled weights and bias. */
static bool
into_producer(IrOp *op, IrRewriter *rw, const void *data)
{
	(void)data;
	int axis = bn_axis(op);
	IrOp *p = ir_value_def_op(ir_op_operand(op, 0));
	int64_t nch;
	if (axis < 0 || !p || gu_channel_producer(p, &nch) != axis)
		return false;
	double *a = ir_xmalloc((size_t)nch * sizeof *a);
	double *b = ir_xmalloc((size_t)nch * sizeof *b);
	bool ok = bn_affine(op, nch, a, b);
	if (ok) {
		gu_fold_affine(rw, p, a, b, nch);
		IrValue *y = ir_op_result(p, 0);
		ir_rewriter_replace_op(rw, op, &y);
	}
	free(a);
	free(b);
	return ok;
}

/* A lone bn(x) -> add(mul(x, a), b), the constants shaped [C] (channels
 * last) or [C, 1, ...] (NCHW) so they broadcast per channel. */
static bool
to_mul_add(IrOp *op, IrRewriter *rw, const void *data)
{
	(void)data;
	int axis = bn_axis(op);
	if (axis < 0)
		return false;
	IrValue *x = ir_op_operand(op, 0);
	int64_t rank = x->type->u.shaped.rank;
	int64_t nch = x->type->u.shaped.dims[axis];
	int64_t dims[DIALECT_MAX_RANK];
	int64_t cr = rank - axis;
	if (cr > DIALECT_MAX_RANK)
		return false;
	dims[0] = nch;
	for (int64_t i = 1; i < cr; i++)
		dims[i] = 1;
	double *a = ir_xmalloc((size_t)nch * sizeof *a);
	double *b = ir_xmalloc((size_t)nch * sizeof *b);
	bool ok = bn_affine(op, nch, a, b);
	if (ok) {
		IrContext *ctx = ir_rewriter_context(rw);
		const IrType *ct = ir_type_tensor(ctx, cr, dims, gu_elem(x),
		    NULL);
		IrValue *av = gu_make_f32(rw, ct, a, nch);
		IrValue *bv = gu_make_f32(rw, ct, b, nch);
		IrValue *m[2] = { x, av };
		IrValue *mv = ir_op_result(gu_create(rw, "graph.mul", 2, m,
		    x->type, NULL), 0);
		IrValue *s[2] = { mv, bv };
		IrValue *y = ir_op_result(gu_create(rw, "graph.add", 2, s,
		    x->type, NULL), 0);
		ir_rewriter_replace_op(rw, op, &y);
	}
	free(a);
	free(b);
	return ok;
}

static const IrPattern patterns[] = {
	{ "fold-batchnorm-into-producer", "graph.batch_norm", 2, into_producer,
	  NULL },
	{ "batchnorm-to-mul-add", "graph.batch_norm", 1, to_mul_add, NULL },
};

static bool
fold_batchnorm_run(IrOp *op, IrPass *pass)
{
	return gu_run_patterns(op, pass, patterns,
	    sizeof patterns / sizeof patterns[0], "num-folded");
}

static const IrPassStatistic stats[] = {
	{ "num-folded", "batch norms folded or rewritten" },
};

const IrPassDef pass_fold_batchnorm = {
	.argument = "fold-batchnorm",
	.summary = "Fold inference batch norms into the weights before them",
	.anchor = NULL,
	.stats = stats,
	.nstats = sizeof stats / sizeof stats[0],
	.run = fold_batchnorm_run,
	.description =
	    "A float `graph.batch_norm` with constant scale, offset, mean and\n"
	    "variance computes x * a + b per channel, a = scale /\n"
	    "sqrt(variance + epsilon), b = offset - mean * a. When x comes\n"
	    "from a conv2d, depthwise_conv2d or fully_connected with constant\n"
	    "weights, no fused activation and no other user, and the batch\n"
	    "norm's channel axis (last, or 1 for NCHW) is that op's output\n"
	    "channel axis, the weights of output channel c are multiplied by\n"
	    "a[c] and the bias becomes bias * a + b: one op instead of two.\n"
	    "Otherwise the batch norm becomes `graph.mul` and `graph.add` by\n"
	    "per-channel constants, ops an NPU runs and later folds can take.\n"
	    "Results differ from the unfolded graph by float rounding only\n"
	    "(the products are rounded to f32 once more).",
};
