/* dialects/graph/interpret_move.c: data movement kernels: reshape,
 * transpose, concat, split, slice, strided slice, pad, resize. */
#include "dialects/graph/kernel.h"

/* ------------------------------------------------------------ data movement */

/* A separable gather: output element (k0..kr-1) reads input offset
 * base + sum map[d][kd] * stride[d]; a -1 in a map means "fill". */
typedef struct Gather {
	int rank;
	const int64_t *dims;       /* output dims */
	int64_t stride[MAXR];      /* input element stride per output dim */
	int64_t *map[MAXR];        /* index along that dim, or -1 */
	int64_t base;
} Gather;

static void
gather_init(Gather *g, const IrTensor *out)
{
	int k;

	memset(g, 0, sizeof *g);
	g->rank = R(out);
	g->dims = D(out);
	for (k = 0; k < g->rank; k++)
		g->map[k] = ir_xcalloc((size_t)(D(out)[k] ? D(out)[k] : 1),
		    sizeof(int64_t));
}

static void
gather_free(Gather *g)
{
	int k;

	for (k = 0; k < g->rank; k++)
		free(g->map[k]);
}

/* Element strides of a row-major shape. */
static void
row_strides(const IrTensor *t, int64_t *st)
{
	int k;
	int64_t s = 1;

	for (k = R(t) - 1; k >= 0; k--) {
		st[k] = s;
		s *= D(t)[k];
	}
}

static void
gather_run(const Gather *g, const IrTensor *in, IrTensor *out,
    const void *fill)
{
	int64_t idx[MAXR] = {0}, i;
	size_t es = out->elem_size;
	char *y = out->data;
	const char *x = in->data;
	int k;

	for (i = 0; i < out->n; i++) {
		int64_t off = g->base;
		bool pad = false;

		for (k = 0; k < g->rank; k++) {
			int64_t m = g->map[k][idx[k]];

			pad |= m < 0;
			off += m * g->stride[k];
		}
		if (pad)
			memcpy(y + (size_t)i * es, fill, es);
		else
			memcpy(y + (size_t)i * es, x + (size_t)off * es, es);
		for (k = g->rank - 1; k >= 0; k--) {
			if (++idx[k] < g->dims[k])
				break;
			idx[k] = 0;
		}
	}
}

/* Runs a byte-level kernel directly when every operand and result has
 * the same element type, else through f32. */
static bool
run_raw(IrInterp *it, IrOp *op, IrTensor *const *in, IrTensor **out,
    FloatFn fn)
{
	const IrType *e = ir_op_result(op, 0)->type->u.shaped.elem;
	unsigned i;

	for (i = 0; i < op->noperands; i++)
		if (in[i]->type->u.shaped.elem != e)
			return graph_run_float(it, op, in, out, fn);
	for (i = 0; i < op->nresults; i++)
		if (!(out[i] = ir_tensor_create(ir_op_result(op, i)->type)))
			return false;
	return fn(op, in, out);
}

/* A data-movement kernel's entry: ranks checked, then run_raw. */
static bool
raw_kernel(IrInterp *it, IrOp *op, IrTensor *const *in, IrTensor **out,
    FloatFn fn)
{
	if (R(in[0]) > MAXR ||
	    ir_op_result(op, 0)->type->u.shaped.rank > MAXR) {
		ir_op_emit_error(op, "rank above %d", MAXR);
		return false;
	}
	return run_raw(it, op, in, out, fn);
}

static bool
f_transpose(IrOp *op, IrTensor *const *in, IrTensor **out)
{
	int64_t perm[MAXR * 2], st[MAXR], i;
	Gather g;
	int k;

	getints(op, "perm", perm);
	row_strides(in[0], st);
	gather_init(&g, out[0]);
	for (k = 0; k < g.rank; k++) {
		g.stride[k] = st[perm[k]];
		for (i = 0; i < g.dims[k]; i++)
			g.map[k][i] = i;
	}
	gather_run(&g, in[0], out[0], NULL);
	gather_free(&g);
	return true;
}

bool
graph_interpret_transpose(IrInterp *it, IrOp *op, IrTensor *const *in,
    IrTensor **out)
{
	return raw_kernel(it, op, in, out, f_transpose);
}

static bool
f_slice(IrOp *op, IrTensor *const *in, IrTensor **out)
{
	int64_t begin[MAXR * 2], st[MAXR], i;
	Gather g;
	int k;

	getints(op, "begin", begin);
	row_strides(in[0], st);
	gather_init(&g, out[0]);
	for (k = 0; k < g.rank; k++) {
		g.stride[k] = st[k];
		for (i = 0; i < g.dims[k]; i++)
			g.map[k][i] = begin[k] + i;
	}
	gather_run(&g, in[0], out[0], NULL);
	gather_free(&g);
	return true;
}

bool
graph_interpret_slice(IrInterp *it, IrOp *op, IrTensor *const *in,
    IrTensor **out)
{
	return raw_kernel(it, op, in, out, f_slice);
}

/* TFLite's strided-slice start for one dim (masks, negatives, clamps). */
static int64_t
ss_start(int64_t b, int64_t dim, int64_t stride, bool masked)
{
	if (masked)
		return stride > 0 ? 0 : dim - 1;
	if (b < 0)
		b += dim;
	if (stride > 0)
		return b < 0 ? 0 : b > dim ? dim : b;
	return b < -1 ? -1 : b > dim - 1 ? dim - 1 : b;
}

static bool
f_strided_slice(IrOp *op, IrTensor *const *in, IrTensor **out)
{
	int64_t begin[MAXR * 2], strides[MAXR * 2], st[MAXR], i;
	int64_t bm = geti(op, "begin_mask"), sm = geti(op, "shrink_axis_mask");
	int r = R(in[0]), k, o = 0;
	Gather g;

	getints(op, "begin", begin);
	for (k = 0; k < r; k++)
		strides[k] = 1;
	if (getints(op, "strides", strides) < 0)
		for (k = 0; k < r; k++)
			strides[k] = 1;
	row_strides(in[0], st);
	gather_init(&g, out[0]);
	for (k = 0; k < r; k++) {
		int64_t s0 = ss_start(begin[k], D(in[0])[k], strides[k],
		    (bm >> k & 1) && !(sm >> k & 1));

		if (sm >> k & 1) {
			g.base += s0 * st[k];
			continue;
		}
		if (o >= g.rank)
			break;
		g.stride[o] = st[k] * strides[k];
		g.base += s0 * st[k];
		for (i = 0; i < g.dims[o]; i++)
			g.map[o][i] = i;
		o++;
	}
	gather_run(&g, in[0], out[0], NULL);
	gather_free(&g);
	return true;
}

bool
graph_interpret_strided_slice(IrInterp *it, IrOp *op, IrTensor *const *in,
    IrTensor **out)
{
	return raw_kernel(it, op, in, out, f_strided_slice);
}

/* Index into [0, n) for a padded position p (1 reflect, 2 symmetric,
 * 3 edge; 0 constant: -1). */
static int64_t
pad_index(int64_t p, int64_t n, int mode)
{
	if (p >= 0 && p < n)
		return p;
	if (mode == 0 || n == 0)
		return -1;
	if (mode == 3)
		return p < 0 ? 0 : n - 1;
	while (p < 0 || p >= n) {
		if (p < 0)
			p = mode == 1 ? -p : -p - 1;
		if (p >= n)
			p = mode == 1 ? 2 * (n - 1) - p : 2 * n - 1 - p;
		if (n == 1)
			return 0;
	}
	return p;
}

static bool
f_pad(IrOp *op, IrTensor *const *in, IrTensor **out)
{
	int64_t pads[MAXR * 2], st[MAXR], i;
	const char *m = gets(op, "mode");
	int mode = !strcmp(m, "reflect") ? 1 : !strcmp(m, "symmetric") ? 2 :
	    !strcmp(m, "edge") ? 3 : 0;
	float fill = (float)getf(op, "constant_value");
	Gather g;
	int k;

	if (R(in[0]) > MAXR)
		return false;
	getints(op, "paddings", pads);
	row_strides(in[0], st);
	gather_init(&g, out[0]);
	for (k = 0; k < g.rank; k++) {
		g.stride[k] = st[k];
		for (i = 0; i < g.dims[k]; i++)
			g.map[k][i] = pad_index(i - pads[2 * k], D(in[0])[k],
			    mode);
	}
	gather_run(&g, in[0], out[0], &fill);
	gather_free(&g);
	return true;
}

bool
graph_interpret_pad(IrInterp *it, IrOp *op, IrTensor *const *in,
    IrTensor **out)
{
	return graph_float_kernel(it, op, in, out, f_pad);
}

/* TFLite's resize scale along one axis. */
static float
resize_scale(int64_t in, int64_t out, bool align)
{
	return align && out > 1 ? (float)(in - 1) / (float)(out - 1) :
	    (float)in / (float)out;
}

static bool
resize_nhwc(IrOp *op, IrTensor *const *in, IrTensor **out)
{
	bool align = getb(op, "align_corners");
	bool half = getb(op, "half_pixel_centers");
	bool bil = !strcmp(gets(op, "mode"), "bilinear");
	int64_t N = D(in[0])[0], H = D(in[0])[1], W = D(in[0])[2];
	int64_t C = D(in[0])[3], OH = D(out[0])[1], OW = D(out[0])[2];
	float sy = resize_scale(H, OH, align), sx = resize_scale(W, OW, align);
	const float *x = F(in[0]);
	float *y = F(out[0]);
	int64_t n, oy, ox, c;

	for (n = 0; n < N; n++)
	for (oy = 0; oy < OH; oy++)
	for (ox = 0; ox < OW; ox++)
	for (c = 0; c < C; c++) {
		float *yp = y + ((n * OH + oy) * OW + ox) * C + c;

		if (!bil) {
			float fy = ((float)oy + (half ? 0.5f : 0)) * sy;
			float fx = ((float)ox + (half ? 0.5f : 0)) * sx;
			int64_t iy = align ? (int64_t)roundf(fy) :
			    (int64_t)floorf(fy);
			int64_t ix = align ? (int64_t)roundf(fx) :
			    (int64_t)floorf(fx);

			iy = iy > H - 1 ? H - 1 : iy < 0 ? 0 : iy;
			ix = ix > W - 1 ? W - 1 : ix < 0 ? 0 : ix;
			*yp = x[((n * H + iy) * W + ix) * C + c];
		} else {
			float fy = half ? ((float)oy + 0.5f) * sy - 0.5f :
			    (float)oy * sy;
			float fx = half ? ((float)ox + 0.5f) * sx - 0.5f :
			    (float)ox * sx;
			int64_t y0 = (int64_t)floorf(fy);
			int64_t x0 = (int64_t)floorf(fx);
			int64_t y1 = (int64_t)ceilf(fy);
			int64_t x1 = (int64_t)ceilf(fx);
			float dy, dx;

			y0 = y0 < 0 ? 0 : y0;
			x0 = x0 < 0 ? 0 : x0;
			y1 = y1 > H - 1 ? H - 1 : y1;
			x1 = x1 > W - 1 ? W - 1 : x1;
			dy = fy - (float)y0;
			dx = fx - (float)x0;
#define PX(a, b) x[((n * H + (a)) * W + (b)) * C + c]
			*yp = PX(y0, x0) * (1 - dy) * (1 - dx) +
			    PX(y1, x0) * dy * (1 - dx) +
			    PX(y0, x1) * (1 - dy) * dx + PX(y1, x1) * dy * dx;
#undef PX
		}
	}
	return true;
}

/* ONNX's resize (its reference implementation's arithmetic, in double):
 * each output coordinate maps to an input coordinate x by the coordinate
 * mode and the scale, then takes 1 (nearest), 2 (linear) or 4 (cubic)
 * taps around x, indices clamped to the edge. H and W are separable. */
typedef struct Taps {
	int64_t *idx;  /* n input indices, clamped to the axis */
	double *w;     /* their weights */
	int n;
	bool outside;  /* tf_crop_and_resize beyond the input */
} Taps;

/* The resize parameters that shape one axis's taps. */
typedef struct ResizeSpec {
	const char *mode, *coord, *nearest;
	double a;       /* cubic coefficient */
	bool exclude;   /* exclude_outside */
	bool antialias; /* widen linear / cubic filters when downsampling */
} ResizeSpec;

/* The number of taps per output index along an axis scaled by s: ONNX's
 * antialias widens the linear (support 1) and cubic (support 2) filters
 * by 1 / s when s < 1. */
static int
resize_ntaps(const ResizeSpec *rs, double s)
{
	double support = !strcmp(rs->mode, "cubic") ? 2 : 1;

	if (!strcmp(rs->mode, "nearest"))
		return 1;
	if (!rs->antialias || s >= 1)
		return (int)(2 * support);
	return (int)(2 - 2 * (floor(-support / s) + 1));
}

/* The cubic convolution kernel at distance z >= 0 (0 from 2 on). */
static double
cubic_weight(double a, double z)
{
	if (z <= 1)
		return ((a + 2) * z - (a + 3)) * z * z + 1;
	return z < 2 ? ((a * z - 5 * a) * z + 8 * a) * z - 4 * a : 0;
}

/* Antialiased taps (ONNX): the filter scaled by s, over the n points
 * base + i (i from start) around x, base = ceil(x) - 1, normalised. */
static void
antialias_taps(const ResizeSpec *rs, double x, double s, Taps *t)
{
	bool cubic = !strcmp(rs->mode, "cubic");
	double base = ceil(x) - 1, ratio = x - base, sum = 0;
	int64_t start = (int64_t)floor(-(cubic ? 2 : 1) / s) + 1;
	int k;

	for (k = 0; k < t->n; k++) {
		double z = fabs(((double)(start + k) - ratio) * s);

		t->idx[k] = (int64_t)base + start + k;
		t->w[k] = cubic ? cubic_weight(rs->a, z) : z < 1 ? 1 - z : 0;
		sum += t->w[k];
	}
	for (k = 0; sum != 0 && k < t->n; k++)
		t->w[k] /= sum;
}

/* Up to max elements of float array attribute `name`; its length, or 0
 * when absent. */
static int
getfloats(const IrOp *op, const char *name, double *out, int max)
{
	const IrAttr *a = ir_op_attr(op, name);
	int n;

	if (!a || a->kind != IR_ATTR_ARRAY)
		return 0;
	for (n = 0; n < max && (size_t)n < a->u.array.n; n++) {
		const IrAttr *e = a->u.array.elems[n];

		out[n] = e->kind == IR_ATTR_FLOAT ? e->u.flt.value :
		    (double)e->u.integer.value;
	}
	return n;
}

/* Input coordinate of output index o along an axis of `len` elements
 * scaled by s (the output length is s * len, as ONNX computes it). */
static double
resize_coord(const char *cm, double o, int64_t len, double s, double r0,
    double r1, bool *outside)
{
	double ow = s * (double)len, x;

	*outside = false;
	if (!strcmp(cm, "align_corners"))
		return ow == 1 ? 0 : o * (double)(len - 1) / (ow - 1);
	if (!strcmp(cm, "asymmetric"))
		return o / s;
	if (!strcmp(cm, "tf_half_pixel_for_nn"))
		return (o + 0.5) / s;
	if (!strcmp(cm, "pytorch_half_pixel"))
		return ow == 1 ? -0.5 : (o + 0.5) / s - 0.5;
	if (strcmp(cm, "tf_crop_and_resize"))
		return (o + 0.5) / s - 0.5; /* half_pixel */
	x = ow == 1 ? (r1 - r0) * (double)(len - 1) / 2 :
	    o * (r1 - r0) * (double)(len - 1) / (ow - 1);
	x += r0 * (double)(len - 1);
	*outside = x < 0 || x > (double)(len - 1);
	return x;
}

/* The index nearest to x (fractional part r > 0) by ONNX's nearest_mode. */
static double
nearest_round(double f, double r, const char *nm)
{
	if (r == 0 || !strcmp(nm, "floor"))
		return f;
	if (!strcmp(nm, "ceil"))
		return f + 1;
	if (!strcmp(nm, "round_prefer_ceil"))
		return r < 0.5 ? f : f + 1;
	return r <= 0.5 ? f : f + 1;
}

/* Fills t (t->n taps) with x's taps over an axis of len elements scaled
 * by s. */
static void
resize_taps(const ResizeSpec *rs, double x, int64_t len, double s, Taps *t)
{
	double f, r, sum = 0;
	int k;

	/* far outside, every tap clamps to the same edge element (a NaN
	 * coordinate, from a NaN roi, takes the first) */
	x = !(x >= -8) ? -8 : x > (double)len + 8 ? (double)len + 8 : x;
	f = floor(x);
	r = x - f;
	if (rs->antialias && s < 1 && strcmp(rs->mode, "nearest")) {
		antialias_taps(rs, x, s, t);
	} else if (!strcmp(rs->mode, "nearest")) {
		t->idx[0] = (int64_t)nearest_round(f, r, rs->nearest);
		t->w[0] = 1;
	} else if (!strcmp(rs->mode, "bilinear")) {
		t->idx[0] = (int64_t)f;
		t->idx[1] = (int64_t)f + 1;
		t->w[0] = 1 - r;
		t->w[1] = r;
	} else {
		double d[4] = { r + 1, r, 1 - r, 2 - r };

		for (k = 0; k < 4; k++) {
			t->idx[k] = (int64_t)f - 1 + k;
			t->w[k] = cubic_weight(rs->a, d[k]);
		}
	}
	for (k = 0; k < t->n; k++) {
		if (rs->exclude && (t->idx[k] < 0 || t->idx[k] >= len))
			t->w[k] = 0;
		sum += t->w[k];
		t->idx[k] = t->idx[k] < 0 ? 0 : t->idx[k] >= len ? len - 1 :
		    t->idx[k];
	}
	if (rs->exclude && sum != 0)
		for (k = 0; k < t->n; k++)
			t->w[k] /= sum;
}

/* The taps of every output index of one axis (malloc'd; free with
 * taps_free). */
static Taps *
axis_taps(const ResizeSpec *rs, int64_t len, int64_t olen, double s,
    double r0, double r1)
{
	Taps *t = ir_xcalloc((size_t)olen, sizeof *t);
	int n = resize_ntaps(rs, s);
	int64_t *idx = ir_xcalloc((size_t)(olen * n), sizeof *idx), o;
	double *w = ir_xcalloc((size_t)(olen * n), sizeof *w);

	for (o = 0; o < olen; o++) {
		double x = resize_coord(rs->coord, (double)o, len, s, r0, r1,
		    &t[o].outside);

		t[o].idx = idx + o * n;
		t[o].w = w + o * n;
		t[o].n = n;
		resize_taps(rs, x, len, s, &t[o]);
	}
	return t;
}

static void
taps_free(Taps *t)
{
	free(t[0].idx);
	free(t[0].w);
	free(t);
}

static bool
resize_onnx_nhwc(IrOp *op, IrTensor *const *in, IrTensor **out)
{
	int64_t N = D(in[0])[0], H = D(in[0])[1], W = D(in[0])[2];
	int64_t C = D(in[0])[3], OH = D(out[0])[1], OW = D(out[0])[2];
	double s[2] = { (double)OH / (double)H, (double)OW / (double)W };
	double roi[4] = { 0, 0, 1, 1 }, ext = getf(op, "extrapolation_value");
	ResizeSpec rs = { gets(op, "mode"), gets(op, "coordinate_mode"),
	    gets(op, "nearest_mode"), getf(op, "cubic_coeff_a"),
	    getb(op, "exclude_outside"), getb(op, "antialias") };
	const float *x = F(in[0]);
	float *y = F(out[0]);
	Taps *ty, *tx;
	int64_t n, oy, ox, c;
	int a, b;

	getfloats(op, "scales", s, 2);
	getfloats(op, "roi", roi, 4);
	ty = axis_taps(&rs, H, OH, s[0], roi[0], roi[2]);
	tx = axis_taps(&rs, W, OW, s[1], roi[1], roi[3]);
	for (n = 0; n < N; n++)
	for (oy = 0; oy < OH; oy++)
	for (ox = 0; ox < OW; ox++)
	for (c = 0; c < C; c++) {
		const Taps *u = &ty[oy], *v = &tx[ox];
		double acc = 0;

		if (u->outside || v->outside) {
			y[((n * OH + oy) * OW + ox) * C + c] = (float)ext;
			continue;
		}
		for (a = 0; a < u->n; a++)
			for (b = 0; b < v->n; b++)
				acc += u->w[a] * v->w[b] * x[((n * H +
				    u->idx[a]) * W + v->idx[b]) * C + c];
		y[((n * OH + oy) * OW + ox) * C + c] = (float)acc;
	}
	taps_free(ty);
	taps_free(tx);
	return true;
}

static bool
f_resize(IrOp *op, IrTensor *const *in, IrTensor **out)
{
	FloatFn fn = strcmp(gets(op, "coordinate_mode"), "tflite") ?
	    resize_onnx_nhwc : resize_nhwc;

	if (nchw(op))
		return graph_via_nhwc(op, in, out, fn, NULL);
	return fn(op, in, out);
}

/* TFLite's integer bilinear resize (ResizeBilinearInteger) applies to a
 * TFLite-coordinate NHWC bilinear resize whose input and result share one
 * per-tensor quantization of at most 16 bits: TFLite's kernel moves
 * stored integers and never rescales. XNNPack's delegate takes 8-bit
 * resizes with its own arithmetic (not modelled: float), int16 it leaves
 * to TFLite. */
static bool
qresize_applies(IrInterp *it, IrOp *op, IrTensor *const *in)
{
	const IrType *x = graph_qtensor(in[0], 16);
	const IrType *y = ir_op_result(op, 0)->type->u.shaped.elem;

	if (!x || y->kind != IR_TYPE_QUANT || y->u.quant.nscales != 1 ||
	    strcmp(gets(op, "mode"), "bilinear") ||
	    strcmp(gets(op, "coordinate_mode"), "tflite") || nchw(op) ||
	    R(in[0]) != 4 || x->u.quant.storage != y->u.quant.storage ||
	    x->u.quant.zero_points[0] != y->u.quant.zero_points[0] ||
	    graph_f32_scale(x->u.quant.scales[0]) !=
	    graph_f32_scale(y->u.quant.scales[0]))
		return false;
	return ir_interp_options(it)->arith != IR_ARITH_XNNPACK ||
	    ir_type_bitwidth(x->u.quant.storage) > 8;
}

static bool
qresize(IrInterp *it, IrOp *op, IrTensor *const *in, IrTensor **out)
{
	const IrType *t = ir_op_result(op, 0)->type;
	QWindow g = {0};
	int32_t *x, *y;
	int64_t i;

	if (!(out[0] = ir_tensor_create(t))) {
		ir_op_emit_error(op, "result type has no runtime form");
		return false;
	}
	g.n = D(in[0])[0], g.h = D(in[0])[1], g.w = D(in[0])[2];
	g.c = D(in[0])[3], g.oh = D(out[0])[1], g.ow = D(out[0])[2];
	x = ir_xmalloc((size_t)(in[0]->n ? in[0]->n : 1) * sizeof *x);
	y = ir_xmalloc((size_t)(out[0]->n ? out[0]->n : 1) * sizeof *y);
	for (i = 0; i < in[0]->n; i++)
		x[i] = (int32_t)ir_tensor_get_int(in[0], i);
	if (in[0]->n)
		qmath_resize_bilinear(&g, getb(op, "align_corners"),
		    getb(op, "half_pixel_centers"),
		    ir_interp_options(it)->single_rounding, x, y);
	for (i = 0; i < out[0]->n; i++)
		ir_tensor_set_int(out[0], i, in[0]->n ? y[i] : 0);
	free(x);
	free(y);
	return true;
}

bool
graph_interpret_resize(IrInterp *it, IrOp *op, IrTensor *const *in,
    IrTensor **out)
{
	if (qresize_applies(it, op, in))
		return graph_act_apply(op, qresize(it, op, in, out), out);
	return graph_float_kernel(it, op, in, out, f_resize);
}

/* reshape, squeeze, unsqueeze: the same bytes under the result type. */
bool
graph_interpret_reshape(IrInterp *it, IrOp *op, IrTensor *const *in,
    IrTensor **out)
{
	const IrType *t = ir_op_result(op, 0)->type;

	if (in[0]->type->u.shaped.elem != t->u.shaped.elem)
		return graph_run_float(it, op, in, out, NULL);
	out[0] = ir_tensor_view(in[0], t, 0);
	return out[0] != NULL;
}

static bool
concat_copy(IrOp *op, IrTensor *const *in, IrTensor **out, bool split)
{
	IrTensor *whole = split ? in[0] : out[0];
	unsigned nparts = split ? op->nresults : op->noperands, p;
	int64_t axis = dialect_norm_axis(geti(op, "axis"), R(whole));
	int64_t outer, len, inner, o, off = 0;
	size_t es = whole->elem_size;

	ir_tensor_split_axis(whole, axis, &outer, &len, &inner);
	for (o = 0; o < outer; o++)
		for (p = 0; p < nparts; p++) {
			IrTensor *part = split ? out[p] : in[p];
			size_t n = (size_t)(D(part)[axis] * inner) * es;
			char *pp = (char *)part->data + (size_t)o * n;
			char *wp = (char *)whole->data + (size_t)off * es;

			if (split)
				memcpy(pp, wp, n);
			else
				memcpy(wp, pp, n);
			off += D(part)[axis] * inner;
		}
	return true;
}

static bool
f_concat(IrOp *op, IrTensor *const *in, IrTensor **out)
{
	return concat_copy(op, in, out, false);
}

bool
graph_interpret_concat(IrInterp *it, IrOp *op, IrTensor *const *in,
    IrTensor **out)
{
	return raw_kernel(it, op, in, out, f_concat);
}

static bool
f_split(IrOp *op, IrTensor *const *in, IrTensor **out)
{
	return concat_copy(op, in, out, true);
}

bool
graph_interpret_split(IrInterp *it, IrOp *op, IrTensor *const *in,
    IrTensor **out)
{
	return raw_kernel(it, op, in, out, f_split);
}
