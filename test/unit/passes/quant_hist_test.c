/* test/unit/passes/quant_hist_test.c: the calibration histogram (exact
 * range doubling, order independence) and the four clipping methods on
 * distributions whose answer is known. */
#include "test/unit/passes/common.h"

#include <math.h>
#include <stdlib.h>

#include "passes/quant.h"

TestSuite(quant_hist);

/* Deterministic uniform values in [lo, hi). */
static void
uniform(float *v, int n, float lo, float hi, uint32_t seed)
{
	for (int i = 0; i < n; i++) {
		seed = 1664525u * seed + 1013904223u;
		v[i] = lo + (hi - lo) * (float)(seed / 4294967296.0);
	}
}

Test(quant_hist, doubling_is_exact_and_order_free)
{
	enum { N = 5000 };
	static float v[N];
	static QHist a, b;
	float big[2] = {-37.5f, 100.25f};

	uniform(v, N, -1, 1, 3);
	qhist_init(&a);
	qhist_init(&b);
	/* a sees the small values first and doubles its range 7 times
	 * later; b knows the final range from the start. */
	qhist_add(&a, v, N);
	qhist_add(&a, big, 2);
	qhist_add(&b, big, 2);
	qhist_add(&b, v, N);
	cr_assert_eq(a.count, N + 2);
	cr_assert_eq(a.range[0], b.range[0]);
	cr_assert_eq(a.range[1], b.range[1]);
	cr_assert_eq(a.range[0], 128.0);
	cr_assert_eq(a.range[1], 64.0);
	for (int s = 0; s < 2; s++)
		for (int i = 0; i < QHIST_BINS; i++)
			cr_assert_eq(a.bins[s][i], b.bins[s][i],
			    "side %d bin %d", s, i);
	cr_assert_eq(a.min, -37.5);
	cr_assert_eq(a.max, 100.25);
}

Test(quant_hist, minmax_and_zeros)
{
	static QHist h;
	float v[5] = {0, 0, 0.5f, 2.0f, 0};
	double lo, hi;

	qhist_init(&h);
	qhist_add(&h, v, 5);
	cr_assert_eq(h.zeros, 3);
	qhist_range(&h, QMETHOD_MINMAX, 99.99, 8, &lo, &hi);
	/* A non-negative tensor keeps 0 as its lower end. */
	cr_assert_eq(lo, 0);
	cr_assert_eq(hi, 2.0);
}

Test(quant_hist, percentile_of_uniform)
{
	enum { N = 100000 };
	static float v[N];
	static QHist h;
	double lo, hi;

	uniform(v, N, -1, 1, 5);
	qhist_init(&h);
	qhist_add(&h, v, N);
	qhist_range(&h, QMETHOD_PERCENTILE, 99.0, 8, &lo, &hi);
	/* 1% of all values above hi: 0.98 for U[-1, 1), to a bin or two
	 * (bins are 1/2048 wide here) and the sampling noise. */
	cr_assert(fabs(hi - 0.98) < 0.004, "hi %g", hi);
	cr_assert(fabs(lo + 0.98) < 0.004, "lo %g", lo);
}

/* Gaussian-ish values (a sum of uniforms) and one outlier far away. */
static void
bell_with_outlier(QHist *h)
{
	enum { N = 200000 };
	static float v[N];
	float u[4];
	uint32_t seed = 11;

	for (int i = 0; i < N; i++) {
		float s = 0;

		for (int k = 0; k < 4; k++) {
			seed = 1664525u * seed + 1013904223u;
			u[k] = (float)(seed / 4294967296.0) - 0.5f;
			s += u[k];
		}
		v[i] = s;
	}
	v[7] = 60.0f;
	qhist_init(h);
	qhist_add(h, v, N);
}

Test(quant_hist, entropy_and_mse_clip_an_outlier)
{
	static QHist h;
	double lo, hi;

	bell_with_outlier(&h);
	qhist_range(&h, QMETHOD_MINMAX, 99.99, 8, &lo, &hi);
	cr_assert_eq(hi, 60.0);
	/* The bulk lies within +-2 (a sum of four U[-0.5, 0.5)). The
	 * outlier makes the bins 64/2048 wide, and the KL search starts
	 * at 128 bins (one per int8 level on each side, as TensorRT's):
	 * the threshold is at most 4. */
	qhist_range(&h, QMETHOD_ENTROPY, 99.99, 8, &lo, &hi);
	cr_assert(hi > 0.5 && hi <= 4, "entropy hi %g", hi);
	cr_assert(lo < -0.5 && lo >= -4, "entropy lo %g", lo);
	/* MSE weighs the one outlier's clipping error (60 - hi)^2 against
	 * the rounding noise of 200000 values, N s^2 / 12 with s about
	 * hi / 255: the optimum is hi = 60 / (1 + N / (12 * 255^2)), 47.8. */
	qhist_range(&h, QMETHOD_MSE, 99.99, 8, &lo, &hi);
	cr_assert(hi > 45 && hi < 51, "mse hi %g", hi);
	cr_assert(lo < 0 && lo > -2.01, "mse lo %g", lo);
}

Test(quant_hist, mse_keeps_a_uniform_range)
{
	enum { N = 100000 };
	static float v[N];
	static QHist h;
	double lo, hi;

	/* Clipping a uniform distribution only adds error at 8 bits. */
	uniform(v, N, 0, 4, 9);
	qhist_init(&h);
	qhist_add(&h, v, N);
	qhist_range(&h, QMETHOD_MSE, 99.99, 8, &lo, &hi);
	cr_assert_eq(lo, 0);
	cr_assert(hi > 0.97 * 4, "hi %g", hi);
}
