/* test/unit/interp/qmath_test.c: TFLite fixed-point arithmetic against the
 * issue's known vectors and hand-computed cases. */
#include <criterion/criterion.h>
#include <math.h>

#include "interp/qmath.h"

Test(qmath, quantize_multiplier_known_vectors)
{
	QMultiplier m = qmath_quantize_multiplier(0.0123456);

	cr_assert_eq(m.multiplier, 1696766344);
	cr_assert_eq(m.shift, -6);
	/* frexp gives 0.499999999995 * 2^1; rounding to Q31 reaches 2^31,
	 * which carries into the exponent. */
	m = qmath_quantize_multiplier(0.99999999999);
	cr_assert_eq(m.multiplier, 1073741824);
	cr_assert_eq(m.shift, 1);
}

Test(qmath, quantize_multiplier_hand_cases)
{
	QMultiplier m = qmath_quantize_multiplier(0.5);

	cr_assert(m.multiplier == 1 << 30 && m.shift == 0);
	m = qmath_quantize_multiplier(1.0);  /* 0.5 * 2^1 */
	cr_assert(m.multiplier == 1 << 30 && m.shift == 1);
	m = qmath_quantize_multiplier(0.75); /* 0.75 * 2^31 */
	cr_assert(m.multiplier == 1610612736 && m.shift == 0);
	m = qmath_quantize_multiplier(3.0);  /* 0.75 * 2^2 */
	cr_assert(m.multiplier == 1610612736 && m.shift == 2);
	m = qmath_quantize_multiplier(0.0);
	cr_assert(m.multiplier == 0 && m.shift == 0);
	/* 2^-40 = 0.5 * 2^-39: shift below -31 flushes to zero. */
	m = qmath_quantize_multiplier(ldexp(1.0, -40));
	cr_assert(m.multiplier == 0 && m.shift == 0);
}

Test(qmath, double_rounding_vectors)
{
	QMultiplier m = {1696766344, -6};

	/* 40 * 0.0123456 = 0.49: the high mul gives 32, then 32 / 64 = 0.5
	 * rounds up again to 1; one rounding of 0.49 gives 0. */
	cr_assert_eq(qmath_mul_by_qm(40, m), 1);
	cr_assert_eq(qmath_mul_by_qm_single(40, m), 0);
	/* -176945 * 0.0123456 = -2184.49: high mul -139808, / 64 = -2184.5
	 * rounds away from zero. */
	cr_assert_eq(qmath_mul_by_qm(-176945, m), -2185);
	cr_assert_eq(qmath_mul_by_qm_single(-176945, m), -2184);
	cr_assert_eq(qmath_requant(40, m, false), 1);
	cr_assert_eq(qmath_requant(40, m, true), 0);
}

Test(qmath, srdhm)
{
	cr_assert_eq(qmath_srdhm(INT32_MIN, INT32_MIN), INT32_MAX);
	/* 2 * 2^30 * 2^30 / 2^32 = 2^29 exactly. */
	cr_assert_eq(qmath_srdhm(1 << 30, 1 << 30), 1 << 29);
	cr_assert_eq(qmath_srdhm(-(1 << 30), 1 << 30), -(1 << 29));
	/* 3 * 2^30 * 2 / 2^32 = 1.5 -> 2; -1.5 -> -1 (nudge 1 - 2^30). */
	cr_assert_eq(qmath_srdhm(3, 1 << 30), 2);
	cr_assert_eq(qmath_srdhm(-3, 1 << 30), -1);
	cr_assert_eq(qmath_srdhm(0, INT32_MAX), 0);
	cr_assert_eq(qmath_srdhm(INT32_MAX, INT32_MAX), INT32_MAX - 1);
}

Test(qmath, rdbpot)
{
	cr_assert_eq(qmath_rdbpot(5, 1), 3);   /* 2.5 */
	cr_assert_eq(qmath_rdbpot(-5, 1), -3); /* -2.5 */
	cr_assert_eq(qmath_rdbpot(-3, 1), -2); /* -1.5 */
	cr_assert_eq(qmath_rdbpot(-1, 1), -1); /* -0.5 */
	cr_assert_eq(qmath_rdbpot(7, 2), 2);   /* 1.75 */
	cr_assert_eq(qmath_rdbpot(6, 2), 2);   /* 1.5 */
	cr_assert_eq(qmath_rdbpot(-6, 2), -2); /* -1.5 */
	cr_assert_eq(qmath_rdbpot(-7, 2), -2); /* -1.75 */
	cr_assert_eq(qmath_rdbpot(-9, 2), -2); /* -2.25 */
	cr_assert_eq(qmath_rdbpot(123, 0), 123);
	cr_assert_eq(qmath_rdbpot(INT32_MAX, 31), 1);
	cr_assert_eq(qmath_rdbpot(INT32_MIN, 31), -1);
}

Test(qmath, multiply_by_multiplier_hand_cases)
{
	QMultiplier half = {1 << 30, 0};
	QMultiplier one = {1 << 30, 1};
	QMultiplier three = {1610612736, 2};

	cr_assert_eq(qmath_mul_by_qm(3, half), 2);
	cr_assert_eq(qmath_mul_by_qm(-3, half), -1);
	cr_assert_eq(qmath_mul_by_qm(100, one), 100);
	cr_assert_eq(qmath_mul_by_qm(-100, one), -100);
	cr_assert_eq(qmath_mul_by_qm(7, three), 21);
	cr_assert_eq(qmath_mul_by_qm_single(7, three), 21);
	cr_assert_eq(qmath_mul_by_qm_single(3, half), 2);  /* 1.5 up */
	cr_assert_eq(qmath_mul_by_qm_single(-3, half), -1); /* -1.5 up */
}

Test(qmath, quantize_dequantize)
{
	/* scale 0.5, zp -3: 1.25 / 0.5 = 2.5 rounds away to 3, + zp = 0. */
	cr_assert_eq(qmath_quantize(1.25f, 0.5, -3, -128, 127), 0);
	cr_assert_eq(qmath_quantize(-1.25f, 0.5, -3, -128, 127), -6);
	cr_assert_eq(qmath_quantize(1000.0f, 0.5, -3, -128, 127), 127);
	cr_assert_eq(qmath_quantize(-1000.0f, 0.5, -3, -128, 127), -128);
	cr_assert_eq(qmath_quantize(NAN, 0.5, -3, -128, 127), -3);
	cr_assert_float_eq(qmath_dequantize(5, 0.25, 1), 1.0f, 0);
	cr_assert_float_eq(qmath_dequantize(-128, 0.5, -128), 0.0f, 0);
	cr_assert_eq(qmath_clamp(300, -128, 127), 127);
}

Test(qmath, multiply_64bit_input)
{
	QMultiplier half = {1 << 30, 0};

	/* Q15 multiplier (2^30 + 2^15) >> 16 = 16384; 1000 * 16384 + 2^14
	 * = 16400384, >> 15 floors 500.5 to 500; 1001 * 16384 + 2^14 >> 15
	 * is exactly 501 (500.5 rounds up); -1001 gives -500 (-500.5 up). */
	cr_assert_eq(qmath_mul_by_qm64(1000, half), 500);
	cr_assert_eq(qmath_mul_by_qm64(1001, half), 501);
	cr_assert_eq(qmath_mul_by_qm64(-1001, half), -500);
	/* A multiplier at or above 0x7FFF0000 caps at 0x7FFF. */
	cr_assert_eq(qmath_mul_by_qm64(1 << 20,
	    (QMultiplier){0x7FFFFFFF, 0}), 1048544);
}

/* Scale ratios like 1e36 (a verified graph.requantize, an imported
 * per-channel scale) give shifts near 120: every nonzero value
 * saturates in each rounding, with no shift past the type's width. */
Test(qmath, extreme_multipliers_saturate)
{
	QMultiplier big = qmath_quantize_multiplier(1.0e36);
	QMultiplier mid = qmath_quantize_multiplier(65536.0); /* shift 17 */

	cr_assert_gt(big.shift, 100);
	cr_assert_eq(qmath_mul_by_qm(1, big), INT32_MAX);
	cr_assert_eq(qmath_mul_by_qm(-1, big), INT32_MIN);
	cr_assert_eq(qmath_mul_by_qm(0, big), 0);
	cr_assert_eq(qmath_mul_by_qm_single(1, big), INT32_MAX);
	cr_assert_eq(qmath_mul_by_qm_single(-1, big), INT32_MIN);
	cr_assert_eq(qmath_mul_by_qm64(1, big), INT32_MAX);
	cr_assert_eq(qmath_mul_by_qm64(-5, big), INT32_MIN);
	cr_assert_eq(qmath_mul_by_qm64(0, big), 0);
	/* Q15 multiplier 2^14 at shift 17: 3 * 2^14 * 2^2 exactly. */
	cr_assert_eq(qmath_mul_by_qm64(3, mid), 196608);
	cr_assert_eq(qmath_mul_by_qm64(1 << 20, mid), INT32_MAX);
}

/* ------------------------------------------------------------ XNNPack */

Test(qmath, round_even_ties_and_saturation)
{
	cr_assert_eq(qmath_round_even(2.5f), 2);
	cr_assert_eq(qmath_round_even(3.5f), 4);
	cr_assert_eq(qmath_round_even(-2.5f), -2);
	cr_assert_eq(qmath_round_even(-3.5f), -4);
	cr_assert_eq(qmath_round_even(0.5f), 0);
	cr_assert_eq(qmath_round_even(-0.5f), 0);
	cr_assert_eq(qmath_round_even(1.5f), 2);
	/* The floats next to 2.5: 2.4999998 -> 2, 2.5000002 -> 3. */
	cr_assert_eq(qmath_round_even(nextafterf(2.5f, 0.0f)), 2);
	cr_assert_eq(qmath_round_even(nextafterf(2.5f, 3.0f)), 3);
	/* 2^23 + 1 is an odd integer float: no rounding at all. */
	cr_assert_eq(qmath_round_even(8388609.0f), 8388609);
	/* The largest float below 2^31 fits; 2^31 and beyond saturate. */
	cr_assert_eq(qmath_round_even(2147483520.0f), 2147483520);
	cr_assert_eq(qmath_round_even(2147483648.0f), INT32_MAX);
	cr_assert_eq(qmath_round_even(-3e9f), INT32_MIN);
	cr_assert_eq(qmath_round_even(NAN), 0);
}

Test(qmath, fp32_scale_is_evaluated_in_float)
{
	/* a * b rounded to float, then / c rounded: 0x1.adc3c6p-13. The
	 * product and quotient rounded once from double give 0x1.adc3c8p-13
	 * (a case found by search with Python's float32 emulation). */
	float s = qmath_fp32_scale(0.07646572589874268, 0.00012084993068128824,
	    0.04509333148598671);

	cr_assert_eq(s, 0x1.adc3c6p-13f);
	cr_assert_eq(qmath_fp32_scale(0.5, 0.5, 1.0), 0.25f);
}

Test(qmath, requant_fp32_vectors)
{
	/* 10 * 0.25 = 2.5 -> 2; -10 -> -2; 14 -> 3.5 -> 4; 6 -> 1.5 -> 2. */
	cr_assert_eq(qmath_requant_fp32(10, 0.25f), 2);
	cr_assert_eq(qmath_requant_fp32(-10, 0.25f), -2);
	cr_assert_eq(qmath_requant_fp32(14, 0.25f), 4);
	cr_assert_eq(qmath_requant_fp32(6, 0.25f), 2);
	/* The accumulator is converted to float first: 2^24 + 1 becomes
	 * 2^24 (ties to even), so scale 1 gives 16777216, not 16777217. */
	cr_assert_eq(qmath_requant_fp32(16777217, 1.0f), 16777216);
	/* 100 * 0.0123456 = 1.23456 -> 1; TFLite's 0.49 case: 40 -> 0. */
	cr_assert_eq(qmath_requant_fp32(100, 0.0123456f), 1);
	cr_assert_eq(qmath_requant_fp32(40, 0.0123456f), 0);
}

Test(qmath, requant_acc_fp32_per_channel)
{
	QMultiplier m[2] = {{0, 0}, {0, 0}};
	float fs[2] = {0.25f, 0.125f};
	QRequant r = {m, 2, -1, -128, 127, true, false, fs};

	/* 10 * 0.25 = 2.5 -> 2, - 1 = 1; 10 * 0.125 = 1.25 -> 1, - 1 = 0;
	 * 2000 * 0.25 = 500 clamps to 127. */
	cr_assert_eq(qmath_requant_acc(&r, 10, 0), 1);
	cr_assert_eq(qmath_requant_acc(&r, 10, 1), 0);
	cr_assert_eq(qmath_requant_acc(&r, 2000, 0), 127);
}

Test(qmath, xnn_add_exact_ratios)
{
	QXnnAdd p;

	/* 0.5 and 0.25 over 1: the larger ratio 0.5 = 2^-1, so shift = 20 +
	 * 1 = 21 and the multipliers are 2^20 and 2^19; the bias is the
	 * rounding 2^20 minus 2^20 * 3 and 2^19 * -2 (zero points 3, -2). */
	cr_assert(qmath_xnn_add_params(0.5, 3, 0.25, -2, 1.0, false, &p));
	cr_assert_eq(p.shift, 21);
	cr_assert_eq(p.a_mult, 1 << 20);
	cr_assert_eq(p.b_mult, 1 << 19);
	cr_assert_eq(p.bias, (1 << 20) - 3 * (1 << 20) + 2 * (1 << 19));
	/* a = 4, b = -2: real 0.5 * 1 + 0.25 * 0 = 0.5 rounds up to 1;
	 * a = 2, b = -2: -0.5 rounds up to 0; a = 0: -1.5 -> -1. */
	cr_assert_eq(qmath_xnn_add(&p, 4, -2), 1);
	cr_assert_eq(qmath_xnn_add(&p, 2, -2), 0);
	cr_assert_eq(qmath_xnn_add(&p, 0, -2), -1);
	/* Subtraction negates b's multiplier (and its bias term). */
	cr_assert(qmath_xnn_add_params(0.5, 0, 0.25, 0, 1.0, true, &p));
	cr_assert_eq(p.b_mult, -(1 << 19));
	cr_assert_eq(qmath_xnn_add(&p, 3, 2), 1); /* 1.5 - 0.5 */
}

Test(qmath, xnn_add_mobilenet_params)
{
	QXnnAdd p;

	/* MobileNet-v2's first residual add; expected values computed
	 * independently in Python (struct-packed float32): ratios
	 * 0.75436652 and 0.78489238, exponent -1, shift 21, multipliers
	 * round(r * 2^21) = 1582021 and 1646039, bias 2^20 + 1582021 * 3 +
	 * 1646039 * 1 = 7440678. */
	cr_assert(qmath_xnn_add_params(0.02703838050365448, -3,
	    0.028132501989603043, -1, 0.035842496901750565, false, &p));
	cr_assert_eq(p.shift, 21);
	cr_assert_eq(p.a_mult, 1582021);
	cr_assert_eq(p.b_mult, 1646039);
	cr_assert_eq(p.bias, 7440678);
	/* Ratios outside [2^-10, 2^8): XNNPack would not take the op. */
	cr_assert(!qmath_xnn_add_params(1.0, 0, 1.0, 0, 1e-3, false, &p));
	cr_assert(!qmath_xnn_add_params(1.0, 0, 1e-4, 0, 1.0, false, &p));
}

Test(qmath, xnn_mean_vectors)
{
	/* Four values stored [1, 2, 3, 8] at scale 1, zero point 1 (real
	 * 0, 1, 2, 7: mean 2.5), output scale 1, zero point 0: k = 0.25,
	 * z = 0 - 4 * 1 * 0.25 = -1, 14 * 0.25 - 1 = 2.5 -> 2 (even); the
	 * negative tie -2.5 (sum -6) -> -2; 2.75 (sum 15) -> 3. */
	cr_assert_eq(qmath_xnn_mean(14, 4, 1.0, 1, 1.0, 0), 2);
	cr_assert_eq(qmath_xnn_mean(-6, 4, 1.0, 1, 1.0, 0), -2);
	cr_assert_eq(qmath_xnn_mean(15, 4, 1.0, 1, 1.0, 0), 3);
	/* Output scale 0.5, zero point 10: k = 2 * 0.25 = 0.5, z = 10 - 4 *
	 * 0.5 = 8: sum 5 -> 2.5 + 8 = 10.5 -> 10; sum 7 -> 11.5 -> 12. */
	cr_assert_eq(qmath_xnn_mean(5, 4, 1.0, 1, 0.5, 10), 10);
	cr_assert_eq(qmath_xnn_mean(7, 4, 1.0, 1, 0.5, 10), 12);
}

Test(qmath, mean_multiplier_folds_n)
{
	QMultiplier half = {1 << 30, 0}; /* QuantizeMultiplier(0.5) */
	QMultiplier m;

	/* n = 3: s = floor(log2 3) = 1, (2^30 << 1) / 3 = 715827882
	 * (truncated), shift 0 - 1. */
	m = qmath_mean_multiplier(half, 3);
	cr_assert_eq(m.multiplier, 715827882);
	cr_assert_eq(m.shift, -1);
	/* n = 49 (a 7x7 mean): s = 5, 2^35 / 49 = 701219150. */
	m = qmath_mean_multiplier(half, 49);
	cr_assert_eq(m.multiplier, 701219150);
	cr_assert_eq(m.shift, -5);
	/* n = 1 leaves the multiplier alone. */
	m = qmath_mean_multiplier(half, 1);
	cr_assert_eq(m.multiplier, 1 << 30);
	cr_assert_eq(m.shift, 0);
	/* s is capped at 31 + shift: shift -20 allows s = 11 for n = 10^5
	 * (floor(log2 n) = 16): (2^30 << 11) / 100000 = 21990232. */
	m = qmath_mean_multiplier((QMultiplier){1 << 30, -20}, 100000);
	cr_assert_eq(m.multiplier, 21990232);
	cr_assert_eq(m.shift, -31);
}

Test(qmath, mean_out_rounds_and_wraps)
{
	QMultiplier m = {715827882, -1}; /* 0.5 / 3, as above */

	/* A sum of 3 is 0.4999999995: double rounding 1, single 0. */
	cr_assert_eq(qmath_mean_out(3, 0, 3, m, false, 0, -128, 127), 1);
	cr_assert_eq(qmath_mean_out(3, 0, 3, m, true, 0, -128, 127), 0);
	/* The zero point comes off n times, the output's goes on, clamped. */
	cr_assert_eq(qmath_mean_out(3 + 3 * 5, 5, 3, m, true, 7, -128, 127),
	    7);
	cr_assert_eq(qmath_mean_out(3000, 0, 3, m, true, 100, -128, 127),
	    127);
	/* The int32 sum wraps as TFLite's accumulator does: 2^32 + 6 is 6. */
	cr_assert_eq(qmath_mean_out(((int64_t)1 << 32) + 6, 0, 3, m, true, 0,
	    -128, 127), 1);
}

Test(qmath, resize_bilinear_half_pixel)
{
	/* 1x1x2x1 [2, -4] -> 1x1x4x1 with half-pixel centres: scale 512,
	 * positions -256, 256, 768, 1280: 2, 0.5, -2.5, -4 (the first
	 * position is negative: weights 1280 and -256 on column 0). */
	QWindow g = {.n = 1, .h = 1, .w = 2, .c = 1, .oh = 1, .ow = 4};
	int32_t x[2] = {2, -4}, y[4];

	qmath_resize_bilinear(&g, false, true, false, x, y);
	cr_assert(y[0] == 2 && y[1] == 1 && y[2] == -3 && y[3] == -4);
	qmath_resize_bilinear(&g, false, true, true, x, y);
	cr_assert(y[0] == 2 && y[1] == 1 && y[2] == -2 && y[3] == -4);
}
