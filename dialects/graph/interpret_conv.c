/* dialects/graph/interpret_conv.c: convolution kernels (conv2d,
 * depthwise, transposed, fully connected, matmul) in TFLite's summation
 * order, and onnxruntime's (MLAS) order for NCHW ops. */
#include "dialects/graph/kernel.h"

/* ------------------------------------------------------------ convolution */

static bool
conv_nhwc(IrOp *op, IrTensor *const *in, IrTensor **out)
{
	const float *x = F(in[0]), *f = F(in[1]);
	const float *b = op->noperands > 2 ? F(in[2]) : NULL;
	QWindow w = graph_window(op, in[0], out[0], D(in[1])[1], D(in[1])[2],
	    true, false);
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
mlas_plan(const QWindow *w, int64_t ic, int64_t per)
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
im2col(const QWindow *w, const float *x, int64_t n, int64_t c0, int64_t ic,
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
	QWindow w = graph_window(op, in[0], out[0], D(in[1])[2], D(in[1])[3],
	    true, true);
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

static bool
f_conv2d(IrOp *op, IrTensor *const *in, IrTensor **out)
{
	if (nchw(op))
		return conv_nchw(op, in, out);
	return conv_nhwc(op, in, out);
}

bool
graph_interpret_conv2d(IrInterp *it, IrOp *op, IrTensor *const *in,
    IrTensor **out)
{
	return graph_mac_kernel(it, op, in, out, Q_CONV, f_conv2d);
}

static bool
dwconv_nhwc(IrOp *op, IrTensor *const *in, IrTensor **out)
{
	const float *x = F(in[0]), *f = F(in[1]);
	const float *b = op->noperands > 2 ? F(in[2]) : NULL;
	QWindow w = graph_window(op, in[0], out[0], D(in[1])[1], D(in[1])[2],
	    true, false);
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

static bool
f_depthwise_conv2d(IrOp *op, IrTensor *const *in, IrTensor **out)
{
	if (nchw(op))
		return graph_via_nhwc(op, in, out, dwconv_nhwc, O1HW_TO_1HWO);
	return dwconv_nhwc(op, in, out);
}

bool
graph_interpret_depthwise_conv2d(IrInterp *it, IrOp *op, IrTensor *const *in,
    IrTensor **out)
{
	return graph_mac_kernel(it, op, in, out, Q_DW, f_depthwise_conv2d);
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

static bool
f_transpose_conv2d(IrOp *op, IrTensor *const *in, IrTensor **out)
{
	if (nchw(op))
		return graph_via_nhwc(op, in, out, tconv_nhwc, OIHW_TO_OHWI);
	return tconv_nhwc(op, in, out);
}

bool
graph_interpret_transpose_conv2d(IrInterp *it, IrOp *op, IrTensor *const *in,
    IrTensor **out)
{
	return graph_float_kernel(it, op, in, out, f_transpose_conv2d);
}

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

bool
graph_interpret_fully_connected(IrInterp *it, IrOp *op, IrTensor *const *in,
    IrTensor **out)
{
	return graph_mac_kernel(it, op, in, out, Q_FC, f_fully_connected);
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

static bool
f_matmul(IrOp *op, IrTensor *const *in, IrTensor **out)
{
	bool ta = getb(op, "transpose_a"), tb = getb(op, "transpose_b");
	int64_t m = D(out[0])[0], n = D(out[0])[1];
	int64_t k = ta ? D(in[0])[0] : D(in[0])[1];

	matmul2(F(in[0]), F(in[1]), F(out[0]), m, k, n, ta, tb);
	return true;
}

bool
graph_interpret_matmul(IrInterp *it, IrOp *op, IrTensor *const *in,
    IrTensor **out)
{
	return graph_float_kernel(it, op, in, out, f_matmul);
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

bool
graph_interpret_batch_matmul(IrInterp *it, IrOp *op, IrTensor *const *in,
    IrTensor **out)
{
	return graph_float_kernel(it, op, in, out, f_batch_matmul);
}

/* ---------------------------------------------------- 16-bit weights (16x16) */

/* The integer MAC path takes 8-bit filters (TFLite's int8 and 16x8
 * schemes) and, with a 16-bit input, 16-bit ones: mixed precision's
 * int16x16 layers (passes/quant_rewrite.c), beyond TFLite's spec.
 * graph_qmac's wide loops are the 16x16 kernel: an int16 x int16
 * product fits in 32 bits, the sums are int64, and TFLite's 64-bit-input
 * requantization is exact while |sum| < 2^47, that is for up to 2^17
 * products per output (the filter is checked against it). */
bool
graph_qmac_filter_ok(const IrTensor *x, const IrTensor *w, int64_t oc)
{
	const IrType *e = w->type->u.shaped.elem;
	unsigned bits = ir_type_bitwidth(e->u.quant.storage);

	if (bits == 8)
		return true;
	return bits == 16 && x->elem_size == 2 && oc > 0 &&
	    w->n / oc <= ((int64_t)1 << 17);
}
