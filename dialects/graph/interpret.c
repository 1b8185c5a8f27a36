/* dialects/graph/interpret.c: the machinery the graph dialect's reference
 * kernels share: the float path (f32 in, results stored back in the
 * declared types, as TFLite's float fallback does for quantized
 * operands), NCHW ops run through NHWC kernels, window geometry, and the
 * integer MAC path of quantized conv2d, depthwise_conv2d and
 * fully_connected. The kernels are in interpret_<family>.c. */
#include "dialects/graph/kernel.h"

/* Runs fn on f32 copies of the operands and stores its f32 results into
 * results of the op's declared types. */
bool
graph_run_float(IrInterp *it, IrOp *op, IrTensor *const *in,
    IrTensor **out, FloatFn fn)
{
	IrContext *ctx = ir_interp_context(it);
	IrTensor *fin[16], *fout[16];
	unsigned i, nin = op->noperands, nout = op->nresults;
	bool ok = nin <= 16 && nout <= 16;

	if (!ok) {
		ir_op_emit_error(op, "too many operands or results for the "
		    "reference kernel");
		return false;
	}
	for (i = 0; i < nin; i++)
		fin[i] = ir_tensor_to_f32(ctx, in[i]);
	for (i = 0; i < nout; i++) {
		const IrType *t = ir_op_result(op, i)->type;

		fout[i] = ir_tensor_create(ir_tensor_f32_type(ctx, t));
		out[i] = ir_tensor_create(t);
		if (!fout[i] || !out[i])
			ok = false;
	}
	if (!ok)
		ir_op_emit_error(op, "result type has no runtime form");
	if (ok && fn)
		ok = fn(op, fin, fout);
	else if (ok) /* conversion only: quantize, dequantize */
		memcpy(F(fout[0]), F(fin[0]), (size_t)fout[0]->n * 4);
	for (i = 0; i < nout; i++) {
		if (ok)
			ir_tensor_store_f32(out[i], fout[i]);
		ir_tensor_release(fout[i]);
	}
	for (i = 0; i < nin; i++)
		ir_tensor_release(fin[i]);
	return ok;
}

/* ------------------------------------------------------------ layout */

/* A new f32 tensor: t with its dims permuted (out dim i = t dim p[i]). */
static IrTensor *
permute(IrContext *ctx, const IrTensor *t, const int *p)
{
	int64_t dims[4], istr[4], o[4];
	const float *s = F(t);
	IrTensor *r;
	float *d;
	int64_t i;
	int k;

	for (k = 0; k < 4; k++)
		dims[k] = D(t)[p[k]];
	istr[3] = 1;
	for (k = 2; k >= 0; k--)
		istr[k] = istr[k + 1] * D(t)[k + 1];
	r = ir_tensor_create(ir_type_tensor(ctx, 4, dims,
	    ir_type_float(ctx, IR_F32), NULL));
	d = F(r);
	i = 0;
	for (o[0] = 0; o[0] < dims[0]; o[0]++)
		for (o[1] = 0; o[1] < dims[1]; o[1]++)
			for (o[2] = 0; o[2] < dims[2]; o[2]++)
				for (o[3] = 0; o[3] < dims[3]; o[3]++)
					d[i++] = s[o[0] * istr[p[0]] +
					    o[1] * istr[p[1]] +
					    o[2] * istr[p[2]] +
					    o[3] * istr[p[3]]];
	return r;
}

static const int TO_NHWC[4] = {0, 2, 3, 1};
static const int TO_NCHW[4] = {0, 3, 1, 2};

/* Runs an NHWC float kernel on an NCHW op: input 0 (and, with
 * filter_perm, input 1) and result 0 are permuted around it. */
bool
graph_via_nhwc(IrOp *op, IrTensor *const *in, IrTensor **out,
    FloatFn fn, const int *filter_perm)
{
	IrContext *ctx = ir_op_context(op);
	IrTensor *pin[16], *pout, *back;
	unsigned i;
	bool ok;

	for (i = 0; i < op->noperands && i < 16; i++)
		pin[i] = ir_tensor_retain(in[i]);
	ir_tensor_release(pin[0]);
	pin[0] = permute(ctx, in[0], TO_NHWC);
	if (filter_perm) {
		ir_tensor_release(pin[1]);
		pin[1] = permute(ctx, in[1], filter_perm);
	}
	pout = permute(ctx, out[0], TO_NHWC); /* zeroes, NHWC shaped */
	ok = fn(op, pin, &pout);
	back = permute(ctx, pout, TO_NCHW);
	memcpy(F(out[0]), F(back), (size_t)out[0]->n * 4);
	ir_tensor_release(back);
	ir_tensor_release(pout);
	for (i = 0; i < op->noperands && i < 16; i++)
		ir_tensor_release(pin[i]);
	return ok;
}

/* ------------------------------------------------------------ windows */

/* Padding before the first row/column of a window op along one axis. */
int64_t
graph_pad_before(IrOp *op, int axis, int64_t in, int64_t k,
    int64_t stride, int64_t dil)
{
	DialectPad p = dialect_get_pad(def_of(op), op->attrs, "padding");

	if (p.kind == DIALECT_PAD_SAME)
		return dialect_same_pad_before(in, k, stride, dil);
	if (p.kind == DIALECT_PAD_EXPLICIT)
		return axis == 0 ? p.top : p.left;
	return 0;
}

void
graph_window_geometry(IrOp *op, const int64_t *in, const int64_t *out,
    bool nchw, int64_t kh, int64_t kw, const int64_t *s, const int64_t *d,
    QWindow *g)
{
	if (nchw)
		*g = (QWindow){in[0], in[2], in[3], in[1], out[2], out[3],
		    out[1], kh, kw, s[0], s[1], d[0], d[1], 0, 0};
	else
		*g = (QWindow){in[0], in[1], in[2], in[3], out[1], out[2],
		    out[3], kh, kw, s[0], s[1], d[0], d[1], 0, 0};
	g->pt = graph_pad_before(op, 0, g->h, kh, g->sh, g->dh);
	g->pl = graph_pad_before(op, 1, g->w, kw, g->sw, g->dw);
}

QWindow
graph_window(IrOp *op, const IrTensor *in, const IrTensor *out,
    int64_t kh, int64_t kw, bool dilated, bool nchw)
{
	int64_t s[2] = {1, 1}, d[2] = {1, 1};
	QWindow w;

	if (getints(op, "strides", s) != 2)
		s[0] = s[1] = 1;
	if (!dilated || getints(op, "dilations", d) != 2)
		d[0] = d[1] = 1;
	graph_window_geometry(op, D(in), D(out), nchw, kh, kw, s, d, &w);
	return w;
}

/* ------------------------------------------------------------ integer path */

/* TFLite's reference kernels for quantized conv2d, depthwise_conv2d and
 * fully_connected are integer; so is this path, through the same qmath
 * loops as the npu kernels. It applies to NHWC ops whose input and result
 * are per-tensor quantized (8- or 16-bit storage), whose filter is 8-bit,
 * per tensor or per output channel, and whose bias, if any, is stored as
 * integers; anything else goes through float. */

/* The per-tensor quantized element type of t, or NULL. */
const IrType *
graph_qtensor(const IrTensor *t, unsigned max_bits)
{
	const IrType *e = t->type->u.shaped.elem;

	if (e->kind != IR_TYPE_QUANT || e->u.quant.nscales != 1 ||
	    ir_type_bitwidth(e->u.quant.storage) > max_bits)
		return NULL;
	return e;
}

/* The filter's output-channel axis for each kind. */
static int
filter_axis(int kind)
{
	return kind == Q_DW ? 3 : 0;
}

bool
graph_qmac_applies(IrOp *op, IrTensor *const *in, int kind)
{
	const IrType *w = in[1]->type->u.shaped.elem;
	const IrType *b = op->noperands > 2 ?
	    in[2]->type->u.shaped.elem : NULL;
	const IrType *y = ir_op_result(op, 0)->type->u.shaped.elem;

	if (kind != Q_FC && nchw(op))
		return false;
	if (!graph_qtensor(in[0], 16) || y->kind != IR_TYPE_QUANT ||
	    y->u.quant.nscales != 1 || w->kind != IR_TYPE_QUANT ||
	    !graph_qmac_filter_ok(in[0], in[1],
	    D(in[1])[filter_axis(kind)]))
		return false;
	if (w->u.quant.nscales > 1 && w->u.quant.axis != filter_axis(kind))
		return false;
	return !b || b->kind == IR_TYPE_QUANT || b->kind == IR_TYPE_INTEGER;
}

/* A scale as TFLite holds it: a float32. */
double
graph_f32_scale(double s)
{
	return (double)(float)s;
}

/* Filter integers minus their (per-channel) zero points. */
static int32_t *
filter_ints(const IrTensor *t, int axis)
{
	const IrType *q = t->type->u.shaped.elem;
	int64_t inner = 1, i, c;
	int32_t *v = ir_xmalloc((size_t)(t->n ? t->n : 1) * sizeof *v);
	int k;

	for (k = R(t) - 1; k > axis; k--)
		inner *= D(t)[k];
	for (i = 0; i < t->n; i++) {
		c = q->u.quant.nscales > 1 ? i / inner % D(t)[axis] : 0;
		v[i] = (int32_t)(ir_tensor_get_int(t, i) -
		    q->u.quant.zero_points[c]);
	}
	return v;
}

/* Whether XNNPack's delegate would run this quantized conv, depthwise
 * conv or fully connected op with its fp32 requantization under
 * --arith=xnnpack: 8-bit input and result and a 32-bit bias, which the
 * delegate requires of convolutions (it also needs every requantization
 * scale below 256, checked by the caller). */
static bool
xnn_mac(IrInterp *it, IrOp *op, IrTensor *const *in, int kind)
{
	const IrType *y = ir_op_result(op, 0)->type->u.shaped.elem;

	if (op->noperands < 3 && kind != Q_FC)
		return false;
	return ir_interp_options(it)->arith == IR_ARITH_XNNPACK &&
	    in[0]->elem_size == 1 &&
	    ir_type_bitwidth(y->u.quant.storage) == 8 &&
	    (op->noperands < 3 || in[2]->elem_size == 4);
}

bool
graph_qmac(IrInterp *it, IrOp *op, IrTensor *const *in, IrTensor **out,
    int kind)
{
	const IrType *qx = in[0]->type->u.shaped.elem;
	const IrType *qw = in[1]->type->u.shaped.elem;
	const IrType *qy = ir_op_result(op, 0)->type->u.shaped.elem;
	int64_t oc = D(in[1])[filter_axis(kind)], c, i;
	int64_t *bias = ir_xcalloc((size_t)oc, sizeof *bias);
	QMultiplier *m = ir_xcalloc((size_t)oc, sizeof *m);
	int32_t *x = ir_xmalloc((size_t)in[0]->n * sizeof *x);
	int32_t *w = filter_ints(in[1], filter_axis(kind)), *y;
	QRequant r = {m, oc, qy->u.quant.zero_points[0],
	    qy->u.quant.storage_min, qy->u.quant.storage_max,
	    ir_interp_options(it)->single_rounding, in[0]->elem_size > 1,
	    NULL};
	float *fs = xnn_mac(it, op, in, kind) ?
	    ir_xcalloc((size_t)oc, sizeof *fs) : NULL;
	bool xnn = fs != NULL;

	out[0] = ir_tensor_create(ir_op_result(op, 0)->type);
	y = ir_xmalloc((size_t)out[0]->n * sizeof *y);
	for (i = 0; i < in[0]->n; i++)
		x[i] = (int32_t)(ir_tensor_get_int(in[0], i) -
		    qx->u.quant.zero_points[0]);
	for (c = 0; c < oc; c++) {
		double sw = qw->u.quant.scales[qw->u.quant.nscales > 1 ? c : 0];

		m[c] = qmath_quantize_multiplier(
		    graph_f32_scale(qx->u.quant.scales[0]) *
		    graph_f32_scale(sw) /
		    graph_f32_scale(qy->u.quant.scales[0]));
		if (fs)
			fs[c] = qmath_fp32_scale(qx->u.quant.scales[0], sw,
			    qy->u.quant.scales[0]);
		if (fs && !(fs[c] < 256.0f))
			xnn = false;
		if (op->noperands > 2)
			bias[c] = ir_tensor_get_int(in[2], c);
	}
	r.fscale = xnn ? fs : NULL;
	if (kind == Q_FC) {
		qmath_fully_connected(in[0]->n / D(in[1])[1], D(in[1])[1], oc,
		    x, w, bias, &r, y);
	} else {
		QWindow g = graph_window(op, in[0], out[0], D(in[1])[1],
		    D(in[1])[2], true, false);

		if (kind == Q_CONV)
			qmath_conv2d(&g, geti(op, "groups"), x, w, bias, &r, y);
		else
			qmath_depthwise_conv2d(&g, x, w, bias, &r, y);
	}
	for (i = 0; i < out[0]->n; i++)
		ir_tensor_set_int(out[0], i, y[i]);
	free(x);
	free(w);
	free(y);
	free(m);
	free(fs);
	free(bias);
	return true;
}

/* ---------------------------------------------------------- kernel entries */

/* What every float kernel's graph_interpret_<name> does. */
bool
graph_float_kernel(IrInterp *it, IrOp *op, IrTensor *const *in,
    IrTensor **out, FloatFn fn)
{
	return graph_act_apply(op, graph_run_float(it, op, in, out, fn), out);
}

/* What conv2d's, depthwise_conv2d's and fully_connected's
 * graph_interpret_<name> do: a quantized bias is made float for the
 * float path and released after it. */
bool
graph_mac_kernel(IrInterp *it, IrOp *op, IrTensor *const *in,
    IrTensor **out, int kind, FloatFn fn)
{
	IrTensor *fin[3];
	bool ok;

	if (graph_qmac_applies(op, in, kind))
		return graph_act_apply(op, graph_qmac(it, op, in, out, kind),
		    out);
	graph_qbias_inputs(ir_interp_context(it), op, in, fin);
	ok = graph_run_float(it, op, fin, out, fn);
	graph_qbias_release(op, in, fin);
	return graph_act_apply(op, ok, out);
}
