/* dialects/qmath.h: TFLite's reference integer arithmetic for quantized
 * kernels (QuantizeMultiplier, rounding doubling high multiply, rounding
 * divide by a power of two, requantization). */
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

#endif /* NPUIR_QMATH_H */
