/* interp/qmath.c: TFLite's reference fixed-point arithmetic and
 * XNNPack's fp32 requantization, add and mean. */
#include "interp/qmath.h"

#include <math.h>

QMultiplier
qmath_quantize_multiplier(double real)
{
	QMultiplier m = {0, 0};
	int shift;
	double q;
	int64_t fixed;

	if (!(real > 0.0) || !isfinite(real))
		return m;
	q = frexp(real, &shift);
	fixed = (int64_t)llround(q * (double)(1ll << 31));
	if (fixed == (1ll << 31)) {
		fixed /= 2;
		shift++;
	}
	if (shift < -31) {
		shift = 0;
		fixed = 0;
	}
	m.multiplier = (int32_t)fixed;
	m.shift = shift;
	return m;
}

int32_t
qmath_srdhm(int32_t a, int32_t b)
{
	int64_t ab, nudge;

	if (a == INT32_MIN && b == INT32_MIN)
		return INT32_MAX;
	ab = (int64_t)a * (int64_t)b;
	nudge = ab >= 0 ? (1ll << 30) : (1 - (1ll << 30));
	/* C division truncates toward zero, as gemmlowp relies on. */
	return (int32_t)((ab + nudge) / (1ll << 31));
}

int32_t
qmath_rdbpot(int32_t x, int exponent)
{
	int32_t mask, remainder, threshold;

	if (exponent <= 0)
		return x;
	mask = (int32_t)((1ll << exponent) - 1);
	remainder = x & mask;
	threshold = (mask >> 1) + (x < 0 ? 1 : 0);
	/* Arithmetic right shift of negatives: floor division. */
	return (int32_t)(((int64_t)x >> exponent) +
	    (remainder > threshold ? 1 : 0));
}

int32_t
qmath_mul_by_qm(int32_t x, QMultiplier m)
{
	int left = m.shift > 0 ? m.shift : 0;
	int right = m.shift > 0 ? 0 : -m.shift;
	int64_t shifted;

	/* A real multiplier of 2^31 or more (a scale ratio of 1e36):
	 * every nonzero x saturates, and x << left would be UB. */
	if (left > 31 && m.multiplier > 0)
		return x > 0 ? INT32_MAX : x < 0 ? INT32_MIN : 0;
	if (left > 31)
		return 0;
	shifted = (int64_t)x * ((int64_t)1 << left);
	/* TFLite shifts in int32 (wrapping is UB there); saturate instead. */
	if (shifted > INT32_MAX)
		shifted = INT32_MAX;
	if (shifted < INT32_MIN)
		shifted = INT32_MIN;
	return qmath_rdbpot(qmath_srdhm((int32_t)shifted, m.multiplier),
	    right);
}

int32_t
qmath_mul_by_qm_single(int32_t x, QMultiplier m)
{
	int total = 31 - m.shift;
	int64_t r;

	/* |x * m| < 2^62 and total <= 62 for shift >= -31: no overflow. */
	if (total > 62)
		return 0;
	if (total <= 0) /* shift >= 31: any nonzero product saturates */
		return qmath_clamp((int64_t)x * m.multiplier * 2, INT32_MIN,
		    INT32_MAX);
	r = ((int64_t)x * m.multiplier + ((int64_t)1 << (total - 1))) >>
	    total;
	if (r > INT32_MAX)
		return INT32_MAX;
	if (r < INT32_MIN)
		return INT32_MIN;
	return (int32_t)r;
}

int32_t
qmath_mul_by_qm64(int64_t x, QMultiplier m)
{
	int32_t reduced = m.multiplier < 0x7FFF0000 ?
	    (int32_t)(((int64_t)m.multiplier + (1 << 15)) >> 16) : 0x7FFF;
	int total = 15 - m.shift;
	int64_t r;

	if (total > 62 || reduced == 0 || x == 0)
		return 0;
	/* shift >= 15, outside TFLite's domain: x * m15 * 2^-total exactly,
	 * saturated (shifting by a negative total would be UB). */
	if (total < 1) {
		int64_t v = qmath_clamp(x * reduced, INT32_MIN, INT32_MAX);
		if (-total > 31)
			return v > 0 ? INT32_MAX : INT32_MIN;
		return qmath_clamp(v * ((int64_t)1 << -total), INT32_MIN,
		    INT32_MAX);
	}
	/* |x| < 2^47 in practice (int16 x int8 sums); wrap is UB in TFLite. */
	r = (x * reduced + ((int64_t)1 << (total - 1))) >> total;
	return qmath_clamp(r, INT32_MIN, INT32_MAX);
}

int32_t
qmath_requant(int32_t x, QMultiplier m, bool single)
{
	return single ? qmath_mul_by_qm_single(x, m) : qmath_mul_by_qm(x, m);
}

int32_t
qmath_clamp(int64_t v, int64_t lo, int64_t hi)
{
	if (v < lo)
		v = lo;
	if (v > hi)
		v = hi;
	return (int32_t)v;
}

int32_t
qmath_quantize(float x, double scale, int64_t zp, int64_t qmin, int64_t qmax)
{
	/* TFLite divides in float: val / static_cast<float>(scale). */
	double r = round((double)(x / (float)scale));

	if (isnan(r))
		return qmath_clamp(zp, qmin, qmax);
	if (r > 4e9)
		r = 4e9;
	if (r < -4e9)
		r = -4e9;
	return qmath_clamp((int64_t)r + zp, qmin, qmax);
}

float
qmath_dequantize(int32_t q, double scale, int64_t zp)
{
	return (float)((double)((int64_t)q - zp) * scale);
}

/* ------------------------------------------------------------ XNNPack */

int32_t
qmath_round_even(float x)
{
	float r;

	if (isnan(x))
		return 0;
	if (x >= 2147483648.0f) /* 2^31; every float below fits */
		return INT32_MAX;
	if (x <= -2147483648.0f)
		return INT32_MIN;
	r = roundf(x); /* ties away from zero; pull a tie back to even */
	if (fabsf(x - truncf(x)) == 0.5f && fmodf(r, 2.0f) != 0.0f)
		r -= copysignf(1.0f, x);
	return (int32_t)r;
}

float
qmath_fp32_scale(double in, double w, double out)
{
	float p = (float)in * (float)w;

	return p / (float)out;
}

int32_t
qmath_requant_fp32(int32_t acc, float scale)
{
	float x = (float)acc * scale;

	return qmath_round_even(x);
}

/* XNNPack's multiplier of a ratio r: r * 2^shift rounded to nearest
 * even (r's exponent field raised by shift, then lrintf). */
static int32_t
xnn_add_mult(float r, int shift)
{
	return qmath_round_even(ldexpf(fabsf(r), shift));
}

bool
qmath_xnn_add_params(double sa, int64_t za, double sb, int64_t zb,
    double so, bool sub, QXnnAdd *p)
{
	float ra = (float)sa / (float)so, rb = (float)sb / (float)so;
	float mx = fabsf(ra) > fabsf(rb) ? fabsf(ra) : fabsf(rb);
	int e, ok = 1;
	uint32_t bias;

	if (!(fabsf(ra) >= 0x1p-10f && fabsf(ra) < 0x1p8f &&
	    fabsf(rb) >= 0x1p-10f && fabsf(rb) < 0x1p8f))
		ok = 0;
	(void)frexpf(mx, &e); /* mx = m * 2^e, m in [0.5, 1): exponent e-1 */
	p->shift = ok ? 20 - (e - 1) : 0;
	p->a_mult = ok ? xnn_add_mult(ra, p->shift) : 0;
	p->b_mult = ok ? xnn_add_mult(rb, p->shift) : 0;
	if (sub)
		p->b_mult = -p->b_mult;
	/* int32 arithmetic wrapping as XNNPack's (no overflow in range). */
	bias = ok ? (uint32_t)1 << (p->shift - 1) : 0;
	bias -= (uint32_t)p->a_mult * (uint32_t)(int32_t)za;
	bias -= (uint32_t)p->b_mult * (uint32_t)(int32_t)zb;
	p->bias = (int32_t)bias;
	return ok;
}

int32_t
qmath_xnn_add(const QXnnAdd *p, int32_t a, int32_t b)
{
	uint32_t acc = (uint32_t)p->bias + (uint32_t)a * (uint32_t)p->a_mult +
	    (uint32_t)b * (uint32_t)p->b_mult;

	/* Arithmetic right shift: floor division by 2^shift. */
	return (int32_t)((int64_t)(int32_t)acc >> p->shift);
}

int32_t
qmath_xnn_mean(int32_t sum, int64_t n, double si, int64_t zi, double so,
    int64_t zo)
{
	float k = ((float)si / (float)so) * (1.0f / (float)n);
	float z = (float)zo - (float)(int32_t)(n * zi) * k;
	float x = (float)sum * k;

	return qmath_round_even(x + z);
}

/* ------------------------------------------------------------ kernels */

int32_t
qmath_requant_acc(const QRequant *r, int64_t acc, int64_t c)
{
	QMultiplier m = r->m[r->nm > 1 ? c : 0];
	int64_t v;

	if (r->fscale)
		v = qmath_requant_fp32(qmath_clamp(acc, INT32_MIN, INT32_MAX),
		    r->fscale[r->nm > 1 ? c : 0]);
	else if (r->wide)
		v = qmath_mul_by_qm64(acc, m);
	else
		v = qmath_requant(qmath_clamp(acc, INT32_MIN, INT32_MAX), m,
		    r->single);
	return qmath_clamp(v + r->out_zp, r->lo, r->hi);
}

int64_t
qmath_dot(const int32_t *a, const int32_t *b, int64_t n, bool wide)
{
	uint32_t acc = 0;
	int64_t acc64 = 0, i;

	if (wide) {
		for (i = 0; i < n; i++)
			acc64 += (int64_t)a[i] * b[i];
		return acc64;
	}
	for (i = 0; i < n; i++)
		acc += (uint32_t)a[i] * (uint32_t)b[i];
	return (int32_t)acc;
}

/* The accumulator of one conv output (n, oy, ox, o). */
static int64_t
conv_acc(const QWindow *g, int64_t ic, int64_t c0, const int32_t *x,
    const int32_t *w, bool wide, int64_t n, int64_t oy, int64_t ox,
    int64_t o)
{
	int64_t acc = 0, ky, kx, iy, ix;

	for (ky = 0; ky < g->kh; ky++) {
		iy = oy * g->sh - g->pt + ky * g->dh;
		if (iy < 0 || iy >= g->h)
			continue;
		for (kx = 0; kx < g->kw; kx++) {
			ix = ox * g->sw - g->pl + kx * g->dw;
			if (ix < 0 || ix >= g->w)
				continue;
			acc += qmath_dot(x + ((n * g->h + iy) * g->w + ix) *
			    g->c + c0, w + ((o * g->kh + ky) * g->kw + kx) * ic,
			    ic, wide);
		}
	}
	return wide ? acc : (int32_t)(uint32_t)acc;
}

void
qmath_conv2d(const QWindow *g, int64_t groups, const int32_t *x,
    const int32_t *w, const int64_t *bias, const QRequant *r, int32_t *out)
{
	int64_t ic = g->c / (groups > 0 ? groups : 1);
	int64_t per = g->oc / (groups > 0 ? groups : 1);
	int64_t n, oy, ox, o, acc;

	for (n = 0; n < g->n; n++)
	for (oy = 0; oy < g->oh; oy++)
	for (ox = 0; ox < g->ow; ox++)
	for (o = 0; o < g->oc; o++) {
		acc = conv_acc(g, ic, o / per * ic, x, w, r->wide, n, oy, ox,
		    o) + (bias ? bias[o] : 0);
		*out++ = qmath_requant_acc(r, acc, o);
	}
}

void
qmath_depthwise_conv2d(const QWindow *g, const int32_t *x,
    const int32_t *w, const int64_t *bias, const QRequant *r, int32_t *out)
{
	int64_t m = g->oc / g->c, n, oy, ox, o, ky, kx, iy, ix, acc;

	for (n = 0; n < g->n; n++)
	for (oy = 0; oy < g->oh; oy++)
	for (ox = 0; ox < g->ow; ox++)
	for (o = 0; o < g->oc; o++) {
		acc = 0;
		for (ky = 0; ky < g->kh; ky++) {
			iy = oy * g->sh - g->pt + ky * g->dh;
			if (iy < 0 || iy >= g->h)
				continue;
			for (kx = 0; kx < g->kw; kx++) {
				ix = ox * g->sw - g->pl + kx * g->dw;
				if (ix < 0 || ix >= g->w)
					continue;
				acc += (int64_t)x[((n * g->h + iy) * g->w + ix) *
				    g->c + o / m] * w[(ky * g->kw + kx) * g->oc +
				    o];
			}
		}
		*out++ = qmath_requant_acc(r, acc + (bias ? bias[o] : 0), o);
	}
}

void
qmath_fully_connected(int64_t rows, int64_t k, int64_t o,
    const int32_t *x, const int32_t *w, const int64_t *bias,
    const QRequant *r, int32_t *out)
{
	int64_t i, j, acc;

	for (i = 0; i < rows; i++)
		for (j = 0; j < o; j++) {
			acc = qmath_dot(x + i * k, w + j * k, k, r->wide) +
			    (bias ? bias[j] : 0);
			*out++ = qmath_requant_acc(r, acc, j);
		}
}

/* ------------------------------------------------------------ reductions,
 * resize */

QMultiplier
qmath_mean_multiplier(QMultiplier m, int64_t n)
{
	int s = 0;

	if (n <= 0)
		return m;
	while (s < 62 && ((int64_t)1 << (s + 1)) <= n)
		s++;
	s = s < 32 ? s : 32;
	s = s < 31 + m.shift ? s : 31 + m.shift;
	/* A zero multiplier (a flushed scale) has shift 0: keep s >= 0 so
	 * the left shift below is defined. */
	s = s > 0 ? s : 0;
	m.multiplier = (int32_t)(((int64_t)m.multiplier << s) / n);
	m.shift -= s;
	return m;
}

int32_t
qmath_mean_out(int64_t raw_sum, int64_t zp_in, int64_t n, QMultiplier m,
    bool single, int64_t zp_out, int64_t lo, int64_t hi)
{
	/* TFLite's int32 temp_sum and the cast of temp_sum - zp * n back to
	 * int32 wrap; do it on unsigned values, where wrapping is defined. */
	uint32_t v = (uint32_t)(uint64_t)raw_sum - (uint32_t)(uint64_t)(zp_in *
	    n);
	int32_t shifted = (int32_t)v;

	return qmath_clamp((int64_t)qmath_requant(shifted, m, single) + zp_out,
	    lo, hi);
}

int64_t
qmath_resize_scale10(int64_t in, int64_t out, bool align)
{
	if (align && out > 1)
		return ((1 << 10) * (in - 1) + (out - 1) / 2) / (out - 1);
	return ((1 << 10) * in + out / 2) / out;
}

void
qmath_resize_pos10(int64_t v, int64_t s, bool half, int64_t size, int64_t *pos,
    int64_t *lo, int64_t *hi)
{
	*pos = half ? v * s + s / 2 - (1 << 9) : v * s;
	*lo = *pos / (1 << 10) > 0 ? *pos / (1 << 10) : 0;
	*hi = (*pos + (1 << 10) - 1) / (1 << 10);
	*hi = *hi < size - 1 ? *hi : size - 1;
}

void
qmath_resize_bilinear(const QWindow *g, bool align, bool half, bool single,
    const int32_t *x, int32_t *out)
{
	int64_t sy = qmath_resize_scale10(g->h, g->oh, align);
	int64_t sx = qmath_resize_scale10(g->w, g->ow, align);
	int64_t n, oy, ox, c;

	for (n = 0; n < g->n; n++)
	for (oy = 0; oy < g->oh; oy++)
	for (ox = 0; ox < g->ow; ox++) {
		int64_t fy, y0, y1, fx, x0, x1, dy, dx;
		const int32_t *r00, *r10, *r01, *r11;

		qmath_resize_pos10(oy, sy, half, g->h, &fy, &y0, &y1);
		qmath_resize_pos10(ox, sx, half, g->w, &fx, &x0, &x1);
		dy = fy - (1 << 10) * y0;
		dx = fx - (1 << 10) * x0;
		r00 = x + ((n * g->h + y0) * g->w + x0) * g->c;
		r10 = x + ((n * g->h + y1) * g->w + x0) * g->c;
		r01 = x + ((n * g->h + y0) * g->w + x1) * g->c;
		r11 = x + ((n * g->h + y1) * g->w + x1) * g->c;
		for (c = 0; c < g->c; c++) {
			int64_t v = (int64_t)r00[c] * ((1 << 10) - dy) *
			    ((1 << 10) - dx) + (int64_t)r10[c] * dy *
			    ((1 << 10) - dx) + (int64_t)r01[c] *
			    ((1 << 10) - dy) * dx + (int64_t)r11[c] * dy * dx;

			/* Single rounding: an arithmetic shift (floor), so a
			 * negative tie rounds up, as in TFLite. */
			*out++ = (int32_t)(single ? (v + (1 << 19)) >> 20 :
			    (v + (v > 0 ? 1 << 19 : -(1 << 19))) / (1 << 20));
		}
	}
}
