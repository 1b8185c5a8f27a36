/* test/unit/interp/qmath_test.c: TFLite fixed-point arithmetic against the
 * issue's known vectors and hand-computed cases. */
#include <criterion/criterion.h>
#include <math.h>

#include "dialects/qmath.h"

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
