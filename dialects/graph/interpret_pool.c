/* dialects/graph/interpret_pool.c: pooling and reduction kernels (max and
 * average pooling, max pooling with indices, global average pooling,
 * reduce mean, sum and max). */
#include "dialects/graph/kernel.h"

/* ------------------------------------------------------------ pooling */

static bool
pool_nhwc(IrOp *op, IrTensor *const *in, IrTensor **out)
{
	int64_t k[2] = {1, 1}, n, oy, ox, c, ky, kx;
	bool is_max = ir_op_is(op, "graph.max_pool2d");
	bool incl = !is_max && getb(op, "count_include_pad");
	const float *x = F(in[0]);
	float *y = F(out[0]);
	QWindow w;

	getints(op, "kernel", k);
	w = graph_window(op, in[0], out[0], k[0], k[1], true, false);
	for (n = 0; n < w.n; n++)
	for (oy = 0; oy < w.oh; oy++)
	for (ox = 0; ox < w.ow; ox++)
	for (c = 0; c < w.c; c++) {
		float acc = is_max ? -INFINITY : 0;
		int64_t cnt = 0;

		for (ky = 0; ky < w.kh; ky++)
			for (kx = 0; kx < w.kw; kx++) {
				int64_t iy = oy * w.sh - w.pt + ky * w.dh;
				int64_t ix = ox * w.sw - w.pl + kx * w.dw;
				float v;

				if (iy < 0 || iy >= w.h || ix < 0 || ix >= w.w)
					continue;
				v = x[((n * w.h + iy) * w.w + ix) * w.c + c];
				acc = is_max ? (v > acc ? v : acc) : acc + v;
				cnt++;
			}
		if (!is_max)
			acc /= (float)(incl ? w.kh * w.kw : cnt ? cnt : 1);
		y[((n * w.oh + oy) * w.ow + ox) * w.c + c] = acc;
	}
	return true;
}

/* TFLite's integer pooling when input and result share one per-tensor
 * quantization (as its AveragePool and MaxPool require): the maximum, or
 * the sum of the valid taps divided by their count rounding half away
 * from zero. */
static bool
qpool(IrOp *op, IrTensor *const *in, IrTensor **out)
{
	int64_t k[2] = {1, 1}, n, oy, ox, c, ky, kx, acc, cnt, iy, ix, v;
	bool is_max = ir_op_is(op, "graph.max_pool2d");
	QWindow w;

	out[0] = ir_tensor_create(ir_op_result(op, 0)->type);
	getints(op, "kernel", k);
	w = graph_window(op, in[0], out[0], k[0], k[1], false, false);
	for (n = 0; n < w.n; n++)
	for (oy = 0; oy < w.oh; oy++)
	for (ox = 0; ox < w.ow; ox++)
	for (c = 0; c < w.c; c++) {
		acc = is_max ? INT64_MIN : 0;
		cnt = 0;
		for (ky = 0; ky < w.kh; ky++)
			for (kx = 0; kx < w.kw; kx++) {
				iy = oy * w.sh - w.pt + ky;
				ix = ox * w.sw - w.pl + kx;
				if (iy < 0 || iy >= w.h || ix < 0 || ix >= w.w)
					continue;
				v = ir_tensor_get_int(in[0],
				    ((n * w.h + iy) * w.w + ix) * w.c + c);
				acc = is_max ? (v > acc ? v : acc) : acc + v;
				cnt++;
			}
		if (!cnt) {
			ir_op_emit_error(op, "a pooling window covers only "
			    "padding");
			return false;
		}
		if (!is_max)
			acc = acc > 0 ? (acc + cnt / 2) / cnt :
			    (acc - cnt / 2) / cnt;
		ir_tensor_set_int(out[0], ((n * w.oh + oy) * w.ow + ox) * w.c +
		    c, acc);
	}
	return true;
}

static bool f_pool(IrOp *op, IrTensor *const *in, IrTensor **out);

bool
graph_interpret_pool(IrInterp *it, IrOp *op, IrTensor *const *in,
    IrTensor **out)
{
	const IrType *q = graph_qtensor(in[0], 16);
	int64_t d[2] = {1, 1};

	getints(op, "dilations", d);
	if (q && q == ir_op_result(op, 0)->type->u.shaped.elem && !nchw(op) &&
	    d[0] == 1 && d[1] == 1 &&
	    (ir_op_is(op, "graph.max_pool2d") ||
	    !getb(op, "count_include_pad")))
		return graph_act_apply(op, qpool(op, in, out), out);
	return graph_act_apply(op, graph_run_float(it, op, in, out, f_pool),
	    out);
}

static bool
f_pool(IrOp *op, IrTensor *const *in, IrTensor **out)
{
	if (nchw(op))
		return graph_via_nhwc(op, in, out, pool_nhwc, NULL);
	return pool_nhwc(op, in, out);
}

/* Flat index of (n, c, y, x) in an NCHW (cf) or NHWC tensor; with cm
 * (column-major), W is the outer of the two spatial axes. */
static int64_t
image_index(bool cf, bool cm, int64_t C, int64_t H, int64_t W, int64_t n,
    int64_t c, int64_t y, int64_t x)
{
	int64_t s = cm ? x * H + y : y * W + x;

	return cf ? (n * C + c) * H * W + s : (n * H * W + s) * C + c;
}

/* One window of max_pool2d_indices: the maximum's row-major flat input
 * index (the first in window order), -1 when the window covers only
 * padding. */
static int64_t
argmax_window(IrOp *op, const IrTensor *x, const int64_t *p, int64_t n,
    int64_t c, int64_t oy, int64_t ox)
{
	int64_t k[2] = {1, 1}, s[2] = {1, 1}, d[2] = {1, 1}, ky, kx, best = -1;
	bool cf = nchw(op);
	int64_t C = D(x)[cf ? 1 : 3], H = D(x)[cf ? 2 : 1];
	int64_t W = D(x)[cf ? 3 : 2];

	getints(op, "kernel", k);
	getints(op, "strides", s);
	getints(op, "dilations", d);
	for (ky = 0; ky < k[0]; ky++)
		for (kx = 0; kx < k[1]; kx++) {
			int64_t iy = oy * s[0] - p[0] + ky * d[0];
			int64_t ix = ox * s[1] - p[1] + kx * d[1], i;

			if (iy < 0 || iy >= H || ix < 0 || ix >= W)
				continue;
			i = image_index(cf, false, C, H, W, n, c, iy, ix);
			if (best < 0 || F(x)[i] > F(x)[best])
				best = i;
		}
	return best;
}

/* max_pool2d_indices: each window's maximum and its flat input index. */
bool
graph_interpret_max_pool2d_indices(IrInterp *it, IrOp *op,
    IrTensor *const *in, IrTensor **out)
{
	IrContext *ctx = ir_interp_context(it);
	const IrType *t0 = ir_op_result(op, 0)->type;
	IrTensor *x = ir_tensor_to_f32(ctx, in[0]);
	IrTensor *v = ir_tensor_create(ir_tensor_f32_type(ctx, t0));
	bool cf = nchw(op), cm = getb(op, "column_major"), ok;
	int64_t k[2] = {1, 1}, s[2] = {1, 1}, d[2] = {1, 1}, p[2], n, c, y, z;
	int64_t C = D(x)[cf ? 1 : 3], H = D(x)[cf ? 2 : 1];
	int64_t W = D(x)[cf ? 3 : 2];

	out[0] = ir_tensor_create(t0);
	out[1] = ir_tensor_create(ir_op_result(op, 1)->type);
	ok = v && out[0] && out[1];
	if (!ok)
		ir_op_emit_error(op, "result type has no runtime form");
	getints(op, "kernel", k);
	getints(op, "strides", s);
	getints(op, "dilations", d);
	p[0] = graph_pad_before(op, 0, H, k[0], s[0], d[0]);
	p[1] = graph_pad_before(op, 1, W, k[1], s[1], d[1]);
	for (n = 0; ok && n < D(x)[0]; n++)
	for (c = 0; c < C; c++)
	for (y = 0; y < D(v)[cf ? 2 : 1]; y++)
	for (z = 0; z < D(v)[cf ? 3 : 2]; z++) {
		int64_t i = argmax_window(op, x, p, n, c, y, z);
		int64_t o = image_index(cf, false, C, D(v)[cf ? 2 : 1],
		    D(v)[cf ? 3 : 2], n, c, y, z);

		F(v)[o] = i < 0 ? -INFINITY : F(x)[i];
		if (i >= 0 && cm) /* the same element counted column-major */
			i = image_index(cf, true, C, H, W, i / (C * H * W),
			    cf ? i / (H * W) % C : i % C,
			    cf ? i / W % H : i / (W * C) % H,
			    cf ? i % W : i / C % W);
		ir_tensor_set_int(out[1], o, i);
	}
	if (ok)
		ir_tensor_store_f32(out[0], v);
	ir_tensor_release(v);
	ir_tensor_release(x);
	return ok;
}

static bool
f_global_avg_pool(IrOp *op, IrTensor *const *in, IrTensor **out)
{
	bool cf = nchw(op);
	int64_t n = D(in[0])[0], c = cf ? D(in[0])[1] : D(in[0])[3];
	int64_t hw = in[0]->n / (n * c), b, ch, i;
	const float *x = F(in[0]);
	float *y = F(out[0]);

	for (b = 0; b < n; b++)
		for (ch = 0; ch < c; ch++) {
			float acc = 0;

			for (i = 0; i < hw; i++)
				acc += cf ? x[(b * c + ch) * hw + i] :
				    x[(b * hw + i) * c + ch];
			y[b * c + ch] = acc / (float)hw;
		}
	return true;
}

bool
graph_interpret_global_avg_pool(IrInterp *it, IrOp *op, IrTensor *const *in,
    IrTensor **out)
{
	return graph_float_kernel(it, op, in, out, f_global_avg_pool);
}

/* The axes op reduces, marked in red[] (rank r). */
static void
reduced_axes(IrOp *op, int r, bool *red)
{
	int64_t axes[MAXR * 2];
	int na = getints(op, "axes", axes);

	for (int k = 0; k < na; k++)
		red[dialect_norm_axis(axes[k], r)] = true;
}

/* Reductions: out index of each input element, reduced dims dropped. */
static bool
reduce(IrOp *op, IrTensor *in, IrTensor *out, int kind)
{
	int64_t i, *cnt;
	bool red[MAXR] = {false};
	const float *x = F(in);
	float *y = F(out);
	IrReduceWalk w;

	if (R(in) > MAXR)
		return false;
	reduced_axes(op, R(in), red);
	ir_reduce_walk_init(&w, in, red);
	cnt = ir_xcalloc((size_t)out->n + 1, sizeof *cnt);
	for (i = 0; i < out->n; i++)
		y[i] = kind == 2 ? -INFINITY : 0;
	for (i = 0; i < in->n; i++) {
		if (kind == 2)
			y[w.out] = x[i] > y[w.out] ? x[i] : y[w.out];
		else
			y[w.out] += x[i];
		cnt[w.out]++;
		ir_reduce_walk_next(&w);
	}
	if (kind == 0)
		for (i = 0; i < out->n; i++)
			y[i] /= (float)(cnt[i] ? cnt[i] : 1);
	free(cnt);
	return true;
}

/* XNNPack's qs8 mean (--arith=xnnpack): int32 sums of the stored
 * integers, then qmath_xnn_mean, for per-tensor int8 input and result. */
static bool
qmean(IrOp *op, IrTensor *const *in, IrTensor **out)
{
	const IrType *qi = in[0]->type->u.shaped.elem;
	const IrType *qo = ir_op_result(op, 0)->type->u.shaped.elem;
	int64_t i, n;
	uint32_t *sum;
	bool red[MAXR] = {false};
	IrReduceWalk w;

	out[0] = ir_tensor_create(ir_op_result(op, 0)->type);
	reduced_axes(op, R(in[0]), red);
	ir_reduce_walk_init(&w, in[0], red);
	n = out[0]->n ? in[0]->n / out[0]->n : 1;
	sum = ir_xcalloc((size_t)out[0]->n + 1, sizeof *sum);
	for (i = 0; i < in[0]->n; i++) {
		sum[w.out] += (uint32_t)ir_tensor_get_int(in[0], i);
		ir_reduce_walk_next(&w);
	}
	for (i = 0; i < out[0]->n; i++)
		ir_tensor_set_int(out[0], i, qmath_clamp(qmath_xnn_mean(
		    (int32_t)sum[i], n ? n : 1, qi->u.quant.scales[0],
		    qi->u.quant.zero_points[0], qo->u.quant.scales[0],
		    qo->u.quant.zero_points[0]), qo->u.quant.storage_min,
		    qo->u.quant.storage_max));
	free(sum);
	return true;
}

/* TFLite's QuantizedMeanOrSum (reference/reduce.h), what TFLite's
 * reference MEAN and SUM and TFLite Micro's run on int8 and int16: an
 * int32 sum of the stored integers, minus zp_in * n, requantized by
 * QuantizeMultiplier(s_in / s_out), for a mean with 1 / n folded into
 * the multiplier (qmath_mean_multiplier), plus zp_out. */
static bool
qmean_tflite(IrInterp *it, IrOp *op, IrTensor *const *in, IrTensor **out,
    bool mean)
{
	const IrType *qi = in[0]->type->u.shaped.elem;
	const IrType *qo = ir_op_result(op, 0)->type->u.shaped.elem;
	QMultiplier m = qmath_quantize_multiplier(graph_f32_scale(
	    qi->u.quant.scales[0]) / graph_f32_scale(qo->u.quant.scales[0]));
	bool red[MAXR] = {false};
	int64_t i, n, *sum;
	IrReduceWalk w;

	out[0] = ir_tensor_create(ir_op_result(op, 0)->type);
	reduced_axes(op, R(in[0]), red);
	ir_reduce_walk_init(&w, in[0], red);
	n = out[0]->n ? in[0]->n / out[0]->n : 0;
	if (mean)
		m = qmath_mean_multiplier(m, n);
	sum = ir_xcalloc((size_t)out[0]->n + 1, sizeof *sum);
	for (i = 0; i < in[0]->n; i++) {
		sum[w.out] += ir_tensor_get_int(in[0], i);
		ir_reduce_walk_next(&w);
	}
	/* An empty reduction leaves TFLite's zero-filled output. */
	for (i = 0; i < out[0]->n; i++)
		ir_tensor_set_int(out[0], i, n ? qmath_mean_out(sum[i],
		    qi->u.quant.zero_points[0], n, m,
		    ir_interp_options(it)->single_rounding,
		    qo->u.quant.zero_points[0], qo->u.quant.storage_min,
		    qo->u.quant.storage_max) : 0);
	free(sum);
	return true;
}

/* Does the integer reduction apply: per-tensor quantized input and
 * result of at most bits-bit storage. */
static bool
qreduce_applies(IrOp *op, IrTensor *const *in, unsigned bits)
{
	const IrType *y = ir_op_result(op, 0)->type->u.shaped.elem;

	return graph_qtensor(in[0], bits) && y->kind == IR_TYPE_QUANT &&
	    y->u.quant.nscales == 1 &&
	    ir_type_bitwidth(y->u.quant.storage) <= bits && R(in[0]) <= MAXR;
}

static bool f_reduce_mean(IrOp *op, IrTensor *const *in, IrTensor **out);

/* Quantized means: XNNPack's for int8 under --arith=xnnpack, TFLite's
 * integer mean otherwise (XNNPack's delegate leaves int16 to TFLite). */
bool
graph_interpret_reduce_mean(IrInterp *it, IrOp *op, IrTensor *const *in,
    IrTensor **out)
{
	if (ir_interp_options(it)->arith == IR_ARITH_XNNPACK &&
	    qreduce_applies(op, in, 8))
		return qmean(op, in, out);
	if (qreduce_applies(op, in, 16))
		return qmean_tflite(it, op, in, out, true);
	return graph_run_float(it, op, in, out, f_reduce_mean);
}

static bool
f_reduce_mean(IrOp *op, IrTensor *const *in, IrTensor **out)
{
	return reduce(op, in[0], out[0], 0);
}

static bool
f_reduce_sum(IrOp *op, IrTensor *const *in, IrTensor **out)
{
	return reduce(op, in[0], out[0], 1);
}

/* Quantized sums: TFLite's QuantizedMeanOrSum under --arith=tflite and
 * tflite-micro (what XNNPack does with them is not modelled: float). */
bool
graph_interpret_reduce_sum(IrInterp *it, IrOp *op, IrTensor *const *in,
    IrTensor **out)
{
	if (ir_interp_options(it)->arith != IR_ARITH_XNNPACK &&
	    qreduce_applies(op, in, 16))
		return graph_act_apply(op, qmean_tflite(it, op, in, out,
		    false), out);
	return graph_float_kernel(it, op, in, out, f_reduce_sum);
}

static bool
f_reduce_max(IrOp *op, IrTensor *const *in, IrTensor **out)
{
	return reduce(op, in[0], out[0], 2);
}

bool
graph_interpret_reduce_max(IrInterp *it, IrOp *op, IrTensor *const *in,
    IrTensor **out)
{
	return graph_float_kernel(it, op, in, out, f_reduce_max);
}
