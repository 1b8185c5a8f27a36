/* test/unit/ethos_u/mlw_code_test.c: the weight encoder's chunk coder
 * (the code string of coded weights) on the shapes at its edges:
 * quotients longer than one 64-bit store, groups of four codes either
 * side of a store's 56 bits, the 128-value batches and slices at the
 * 32,768-value limit. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>
#include <xxhash.h>

#include "targets/ethos_u/mlw.h"

/* xorshift: deterministic test data. */
static uint32_t
next(uint32_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 17;
	*s ^= *s << 5;
	return *s;
}

static int16_t
sign(uint32_t r, int m)
{
	return (int16_t)(r & 1 ? -m : m);
}

/* No value dominates zero here, so slices code weights without zero
 * runs (the code string's path). */
static void
fill_code(int16_t *v, size_t n, uint32_t *s, int kind)
{
	int spread = 2 + (int)(next(s) % 60);
	for (size_t i = 0; i < n; i++) {
		uint32_t r = next(s);
		if (i % 4096 == 4095)
			spread = 2 + (int)(next(s) % 60);
		switch (kind) {
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
	return (size_t)t < 2 * k ? lens[t % k] : 1 + next(s) % 40000;
}

static void
encode(const int16_t *v, size_t n, EthosuMlwIsa isa, uint8_t **out,
    size_t *nout)
{
	EthosuWeightError e;
	cr_assert(ethosu_mlw_encode_isa(v, n, isa, out, nout, &e), "%s",
	    e.msg);
}

/* 80 streams of the four shapes: each decodes back to its values, both
 * builds give the same bytes, and the bytes hash to what the encoder
 * at cdb3bd6 (before the code string, when chunks were cut a value at
 * a time) gave. */
Test(ethosu_mlw_code, shapes_equal_the_recorded_encoder)
{
	XXH3_state_t *h = XXH3_createState();
	uint32_t s = 2718;
	size_t total = 0;
	cr_assert_not_null(h);
	XXH3_64bits_reset(h);
	for (int t = 0; t < 80; t++) {
		size_t n = code_len(t, &s), na, nb, nback;
		int16_t *v = malloc(n * sizeof(*v)), *back;
		uint8_t *a, *b;
		EthosuWeightError e;
		fill_code(v, n, &s, t % 4);
		encode(v, n, ETHOSU_MLW_ISA_AUTO, &a, &na);
		encode(v, n, ETHOSU_MLW_ISA_BASELINE, &b, &nb);
		cr_assert_eq(na, nb, "case %d", t);
		cr_assert_arr_eq(a, b, na, "case %d", t);
		cr_assert(ethosu_mlw_decode(a, na, n, &back, &nback, &e),
		    "case %d: %s", t, e.msg);
		cr_assert_eq(nback, n, "case %d", t);
		cr_assert_arr_eq(back, v, n * sizeof(*v), "case %d", t);
		XXH3_64bits_update(h, a, na);
		total += na;
		free(v);
		free(back);
		free(a);
		free(b);
	}
	cr_assert_eq(total, 1019232, "%zu bytes", total);
	cr_assert_eq(XXH3_64bits_digest(h), 0xa2baec0695bafa14ull,
	    "hash %016llx", (unsigned long long)XXH3_64bits_digest(h));
	XXH3_freeState(h);
}
