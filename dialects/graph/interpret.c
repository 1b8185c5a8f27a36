/* dialects/graph/interpret.c: reference kernels of the graph dialect, in
 * f32; quantized operands are dequantized and results quantized, as
 * TFLite's float-fallback does. */
#include "dialects/graph/graph.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "interp/interp.h"
#include "interp/qmath.h"

#define MAXR 16 /* highest rank the kernels handle */

/* A float kernel: in[] are f32 tensors, out[] are zeroed f32 tensors of
 * the result shapes. */
typedef bool (*FloatFn)(IrOp *op, IrTensor *const *in, IrTensor **out);

static const IrOpDef *
def_of(const IrOp *op)
{
	return op->name->def;
}

static int64_t
geti(const IrOp *op, const char *name)
{
	return dialect_get_int(def_of(op), op->attrs, name);
}

static double
getf(const IrOp *op, const char *name)
{
	return dialect_get_float(def_of(op), op->attrs, name);
}

static bool
getb(const IrOp *op, const char *name)
{
	return dialect_get_bool(def_of(op), op->attrs, name);
}

static const char *
gets(const IrOp *op, const char *name)
{
	return dialect_get_str(def_of(op), op->attrs, name);
}

static int
getints(const IrOp *op, const char *name, int64_t *out)
{
	return dialect_get_ints(def_of(op), op->attrs, name, out, MAXR * 2);
}

static bool
nchw(const IrOp *op)
{
	return !strcmp(gets(op, "layout"), "NCHW");
}

static float *
F(const IrTensor *t)
{
	return t->data;
}

static const int64_t *
D(const IrTensor *t)
{
	return t->type->u.shaped.dims;
}

static int
R(const IrTensor *t)
{
	return (int)t->type->u.shaped.rank;
}

/* Runs fn on f32 copies of the operands and stores its f32 results into
 * results of the op's declared types. */
static bool
run_float(IrInterp *it, IrOp *op, IrTensor *const *in, IrTensor **out,
    FloatFn fn)
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

/* Declares graph_interpret_<name> running float kernel f_<name>. */
#define FLOAT_KERNEL(name) \
	static bool f_##name(IrOp *op, IrTensor *const *in, IrTensor **out); \
	bool \
	graph_interpret_##name(IrInterp *it, IrOp *op, IrTensor *const *in, \
	    IrTensor **out) \
	{ \
		return run_float(it, op, in, out, f_##name); \
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
static bool
via_nhwc(IrOp *op, IrTensor *const *in, IrTensor **out, FloatFn fn,
    const int *filter_perm)
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
static int64_t
pad_before(IrOp *op, int axis, int64_t in, int64_t k, int64_t stride,
    int64_t dil)
{
	DialectPad p = dialect_get_pad(def_of(op), op->attrs, "padding");

	if (p.kind == DIALECT_PAD_SAME)
		return dialect_same_pad_before(in, k, stride, dil);
	if (p.kind == DIALECT_PAD_EXPLICIT)
		return axis == 0 ? p.top : p.left;
	return 0;
}

/* Window geometry of a 2-D window op over NHWC tensors. */
typedef struct Win {
	int64_t n, h, w, c;      /* input */
	int64_t oh, ow, oc;      /* output */
	int64_t kh, kw, sh, sw, dh, dw, pt, pl;
} Win;

static Win
window(IrOp *op, const IrTensor *in, const IrTensor *out, int64_t kh,
    int64_t kw, bool dilated)
{
	int64_t s[2] = {1, 1}, d[2] = {1, 1};
	Win w;

	if (getints(op, "strides", s) != 2)
		s[0] = s[1] = 1;
	if (!dilated || getints(op, "dilations", d) != 2)
		d[0] = d[1] = 1;
	w = (Win){D(in)[0], D(in)[1], D(in)[2], D(in)[3], D(out)[1],
	    D(out)[2], D(out)[3], kh, kw, s[0], s[1], d[0], d[1], 0, 0};
	w.pt = pad_before(op, 0, w.h, kh, w.sh, w.dh);
	w.pl = pad_before(op, 1, w.w, kw, w.sw, w.dw);
	return w;
}

/* ------------------------------------------------------------ integer path */

/* TFLite's reference kernels for quantized conv2d, depthwise_conv2d and
 * fully_connected are integer; so is this path, through the same qmath
 * loops as the npu kernels. It applies to NHWC ops whose input and result
 * are per-tensor quantized (8- or 16-bit storage), whose filter is 8-bit,
 * per tensor or per output channel, and whose bias, if any, is stored as
 * integers; anything else goes through float. */

enum { Q_CONV, Q_DW, Q_FC };

/* The per-tensor quantized element type of t, or NULL. */
static const IrType *
qtensor(const IrTensor *t, unsigned max_bits)
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

static bool
qmac_applies(IrOp *op, IrTensor *const *in, int kind)
{
	const IrType *w = in[1]->type->u.shaped.elem;
	const IrType *b = op->noperands > 2 ?
	    in[2]->type->u.shaped.elem : NULL;
	const IrType *y = ir_op_result(op, 0)->type->u.shaped.elem;

	if (kind != Q_FC && nchw(op))
		return false;
	if (!qtensor(in[0], 16) || y->kind != IR_TYPE_QUANT ||
	    y->u.quant.nscales != 1 || w->kind != IR_TYPE_QUANT ||
	    ir_type_bitwidth(w->u.quant.storage) != 8)
		return false;
	if (w->u.quant.nscales > 1 && w->u.quant.axis != filter_axis(kind))
		return false;
	return !b || b->kind == IR_TYPE_QUANT || b->kind == IR_TYPE_INTEGER;
}

/* A scale as TFLite holds it: a float32. */
static double
f32_scale(double s)
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

static bool
qmac(IrInterp *it, IrOp *op, IrTensor *const *in, IrTensor **out, int kind)
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
	QWindow g;

	out[0] = ir_tensor_create(ir_op_result(op, 0)->type);
	y = ir_xmalloc((size_t)out[0]->n * sizeof *y);
	for (i = 0; i < in[0]->n; i++)
		x[i] = (int32_t)(ir_tensor_get_int(in[0], i) -
		    qx->u.quant.zero_points[0]);
	for (c = 0; c < oc; c++) {
		double sw = qw->u.quant.scales[qw->u.quant.nscales > 1 ? c : 0];

		m[c] = qmath_quantize_multiplier(
		    f32_scale(qx->u.quant.scales[0]) * f32_scale(sw) /
		    f32_scale(qy->u.quant.scales[0]));
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
		Win v = window(op, in[0], out[0], D(in[1])[1], D(in[1])[2],
		    true);

		g = (QWindow){v.n, v.h, v.w, v.c, v.oh, v.ow, v.oc, v.kh, v.kw,
		    v.sh, v.sw, v.dh, v.dw, v.pt, v.pl};
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

/* Declares graph_interpret_<name>: the integer path when it applies,
 * else float kernel f_<name>. */
#define QUANT_KERNEL(name, kind) \
	static bool f_##name(IrOp *op, IrTensor *const *in, IrTensor **out); \
	bool \
	graph_interpret_##name(IrInterp *it, IrOp *op, IrTensor *const *in, \
	    IrTensor **out) \
	{ \
		if (qmac_applies(op, in, kind)) \
			return qmac(it, op, in, out, kind); \
		return run_float(it, op, in, out, f_##name); \
	}

/* ------------------------------------------------------------ convolution */

static bool
conv_nhwc(IrOp *op, IrTensor *const *in, IrTensor **out)
{
	const float *x = F(in[0]), *f = F(in[1]);
	const float *b = op->noperands > 2 ? F(in[2]) : NULL;
	Win w = window(op, in[0], out[0], D(in[1])[1], D(in[1])[2], true);
	int64_t ic = D(in[1])[3], g = geti(op, "groups");
	int64_t per = w.oc / (g ? g : 1), n, oy, ox, o, ky, kx, i;
	float *y = F(out[0]);

	for (n = 0; n < w.n; n++)
	for (oy = 0; oy < w.oh; oy++)
	for (ox = 0; ox < w.ow; ox++)
	for (o = 0; o < w.oc; o++) {
		float acc = b ? b[o] : 0.0f;
		int64_t c0 = (o / per) * ic;

		for (ky = 0; ky < w.kh; ky++) {
			int64_t iy = oy * w.sh - w.pt + ky * w.dh;

			if (iy < 0 || iy >= w.h)
				continue;
			for (kx = 0; kx < w.kw; kx++) {
				int64_t ix = ox * w.sw - w.pl + kx * w.dw;
				const float *xp, *fp;

				if (ix < 0 || ix >= w.w)
					continue;
				xp = x + ((n * w.h + iy) * w.w + ix) * w.c + c0;
				fp = f + ((o * w.kh + ky) * w.kw + kx) * ic;
				for (i = 0; i < ic; i++)
					acc += xp[i] * fp[i];
			}
		}
		y[((n * w.oh + oy) * w.ow + ox) * w.oc + o] = acc;
	}
	return true;
}

static const int OIHW_TO_OHWI[4] = {0, 2, 3, 1};
static const int O1HW_TO_1HWO[4] = {1, 2, 3, 0};

/* Window geometry of an NCHW op: Win with c, h, w read from NCHW dims. */
static Win
window_nchw(IrOp *op, const IrTensor *in, const IrTensor *out, int64_t kh,
    int64_t kw)
{
	int64_t s[2] = {1, 1}, d[2] = {1, 1};
	Win w;

	if (getints(op, "strides", s) != 2)
		s[0] = s[1] = 1;
	if (getints(op, "dilations", d) != 2)
		d[0] = d[1] = 1;
	w = (Win){D(in)[0], D(in)[2], D(in)[3], D(in)[1], D(out)[2],
	    D(out)[3], D(out)[1], kh, kw, s[0], s[1], d[0], d[1], 0, 0};
	w.pt = pad_before(op, 0, w.h, kh, w.sh, w.dh);
	w.pl = pad_before(op, 1, w.w, kw, w.sw, w.dw);
	return w;
}

/* How onnxruntime's CPU kernels (MLAS on x86-64: im2col, then SGEMM) sum
 * the K = channels x kernel rows x kernel columns products of one output
 * of an NCHW convolution; docs/import.md explains the choice. */
typedef enum MlasSum {
	MLAS_FMA,  /* general SGEMM kernel: a fused multiply-add chain from 0
	              per K block, blocks added in order */
	MLAS_M1,   /* one filter per group (SgemmKernelM1): products rounded,
	              added in groups of 4 (then 2, then 1) from the left,
	              each group sum added to the total */
	MLAS_M1T   /* one output pixel (SgemmKernelM1TransposeB): 8 lanes,
	              lane j sums products j, j + 8, ...; then a reduction
	              tree that depends on the filter's row block */
} MlasSum;

/* The summation plan of one NCHW convolution. */
typedef struct MlasPlan {
	MlasSum sum;
	int64_t k, block; /* products per output, K block (MLAS_FMA) */
	int64_t rows;     /* MLAS_M1T rows: filters per group, or pixels */
	bool pixel_rows;  /* MLAS_M1T rows are the output pixels */
} MlasPlan;

/* MLAS's K block for an SGEMM of n columns (MlasSgemmOperation and
 * MlasConvOperation: strides 128 x 128, K doubled while N halves). */
static int64_t
mlas_k_block(int64_t k, int64_t n)
{
	int64_t sn = 128, sk = 128;

	if (n >= k)
		return sk;
	while (sn > 16 && sn / 2 >= n) {
		sk *= 2;
		sn /= 2;
	}
	return sk;
}

/* MlasConvPrepare's choice of algorithm, reduced to how it sums: every
 * algorithm (direct GEMM for 1x1 convs, expand then GEMM, segmented
 * im2col) ends in SGEMM over M = filters per group, N = output pixels,
 * whose M = 1 and N = 1 cases have their own kernels; K blocks follow
 * mlas_k_block. One input channel per group, stride 1, no padding and
 * a kernel as wide as the input is a direct GEMM with B transposed, so
 * one filter per group takes the N = 1 kernel with pixels as rows. */
static MlasPlan
mlas_plan(const Win *w, int64_t ic, int64_t per)
{
	int64_t os = w->oh * w->ow, k = ic * w->kh * w->kw;
	MlasPlan p = {MLAS_FMA, k, mlas_k_block(k, os), per, false};
	bool wide = ic == 1 && w->kh * w->kw > 1 && w->kw == w->w &&
	    w->sh == 1 && w->sw == 1 && w->dh == 1 && w->dw == 1 &&
	    w->pt == 0 && w->pl == 0 && w->oh == w->h - w->kh + 1 &&
	    w->ow == 1;

	if (wide && per == 1) {
		p.sum = MLAS_M1T;
		p.rows = os;
		p.pixel_rows = true;
	} else if (wide && os == 1 && w->w > 1) {
		p.sum = MLAS_FMA; /* B's row stride is the width, not 1 */
	} else if (per == 1) {
		p.sum = MLAS_M1;
	} else if (os == 1) {
		p.sum = MLAS_M1T;
	}
	return p;
}

/* fmaf(a, b, c) without a library call: a * b is exact in double, so the
 * double sum rounds to the same float as the exact sum unless it lands
 * on a midpoint between two floats (or below float's normal range), where
 * fmaf decides. Inline: it is the inner loop of NCHW convs. */
static inline float
fma_f32(float a, float b, float c)
{
	double s = (double)a * (double)b + (double)c;
	uint64_t bits;

	memcpy(&bits, &s, sizeof bits);
	if ((bits & 0x0FFFFFFFu) == 0 || (bits & 0x7FF0000000000000u) <
	    0x3820000000000000u) { /* rare: check exactly */
		if ((bits & 0x1FFFFFFFu) == 0x10000000u ||
		    (fabs(s) < 0x1p-125 && s != 0))
			return fmaf(a, b, c);
	}
	return (float)s;
}

/* MLAS_FMA: a fused multiply-add chain per block of b products. */
static float
sum_fma(const float *x, const float *f, int64_t k, int64_t b)
{
	float total = 0.0f;
	int64_t i, j;

	for (i = 0; i < k; i += b) {
		int64_t end = k - i < b ? k : i + b;
		float acc = 0.0f;

		for (j = i; j < end; j++)
			acc = fma_f32(x[j], f[j], acc);
		if (i == 0)
			total = acc;
		else
			total = total + acc;
	}
	return total;
}

/* sum_fma for 4 filters f, f + k, f + 2k, f + 3k at once (the same
 * values; the independent chains overlap in the processor). */
static void
sum_fma4(const float *x, const float *f, int64_t k, int64_t b, float *out)
{
	int64_t i, j, r;

	for (r = 0; r < 4; r++)
		out[r] = 0.0f;
	for (i = 0; i < k; i += b) {
		int64_t end = k - i < b ? k : i + b;
		float a0 = 0.0f, a1 = 0.0f, a2 = 0.0f, a3 = 0.0f;

		for (j = i; j < end; j++) {
			a0 = fma_f32(x[j], f[j], a0);
			a1 = fma_f32(x[j], f[k + j], a1);
			a2 = fma_f32(x[j], f[2 * k + j], a2);
			a3 = fma_f32(x[j], f[3 * k + j], a3);
		}
		out[0] = i == 0 ? a0 : out[0] + a0;
		out[1] = i == 0 ? a1 : out[1] + a1;
		out[2] = i == 0 ? a2 : out[2] + a2;
		out[3] = i == 0 ? a3 : out[3] + a3;
	}
}

/* MLAS_M1: groups of 4, then 2, then 1 products, rounded separately. */
static float
sum_m1(const float *x, const float *f, int64_t k)
{
	float total = 0.0f, t, p;
	int64_t i = 0, g, j;

	while (i < k) {
		g = k - i >= 4 ? 4 : k - i >= 2 ? 2 : 1;
		t = x[i] * f[i];
		for (j = 1; j < g; j++) {
			p = x[i + j] * f[i + j];
			t = t + p;
		}
		total = t + total;
		i += g;
	}
	return total;
}

/* MLAS_M1T: lane sums, then the reduction of filter row r's block. */
static float
sum_m1t(const float *x, const float *f, int64_t k, int64_t r,
    int64_t rows)
{
	float a[8] = {0}, p;
	int64_t i;

	for (i = 0; i < k; i++) {
		p = x[i] * f[i];
		a[i % 8] = a[i % 8] + p;
	}
	if (r < rows / 4 * 4) /* 4-row block: two halves of 4 lanes */
		return (((a[0] + a[1]) + a[2]) + a[3]) +
		    (((a[4] + a[5]) + a[6]) + a[7]);
	if (r < rows / 4 * 4 + (rows % 4) / 2 * 2) /* 2-row block */
		return ((a[0] + a[2]) + (a[4] + a[6])) +
		    ((a[1] + a[3]) + (a[5] + a[7]));
	return ((a[0] + a[1]) + (a[2] + a[3])) +
	    ((a[4] + a[5]) + (a[6] + a[7]));
}

/* One output without bias: col holds the K inputs in im2col order (0 for
 * padding), f the filter's K weights, r the output's row in MLAS_M1T (the
 * filter's index in its group, or the pixel's with pixel_rows). */
static float
mlas_dot(const MlasPlan *p, const float *col, const float *f, int64_t r)
{
	if (p->sum == MLAS_M1)
		return sum_m1(col, f, p->k);
	if (p->sum == MLAS_M1T)
		return sum_m1t(col, f, p->k, r, p->rows);
	return sum_fma(col, f, p->k, p->block);
}

/* Fills col with the im2col column of output pixel (oy, ox) over input
 * channels c0 .. c0 + ic - 1 of batch n. */
static void
im2col(const Win *w, const float *x, int64_t n, int64_t c0, int64_t ic,
    int64_t oy, int64_t ox, float *col)
{
	int64_t i, ky, kx;

	for (i = 0; i < ic; i++)
	for (ky = 0; ky < w->kh; ky++)
	for (kx = 0; kx < w->kw; kx++) {
		int64_t iy = oy * w->sh - w->pt + ky * w->dh;
		int64_t ix = ox * w->sw - w->pl + kx * w->dw;
		bool in = iy >= 0 && iy < w->h && ix >= 0 && ix < w->w;

		*col++ = in ? x[((n * w->c + c0 + i) * w->h + iy) * w->w +
		    ix] : 0.0f;
	}
}

/* NCHW convolution (OIHW filter) summed as onnxruntime's CPU kernels sum
 * it (mlas_plan), then the bias added with one more rounding, as MLAS's
 * bias activation does. */
static bool
conv_nchw(IrOp *op, IrTensor *const *in, IrTensor **out)
{
	const float *x = F(in[0]), *f = F(in[1]);
	const float *b = op->noperands > 2 ? F(in[2]) : NULL;
	Win w = window_nchw(op, in[0], out[0], D(in[1])[2], D(in[1])[3]);
	int64_t ic = D(in[1])[1], g = geti(op, "groups");
	int64_t per = w.oc / (g ? g : 1), n, o, oy, ox, r, i;
	MlasPlan p = mlas_plan(&w, ic, per);
	float *y = F(out[0]), *col = malloc((size_t)(p.k ? p.k : 1) * 4);

	if (!col) {
		ir_op_emit_error(op, "out of memory");
		return false;
	}
	for (n = 0; n < w.n; n++)
	for (oy = 0; oy < w.oh; oy++)
	for (ox = 0; ox < w.ow; ox++)
	for (o = 0; o < w.oc; o += r) {
		float acc[4];

		if (o % per == 0)
			im2col(&w, x, n, o / per * ic, ic, oy, ox, col);
		r = p.sum == MLAS_FMA && o % per + 4 <= per ? 4 : 1;
		if (r == 4)
			sum_fma4(col, f + o * p.k, p.k, p.block, acc);
		else
			acc[0] = mlas_dot(&p, col, f + o * p.k,
			    p.pixel_rows ? oy * w.ow + ox : o % per);
		for (i = 0; i < r; i++)
			y[((n * w.oc + o + i) * w.oh + oy) * w.ow + ox] =
			    b ? acc[i] + b[o + i] : acc[i];
	}
	free(col);
	return true;
}

QUANT_KERNEL(conv2d, 0)
static bool
f_conv2d(IrOp *op, IrTensor *const *in, IrTensor **out)
{
	if (nchw(op))
		return conv_nchw(op, in, out);
	return conv_nhwc(op, in, out);
}

static bool
dwconv_nhwc(IrOp *op, IrTensor *const *in, IrTensor **out)
{
	const float *x = F(in[0]), *f = F(in[1]);
	const float *b = op->noperands > 2 ? F(in[2]) : NULL;
	Win w = window(op, in[0], out[0], D(in[1])[1], D(in[1])[2], true);
	int64_t m = w.oc / w.c, n, oy, ox, o, ky, kx;
	float *y = F(out[0]);

	for (n = 0; n < w.n; n++)
	for (oy = 0; oy < w.oh; oy++)
	for (ox = 0; ox < w.ow; ox++) {
		float *yp = y + ((n * w.oh + oy) * w.ow + ox) * w.oc;

		for (o = 0; o < w.oc; o++)
			yp[o] = b ? b[o] : 0.0f;
		for (ky = 0; ky < w.kh; ky++) {
			int64_t iy = oy * w.sh - w.pt + ky * w.dh;

			if (iy < 0 || iy >= w.h)
				continue;
			for (kx = 0; kx < w.kw; kx++) {
				int64_t ix = ox * w.sw - w.pl + kx * w.dw;
				const float *xp, *fp;

				if (ix < 0 || ix >= w.w)
					continue;
				xp = x + ((n * w.h + iy) * w.w + ix) * w.c;
				fp = f + (ky * w.kw + kx) * w.oc;
				for (o = 0; o < w.oc; o++)
					yp[o] += xp[o / m] * fp[o];
			}
		}
	}
	return true;
}

QUANT_KERNEL(depthwise_conv2d, 1)
static bool
f_depthwise_conv2d(IrOp *op, IrTensor *const *in, IrTensor **out)
{
	if (nchw(op))
		return via_nhwc(op, in, out, dwconv_nhwc, O1HW_TO_1HWO);
	return dwconv_nhwc(op, in, out);
}

/* Scatter form: each input pixel adds filter * x to a window of the
 * output (TFLite's reference TransposeConv). */
static bool
tconv_nhwc(IrOp *op, IrTensor *const *in, IrTensor **out)
{
	const float *x = F(in[0]), *f = F(in[1]);
	const float *b = op->noperands > 2 ? F(in[2]) : NULL;
	DialectPad p = dialect_get_pad(def_of(op), op->attrs, "padding");
	int64_t s[2] = {1, 1}, d[2] = {1, 1}, n, iy, ix, ky, kx, o, i;
	int64_t N = D(in[0])[0], H = D(in[0])[1], W = D(in[0])[2];
	int64_t I = D(in[0])[3], O = D(in[1])[0], KH = D(in[1])[1];
	int64_t KW = D(in[1])[2], OH = D(out[0])[1], OW = D(out[0])[2];
	int64_t pt = 0, pl = 0;
	float *y = F(out[0]);

	getints(op, "strides", s);
	getints(op, "dilations", d);
	if (p.kind == DIALECT_PAD_EXPLICIT) {
		pt = p.top;
		pl = p.left;
	} else if (p.kind == DIALECT_PAD_SAME) {
		/* TFLite's: from the output size without output padding */
		int64_t e[2] = {0, 0};
		int64_t th, tw;

		getints(op, "output_padding", e);
		th = (H - 1) * s[0] + d[0] * (KH - 1) + 1 - (OH - e[0]);
		tw = (W - 1) * s[1] + d[1] * (KW - 1) + 1 - (OW - e[1]);

		pt = th > 0 ? th / 2 : 0;
		pl = tw > 0 ? tw / 2 : 0;
	}
	for (n = 0; n < N; n++)
	for (iy = 0; iy < H; iy++)
	for (ix = 0; ix < W; ix++)
	for (ky = 0; ky < KH; ky++)
	for (kx = 0; kx < KW; kx++) {
		int64_t oy = iy * s[0] + ky * d[0] - pt;
		int64_t ox = ix * s[1] + kx * d[1] - pl;
		const float *xp = x + ((n * H + iy) * W + ix) * I;

		if (oy < 0 || oy >= OH || ox < 0 || ox >= OW)
			continue;
		for (o = 0; o < O; o++) {
			const float *fp = f + ((o * KH + ky) * KW + kx) * I;
			float acc = 0;

			for (i = 0; i < I; i++)
				acc += xp[i] * fp[i];
			y[((n * OH + oy) * OW + ox) * O + o] += acc;
		}
	}
	if (b)
		for (i = 0; i < out[0]->n; i++)
			y[i] += b[i % O];
	return true;
}

FLOAT_KERNEL(transpose_conv2d)
static bool
f_transpose_conv2d(IrOp *op, IrTensor *const *in, IrTensor **out)
{
	if (nchw(op))
		return via_nhwc(op, in, out, tconv_nhwc, OIHW_TO_OHWI);
	return tconv_nhwc(op, in, out);
}

QUANT_KERNEL(fully_connected, 2)
static bool
f_fully_connected(IrOp *op, IrTensor *const *in, IrTensor **out)
{
	const float *x = F(in[0]), *wt = F(in[1]);
	const float *b = op->noperands > 2 ? F(in[2]) : NULL;
	int64_t o = D(in[1])[0], k = D(in[1])[1], rows = in[0]->n / k;
	int64_t r, j, i;
	float *y = F(out[0]);

	for (r = 0; r < rows; r++)
		for (j = 0; j < o; j++) {
			float acc = b ? b[j] : 0.0f;

			for (i = 0; i < k; i++)
				acc += x[r * k + i] * wt[j * k + i];
			y[r * o + j] = acc;
		}
	return true;
}

/* One [M, K] x [K, N] product with optional transposes (a_t: a is
 * stored [K, M]; b_t: b is stored [N, K]). */
static void
matmul2(const float *a, const float *b, float *c, int64_t m, int64_t k,
    int64_t n, bool a_t, bool b_t)
{
	int64_t i, j, l;

	for (i = 0; i < m; i++)
		for (j = 0; j < n; j++) {
			float acc = 0;

			for (l = 0; l < k; l++)
				acc += a[a_t ? l * m + i : i * k + l] *
				    b[b_t ? j * k + l : l * n + j];
			c[i * n + j] = acc;
		}
}

FLOAT_KERNEL(matmul)
static bool
f_matmul(IrOp *op, IrTensor *const *in, IrTensor **out)
{
	bool ta = getb(op, "transpose_a"), tb = getb(op, "transpose_b");
	int64_t m = D(out[0])[0], n = D(out[0])[1];
	int64_t k = ta ? D(in[0])[0] : D(in[0])[1];

	matmul2(F(in[0]), F(in[1]), F(out[0]), m, k, n, ta, tb);
	return true;
}

/* Offset of batch index `bi` of the output in an operand whose batch dims
 * broadcast against the output's. */
static int64_t
batch_offset(const IrTensor *t, const IrTensor *out, int64_t bi)
{
	int ro = R(out) - 2, rt = R(t) - 2, k;
	int64_t off = 0, stride = 1, idx;

	for (k = ro - 1; k >= 0; k--) {
		idx = bi % D(out)[k];
		bi /= D(out)[k];
		if (k - (ro - rt) >= 0) {
			int64_t d = D(t)[k - (ro - rt)];

			off += (d == 1 ? 0 : idx) * stride;
			stride *= d;
		}
	}
	return off;
}

FLOAT_KERNEL(batch_matmul)
static bool
f_batch_matmul(IrOp *op, IrTensor *const *in, IrTensor **out)
{
	bool ta = getb(op, "transpose_a"), tb = getb(op, "transpose_b");
	int ro = R(out[0]);
	int64_t m = D(out[0])[ro - 2], n = D(out[0])[ro - 1];
	int64_t k = ta ? D(in[0])[R(in[0]) - 2] : D(in[0])[R(in[0]) - 1];
	int64_t batches = out[0]->n / (m * n), bi;

	for (bi = 0; bi < batches; bi++)
		matmul2(F(in[0]) + batch_offset(in[0], out[0], bi) * m * k,
		    F(in[1]) + batch_offset(in[1], out[0], bi) * k * n,
		    F(out[0]) + bi * m * n, m, k, n, ta, tb);
	return true;
}

/* ------------------------------------------------------------ elementwise */

/* Element strides of t seen with out's rank, 0 on broadcast dims. */
static void
bcast_strides(const IrTensor *t, const IrTensor *out, int64_t *st)
{
	int ro = R(out), rt = R(t), k;
	int64_t s = 1;

	for (k = ro - 1; k >= 0; k--) {
		int kt = k - (ro - rt);
		int64_t d = kt >= 0 ? D(t)[kt] : 1;

		st[k] = d == 1 ? 0 : s;
		s *= d;
	}
}

typedef float (*BinFn)(float a, float b);

static void
binary(IrTensor *const *in, IrTensor *out, BinFn fn)
{
	const float *a = F(in[0]), *b = F(in[1]);
	int64_t sa[MAXR], sb[MAXR], idx[MAXR] = {0}, ia = 0, ib = 0, i;
	int r = R(out), k;
	float *y = F(out);

	if (in[0]->n == out->n && in[1]->n == out->n) {
		for (i = 0; i < out->n; i++)
			y[i] = fn(a[i], b[i]);
		return;
	}
	bcast_strides(in[0], out, sa);
	bcast_strides(in[1], out, sb);
	for (i = 0; i < out->n; i++) {
		y[i] = fn(a[ia], b[ib]);
		for (k = r - 1; k >= 0; k--) {
			ia += sa[k];
			ib += sb[k];
			if (++idx[k] < D(out)[k])
				break;
			ia -= sa[k] * idx[k];
			ib -= sb[k] * idx[k];
			idx[k] = 0;
		}
	}
}

static float b_add(float a, float b) { return a + b; }
static float b_sub(float a, float b) { return a - b; }
static float b_mul(float a, float b) { return a * b; }
static float b_div(float a, float b) { return a / b; }
static float b_max(float a, float b) { return a > b ? a : b; }
static float b_min(float a, float b) { return a < b ? a : b; }
static float b_prelu(float x, float a) { return x >= 0 ? x : a * x; }

#define BINARY_KERNEL(name, fn) \
	FLOAT_KERNEL(name) \
	static bool \
	f_##name(IrOp *op, IrTensor *const *in, IrTensor **out) \
	{ \
		if (R(out[0]) > MAXR) { \
			ir_op_emit_error(op, "rank above %d", MAXR); \
			return false; \
		} \
		binary(in, out[0], fn); \
		return true; \
	}

/* TFLite's integer add, sub and mul for 8-bit per-tensor quantized
 * operands and result (reference_integer_ops/add.h, mul.h): add and sub
 * shift inputs left by 20, scale each by s_i / (2 max(s1, s2)), combine,
 * and scale by 2 max(s1, s2) / (2^20 s_out); mul scales the product of
 * the zero-point-free inputs by s1 s2 / s_out. Scales are taken as f32. */
static bool
qbinary_applies(IrOp *op, IrTensor *const *in)
{
	const IrType *y = ir_op_result(op, 0)->type->u.shaped.elem;

	return qtensor(in[0], 8) && qtensor(in[1], 8) &&
	    y->kind == IR_TYPE_QUANT && y->u.quant.nscales == 1 &&
	    ir_type_bitwidth(y->u.quant.storage) <= 8 && R(in[0]) <= MAXR &&
	    R(in[1]) <= MAXR;
}

typedef struct QBin {
	char code;               /* '+', '-', '*' */
	QMultiplier m1, m2, mo;
	int64_t z1, z2, zo, lo, hi;
	bool single;
	bool xnn;                /* XNNPack's arithmetic: xa or fscale */
	QXnnAdd xa;
	float fscale;
} QBin;

static int32_t
qbin_one(const QBin *q, int64_t a, int64_t b)
{
	int64_t v;

	if (q->xnn) {
		v = q->code == '*' ? qmath_requant_fp32((int32_t)((a - q->z1) *
		    (b - q->z2)), q->fscale) :
		    qmath_xnn_add(&q->xa, (int32_t)a, (int32_t)b);
		return qmath_clamp(v + q->zo, q->lo, q->hi);
	}
	a -= q->z1;
	b -= q->z2;
	if (q->code == '*') {
		v = qmath_requant((int32_t)(a * b), q->mo, q->single);
	} else {
		a = qmath_requant((int32_t)(a * (1 << 20)), q->m1, q->single);
		b = qmath_requant((int32_t)(b * (1 << 20)), q->m2, q->single);
		v = qmath_requant(qmath_clamp(q->code == '+' ? a + b : a - b,
		    INT32_MIN, INT32_MAX), q->mo, q->single);
	}
	return qmath_clamp(v + q->zo, q->lo, q->hi);
}

static QBin
qbin_params(IrInterp *it, IrOp *op, IrTensor *const *in, char code)
{
	const IrType *q1 = in[0]->type->u.shaped.elem;
	const IrType *q2 = in[1]->type->u.shaped.elem;
	const IrType *qy = ir_op_result(op, 0)->type->u.shaped.elem;
	double s1 = f32_scale(q1->u.quant.scales[0]);
	double s2 = f32_scale(q2->u.quant.scales[0]);
	double so = f32_scale(qy->u.quant.scales[0]);
	double twice = 2 * (s1 > s2 ? s1 : s2);
	QBin q = {code, qmath_quantize_multiplier(s1 / twice),
	    qmath_quantize_multiplier(s2 / twice),
	    qmath_quantize_multiplier(code == '*' ? s1 * s2 / so :
	    twice / ((1 << 20) * so)), q1->u.quant.zero_points[0],
	    q2->u.quant.zero_points[0], qy->u.quant.zero_points[0],
	    qy->u.quant.storage_min, qy->u.quant.storage_max,
	    ir_interp_options(it)->single_rounding, false, {0, 0, 0, 0}, 0};

	/* XNNPack's delegate takes int8 add, sub and mul whose scale ratios
	 * it supports; the rest stay on TFLite's kernels. */
	if (ir_interp_options(it)->arith != IR_ARITH_XNNPACK ||
	    ir_type_bitwidth(qy->u.quant.storage) != 8)
		return q;
	if (code == '*') {
		q.fscale = qmath_fp32_scale(s1, s2, so);
		q.xnn = q.fscale >= 0x1p-16f && q.fscale < 0x1p8f;
	} else {
		q.xnn = qmath_xnn_add_params(s1, q.z1, s2, q.z2, so,
		    code == '-', &q.xa);
	}
	return q;
}

static bool
qbinary(IrInterp *it, IrOp *op, IrTensor *const *in, IrTensor **out,
    char code)
{
	QBin q = qbin_params(it, op, in, code);
	int64_t sa[MAXR], sb[MAXR], idx[MAXR] = {0}, ia = 0, ib = 0, i;
	int r, k;

	out[0] = ir_tensor_create(ir_op_result(op, 0)->type);
	r = R(out[0]);
	bcast_strides(in[0], out[0], sa);
	bcast_strides(in[1], out[0], sb);
	for (i = 0; i < out[0]->n; i++) {
		int64_t a = ir_tensor_get_int(in[0], ia);
		int64_t b = ir_tensor_get_int(in[1], ib);

		ir_tensor_set_int(out[0], i, qbin_one(&q, a, b));
		for (k = r - 1; k >= 0; k--) {
			ia += sa[k];
			ib += sb[k];
			if (++idx[k] < D(out[0])[k])
				break;
			ia -= sa[k] * idx[k];
			ib -= sb[k] * idx[k];
			idx[k] = 0;
		}
	}
	return true;
}

/* A binary kernel with an integer path for quantized operands. */
#define QBINARY_KERNEL(name, fn, code) \
	static bool \
	f_##name(IrOp *op, IrTensor *const *in, IrTensor **out) \
	{ \
		if (R(out[0]) > MAXR) { \
			ir_op_emit_error(op, "rank above %d", MAXR); \
			return false; \
		} \
		binary(in, out[0], fn); \
		return true; \
	} \
	bool \
	graph_interpret_##name(IrInterp *it, IrOp *op, IrTensor *const *in, \
	    IrTensor **out) \
	{ \
		if (qbinary_applies(op, in)) \
			return qbinary(it, op, in, out, code); \
		return run_float(it, op, in, out, f_##name); \
	}

QBINARY_KERNEL(add, b_add, '+')
QBINARY_KERNEL(sub, b_sub, '-')
QBINARY_KERNEL(mul, b_mul, '*')
FLOAT_KERNEL(div)

/* Integer tensors divide as C, TFLite and ONNX do: truncating toward
 * zero (a zero divisor gives 0 rather than undefined behaviour). */
static float b_idiv(float a, float b) { return b == 0 ? 0 : truncf(a / b); }

static bool
f_div(IrOp *op, IrTensor *const *in, IrTensor **out)
{
	const IrType *e = ir_op_result(op, 0)->type->u.shaped.elem;

	if (R(out[0]) > MAXR) {
		ir_op_emit_error(op, "rank above %d", MAXR);
		return false;
	}
	binary(in, out[0], e->kind == IR_TYPE_INTEGER ? b_idiv : b_div);
	return true;
}

BINARY_KERNEL(maximum, b_max)
BINARY_KERNEL(minimum, b_min)
BINARY_KERNEL(prelu, b_prelu)

/* Advances a row-major index over out's dims and the two operands'
 * broadcast offsets by one element. */
static void
bcast_next(const IrTensor *out, int64_t *idx, const int64_t *sa,
    const int64_t *sb, int64_t *ia, int64_t *ib)
{
	int k;

	for (k = R(out) - 1; k >= 0; k--) {
		*ia += sa[k];
		*ib += sb[k];
		if (++idx[k] < D(out)[k])
			return;
		*ia -= sa[k] * idx[k];
		*ib -= sb[k] * idx[k];
		idx[k] = 0;
	}
}

/* base ^ exponent in double, broadcast, in the base's element type;
 * integer results truncate toward zero (ONNX's Pow). */
bool
graph_interpret_pow(IrInterp *it, IrOp *op, IrTensor *const *in,
    IrTensor **out)
{
	int64_t sa[MAXR], sb[MAXR], idx[MAXR] = {0}, ia = 0, ib = 0, i;
	const IrType *t = ir_op_result(op, 0)->type;
	bool integer;

	(void)it;
	if (t->u.shaped.rank > MAXR || !(out[0] = ir_tensor_create(t))) {
		ir_op_emit_error(op, "result type has no runtime form");
		return false;
	}
	integer = t->u.shaped.elem->kind != IR_TYPE_FLOAT;
	bcast_strides(in[0], out[0], sa);
	bcast_strides(in[1], out[0], sb);
	for (i = 0; i < out[0]->n; i++) {
		double v = pow(ir_tensor_get(in[0], ia),
		    ir_tensor_get(in[1], ib));

		if (integer)
			v = isnan(v) ? 0 : trunc(v);
		ir_tensor_set(out[0], i, v);
		bcast_next(out[0], idx, sa, sb, &ia, &ib);
	}
	return true;
}

/* A unary function with the op's attributes. */
typedef float (*UnFn)(const IrOp *op, float x, float p0, float p1);

static float u_relu(const IrOp *o, float x, float a, float b)
{ return x > 0 ? x : 0; }
static float u_relu6(const IrOp *o, float x, float a, float b)
{ return x < 0 ? 0 : x > 6 ? 6 : x; }
static float u_clip(const IrOp *o, float x, float lo, float hi)
{ return x < lo ? lo : x > hi ? hi : x; }
static float u_leaky(const IrOp *o, float x, float alpha, float b)
{ return x >= 0 ? x : alpha * x; }
static float u_sigmoid(const IrOp *o, float x, float a, float b)
{ return 1.0f / (1.0f + expf(-x)); }
static float u_tanh(const IrOp *o, float x, float a, float b)
{ return tanhf(x); }
static float u_hswish(const IrOp *o, float x, float a, float b)
{ return x * u_relu6(o, x + 3, 0, 0) / 6; }
static float u_hsigmoid(const IrOp *o, float x, float a, float b)
{ return u_relu6(o, x + 3, 0, 0) / 6; }
static float u_exp(const IrOp *o, float x, float a, float b)
{ return expf(x); }
static float u_sqrt(const IrOp *o, float x, float a, float b)
{ return sqrtf(x); }
static float u_rsqrt(const IrOp *o, float x, float a, float b)
{ return 1.0f / sqrtf(x); }
static float u_abs(const IrOp *o, float x, float a, float b)
{ return fabsf(x); }
static float u_neg(const IrOp *o, float x, float a, float b)
{ return -x; }

static float
u_gelu(const IrOp *o, float x, float approx, float b)
{
	if (approx != 0)
		return 0.5f * x * (1.0f + tanhf(0.7978845608f *
		    (x + 0.044715f * x * x * x)));
	return 0.5f * x * (1.0f + erff(x * 0.70710678f));
}

static void
unary(const IrOp *op, IrTensor *in, IrTensor *out, UnFn fn, float p0,
    float p1)
{
	const float *x = F(in);
	float *y = F(out);
	int64_t i;

	for (i = 0; i < out->n; i++)
		y[i] = fn(op, x[i], p0, p1);
}

#define UNARY_KERNEL(name, fn, p0, p1) \
	FLOAT_KERNEL(name) \
	static bool \
	f_##name(IrOp *op, IrTensor *const *in, IrTensor **out) \
	{ \
		unary(op, in[0], out[0], fn, (p0), (p1)); \
		return true; \
	}

UNARY_KERNEL(relu, u_relu, 0, 0)
UNARY_KERNEL(relu6, u_relu6, 0, 0)
UNARY_KERNEL(clip, u_clip, (float)getf(op, "min"), (float)getf(op, "max"))
UNARY_KERNEL(leaky_relu, u_leaky, (float)getf(op, "alpha"), 0)
UNARY_KERNEL(sigmoid, u_sigmoid, 0, 0)
UNARY_KERNEL(tanh, u_tanh, 0, 0)
UNARY_KERNEL(hard_swish, u_hswish, 0, 0)
UNARY_KERNEL(hard_sigmoid, u_hsigmoid, 0, 0)
UNARY_KERNEL(gelu, u_gelu, getb(op, "approximate") ? 1.0f : 0.0f, 0)
UNARY_KERNEL(exp, u_exp, 0, 0)
UNARY_KERNEL(sqrt, u_sqrt, 0, 0)
UNARY_KERNEL(rsqrt, u_rsqrt, 0, 0)
UNARY_KERNEL(abs, u_abs, 0, 0)
UNARY_KERNEL(neg, u_neg, 0, 0)

/* outer x axis x inner decomposition of a shape around `axis`. */
static void
split_axis(const IrTensor *t, int64_t axis, int64_t *outer, int64_t *len,
    int64_t *inner)
{
	int k;

	*outer = *inner = 1;
	for (k = 0; k < axis; k++)
		*outer *= D(t)[k];
	*len = D(t)[axis];
	for (k = (int)axis + 1; k < R(t); k++)
		*inner *= D(t)[k];
}

/* Softmax (or its log) along the op's axis, max-subtracted. */
static void
softmax(IrOp *op, IrTensor *in, IrTensor *out, float beta, bool log_)
{
	int64_t axis = dialect_norm_axis(geti(op, "axis"), R(in));
	int64_t outer, len, inner, o, i, k;
	const float *x = F(in);
	float *y = F(out);

	split_axis(in, axis, &outer, &len, &inner);
	for (o = 0; o < outer; o++)
		for (i = 0; i < inner; i++) {
			const float *xp = x + o * len * inner + i;
			float *yp = y + o * len * inner + i;
			float mx = -INFINITY, sum = 0;

			for (k = 0; k < len; k++)
				mx = xp[k * inner] > mx ? xp[k * inner] : mx;
			for (k = 0; k < len; k++) {
				yp[k * inner] = expf(beta * (xp[k * inner] -
				    mx));
				sum += yp[k * inner];
			}
			for (k = 0; k < len; k++)
				yp[k * inner] = log_ ? beta * (xp[k * inner] -
				    mx) - logf(sum) : yp[k * inner] / sum;
		}
}

FLOAT_KERNEL(softmax)
static bool
f_softmax(IrOp *op, IrTensor *const *in, IrTensor **out)
{
	softmax(op, in[0], out[0], (float)getf(op, "beta"), false);
	return true;
}

FLOAT_KERNEL(log_softmax)
static bool
f_log_softmax(IrOp *op, IrTensor *const *in, IrTensor **out)
{
	softmax(op, in[0], out[0], 1.0f, true);
	return true;
}

/* ------------------------------------------------------------ pooling */

static bool
pool_nhwc(IrOp *op, IrTensor *const *in, IrTensor **out)
{
	int64_t k[2] = {1, 1}, n, oy, ox, c, ky, kx;
	bool is_max = ir_op_is(op, "graph.max_pool2d");
	bool incl = !is_max && getb(op, "count_include_pad");
	const float *x = F(in[0]);
	float *y = F(out[0]);
	Win w;

	getints(op, "kernel", k);
	w = window(op, in[0], out[0], k[0], k[1], true);
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
	Win w;

	out[0] = ir_tensor_create(ir_op_result(op, 0)->type);
	getints(op, "kernel", k);
	w = window(op, in[0], out[0], k[0], k[1], false);
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
	const IrType *q = qtensor(in[0], 16);
	int64_t d[2] = {1, 1};

	getints(op, "dilations", d);
	if (q && q == ir_op_result(op, 0)->type->u.shaped.elem && !nchw(op) &&
	    d[0] == 1 && d[1] == 1 &&
	    (ir_op_is(op, "graph.max_pool2d") ||
	    !getb(op, "count_include_pad")))
		return qpool(op, in, out);
	return run_float(it, op, in, out, f_pool);
}

static bool
f_pool(IrOp *op, IrTensor *const *in, IrTensor **out)
{
	if (nchw(op))
		return via_nhwc(op, in, out, pool_nhwc, NULL);
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
	p[0] = pad_before(op, 0, H, k[0], s[0], d[0]);
	p[1] = pad_before(op, 1, W, k[1], s[1], d[1]);
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

FLOAT_KERNEL(global_avg_pool)
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

/* Reductions: out index of each input element, reduced dims dropped. */
static bool
reduce(IrOp *op, IrTensor *in, IrTensor *out, int kind)
{
	int64_t axes[MAXR * 2], ostr[MAXR], idx[MAXR] = {0}, i, oi = 0;
	int64_t *cnt;
	bool red[MAXR] = {false};
	int r = R(in), na = getints(op, "axes", axes), k;
	const float *x = F(in);
	float *y = F(out);

	if (r > MAXR)
		return false;
	for (k = 0; k < na; k++)
		red[dialect_norm_axis(axes[k], r)] = true;
	for (k = r - 1, i = 1; k >= 0; k--) {
		ostr[k] = red[k] ? 0 : i;
		i *= red[k] ? 1 : D(in)[k];
	}
	cnt = ir_xcalloc((size_t)out->n + 1, sizeof *cnt);
	for (i = 0; i < out->n; i++)
		y[i] = kind == 2 ? -INFINITY : 0;
	for (i = 0; i < in->n; i++) {
		if (kind == 2)
			y[oi] = x[i] > y[oi] ? x[i] : y[oi];
		else
			y[oi] += x[i];
		cnt[oi]++;
		for (k = r - 1; k >= 0; k--) {
			oi += ostr[k];
			if (++idx[k] < D(in)[k])
				break;
			oi -= ostr[k] * idx[k];
			idx[k] = 0;
		}
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
	int64_t axes[MAXR * 2], ostr[MAXR], idx[MAXR] = {0}, i, oi = 0, n;
	uint32_t *sum;
	bool red[MAXR] = {false};
	int r = R(in[0]), na = getints(op, "axes", axes), k;

	out[0] = ir_tensor_create(ir_op_result(op, 0)->type);
	for (k = 0; k < na; k++)
		red[dialect_norm_axis(axes[k], r)] = true;
	for (k = r - 1, i = 1; k >= 0; k--) {
		ostr[k] = red[k] ? 0 : i;
		i *= red[k] ? 1 : D(in[0])[k];
	}
	n = out[0]->n ? in[0]->n / out[0]->n : 1;
	sum = ir_xcalloc((size_t)out[0]->n + 1, sizeof *sum);
	for (i = 0; i < in[0]->n; i++) {
		sum[oi] += (uint32_t)ir_tensor_get_int(in[0], i);
		for (k = r - 1; k >= 0; k--) {
			oi += ostr[k];
			if (++idx[k] < D(in[0])[k])
				break;
			oi -= ostr[k] * idx[k];
			idx[k] = 0;
		}
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

static bool f_reduce_mean(IrOp *op, IrTensor *const *in, IrTensor **out);

bool
graph_interpret_reduce_mean(IrInterp *it, IrOp *op, IrTensor *const *in,
    IrTensor **out)
{
	const IrType *q = qtensor(in[0], 8);
	const IrType *y = ir_op_result(op, 0)->type->u.shaped.elem;

	if (ir_interp_options(it)->arith == IR_ARITH_XNNPACK && q &&
	    y->kind == IR_TYPE_QUANT && y->u.quant.nscales == 1 &&
	    ir_type_bitwidth(y->u.quant.storage) == 8 && R(in[0]) <= MAXR)
		return qmean(op, in, out);
	return run_float(it, op, in, out, f_reduce_mean);
}

static bool
f_reduce_mean(IrOp *op, IrTensor *const *in, IrTensor **out)
{
	return reduce(op, in[0], out[0], 0);
}

FLOAT_KERNEL(reduce_sum)
static bool
f_reduce_sum(IrOp *op, IrTensor *const *in, IrTensor **out)
{
	return reduce(op, in[0], out[0], 1);
}

FLOAT_KERNEL(reduce_max)
static bool
f_reduce_max(IrOp *op, IrTensor *const *in, IrTensor **out)
{
	return reduce(op, in[0], out[0], 2);
}

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
			return run_float(it, op, in, out, fn);
	for (i = 0; i < op->nresults; i++)
		if (!(out[i] = ir_tensor_create(ir_op_result(op, i)->type)))
			return false;
	return fn(op, in, out);
}

#define RAW_KERNEL(name) \
	static bool f_##name(IrOp *op, IrTensor *const *in, IrTensor **out); \
	bool \
	graph_interpret_##name(IrInterp *it, IrOp *op, IrTensor *const *in, \
	    IrTensor **out) \
	{ \
		if (R(in[0]) > MAXR || \
		    ir_op_result(op, 0)->type->u.shaped.rank > MAXR) { \
			ir_op_emit_error(op, "rank above %d", MAXR); \
			return false; \
		} \
		return run_raw(it, op, in, out, f_##name); \
	}

RAW_KERNEL(transpose)
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

RAW_KERNEL(slice)
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

RAW_KERNEL(strided_slice)
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

FLOAT_KERNEL(pad)
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

FLOAT_KERNEL(resize)
static bool
f_resize(IrOp *op, IrTensor *const *in, IrTensor **out)
{
	FloatFn fn = strcmp(gets(op, "coordinate_mode"), "tflite") ?
	    resize_onnx_nhwc : resize_nhwc;

	if (nchw(op))
		return via_nhwc(op, in, out, fn, NULL);
	return fn(op, in, out);
}

/* reshape, squeeze, unsqueeze: the same bytes under the result type. */
bool
graph_interpret_reshape(IrInterp *it, IrOp *op, IrTensor *const *in,
    IrTensor **out)
{
	const IrType *t = ir_op_result(op, 0)->type;

	if (in[0]->type->u.shaped.elem != t->u.shaped.elem)
		return run_float(it, op, in, out, NULL);
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

	split_axis(whole, axis, &outer, &len, &inner);
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

RAW_KERNEL(concat)
static bool
f_concat(IrOp *op, IrTensor *const *in, IrTensor **out)
{
	return concat_copy(op, in, out, false);
}

RAW_KERNEL(split)
static bool
f_split(IrOp *op, IrTensor *const *in, IrTensor **out)
{
	return concat_copy(op, in, out, true);
}

/* ------------------------------------------------------------ normalisation */

FLOAT_KERNEL(batch_norm)
static bool
f_batch_norm(IrOp *op, IrTensor *const *in, IrTensor **out)
{
	float eps = (float)getf(op, "epsilon");
	bool cf = nchw(op) && R(in[0]) >= 2;
	int64_t c = cf ? D(in[0])[1] : D(in[0])[R(in[0]) - 1];
	int64_t inner = 1, i, ch;
	const float *x = F(in[0]), *sc = F(in[1]), *of = F(in[2]);
	const float *mean = F(in[3]), *var = F(in[4]);
	float *y = F(out[0]);
	int k;

	if (cf)
		for (k = 2; k < R(in[0]); k++)
			inner *= D(in[0])[k];
	for (i = 0; i < in[0]->n; i++) {
		ch = cf ? (i / inner) % c : i % c;
		y[i] = (x[i] - mean[ch]) * sc[ch] / sqrtf(var[ch] + eps) +
		    of[ch];
	}
	return true;
}

FLOAT_KERNEL(layer_norm)
static bool
f_layer_norm(IrOp *op, IrTensor *const *in, IrTensor **out)
{
	int64_t axis = dialect_norm_axis(geti(op, "axis"), R(in[0]));
	float eps = (float)getf(op, "epsilon");
	int64_t inner = 1, outer, o, i;
	const float *x = F(in[0]);
	const float *g = op->noperands > 1 ? F(in[1]) : NULL;
	const float *b = op->noperands > 2 ? F(in[2]) : NULL;
	float *y = F(out[0]);
	int k;

	for (k = (int)axis; k < R(in[0]); k++)
		inner *= D(in[0])[k];
	outer = inner ? in[0]->n / inner : 0;
	for (o = 0; o < outer; o++) {
		const float *xp = x + o * inner;
		double mean = 0, var = 0;

		for (i = 0; i < inner; i++)
			mean += xp[i];
		mean /= (double)inner;
		for (i = 0; i < inner; i++)
			var += (xp[i] - mean) * (xp[i] - mean);
		var /= (double)inner;
		for (i = 0; i < inner; i++)
			y[o * inner + i] = (float)((xp[i] - mean) /
			    sqrt(var + eps)) * (g ? g[i] : 1.0f) +
			    (b ? b[i] : 0.0f);
	}
	return true;
}

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
	return run_float(it, op, in, out, NULL);
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
		return run_float(it, op, in, out, NULL);
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

/* ------------------------------------------------------------ table */
