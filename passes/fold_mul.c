/* passes/fold_mul.c: a per-channel constant multiply after a convolution
 * or fully connected layer folds into its weights and bias; one before
 * it, per input channel, folds into its weights. */
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

/* ------------------------------------------------------- input side */

/* A conv2d's channel groups (1 when absent). */
static int64_t
groups_of(const IrOp *p)
{
	const IrAttr *g = ir_op_attr(p, "groups");
	return g && g->kind == IR_ATTR_INTEGER ? g->u.integer.value : 1;
}

/* The input channel (of p's input) weight element j multiplies, for the
 * filter dims d: conv2d OHWI / OIHW with `groups`, depthwise 1HWO / O1HW
 * (output channel o reads input channel o / multiplier), FC [O, K]. */
static int64_t
weight_in_channel(IrOp *p, const int64_t *d, int64_t j, int64_t nch)
{
	if (ir_op_is(p, "graph.fully_connected"))
		return j % d[1];
	bool nchw = gu_is_nchw(p);
	if (ir_op_is(p, "graph.depthwise_conv2d")) {
		int64_t o = nchw ? j / (d[2] * d[3]) : j % d[3];
		return o / ((nchw ? d[0] : d[3]) / nch);
	}
	int64_t I = nchw ? d[1] : d[3];
	int64_t o = j / (d[1] * d[2] * d[3]);
	int64_t i = nchw ? j / (d[2] * d[3]) % I : j % I;
	return o / (d[0] / groups_of(p)) * I + i;
}

/* The input channel axis of p's input and its channel count when p is a
 * float conv2d, depthwise_conv2d or fully_connected with constant f32
 * weights whose channels divide as the op needs; -1 otherwise. */
static int
input_channel_axis(IrOp *p, int64_t *nch)
{
	if (!(ir_op_is(p, "graph.conv2d") ||
	    ir_op_is(p, "graph.depthwise_conv2d") ||
	    ir_op_is(p, "graph.fully_connected")) || p->noperands < 2)
		return -1;
	IrValue *x = ir_op_operand(p, 0), *w = ir_op_operand(p, 1);
	if (!gu_static(x) || !gu_static(w) || !ir_value_constant(w) ||
	    !gu_is_f32(gu_elem(x)) || !gu_is_f32(gu_elem(w)) ||
	    !gu_is_f32(gu_elem(ir_op_result(p, 0))))
		return -1;
	int64_t r = x->type->u.shaped.rank, wr = w->type->u.shaped.rank;
	const int64_t *wd = w->type->u.shaped.dims;
	bool fc = ir_op_is(p, "graph.fully_connected");
	int axis = !fc && gu_is_nchw(p) ? 1 : (int)r - 1;
	if (r < 1 || axis >= r || wr != (fc ? 2 : 4))
		return -1;
	*nch = x->type->u.shaped.dims[axis];
	if (*nch < 1)
		return -1;
	if (ir_op_is(p, "graph.depthwise_conv2d")) {
		int64_t O = gu_is_nchw(p) ? wd[0] : wd[3];
		return O % *nch == 0 ? axis : -1;
	}
	if (fc)
		return wd[1] == *nch ? axis : -1;
	int64_t groups = groups_of(p);
	int64_t I = gu_is_nchw(p) ? wd[1] : wd[3];
	return groups >= 1 && wd[0] % groups == 0 && I * groups == *nch ?
	    axis : -1;
}

/* p(mul(x, c)) -> p'(x) with each filter weight times c of the input
 * channel it reads, when c is a constant per input channel of p and the
 * multiply has no other user: the conv's zero padding stays zero
 * (0 * c = 0), and the bias is untouched. */
static bool
fold_mul_input(IrOp *p, IrRewriter *rw, const void *data)
{
	(void)data;
	IrValue *m = ir_op_operand(p, 0);
	IrOp *mul = ir_value_def_op(m);
	int64_t nch, n;
	double lo, hi;
	int axis;
	if (!mul || !ir_op_is(mul, "graph.mul") || !gu_one_use(m) ||
	    graph_act_range(mul, &lo, &hi) ||
	    (axis = input_channel_axis(p, &nch)) < 0)
		return false;
	for (unsigned k = 0; k < 2; k++) {
		IrValue *x = ir_op_operand(mul, k);
		if (x->type != m->type)
			continue;
		double *a = gu_channel_vector(ir_op_operand(mul, 1 - k),
		    m->type, axis, nch);
		if (!a)
			continue;
		IrValue *wv = ir_op_operand(p, 1);
		double *w = gu_const_f32(wv, &n);
		const int64_t *d = wv->type->u.shaped.dims;
		for (int64_t j = 0; j < n; j++)
			w[j] = (double)(float)(w[j] *
			    a[weight_in_channel(p, d, j, nch)]);
		ir_builder_set_before(ir_rewriter_builder(rw), p);
		IrValue *nw = gu_make_f32(rw, wv->type, w, n);
		free(w);
		free(a);
		ir_rewriter_set_operand(rw, p, 0, x);
		ir_rewriter_set_operand(rw, p, 1, nw);
		ir_rewriter_erase_op(rw, mul);
		return true;
	}
	return false;
}

static const IrPattern patterns[] = {
	{ "fold-mul", "graph.mul", 1, fold_mul, NULL },
	{ "fold-mul-input", "graph.conv2d", 1, fold_mul_input, NULL },
	{ "fold-mul-input", "graph.depthwise_conv2d", 1, fold_mul_input,
	    NULL },
	{ "fold-mul-input", "graph.fully_connected", 1, fold_mul_input,
	    NULL },
};

static bool
fold_mul_run(IrOp *op, IrPass *pass)
{
	return gu_run_patterns(op, pass, patterns,
	    sizeof patterns / sizeof patterns[0], "num-folded");
}

static const IrPassStatistic stats[] = {
	{ "num-folded", "constant multiplies folded into weights" },
};

const IrPassDef pass_fold_mul = {
	.argument = "fold-mul",
	.summary = "Fold a per-channel constant multiply into the weights of "
	    "the conv or fully connected layer before or after it",
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
	    "and bias are multiplied by c's value.\n"
	    "\n"
	    "On the input side, a float conv2d (any `groups`),\n"
	    "depthwise_conv2d or fully_connected with constant weights whose\n"
	    "input is `graph.mul` of a value and a constant with one value per\n"
	    "input channel (not widening it), used only there: each filter\n"
	    "weight is multiplied by the value of the input channel it reads\n"
	    "and the multiply goes. The zeros the convolution pads with stay\n"
	    "zero (0 * c = 0), so padding does not stop it; the bias is\n"
	    "unchanged.\n"
	    "\n"
	    "Quantized ops are left alone. Float results change by f32\n"
	    "rounding of the products (and of the sums they enter).",
};
