/* test/unit/ethos_u/mlw_code_test.c: the weight encoder's chunk coder
 * (the code string of coded weights) on the shapes at its edges:
 * quotients longer than one 64-bit store, groups of four codes either
 * side of a store's 56 bits, the 128-value batches and slices at the
 * 32,768-value limit. */
#include <criterion/criterion.h>

#include "test/unit/ethos_u/mlw_pin.h"

static int16_t
sign(uint32_t r, int m)
{
	return (int16_t)(r & 1 ? -m : m);
}

/* No value dominates zero here, so slices code weights without zero
 * runs (the code string's path). Stream t has shape t % 4. */
static void
fill_code(int16_t *v, size_t n, uint32_t *s, int t)
{
	int spread = 2 + (int)(mlw_rnd(s) % 60);
	for (size_t i = 0; i < n; i++) {
		uint32_t r = mlw_rnd(s);
		if (i % 4096 == 4095)
			spread = 2 + (int)(mlw_rnd(s) % 60);
		switch (t % 4) {
		case 0: /* a palette of small values for 75%, the rest
			 * far out (direct indices of 340-510): the search
			 * takes divisor 5, so quotients of 10-15, four
			 * codes of up to 64 bits */
			v[i] = sign(r, r % 4 ? (int)(r >> 8) % 2 + 1 :
			    180 + (int)(r >> 8) % 76);
			break;
		case 1: /* a spread that changes: quotients around the 56
			 * bits four codes may take in one store */
			v[i] = sign(r, (int)(r >> 8) % spread +
			    (r % 300 ? 0 : (int)(r >> 20) % 200));
			break;
		case 2: /* three magnitudes: quotients 0..2, truncated
			 * codes */
			v[i] = sign(r, 1 + (int)(r >> 8) % 3 * 7);
			break;
		default: /* the whole range: no palette, 9-bit codes */
			v[i] = (int16_t)((int)(r % 511) - 255);
			break;
		}
	}
}

/* Lengths either side of a batch (128 values), four-value groups and
 * the slice limit, then random ones. */
static size_t
code_len(int t, uint32_t *s)
{
	static const size_t lens[] = { 1, 2, 3, 4, 5, 7, 127, 128, 129,
		255, 256, 257, 32767, 32768, 32769, 65537 };
	size_t k = sizeof(lens) / sizeof(lens[0]);
	return (size_t)t < 2 * k ? lens[t % k] : 1 + mlw_rnd(s) % 40000;
}

/* 80 streams of the four shapes: each decodes back to its values, and
 * both builds give the bytes (hashed) the encoder at cdb3bd6 (before
 * the code string, when chunks were cut a value at a time) gave. */
Test(ethosu_mlw_code, shapes_equal_the_recorded_encoder)
{
	static const MlwPin shapes = { 80, 2718, code_len, fill_code,
		1019232, 0xa2baec0695bafa14ull };
	mlw_check_pin(&shapes, ETHOSU_MLW_ISA_AUTO);
	mlw_check_pin(&shapes, ETHOSU_MLW_ISA_BASELINE);
	mlw_check_round_trips(&shapes);
}
