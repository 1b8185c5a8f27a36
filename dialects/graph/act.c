/* dialects/graph/act.c: fused activations: the act_min/act_max clamp that
 * fuse-activations puts on convolutions, fully connected, add/sub/mul and
 * pools, applied after their kernels and checked by their verifiers. */
#include "dialects/graph/graph.h"
#include "interp/interp.h"

#include <math.h>

/* The attribute's value as a double; false when absent. */
static bool
act_attr(const IrOp *op, const char *name, double *v)
{
	const IrAttr *a = ir_op_attr(op, name);

	if (!a)
		return false;
	if (a->kind == IR_ATTR_FLOAT)
		*v = a->u.flt.value;
	else if (a->kind == IR_ATTR_INTEGER)
		*v = (double)a->u.integer.value;
	else
		return false;
	return true;
}

bool
graph_act_range(const IrOp *op, double *lo, double *hi)
{
	bool has_lo, has_hi;

	*lo = -INFINITY;
	*hi = INFINITY;
	has_lo = act_attr(op, "act_min", lo);
	has_hi = act_attr(op, "act_max", hi);
	return has_lo || has_hi;
}

/* The element type of op's single result. */
static const IrType *
result_elem(IrOp *op)
{
	const IrType *t = ir_op_result(op, 0)->type;

	return ir_type_is_shaped(t) ? t->u.shaped.elem : t;
}

bool
graph_act_verify(IrOp *op)
{
	double lo, hi;
	const IrType *e;

	if (op->nresults != 1 || !graph_act_range(op, &lo, &hi))
		return true;
	if (lo > hi) {
		ir_op_emit_error(op, "act_min must not exceed act_max");
		return false;
	}
	e = result_elem(op);
	if (e->kind != IR_TYPE_QUANT)
		return true;
	/* A quantized result clamps its storage integers. */
	if ((isfinite(lo) && (lo != floor(lo) ||
	    lo < (double)e->u.quant.storage_min ||
	    lo > (double)e->u.quant.storage_max)) ||
	    (isfinite(hi) && (hi != floor(hi) ||
	    hi < (double)e->u.quant.storage_min ||
	    hi > (double)e->u.quant.storage_max))) {
		ir_op_emit_error(op, "act_min and act_max of a quantized "
		    "result must be integers in its storage range [%lld, "
		    "%lld]", (long long)e->u.quant.storage_min,
		    (long long)e->u.quant.storage_max);
		return false;
	}
	return true;
}

bool
graph_act_apply(IrOp *op, bool ok, IrTensor **out)
{
	double lo, hi, v;
	int64_t i;

	if (!ok || op->nresults != 1 || !graph_act_range(op, &lo, &hi))
		return ok;
	/* A quantized result holds storage integers, so its bounds are
	 * integers too; a float one is clamped in its own type. */
	for (i = 0; i < out[0]->n; i++) {
		v = ir_tensor_get(out[0], i);
		if (v < lo)
			ir_tensor_set(out[0], i, lo);
		else if (v > hi)
			ir_tensor_set(out[0], i, hi);
	}
	return true;
}
