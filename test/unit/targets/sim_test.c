/* test/unit/targets/sim_test.c: the Ethos-U simulator's output rounding
 * against TFLite's fixed-point rules worked out by hand. */
#include <criterion/criterion.h>

#include "targets/ethos_u/simops.h"

/* DBL is TFLite's SaturatingRoundingDoublingHighMul (ties away from zero
 * for positives, toward zero for negatives: its nudge is 1 - 2^30) then
 * RoundingDivideByPOT for a shift above 31. */
Test(ethosu_sim, round_dbl)
{
	cr_assert_eq(sim_scale(15, 1 << 30, 31, ETHOSU_ROUND_DBL), 8);
	cr_assert_eq(sim_scale(-15, 1 << 30, 31, ETHOSU_ROUND_DBL), -7);
	cr_assert_eq(sim_scale(3, 1 << 30, 32, ETHOSU_ROUND_DBL), 1);
	cr_assert_eq(sim_scale(-3, 1 << 30, 32, ETHOSU_ROUND_DBL), -1);
	/* A shift under 31 is TFLite's left shift before the multiply. */
	cr_assert_eq(sim_scale(3, 1 << 30, 30, ETHOSU_ROUND_DBL), 3);
	/* Double rounding: 5 * 0.5 = 2.5 -> 3, then 3 / 4 -> 1. */
	cr_assert_eq(sim_scale(5, 1 << 30, 33, ETHOSU_ROUND_DBL), 1);
	/* Vela's softmax multiply: a * b / 2^31, scale ignored (1). */
	cr_assert_eq(sim_scale((int64_t)1 << 30, 1 << 30, 31,
	    ETHOSU_ROUND_DBL), (int64_t)1 << 29);
}

Test(ethosu_sim, round_natural_and_truncate)
{
	cr_assert_eq(sim_scale(5, 1, 1, ETHOSU_ROUND_NATURAL), 3);
	cr_assert_eq(sim_scale(-5, 1, 1, ETHOSU_ROUND_NATURAL), -2);
	cr_assert_eq(sim_scale(-7, 1, 2, ETHOSU_ROUND_NATURAL), -2);
	cr_assert_eq(sim_scale(-5, 1, 1, ETHOSU_ROUND_TRUNCATE), -2);
	cr_assert_eq(sim_scale(7, 3, 0, ETHOSU_ROUND_TRUNCATE), 21);
}

/* Tile addressing: tile 1 right of width0, 2 below height0, 3 below
 * height1 right of width0; NHCWB16 channels in bricks of 16. */
Test(ethosu_sim, tile_offsets)
{
	Fm f = {
		.h = 4, .w = 4, .c = 20, .bytes = 1, .b16 = true,
		.base = { 0, 1000, 2000, 3000 },
		.sx = 16, .sy = 128, .sc = 64,
		.h0 = 2, .h1 = 3, .w0 = 2,
	};
	cr_assert_eq(fm_off(&f, 1, 1, 3), 128 + 16 + 3);
	cr_assert_eq(fm_off(&f, 1, 2, 17), 1000 + 128 + 64 + 1);
	cr_assert_eq(fm_off(&f, 2, 0, 0), 2000);
	cr_assert_eq(fm_off(&f, 3, 3, 0), 3000 + 16);
	cr_assert_eq(fm_off(&f, 2, 3, 0), 1000 + 256 + 16);
}

/* IFM upscaling: the window's (y, x) is in the doubled IFM; NEAREST reads
 * element (y / 2, x / 2), ZEROS reads it only at even y and x and zero
 * (the zero point) elsewhere. */
Test(ethosu_sim, upscale_reads)
{
	uint8_t mem[4] = { 10, 20, 30, 40 };
	Fm f = {
		.h = 2, .w = 2, .c = 1, .bytes = 1, .sign = true, .zp = 5,
		.sx = 1, .sy = 2, .sc = 1, .h0 = 2, .h1 = 2, .w0 = 2,
		.mem = mem, .size = sizeof(mem),
	};
	Window w = { .up = 1 };
	cr_assert_eq(win_in(&f, &w, 3, 2, 0), 40 - 5);
	cr_assert_eq(win_in(&f, &w, 1, 1, 0), 10 - 5);
	w.up = 2;
	cr_assert_eq(win_in(&f, &w, 2, 2, 0), 40 - 5);
	cr_assert_eq(win_in(&f, &w, 2, 1, 0), 0);
	cr_assert_eq(win_in(&f, &w, 1, 0, 0), 0);
	w.up = 0;
	cr_assert_eq(win_in(&f, &w, 1, 0, 0), 30 - 5);
}
