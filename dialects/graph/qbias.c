/* dialects/graph/qbias.c: the real value of an integer bias, for the
 * float path of quantized conv2d, depthwise_conv2d and fully_connected
 * (an NCHW quantized convolution, say): bias[c] * input scale * weight
 * scale[c], as the integer kernels mean it. */
#include "dialects/graph/graph.h"
#include "interp/interp.h"
#include <string.h>


/* The weights' output-channel axis. */
static int
out_axis(const IrOp *op)
{
	const IrAttr *l = ir_op_attr(op, "layout");
	bool nchw = l && l->kind == IR_ATTR_STRING &&
	    !strcmp(l->u.string.data, "NCHW");
	return ir_op_is(op, "graph.depthwise_conv2d") && !nchw ? 3 : 0;
}

void
graph_qbias_inputs(IrContext *ctx, IrOp *op, IrTensor *const *in,
    IrTensor **fin)
{
	unsigned n = op->noperands < 3 ? op->noperands : 3;
	for (unsigned i = 0; i < n; i++)
		fin[i] = in[i];
	if (n < 3)
		return;
	const IrType *qx = ir_tensor_elem_type(in[0]);
	const IrType *qw = ir_tensor_elem_type(in[1]);
	const IrType *b = ir_tensor_elem_type(in[2]);
	if (qx->kind != IR_TYPE_QUANT || qw->kind != IR_TYPE_QUANT ||
	    b->kind != IR_TYPE_INTEGER || qx->u.quant.nscales != 1)
		return;
	IrTensor *r = ir_tensor_create(ir_tensor_f32_type(ctx, in[2]->type));
	int64_t oc = ir_tensor_dims(in[1])[out_axis(op)];
	for (int64_t c = 0; r && c < r->n; c++) {
		size_t k = qw->u.quant.nscales > 1 && c < oc ? (size_t)c : 0;
		double s = (double)(float)qx->u.quant.scales[0] *
		    (double)(float)qw->u.quant.scales[k];
		ir_tensor_set(r, c, (double)ir_tensor_get_int(in[2], c) * s);
	}
	if (r)
		fin[2] = r;
}

void
graph_qbias_release(IrOp *op, IrTensor *const *in, IrTensor **fin)
{
	if (op->noperands > 2 && fin[2] != in[2])
		ir_tensor_release(fin[2]);
}
