/* test/unit/passes/quant_gptq_test.c: GPTQ's factor and rounding
 * (passes/quant_round.c) on 2 x 2 statistics worked out by hand. */
#include <criterion/criterion.h>

#include <math.h>

#include "passes/quant.h"

/* Uncorrelated inputs: U is diagonal (1/sqrt(1.01) after the 1% damping)
 * and GPTQ rounds to nearest. */
Test(quant_gptq, identity_is_nearest)
{
	double h[4] = {1, 0, 0, 1}, u[4], w[2] = {0.4, -0.6};
	int64_t q[2];

	cr_assert(quant_gptq_factor(h, 2, u));
	cr_expect_float_eq(u[0], 1 / sqrt(1.01), 1e-12);
	cr_expect_float_eq(u[1], 0, 1e-12);
	cr_expect_float_eq(u[3], 1 / sqrt(1.01), 1e-12);
	quant_gptq_round(w, 2, 1, u, 127, q);
	cr_expect_eq(q[0], 0);
	cr_expect_eq(q[1], -1);
}

/* Two inputs always equal: H = [[1, 1], [1, 1]], damped to
 * [[1.01, 1], [1, 1.01]]. Its inverse is [[1.01, -1], [-1, 1.01]] /
 * 0.0201; the upper factor U: U11 = sqrt(1.01 / 0.0201) = 7.08864,
 * U12 = (-1 / 0.0201) / U11 = -7.01845, U22 = sqrt(1.01 / 0.0201 -
 * U12^2) = 0.99504. Weights [0.4, 0.4] (step 1): the first rounds to
 * 0, its error 0.4 / U11 times -U12 moves onto the second, 0.79604,
 * which rounds to 1: the sum 1 is what the two inputs see, as in float
 * (0.8), where nearest rounding gives 0. */
Test(quant_gptq, equal_inputs)
{
	double h[4] = {1, 1, 0, 1}, u[4], w[2] = {0.4, 0.4};
	int64_t q[2];

	cr_assert(quant_gptq_factor(h, 2, u));
	cr_expect_float_eq(u[0], 7.08864, 1e-5);
	cr_expect_float_eq(u[1], -7.01845, 1e-5);
	cr_expect_float_eq(u[2], 0, 1e-12);
	cr_expect_float_eq(u[3], 0.99504, 1e-5);
	quant_gptq_round(w, 2, 1, u, 127, q);
	cr_expect_eq(q[0], 0);
	cr_expect_eq(q[1], 1);
	cr_expect_float_eq(w[1], 0.79604, 1e-5);
}

/* The clamp to [-qmax, qmax] holds whatever the moved errors add. */
Test(quant_gptq, clamped)
{
	double h[4] = {1, 1, 0, 1}, u[4], w[2] = {0.4, 127.4};
	int64_t q[2];

	cr_assert(quant_gptq_factor(h, 2, u));
	quant_gptq_round(w, 2, 1, u, 127, q);
	cr_expect_eq(q[1], 127);
}

/* An input never seen (zero row) gets a unit diagonal, not a failure;
 * a matrix that is not positive semi-definite is refused. */
Test(quant_gptq, degenerate)
{
	double z[4] = {0, 0, 0, 0}, bad[4] = {1, 5, 0, 1}, u[4];

	cr_expect(quant_gptq_factor(z, 2, u));
	cr_expect_not(quant_gptq_factor(bad, 2, u));
}
