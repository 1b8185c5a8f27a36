/* interp/qmath.h: TFLite's reference integer arithmetic for quantized
 * kernels (QuantizeMultiplier, rounding doubling high multiply, rounding
 * divide by a power of two, requantization) and XNNPack's (fp32
 * requantization, its add and mean). Plain C integers and floats, no IR:
 * kernels, quantizers, weight encoders and simulators all use it. */
#ifndef NPUIR_QMATH_H
#define NPUIR_QMATH_H

#include <stdbool.h>
#include <stdint.h>

/* A real multiplier in TFLite's fixed-point form: real ~= multiplier *
 * 2^(shift - 31), multiplier in [2^30, 2^31) (0 for a zero real). */
typedef struct QMultiplier {
	int32_t multiplier;
	int shift; /* > 0: left shift, < 0: right shift */
} QMultiplier;

/* TFLite's QuantizeMultiplier: frexp, round the mantissa to Q31, carry a
 * rounded-up 2^31 into the exponent; shifts below -31 flush to zero.
 * real must be finite and >= 0. */
QMultiplier qmath_quantize_multiplier(double real);

/* gemmlowp's SaturatingRoundingDoublingHighMul: the high 32 bits of 2*a*b
 * rounded to nearest (a tie rounds up: 1.5 -> 2, -1.5 -> -1, from the
 * truncating division after the nudge); INT32_MIN*INT32_MIN saturates to
 * INT32_MAX. */
int32_t qmath_srdhm(int32_t a, int32_t b);

/* gemmlowp's RoundingDivideByPOT: x / 2^exponent rounded to nearest, ties
 * away from zero. exponent in [0, 31]. */
int32_t qmath_rdbpot(int32_t x, int exponent);

/* TFLite's MultiplyByQuantizedMultiplier with double rounding (the TFLite
 * Micro default): srdhm(x << left, m) then rdbpot(.., right). */
int32_t qmath_mul_by_qm(int32_t x, QMultiplier m);

/* The TFLITE_SINGLE_ROUNDING variant: (x * m + 2^(30 - shift)) >>
 * (31 - shift), saturated to int32. */
int32_t qmath_mul_by_qm_single(int32_t x, QMultiplier m);

/* TFLite's 64-bit-input MultiplyByQuantizedMultiplier (int16 kernels):
 * the multiplier is reduced to Q15 (rounded, capped at 0x7FFF), then
 * (x * m15 + 2^(14 - shift)) >> (15 - shift). shift in [-31, 14]. */
int32_t qmath_mul_by_qm64(int64_t x, QMultiplier m);

/* Either rounding, chosen by `single`. */
int32_t qmath_requant(int32_t x, QMultiplier m, bool single);

/* TFLite's reference float -> int quantization: round(x / scale) + zp
 * (round half away from zero), clamped to [qmin, qmax]. */
int32_t qmath_quantize(float x, double scale, int64_t zp, int64_t qmin,
    int64_t qmax);

/* (q - zp) * scale, in float as TFLite's Dequantize does. */
float qmath_dequantize(int32_t q, double scale, int64_t zp);

/* Clamps v into [lo, hi]. */
int32_t qmath_clamp(int64_t v, int64_t lo, int64_t hi);

/* ------------------------------------------------------------ XNNPack */

/* x rounded to the nearest integer, ties to even (lrintf in the default
 * rounding mode, XNNPack's magic-bias trick), saturated to int32; NaN
 * gives 0. */
int32_t qmath_round_even(float x);

/* XNNPack's requantization scale of a conv, depthwise conv or fully
 * connected output channel: in * w / out, each a float32, evaluated in
 * float32 left to right. */
float qmath_fp32_scale(double in, double w, double out);

/* XNNPack's "fp32" requantization: (float)acc * scale in float32, rounded
 * to nearest even. */
int32_t qmath_requant_fp32(int32_t acc, float scale);

/* XNNPack's qs8 add (xnn_init_qs8_add_minmax_scalar_params): fixed-point
 * multipliers of the two input/output scale ratios with 20-bit precision
 * for the larger, a common right shift, and a bias folding both zero
 * points and the rounding term. */
typedef struct QXnnAdd {
	int32_t a_mult, b_mult; /* negated for a subtraction's b */
	int32_t bias;
	int shift;              /* 12..30 for supported scales */
} QXnnAdd;

/* Parameters for a + b (or a - b when sub) with scales sa, sb, so and
 * zero points za, zb; false when a ratio is outside XNNPack's supported
 * range [2^-10, 2^8), where the delegate would not take the op. */
bool qmath_xnn_add_params(double sa, int64_t za, double sb, int64_t zb,
    double so, bool sub, QXnnAdd *p);

/* (bias + a * a_mult + b * b_mult) >> shift, arithmetic (a tie rounds
 * up), in int32 arithmetic; the caller adds the output zero point and
 * clamps. a and b are the raw stored integers. */
int32_t qmath_xnn_add(const QXnnAdd *p, int32_t a, int32_t b);

/* XNNPack's qs8 mean of n elements whose raw stored integers sum to sum:
 * round_even((float)sum * k + z) with k = (si / so) * (1 / n) and z = zo -
 * (n * zi) * k, all in float32 (its int32 -> qs8 convert after an int32
 * sum), saturated to int32; the caller clamps. */
int32_t qmath_xnn_mean(int32_t sum, int64_t n, double si, int64_t zi,
    double so, int64_t zo);

/* ------------------------------------------------------------ kernels */

/* Geometry of a 2-D window op over NHWC data, TFLite's conventions. */
typedef struct QWindow {
	int64_t n, h, w, c;      /* input */
	int64_t oh, ow, oc;      /* output */
	int64_t kh, kw;          /* window */
	int64_t sh, sw, dh, dw;  /* strides, dilations */
	int64_t pt, pl;          /* padding before the first row, column */
} QWindow;

/* How accumulators become outputs. */
typedef struct QRequant {
	const QMultiplier *m;    /* one per output channel, or just one */
	int64_t nm;              /* entries in m */
	int64_t out_zp, lo, hi;  /* output zero point and clamp */
	bool single;             /* single rounding (32-bit path only) */
	bool wide;               /* 16-bit inputs: int64 sums and the
	                            64-bit-input multiply */
	const float *fscale;     /* XNNPack fp32 requantization: one scale
	                            per entry of m (which is then unused),
	                            or NULL for fixed point */
} QRequant;

/* clamp(MultiplyByQuantizedMultiplier(acc, m[c]) + out_zp, lo, hi), or
 * with fscale clamp(qmath_requant_fp32(acc, fscale[c]) + out_zp, lo, hi). */
int32_t qmath_requant_acc(const QRequant *r, int64_t acc, int64_t c);

/* Sum of a[i] * b[i]: int32 with wrap-around (as TFLite's int32
 * accumulators, without the undefined overflow) unless wide. */
int64_t qmath_dot(const int32_t *a, const int32_t *b, int64_t n, bool wide);

/* TFLite's ConvPerChannel: x is the NHWC input minus its zero point, w
 * the OHWI filter (I = c / groups) minus its zero point, bias one per
 * output channel or NULL; out (NHWC) gets requantized values. Taps
 * outside the image are skipped, as padding with the zero point is. */
void qmath_conv2d(const QWindow *g, int64_t groups, const int32_t *x,
    const int32_t *w, const int64_t *bias, const QRequant *r, int32_t *out);
/* TFLite's DepthwiseConvPerChannel: the 1HWO filter, output channel o
 * reads input channel o / (oc / c). */
void qmath_depthwise_conv2d(const QWindow *g, const int32_t *x,
    const int32_t *w, const int64_t *bias, const QRequant *r, int32_t *out);
/* TFLite's FullyConnected: rows x k input, o x k weights. */
void qmath_fully_connected(int64_t rows, int64_t k, int64_t o,
    const int32_t *x, const int32_t *w, const int64_t *bias,
    const QRequant *r, int32_t *out);

/* ------------------------------------------------------------ reductions,
 * resize */

/* TFLite's QuantizedMeanOrSum (reference/reduce.h) folds the division by
 * the n reduced elements into the output multiplier m =
 * QuantizeMultiplier(s_in / s_out): multiplier << s / n (truncating),
 * shift - s, with s = min(floor(log2 n), 32, 31 + shift). */
QMultiplier qmath_mean_multiplier(QMultiplier m, int64_t n);

/* One output of TFLite's QuantizedMeanOrSum: the int32 sum of the stored
 * integers minus zp_in * n (wrapping to int32 as TFLite's int32
 * accumulator does), requantized by m (already folded for a mean) with
 * the chosen rounding, plus zp_out, clamped to [lo, hi]. */
int32_t qmath_mean_out(int64_t raw_sum, int64_t zp_in, int64_t n,
    QMultiplier m, bool single, int64_t zp_out, int64_t lo, int64_t hi);

/* One axis of ResizeBilinearInteger: the 10-bit scale from `in` to
 * `out` elements. */
int64_t qmath_resize_scale10(int64_t in, int64_t out, bool align);
/* ComputeInterpolationValuesInteger: the 10-bit source position of
 * output index v under scale s and the two rows (columns) of an axis of
 * `size` it falls between. C's division truncates toward zero, as
 * TFLite's does on a negative half-pixel position. */
void qmath_resize_pos10(int64_t v, int64_t s, bool half, int64_t size,
    int64_t *pos, int64_t *lo, int64_t *hi);

/* TFLite's ResizeBilinearInteger (reference/resize_bilinear.h) on NHWC
 * stored integers: input g->n x g->h x g->w x g->c, output g->n x g->oh x
 * g->ow x g->c (the other fields of g are unused); 10-bit fixed-point
 * scales and positions, products in int64, rounded at 2^20 half away
 * from zero, or (single: TFLITE_SINGLE_ROUNDING) by (v + 2^19) >> 20. */
void qmath_resize_bilinear(const QWindow *g, bool align, bool half,
    bool single, const int32_t *x, int32_t *out);

#endif /* NPUIR_QMATH_H */
