/* test/unit/targets/sim_upscale_test.c: a transpose convolution on the
 * simulator (ZEROS upscaling, a hand-built stream and Vela-encoded
 * weights) against the same convolution worked out as a scatter. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "targets/ethos_u/sim.h"
#include "targets/ethos_u/weights.h"

typedef struct Build {
	EthosuCmd cmds[64];
	size_t n;
} Build;

/* Appends command id with its fields given as name/value pairs. */
static void
put(Build *b, unsigned id, const char *f1, uint32_t v1, const char *f2,
    uint32_t v2)
{
	EthosuCmd *c = &b->cmds[b->n++];
	memset(c, 0, sizeof(*c));
	c->id = (uint16_t)id;
	if (f1)
		c->value[ethosu_field_index(id, f1)] = v1;
	if (f2)
		c->value[ethosu_field_index(id, f2)] = v2;
}

/* A 3x3 transpose convolution with stride 2 of a 2x2 IFM (VALID: a 5x5
 * OFM), as Vela runs it: the IFM upscaled with zeros, padded by K - 1 =
 * 2 at the top/left and K - 2 = 1 at the bottom/right, a stride-1
 * depthwise convolution, unit scale. */
Test(ethosu_sim, transpose_conv_zeros)
{
	static const int8_t in[4] = { 1, 2, -3, 4 };
	static const int16_t w[9] = { 1, -2, 3, 4, 5, -6, 7, 8, 9 };
	EthosuWeightRegs r = { .kind = ETHOSU_WEIGHTS_DEPTHWISE,
	    .kernel_width_m1 = 2, .kernel_height_m1 = 2,
	    .ofm_blk_depth_m1 = 7, .ifm_bits = 8, .macs = 256, .ncores = 1 };
	EthosuWeightGeom g;
	EthosuWeightError e;
	cr_assert(ethosu_weight_geom_from_regs(&r, &g, &e), "%s", e.msg);
	uint8_t *ws, *ss;
	size_t nws, nss;
	EthosuScale sc = { .bias = 0, .scale = 1u << 30, .shift = 30 };
	cr_assert(ethosu_weights_encode(&g, 0, w, &ws, &nws, &e), "%s",
	    e.msg);
	cr_assert(ethosu_scales_encode(1, 0, 1, &sc, &ss, &nss, &e), "%s",
	    e.msg);
	uint8_t *flash = calloc(1, nws + nss);
	memcpy(flash, ws, nws);
	memcpy(flash + nws, ss, nss);

	Build b = { .n = 0 };
	put(&b, ETHOSU_SET_IFM_REGION, "region", 1, NULL, 0);
	put(&b, ETHOSU_SET_IFM_STRIDE_X, "addr", 1, NULL, 0);
	put(&b, ETHOSU_SET_IFM_STRIDE_Y, "addr", 2, NULL, 0);
	put(&b, ETHOSU_SET_IFM_STRIDE_C, "addr", 1, NULL, 0);
	put(&b, ETHOSU_SET_IFM_HEIGHT0_M1, "height_m1", 1, NULL, 0);
	put(&b, ETHOSU_SET_IFM_HEIGHT1_M1, "height_m1", 1, NULL, 0);
	put(&b, ETHOSU_SET_IFM_WIDTH0_M1, "width_m1", 1, NULL, 0);
	put(&b, ETHOSU_SET_IFM_PRECISION, "activation_type", 1, NULL, 0);
	put(&b, ETHOSU_SET_IFM_UPSCALE, "mode", 2, NULL, 0);
	put(&b, ETHOSU_SET_IFM_PAD_TOP, "pad", 2, NULL, 0);
	put(&b, ETHOSU_SET_IFM_PAD_LEFT, "pad", 2, NULL, 0);
	put(&b, ETHOSU_SET_IFM_PAD_BOTTOM, "pad", 1, NULL, 0);
	put(&b, ETHOSU_SET_IFM_PAD_RIGHT, "pad", 1, NULL, 0);
	put(&b, ETHOSU_SET_OFM_REGION, "region", 1, NULL, 0);
	put(&b, ETHOSU_SET_OFM_BASE0, "addr", 16, NULL, 0);
	put(&b, ETHOSU_SET_OFM_STRIDE_X, "addr", 1, NULL, 0);
	put(&b, ETHOSU_SET_OFM_STRIDE_Y, "addr", 5, NULL, 0);
	put(&b, ETHOSU_SET_OFM_STRIDE_C, "addr", 1, NULL, 0);
	put(&b, ETHOSU_SET_OFM_HEIGHT0_M1, "height_m1", 4, NULL, 0);
	put(&b, ETHOSU_SET_OFM_HEIGHT1_M1, "height_m1", 4, NULL, 0);
	put(&b, ETHOSU_SET_OFM_WIDTH0_M1, "width_m1", 4, NULL, 0);
	put(&b, ETHOSU_SET_OFM_HEIGHT_M1, "height_m1", 4, NULL, 0);
	put(&b, ETHOSU_SET_OFM_WIDTH_M1, "width_m1", 4, NULL, 0);
	put(&b, ETHOSU_SET_OFM_PRECISION, "activation_type", 1, NULL, 0);
	put(&b, ETHOSU_SET_OFM_BLK_DEPTH_M1, "depth_m1", 7, NULL, 0);
	put(&b, ETHOSU_SET_KERNEL_WIDTH_M1, "width_m1", 2, NULL, 0);
	put(&b, ETHOSU_SET_KERNEL_HEIGHT_M1, "height_m1", 2, NULL, 0);
	put(&b, ETHOSU_SET_ACTIVATION_MIN, "clip_boundary", 0xff80, NULL, 0);
	put(&b, ETHOSU_SET_ACTIVATION_MAX, "clip_boundary", 127, NULL, 0);
	put(&b, ETHOSU_SET_WEIGHT_LENGTH, "length", (uint32_t)nws, NULL, 0);
	put(&b, ETHOSU_SET_SCALE_BASE, "addr", (uint32_t)nws, NULL, 0);
	put(&b, ETHOSU_SET_SCALE_LENGTH, "length", (uint32_t)nss, NULL, 0);
	put(&b, ETHOSU_OP_DEPTHWISE, NULL, 0, NULL, 0);
	put(&b, ETHOSU_OP_STOP, NULL, 0, NULL, 0);
	EthosuStream st = { .cmds = b.cmds, .n = b.n };

	uint8_t arena[48] = { 0 };
	memcpy(arena, in, 4);
	EthosuRegion regions[ETHOSU_NUM_REGIONS] = {
		{ flash, nws + nss }, { arena, sizeof(arena) } };
	EthosuSimOptions o = { .config = 0 };
	char err[300];
	cr_assert(ethosu_sim_run(&st, regions, &o, err, sizeof(err)), "%s",
	    err);

	/* The reference: each IFM element scattered through the kernel,
	 * out[2i + 2 - ky][2j + 2 - kx] += in[i][j] * w[ky][kx]. */
	int acc[25] = { 0 };
	for (int i = 0; i < 2; i++)
		for (int j = 0; j < 2; j++)
			for (int ky = 0; ky < 3; ky++)
				for (int kx = 0; kx < 3; kx++) {
					int oy = 2 * i + 2 - ky;
					int ox = 2 * j + 2 - kx;
					if (oy < 0 || oy > 4 || ox < 0 || ox > 4)
						continue;
					acc[oy * 5 + ox] += in[i * 2 + j] *
					    w[ky * 3 + kx];
				}
	for (int k = 0; k < 25; k++) {
		int v = acc[k] < -128 ? -128 : acc[k] > 127 ? 127 : acc[k];
		cr_expect_eq((int8_t)arena[16 + k], v, "OFM[%d]: %d, not %d",
		    k, (int8_t)arena[16 + k], v);
	}
	free(ws);
	free(ss);
	free(flash);
}
