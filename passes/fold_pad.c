/* passes/fold_pad.c: a constant zero pad of the spatial dimensions in
 * front of a convolution becomes the convolution's explicit padding. */
#include "passes/passes.h"
#include "passes/graph_util.h"

#include <string.h>

/* The H and W axes of a rank-4 tensor in op's layout. */
static void
spatial_axes(const IrOp *op, int *h, int *w)
{
	bool nchw = gu_is_nchw(op);
	*h = nchw ? 2 : 1;
	*w = nchw ? 3 : 2;
}

/* Does pad fill its border with the value a convolution pads with: a
 * real zero, which is the zero point of a quantized tensor? */
static bool
zero_pad(IrOp *pad)
{
	const IrAttr *m = ir_op_attr(pad, "mode");
	const IrAttr *c = ir_op_attr(pad, "constant_value");
	if (m && (m->kind != IR_ATTR_STRING ||
	    strcmp(m->u.string.data, "constant")))
		return false;
	if (c && !((c->kind == IR_ATTR_FLOAT && c->u.flt.value == 0) ||
	    (c->kind == IR_ATTR_INTEGER && c->u.integer.value == 0)))
		return false;
	/* The pad must not requantize on the way. */
	return gu_elem(ir_op_operand(pad, 0)) == gu_elem(ir_op_result(pad, 0));
}

/* The padding op already applies on one axis of an input of size `in`
 * (before and after). */
static void
own_pad(IrOp *op, int axis, int64_t in, int64_t k, int64_t s, int64_t d,
    int64_t *before, int64_t *after)
{
	DialectPad p = dialect_get_pad(op->name->def, op->attrs, "padding");
	*before = *after = 0;
	if (p.kind == DIALECT_PAD_EXPLICIT) {
		*before = axis ? p.left : p.top;
		*after = axis ? p.right : p.bottom;
	} else if (p.kind == DIALECT_PAD_SAME) {
		int64_t out = (in + s - 1) / s, eff = d * (k - 1) + 1;
		int64_t total = (out - 1) * s + eff - in;
		if (total < 0)
			total = 0;
		*before = dialect_same_pad_before(in, k, s, d);
		*after = total - *before;
	}
}

/* conv(pad(x)) -> conv(x) with the pad added to the conv's padding. */
static bool
fold_pad(IrOp *op, IrRewriter *rw, const void *data)
{
	(void)data;
	IrValue *pv = ir_op_operand(op, 0);
	IrOp *pad = ir_value_def_op(pv);
	if (!pad || !ir_op_is(pad, "graph.pad") || !zero_pad(pad) ||
	    !gu_static(pv) || pv->type->u.shaped.rank != 4)
		return false;
	int64_t pp[8];
	if (gu_ints(pad, "paddings", pp, 8) != 8)
		return false;
	int ah, aw;
	spatial_axes(op, &ah, &aw);
	for (int a = 0; a < 4; a++)
		if (a != ah && a != aw && (pp[2 * a] || pp[2 * a + 1]))
			return false; /* batch or channel padding */
	const IrType *ft = ir_op_operand(op, 1)->type;
	if (!ir_type_is_shaped(ft) || ft->u.shaped.rank != 4)
		return false;
	int64_t s[2] = { 1, 1 }, d[2] = { 1, 1 }, pads[4];
	gu_ints(op, "strides", s, 2);
	gu_ints(op, "dilations", d, 2);
	/* Filters: OHWI / 1HWO in NHWC, OIHW / O1HW in NCHW: kernel H and
	 * W sit where the data's do. */
	int64_t k[2] = { ft->u.shaped.dims[ah], ft->u.shaped.dims[aw] };
	for (int i = 0; i < 2; i++) {
		int ax = i ? aw : ah;
		int64_t b, e;
		own_pad(op, i, pv->type->u.shaped.dims[ax], k[i], s[i], d[i],
		    &b, &e);
		pads[2 * i] = b + pp[2 * ax];
		pads[2 * i + 1] = e + pp[2 * ax + 1];
	}
	IrContext *ctx = ir_rewriter_context(rw);
	ir_rewriter_set_operand(rw, op, 0, ir_op_operand(pad, 0));
	ir_rewriter_set_attr(rw, op, "padding", gu_i64s_attr(ctx, 4, pads));
	return true;
}

static const IrPattern patterns[] = {
	{ "fold-pad-conv", "graph.conv2d", 1, fold_pad, NULL },
	{ "fold-pad-depthwise", "graph.depthwise_conv2d", 1, fold_pad, NULL },
};

static bool
fold_pad_run(IrOp *op, IrPass *pass)
{
	return gu_run_patterns(op, pass, patterns,
	    sizeof patterns / sizeof patterns[0], "num-folded");
}

static const IrPassStatistic stats[] = {
	{ "num-folded", "pads folded into convolutions" },
};

const IrPassDef pass_fold_pad = {
	.argument = "fold-pad",
	.summary = "Fold a zero pad in front of a convolution into its "
	    "padding",
	.anchor = NULL,
	.stats = stats,
	.nstats = sizeof stats / sizeof stats[0],
	.run = fold_pad_run,
	.description =
	    "A `graph.pad` in constant mode with value 0 that pads only the\n"
	    "H and W dimensions (in the convolution's layout) and does not\n"
	    "requantize, feeding a `graph.conv2d` or\n"
	    "`graph.depthwise_conv2d`, is folded into the convolution's\n"
	    "explicit `padding` [top, bottom, left, right]: the pad amounts\n"
	    "plus what the convolution's own padding (\"same\" computed on\n"
	    "the padded size, or explicit) adds. A quantized convolution pads\n"
	    "with its input's zero point, which is what a real 0 quantizes\n"
	    "to, so quantized results stay bit exact. The pad stays while\n"
	    "other ops use it. Pools are left alone: a max pool ignores its\n"
	    "padding where a pad contributes zeros, and an average pool\n"
	    "divides by a different count.",
};
