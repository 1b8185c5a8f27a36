/* test/unit/ethos_u/mlw_scan_test.c: the weight encoder's palette scan at
 * its edges, against the bytes of the encoder before the scan counted
 * windows from a ring of previous positions (main at cdb3bd6, which kept
 * a bit per position instead): windows longer than the ring, windows
 * across its wrap and at section starts, the extreme values, one value,
 * all zeros. */
#include <criterion/criterion.h>

#include "test/unit/ethos_u/mlw_pin.h"

/* A value from an alphabet of k values spread over -255..255, the two
 * ends included once k > 1. */
static int16_t
pick(uint32_t r, int k)
{
	int i = (int)(r % (unsigned)k);
	return (int16_t)(k > 1 ? -255 + i * 510 / (k - 1) : 255);
}

/* Stream t's values:
 * 0: sparse (one value in ~150 non-zero) from 2..20 values, with a
 *    dense stretch of 30 values every 18,000: a window of 34 non-zeros
 *    spans ~5,000 positions, past the scan's ring of 4,096, and its
 *    distinct count is near what saves bits, with and without a
 *    palette; every other such stream has its non-zeros 118..130
 *    apart, so that 34 of them span about the ring;
 * 1: stretches of 4,000..4,200 values, each from its own alphabet of
 *    2..40, so sections restart about where the ring wraps;
 * 2: mostly -255 and 255 with zeros, a third value now and then, and
 *    runs of one value;
 * 3: one value throughout (zero, -255 or 255; zero with a lone
 *    non-zero at the end, or a palette that keeps growing). */
static void
fill(int16_t *v, size_t n, uint32_t *s, int t)
{
	int k = 2 + (int)(mlw_rnd(s) % 19), shape = (t / 4) % 4;
	size_t gap = 118 + (size_t)(t / 8) % 13;
	size_t next = 4000 + mlw_rnd(s) % 200;
	for (size_t i = 0; i < n; i++) {
		uint32_t r = mlw_rnd(s);
		switch (t % 4) {
		case 0:
			if ((i / 6000) % 3 == 1)
				v[i] = pick(r >> 8, 30);
			else if (shape % 2)
				v[i] = i % gap ? 0 : pick(r >> 8, k);
			else
				v[i] = r % 150 ? 0 : pick(r >> 8, k);
			break;
		case 1:
			if (i == next) {
				k = 2 + (int)(mlw_rnd(s) % 39);
				next += 4000 + mlw_rnd(s) % 200;
			}
			v[i] = pick(r >> 8, k);
			break;
		case 2:
			if (r % 50 == 0)
				v[i] = (int16_t)((int)(r >> 8) % 511 - 255);
			else if ((i / 300) % 3 == 2)
				v[i] = 255;
			else
				v[i] = (int16_t)(r % 3 == 0 ? 0 :
				    r % 3 == 1 ? -255 : 255);
			break;
		default:
			if (shape == 0)
				v[i] = 0;
			else if (shape == 1)
				v[i] = -255;
			else if (shape == 2)
				v[i] = i + 1 == n ? 7 : 0;
			else
				v[i] = (int16_t)((int)(i * 64 / n) *
				    ((r & 1) ? 1 : -1) * 3);
			break;
		}
	}
}

/* Lengths either side of the ring (4,096) and of its multiples, and of
 * a 64-value word; then random ones up to 60,000. */
static size_t
len_of(int t, uint32_t *s)
{
	static const size_t lens[] = { 1, 2, 63, 4095, 4096, 4097, 8191,
		8193, 12289, 60000 };
	return t < 80 ? lens[t % 10] + (size_t)(t / 40) :
	    1 + mlw_rnd(s) % 60000;
}

/* Recorded from the encoder at cdb3bd6, whose scan set a bit at each
 * value's previous position and counted a window's bits. */
static const MlwPin edges = { 160, 2026, len_of, fill, 1061232,
	0x9c14203682f2e32full };

Test(ethosu_mlw_scan, edges_equal_the_recorded_encoder)
{
	mlw_check_pin(&edges, ETHOSU_MLW_ISA_AUTO);
	mlw_check_pin(&edges, ETHOSU_MLW_ISA_BASELINE);
}

/* Every stream decodes back to its values. */
Test(ethosu_mlw_scan, edges_round_trip)
{
	mlw_check_round_trips(&edges);
}
