/* passes/fuse_activations.c: relu, relu6, clip and min/max against a
 * constant merge into one clamp, and that clamp into the op producing
 * its input as a fused activation (act_min/act_max); an activation the
 * quantization range already implies is removed. */
#include "passes/passes.h"
#include "passes/graph_util.h"

#include <math.h>

#include "interp/qmath.h"

/* ------------------------------------------------------------- ranges */

/* An activation: its input and the real range it clamps to. */
typedef struct Act {
	IrValue *x;
	double lo, hi;
} Act;

/* Is op an activation whose result has its input's type (so it only
 * clamps: no broadcast, no requantization)? Fills a. Quantized inputs
 * are per-tensor; min/max against a constant are float only. */
static bool
act_of(IrOp *op, Act *a)
{
	a->lo = -INFINITY;
	a->hi = INFINITY;
	if (ir_op_is(op, "graph.relu") || ir_op_is(op, "graph.relu6") ||
	    ir_op_is(op, "graph.clip")) {
		a->x = ir_op_operand(op, 0);
		a->lo = 0;
		a->hi = ir_op_is(op, "graph.relu6") ? 6 : INFINITY;
		if (ir_op_is(op, "graph.clip")) {
			const IrAttr *lo = ir_op_attr(op, "min");
			const IrAttr *hi = ir_op_attr(op, "max");
			if (!lo || !hi || lo->kind != IR_ATTR_FLOAT ||
			    hi->kind != IR_ATTR_FLOAT)
				return false;
			a->lo = lo->u.flt.value;
			a->hi = hi->u.flt.value;
		}
	} else if (ir_op_is(op, "graph.maximum") ||
	    ir_op_is(op, "graph.minimum")) {
		double c;
		unsigned k;
		for (k = 0; k < 2; k++)
			if (gu_const_splat(ir_op_operand(op, 1 - k), &c))
				break;
		if (k == 2 || !gu_is_f32(gu_elem(ir_op_result(op, 0))))
			return false;
		a->x = ir_op_operand(op, k);
		if (ir_op_is(op, "graph.maximum"))
			a->lo = c;
		else
			a->hi = c;
	} else {
		return false;
	}
	const IrType *e = gu_elem(a->x);
	if (a->x->type != ir_op_result(op, 0)->type || a->lo > a->hi)
		return false;
	return gu_is_f32(e) ||
	    (e->kind == IR_TYPE_QUANT && e->u.quant.nscales == 1);
}

/* A real bound in a quantized type's storage integers, as the reference
 * kernels quantize a clamped float (round half away from zero, then
 * clamp to the storage range). */
static double
qbound(const IrType *q, double b)
{
	if (b == -INFINITY)
		return (double)q->u.quant.storage_min;
	if (b == INFINITY)
		return (double)q->u.quant.storage_max;
	return qmath_quantize((float)b, q->u.quant.scales[0],
	    q->u.quant.zero_points[0], q->u.quant.storage_min,
	    q->u.quant.storage_max);
}

/* ------------------------------------------------------------- patterns */

/* act(act2(x)) -> clip(x) with the intersection of both ranges, when
 * act2 has no other user (its own value is needed otherwise). */
static bool
merge_chain(IrOp *op, IrRewriter *rw, const void *data)
{
	(void)data;
	Act outer, inner;
	if (!act_of(op, &outer))
		return false;
	IrOp *d = ir_value_def_op(outer.x);
	if (!d || !gu_one_use(outer.x) || !act_of(d, &inner))
		return false;
	double lo = fmax(outer.lo, inner.lo), hi = fmin(outer.hi, inner.hi);
	if (lo > hi)
		return false;
	if (isinf(lo) || isinf(hi))
		return false; /* a clip needs finite bounds; leave the pair */
	IrContext *ctx = ir_rewriter_context(rw);
	IrNamedAttr na[2] = {
		{ ir_ident_cstr(ctx, "max"), gu_f32_attr(ctx, hi) },
		{ ir_ident_cstr(ctx, "min"), gu_f32_attr(ctx, lo) },
	};
	IrOp *c = gu_create(rw, "graph.clip", 1, &inner.x,
	    ir_op_result(op, 0)->type, ir_attr_dict(ctx, 2, na));
	IrValue *v = ir_op_result(c, 0);
	ir_rewriter_replace_op(rw, op, &v);
	return true;
}

/* The ops that carry a fused activation. */
static bool
fusable(const IrOp *op)
{
	static const char *const names[] = {
		"graph.conv2d", "graph.depthwise_conv2d",
		"graph.fully_connected", "graph.add", "graph.sub", "graph.mul",
		"graph.max_pool2d", "graph.avg_pool2d", "graph.leaky_relu",
		"graph.layer_norm",
	};
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
		if (ir_op_is(op, names[i]))
			return true;
	return false;
}

/* Sets p's clamp to [lo, hi] (in its result's domain); bounds that
 * clamp nothing are left out. */
static void
set_range(IrRewriter *rw, IrOp *p, double lo, double hi)
{
	IrContext *ctx = ir_rewriter_context(rw);
	const IrType *e = gu_elem(ir_op_result(p, 0));
	double smin = -INFINITY, smax = INFINITY;
	if (e->kind == IR_TYPE_QUANT) {
		smin = (double)e->u.quant.storage_min;
		smax = (double)e->u.quant.storage_max;
	}
	if (lo > smin)
		ir_op_set_attr(p, "act_min", gu_f32_attr(ctx, lo));
	else
		ir_op_remove_attr(p, "act_min");
	if (hi < smax)
		ir_op_set_attr(p, "act_max", gu_f32_attr(ctx, hi));
	else
		ir_op_remove_attr(p, "act_max");
	ir_rewriter_modified(rw, p);
}

/* act(p(...)) -> p(...){act_min, act_max} when p carries fused
 * activations and act is p's only user; quantized bounds become
 * storage integers. */
static bool
fuse_into_producer(IrOp *op, IrRewriter *rw, const void *data)
{
	(void)data;
	Act a;
	if (!act_of(op, &a))
		return false;
	IrOp *p = ir_value_def_op(a.x);
	if (!p || !fusable(p) || p->nresults != 1 || !gu_one_use(a.x))
		return false;
	const IrType *e = gu_elem(a.x);
	double lo = a.lo, hi = a.hi, plo, phi;
	if (e->kind == IR_TYPE_QUANT) {
		lo = qbound(e, lo);
		hi = qbound(e, hi);
	}
	graph_act_range(p, &plo, &phi);
	lo = fmax(lo, plo);
	hi = fmin(hi, phi);
	if (lo > hi)
		return false;
	set_range(rw, p, lo, hi);
	ir_rewriter_replace_op(rw, op, &a.x);
	return true;
}

/* A quantized activation whose integer bounds cover the whole storage
 * range clamps nothing: its input replaces it. */
static bool
drop_implied(IrOp *op, IrRewriter *rw, const void *data)
{
	(void)data;
	Act a;
	if (!act_of(op, &a))
		return false;
	const IrType *e = gu_elem(a.x);
	if (e->kind != IR_TYPE_QUANT ||
	    qbound(e, a.lo) > (double)e->u.quant.storage_min ||
	    qbound(e, a.hi) < (double)e->u.quant.storage_max)
		return false;
	ir_rewriter_replace_op(rw, op, &a.x);
	return true;
}

/* A fused clamp of a quantized op that covers the storage range, or an
 * infinite float bound, is dropped. */
static bool
drop_implied_fused(IrOp *op, IrRewriter *rw, const void *data)
{
	(void)data;
	double lo, hi;
	if (op->nresults != 1 || !graph_act_range(op, &lo, &hi))
		return false;
	const IrType *e = gu_elem(ir_op_result(op, 0));
	bool q = e->kind == IR_TYPE_QUANT;
	bool lo_dead = ir_op_attr(op, "act_min") && (lo == -INFINITY ||
	    (q && lo <= (double)e->u.quant.storage_min));
	bool hi_dead = ir_op_attr(op, "act_max") && (hi == INFINITY ||
	    (q && hi >= (double)e->u.quant.storage_max));
	if (!lo_dead && !hi_dead)
		return false;
	set_range(rw, op, lo, hi);
	return true;
}

static const IrPattern patterns[] = {
	{ "drop-implied-activation", NULL, 4, drop_implied, NULL },
	{ "merge-activation-chain", NULL, 3, merge_chain, NULL },
	{ "fuse-activation", NULL, 2, fuse_into_producer, NULL },
	{ "drop-implied-fused-activation", NULL, 1, drop_implied_fused,
	  NULL },
};

static bool
fuse_activations_run(IrOp *op, IrPass *pass)
{
	return gu_run_patterns(op, pass, patterns,
	    sizeof patterns / sizeof patterns[0], "num-fused");
}

static const IrPassStatistic stats[] = {
	{ "num-fused", "activations merged, fused or removed" },
};

const IrPassDef pass_fuse_activations = {
	.argument = "fuse-activations",
	.summary = "Merge activations into one clamp and fuse it into the "
	    "op producing its input",
	.anchor = NULL,
	.stats = stats,
	.nstats = sizeof stats / sizeof stats[0],
	.run = fuse_activations_run,
	.description =
	    "Activations are `graph.relu`, `graph.relu6`, `graph.clip` and\n"
	    "`graph.maximum` / `graph.minimum` against a constant whose\n"
	    "elements are all equal (float only), whose result has exactly\n"
	    "their input's type (no broadcast, no requantization).\n"
	    "A chain of two whose inner one has no other user becomes one\n"
	    "`graph.clip` with the intersection of the ranges. An activation\n"
	    "whose input comes from a conv2d, depthwise_conv2d,\n"
	    "fully_connected, add, sub, mul, max_pool2d, avg_pool2d,\n"
	    "leaky_relu or layer_norm used\n"
	    "by nothing else becomes that op's fused activation: the\n"
	    "attributes `act_min` / `act_max`, real numbers for a float\n"
	    "result and storage integers for a quantized one (the real bound\n"
	    "quantized with the result's scale and zero point, rounding half\n"
	    "away from zero, clamped to the storage range, as TFLite computes\n"
	    "its quantized activation range). A quantized activation whose\n"
	    "integer bounds cover the storage range (a relu on a zero point\n"
	    "at the storage minimum) clamps nothing and is removed, and so is\n"
	    "a fused bound that clamps nothing. Quantized results stay bit\n"
	    "exact: the clamp of the stored integers is what the separate\n"
	    "activation computed.",
};
