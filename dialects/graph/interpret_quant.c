/* dialects/graph/interpret_quant.c: type conversion kernels: cast,
 * quantize, dequantize, requantize. */
#include "dialects/graph/kernel.h"

/* ------------------------------------------------------------ types */

/* The channel of element i of a tensor of shaped type t quantized per
 * axis with q (0 per tensor). */
static size_t
q_channel(const IrType *t, const IrType *q, int64_t i)
{
	int64_t inner = 1, k;

	if (q->u.quant.nscales <= 1 || q->u.quant.axis < 0)
		return 0;
	for (k = t->u.shaped.rank - 1; k > q->u.quant.axis; k--)
		inner *= t->u.shaped.dims[k];
	return (size_t)((i / inner) % t->u.shaped.dims[q->u.quant.axis]);
}

/* graph.quantize with rounding = "even" (ONNX's QuantizeLinear):
 * saturate(round_half_to_even(x / scale) + zero_point), x / scale a float
 * division. */
static bool
quantize_even(IrInterp *it, IrOp *op, IrTensor *const *in, IrTensor **out)
{
	const IrType *t = ir_op_result(op, 0)->type, *q = t->u.shaped.elem;
	IrTensor *x = ir_tensor_to_f32(ir_interp_context(it), in[0]);
	int64_t i;

	out[0] = q->kind == IR_TYPE_QUANT ? ir_tensor_create(t) : NULL;
	if (!out[0]) {
		ir_tensor_release(x);
		ir_op_emit_error(op, "result type has no runtime form");
		return false;
	}
	for (i = 0; i < x->n; i++) {
		size_t c = q_channel(t, q, i);
		float v = F(x)[i] / (float)q->u.quant.scales[c];
		double r = isnan(v) ? 0 : fmin(fmax(rint(v), -4e9), 4e9);

		ir_tensor_set_int(out[0], i, qmath_clamp((int64_t)r +
		    q->u.quant.zero_points[c], q->u.quant.storage_min,
		    q->u.quant.storage_max));
	}
	ir_tensor_release(x);
	return true;
}

/* Float -> integer casts round toward zero and saturate; others convert
 * exactly where they can. */
bool
graph_interpret_cast(IrInterp *it, IrOp *op, IrTensor *const *in,
    IrTensor **out)
{
	const IrType *e;
	int64_t i;

	out[0] = ir_tensor_create(ir_op_result(op, 0)->type);
	if (!out[0])
		return false;
	e = out[0]->type->u.shaped.elem;
	for (i = 0; i < in[0]->n; i++) {
		double v = ir_tensor_get(in[0], i);

		if (e->kind != IR_TYPE_FLOAT) {
			v = trunc(v);
			if (isnan(v))
				v = 0;
		}
		ir_tensor_set(out[0], i, v);
	}
	return true;
}

bool
graph_interpret_quantize(IrInterp *it, IrOp *op, IrTensor *const *in,
    IrTensor **out)
{
	if (!strcmp(gets(op, "rounding"), "even"))
		return quantize_even(it, op, in, out);
	return graph_run_float(it, op, in, out, NULL);
}

/* Quantized to quantized, in integers as TFLite's Requantize: zp_out +
 * MultiplyByQuantizedMultiplier(q - zp_in, s_in / s_out). */
bool
graph_interpret_requantize(IrInterp *it, IrOp *op, IrTensor *const *in,
    IrTensor **out)
{
	const IrType *qi = in[0]->type->u.shaped.elem;
	const IrType *qo = ir_op_result(op, 0)->type->u.shaped.elem;
	bool single = ir_interp_options(it)->single_rounding;
	QMultiplier m;
	int64_t i, v;

	if (qi->kind != IR_TYPE_QUANT || qo->kind != IR_TYPE_QUANT ||
	    qi->u.quant.nscales != 1 || qo->u.quant.nscales != 1)
		return graph_run_float(it, op, in, out, NULL);
	out[0] = ir_tensor_create(ir_op_result(op, 0)->type);
	m = qmath_quantize_multiplier(qi->u.quant.scales[0] /
	    qo->u.quant.scales[0]);
	for (i = 0; i < in[0]->n; i++) {
		v = ir_tensor_get_int(in[0], i) - qi->u.quant.zero_points[0];
		v = qmath_requant((int32_t)v, m, single) +
		    qo->u.quant.zero_points[0];
		ir_tensor_set_int(out[0], i, qmath_clamp(v,
		    qo->u.quant.storage_min, qo->u.quant.storage_max));
	}
	return true;
}
