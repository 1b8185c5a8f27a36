/* test/unit/targets/ethos_u_scaling_test.c: the Ethos-U output-stage
 * scale encoding against the values Vela's own tests expect
 * (ethosu/vela/test/test_scaling.py), and its agreement with TFLite's
 * QuantizeMultiplier, which the npu ops' requantization pairs use. */
#include <criterion/criterion.h>
#include <math.h>

#include "interp/qmath.h"
#include "targets/ethos_u/ethos_u.h"

Test(ethos_u_scaling, quantise_scale_matches_vela)
{
	static const struct {
		double scale;
		int64_t mult;
		int shift;
	} v[] = {
		{1, 1073741824, 30},
		{0.5, 1073741824, 31},
		{0.001, 1099511628, 40},
		{0.008, 1099511628, 37},
		{0.00097652, 2147390190, 41},
		{0.0009765615959827986, 2147481660, 41},
	};

	for (size_t i = 0; i < sizeof v / sizeof v[0]; i++) {
		EuScale s = eu_quantise_scale(v[i].scale);

		cr_expect_eq(s.multiplier, v[i].mult, "scale %g", v[i].scale);
		cr_expect_eq(s.shift, v[i].shift, "scale %g", v[i].scale);
	}
}

Test(ethos_u_scaling, reduced_quantise_scale_matches_vela)
{
	static const struct {
		double scale;
		int64_t mult;
		int shift;
	} v[] = {
		{1, 16384, 14},
		{0.5, 16384, 15},
		{0.001, 16777, 24},
		{0.008, 16777, 21},
		{0.00097652, 32767, 25},
		{0.0009765615959827986, 32767, 25}, /* saturated */
	};

	for (size_t i = 0; i < sizeof v / sizeof v[0]; i++) {
		EuScale s = eu_reduced_quantise_scale(v[i].scale);

		cr_expect_eq(s.multiplier, v[i].mult, "scale %g", v[i].scale);
		cr_expect_eq(s.shift, v[i].shift, "scale %g", v[i].scale);
	}
}

/* Out of the 6-bit shift field: Vela writes a zero scale, shift 16. */
Test(ethos_u_scaling, out_of_range_is_zero)
{
	EuScale big = eu_quantise_scale(4294967296.0);
	EuScale tiny = eu_quantise_scale(1e-30);

	cr_expect_eq(big.multiplier, 0);
	cr_expect_eq(big.shift, 16);
	cr_expect_eq(tiny.multiplier, 0);
	cr_expect_eq(tiny.shift, 16);
}

/* Vela's pair and TFLite's are one real multiplier: the same mantissa
 * with shift_vela = 31 - shift_tflite, except where the mantissa rounds
 * up to 2^31 (Vela keeps 2^31, TFLite halves it and adds one). */
Test(ethos_u_scaling, agrees_with_quantize_multiplier)
{
	uint64_t x = 88172645463325252ull;

	for (int i = 0; i < 100000; i++) {
		double scale;
		EuScale v;
		QMultiplier t;

		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		scale = ldexp((double)(x >> 11) / 9007199254740992.0 + 0.5,
		    (int)(x % 40) - 30);
		v = eu_quantise_scale(scale);
		t = qmath_quantize_multiplier(scale);
		if (v.multiplier == (int64_t)1 << 31) {
			cr_assert_eq(t.multiplier, 1 << 30);
			cr_assert_eq(31 - v.shift + 1, t.shift);
		} else {
			cr_assert_eq(v.multiplier, t.multiplier, "%.17g", scale);
			cr_assert_eq(31 - v.shift, t.shift, "%.17g", scale);
		}
	}
}

/* Vela's FullyConnected rule multiplies the input and weight scales in
 * float32 (as older TFLite did); convolutions in double. */
Test(ethos_u_scaling, fully_connected_product_in_float32)
{
	double in = 0.024480115622282028, w = 0.0040390091016888618;
	double out = 0.01332512404769659;

	cr_expect_eq(eu_mac_scale(in, w, out, true),
	    (double)((float)in * (float)w) / (double)(float)out);
	cr_expect_eq(eu_mac_scale(in, w, out, false),
	    (double)(float)in * (double)(float)w / (double)(float)out);
	/* hello_world's first layer: the two rules give two multipliers. */
	cr_expect_neq(qmath_quantize_multiplier(eu_mac_scale(in, w, out,
	    true)).multiplier, qmath_quantize_multiplier(eu_mac_scale(in, w,
	    out, false)).multiplier);
}

/* The lowering (lower.c channel_scale) makes Vela's pair of a
 * convolution's scale only where TFLite's pair is zero or its shift is
 * outside [-30, 30]: inside, the two are one pair. Checked over every
 * exponent either rule can see, with mantissas that round up to 2^31. */
Test(ethos_u_scaling, pairs_agree_inside_the_shift_range)
{
	uint64_t x = 2463534242ull;

	for (int i = 0; i < 200000; i++) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		double m = (double)(x >> 11) / 9007199254740992.0 * 0.5 + 0.5;
		if (i % 4 == 0)
			m = 1.0 - ldexp((double)(x % 8), -33);
		double scale = ldexp(m, (int)(x % 90) - 45);
		QMultiplier t = qmath_quantize_multiplier(scale);
		if (!t.multiplier || t.shift < -30 || t.shift > 30)
			continue;
		/* Vela's pair in TFLite's convention (lower.c's
		 * vela_as_tflite). */
		EuScale v = eu_quantise_scale(scale);
		cr_assert_neq(v.multiplier, 0, "%.17g", scale);
		if (v.multiplier == (int64_t)1 << 31) {
			cr_assert_eq(t.multiplier, 1 << 30, "%.17g", scale);
			cr_assert_eq(31 - v.shift + 1, t.shift, "%.17g", scale);
		} else {
			cr_assert_eq(v.multiplier, t.multiplier, "%.17g", scale);
			cr_assert_eq(31 - v.shift, t.shift, "%.17g", scale);
		}
	}
}
