/* test/unit/ethos_u/weights_test.c: the weight decoder's read order on
 * hand-derived cases (depth-first, part-kernel-first, depthwise, two
 * cores, sub-kernels), register decoding, bias/scale records, random
 * round trips over geometries, and Vela's tensor packing. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "targets/ethos_u/weights.h"

static EthosuWeightGeom
geom(EthosuWeightKind kind, int ofm, int ifm, int kh, int kw, int block,
    int macs, int ncores)
{
	EthosuWeightGeom g = {
		.kind = kind, .ofm_depth = ofm, .ifm_depth = ifm,
		.kernel_h = kh, .kernel_w = kw, .dilation_x = 1,
		.dilation_y = 1, .ofm_block_depth = block, .ifm_bits = 8,
	};
	cr_assert(ethosu_weight_geom_set_accel(&g, macs, ncores));
	return g;
}

/* Appends n copies of v. */
static size_t
rep(int32_t *a, size_t at, int32_t v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		a[at + i] = v;
	return at + n;
}

static void
check_order(const EthosuWeightGeom *g, int core, const int32_t *want,
    size_t n)
{
	int32_t *idx;
	size_t k;
	EthosuWeightError e;
	cr_assert(ethosu_weight_geom_check(g, &e), "%s", e.msg);
	ethosu_weights_order(g, core, &idx, &k);
	cr_assert_eq(k, n);
	for (size_t i = 0; i < n; i++)
		cr_assert_eq(idx[i], want[i], "position %zu: %d, want %d", i,
		    idx[i], want[i]);
	free(idx);
}

/* Depth-first, 8-bit: IFM blocks of 32 channels (not clipped), per OFM
 * micro-block of 8 each kernel element, per IFM micro-block of 8 the 8
 * output channels times 8 input channels. 2 outputs x 3 inputs, 1x1:
 * 4 IFM micro-blocks x 8 x 8 = 256 values, only the first 3 of the
 * first two output rows real (OHWI indices 0-2 and 3-5). */
Test(ethosu_weights, depth_first_order)
{
	EthosuWeightGeom g = geom(ETHOSU_WEIGHTS_CONV, 2, 3, 1, 1, 8, 128, 1);
	int32_t want[256];
	size_t at = 0;
	want[at++] = 0, want[at++] = 1, want[at++] = 2;
	at = rep(want, at, -1, 5);
	want[at++] = 3, want[at++] = 4, want[at++] = 5;
	at = rep(want, at, -1, 256 - at);
	check_order(&g, 0, want, at);
}

/* Ethos-U65-512: core 1 takes the odd channels (here channel 1 alone)
 * and half the OFM block. */
Test(ethosu_weights, second_core_takes_odd_channels)
{
	EthosuWeightGeom g = geom(ETHOSU_WEIGHTS_CONV, 2, 3, 1, 1, 8, 256, 2);
	int32_t want[256];
	size_t at = 0;
	want[at++] = 3, want[at++] = 4, want[at++] = 5;
	at = rep(want, at, -1, 256 - at);
	check_order(&g, 1, want, at);
	cr_assert_eq(ethosu_core_depth(2, 1, 2), 1);
	cr_assert_eq(ethosu_core_depth(5, 0, 2), 3);
	cr_assert_eq(ethosu_core_depth(1, 1, 2), 0);
}

/* Depthwise 3x3 on Ethos-U55-32 (OFM micro-blocks of 4): the 9 kernel
 * elements padded to 12, each with 4 output channels of one input
 * channel. Channel c's element (y, x) is OHWI index c * 9 + y * 3 + x. */
Test(ethosu_weights, depthwise_order_pads_elements_to_four)
{
	EthosuWeightGeom g = geom(ETHOSU_WEIGHTS_DEPTHWISE, 2, 2, 3, 3, 8, 32,
	    1);
	int32_t want[48];
	size_t at = 0;
	for (int el = 0; el < 9; el++) {
		want[at++] = el;
		want[at++] = 9 + el;
		at = rep(want, at, -1, 2);
	}
	at = rep(want, at, -1, 12);
	check_order(&g, 0, want, at);
}

/* Part-kernel-first, 8-bit: IFM blocks of 16 clipped to the depth, the
 * kernel elements (3, padded to 4) outermost within an OFM micro-block,
 * each with 8 outputs x 8 inputs. 1 output, 2 inputs, 1x3 kernel:
 * element x holds OHWI indices 2x and 2x + 1. */
Test(ethosu_weights, part_kernel_first_order)
{
	EthosuWeightGeom g = geom(ETHOSU_WEIGHTS_CONV, 1, 2, 1, 3, 8, 256, 1);
	int32_t want[256];
	size_t at = 0;
	g.part_kernel = true;
	for (int x = 0; x < 4; x++) {
		if (x < 3) {
			want[at++] = 2 * x;
			want[at++] = 2 * x + 1;
			at = rep(want, at, -1, 62);
		} else {
			at = rep(want, at, -1, 64);
		}
	}
	check_order(&g, 0, want, at);
}

/* Kernels beyond 8x8 are cut into sub-kernels of at most 8x8 (4x4 per
 * dilated step), row-major, each traversed on its own: a 9x9 kernel
 * reads rows 0-7 of columns 0-7, then rows 0-7 of column 8, then row 8
 * of columns 0-7, then (8, 8). Dilation 2 cuts at 4. */
Test(ethosu_weights, large_kernels_split_into_sub_kernels)
{
	static const int cuts[2] = { 8, 4 };
	for (int d = 0; d < 2; d++) {
		EthosuWeightGeom g = geom(ETHOSU_WEIGHTS_CONV, 1, 1, 9, 9, 8,
		    256, 1);
		int32_t *idx;
		size_t n, k = 0;
		int c = cuts[d];
		g.dilation_x = g.dilation_y = d + 1;
		ethosu_weights_order(&g, 0, &idx, &n);
		for (int sy = 0; sy < 9; sy += c)
		for (int sx = 0; sx < 9; sx += c)
		for (int y = sy; y < sy + c && y < 9; y++)
		for (int x = sx; x < sx + c && x < 9; x++) {
			while (k < n && idx[k] < 0)
				k++;
			cr_assert_lt(k, n);
			cr_assert_eq(idx[k], y * 9 + x, "dilation %d", d + 1);
			k++;
		}
		while (k < n)
			cr_assert_lt(idx[k++], 0);
		free(idx);
	}
}

/* Register values as the simulator reads them. */
Test(ethosu_weights, geometry_from_registers)
{
	EthosuWeightRegs r = {
		.kind = ETHOSU_WEIGHTS_CONV, .ifm_depth_m1 = 15,
		.ofm_depth_m1 = 31, .kernel_width_m1 = 4,
		.kernel_height_m1 = 2, .ofm_blk_depth_m1 = 15,
		/* part-kernel, dilation x 2, stride bits ignored */
		.kernel_stride = 1 << 2 | 1 << 3 | 3, .ifm_bits = 16,
		.macs = 64, .ncores = 1,
	};
	EthosuWeightGeom g;
	EthosuWeightError e;
	cr_assert(ethosu_weight_geom_from_regs(&r, &g, &e), "%s", e.msg);
	cr_assert(g.part_kernel);
	cr_assert_eq(g.dilation_x, 2);
	cr_assert_eq(g.dilation_y, 1);
	cr_assert_eq(g.kernel_w, 3); /* 4 / 2 + 1 */
	cr_assert_eq(g.kernel_h, 3);
	cr_assert_eq(g.ofm_depth, 32);
	cr_assert_eq(g.ifm_depth, 16);
	cr_assert_eq(g.ofm_block_depth, 16);
	cr_assert_eq(g.ofm_ublock_depth, 8);
	cr_assert_eq(ethosu_weights_volume(&g), 32u * 3 * 3 * 16);
	r.kernel_width_m1 = 3;
	cr_assert_not(ethosu_weight_geom_from_regs(&r, &g, &e));
	cr_assert_str_eq(e.msg, "NPU_SET_KERNEL_WIDTH_M1 is 3, not a "
	    "multiple of the dilation 2");
	r.kernel_width_m1 = 4;
	r.macs = 512;
	cr_assert_not(ethosu_weight_geom_from_regs(&r, &g, &e));
	cr_assert_str_eq(e.msg, "no Ethos-U has 512 MACs and 1 cores");
	r.macs = 256;
	r.ifm_bits = 32;
	cr_assert_not(ethosu_weight_geom_from_regs(&r, &g, &e));
	cr_assert_str_eq(e.msg, "weights need an 8- or 16-bit IFM, not 32 "
	    "bits");
	r.ifm_bits = 8;
	r.kind = ETHOSU_WEIGHTS_DEPTHWISE;
	cr_assert_not(ethosu_weight_geom_from_regs(&r, &g, &e));
	cr_assert_str_eq(e.msg, "depthwise weights cannot be "
	    "part-kernel-first");
	r.kind = ETHOSU_WEIGHTS_CONV;
	r.ofm_depth_m1 = 0xffff;
	r.ifm_depth_m1 = 0xffff;
	r.kernel_height_m1 = 0xffff;
	cr_assert_not(ethosu_weight_geom_from_regs(&r, &g, &e));
	cr_assert(strstr(e.msg, "is too large"), "%s", e.msg);
	/* A volume within bounds whose padded read order (one IFM channel
	 * padded to 32) is not. */
	r.kernel_stride = 0;
	r.ofm_depth_m1 = 8191;
	r.ifm_depth_m1 = 0;
	r.kernel_height_m1 = r.kernel_width_m1 = 63;
	cr_assert_not(ethosu_weight_geom_from_regs(&r, &g, &e));
	cr_assert_str_eq(e.msg, "weight volume 8192x64x64x1 is too large");
}

/* bias -2 (40-bit two's complement), scale 2^30, shift 33. */
Test(ethosu_weights, scale_record_by_hand)
{
	static const uint8_t want[10] = {
		0xfe, 0xff, 0xff, 0xff, 0xff, 0x00, 0x00, 0x00, 0x40, 0x21,
	};
	EthosuScale s = { -2, 1u << 30, 33 }, back;
	uint8_t rec[10];
	cr_assert(ethosu_scale_pack(&s, rec));
	cr_assert_arr_eq(rec, want, 10);
	ethosu_scale_unpack(rec, &back);
	cr_assert_eq(back.bias, -2);
	cr_assert_eq(back.scale, 1u << 30);
	cr_assert_eq(back.shift, 33);
	s.bias = (int64_t)1 << 39;
	cr_assert_not(ethosu_scale_pack(&s, rec));
	s.bias = -((int64_t)1 << 39);
	cr_assert(ethosu_scale_pack(&s, rec));
	s.shift = 64;
	cr_assert_not(ethosu_scale_pack(&s, rec));
}

Test(ethosu_weights, scales_split_by_core)
{
	EthosuScale in[5], out[5];
	uint8_t *p;
	size_t n;
	EthosuWeightError e;
	memset(out, 0, sizeof(out));
	memset(in, 0, sizeof(in)); /* padding bytes compare too */
	for (int c = 0; c < 5; c++)
		in[c] = (EthosuScale){ c * 100 - 200, (uint32_t)c << 28,
			(uint8_t)(c + 30) };
	for (int core = 0; core < 2; core++) {
		cr_assert(ethosu_scales_encode(5, core, 2, in, &p, &n, &e));
		cr_assert_eq(n, core ? 20u : 30u);
		cr_assert(ethosu_scales_decode(5, core, 2, p, n, out, &e));
		cr_assert_not(ethosu_scales_decode(5, core, 2, p, n - 1, out,
		    &e));
		cr_assert_str_eq(e.msg, core ? "byte 19: scale stream ends "
		    "after 1 of 2 records" : "byte 29: scale stream ends "
		    "after 2 of 3 records");
		free(p);
	}
	cr_assert_arr_eq(out, in, sizeof(in));
}

static uint32_t
rnd(uint32_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 17;
	*s ^= *s << 5;
	return *s;
}

/* Random geometries on every accelerator: encode each core's channels,
 * decode into a fresh volume, get the weights back. */
Test(ethosu_weights, random_geometries_round_trip)
{
	static const int macs[] = { 32, 64, 128, 256, 256 };
	uint32_t s = 7;
	for (int t = 0; t < 300; t++) {
		int a = (int)(rnd(&s) % 5);
		bool dw = rnd(&s) % 3 == 0;
		EthosuWeightGeom g = geom(dw ? ETHOSU_WEIGHTS_DEPTHWISE :
		    ETHOSU_WEIGHTS_CONV, 1 + (int)(rnd(&s) % 40),
		    1 + (int)(rnd(&s) % 40), 1 + (int)(rnd(&s) % 10),
		    1 + (int)(rnd(&s) % 10), 8 << (rnd(&s) % 3), macs[a],
		    a == 4 ? 2 : 1);
		size_t n;
		int16_t *w, *back;
		g.part_kernel = !dw && rnd(&s) % 2;
		g.ifm_bits = rnd(&s) % 4 ? 8 : 16;
		g.dilation_x = 1 + (int)(rnd(&s) % 2);
		g.dilation_y = 1 + (int)(rnd(&s) % 2);
		n = ethosu_weights_volume(&g);
		w = malloc(n * sizeof(*w));
		back = calloc(n, sizeof(*back));
		for (size_t i = 0; i < n; i++)
			w[i] = (int16_t)((int)(rnd(&s) % 101) - 50);
		for (int core = 0; core < g.ncores; core++) {
			uint8_t *enc;
			size_t nenc, nidx;
			int32_t *idx;
			EthosuWeightError e;
			ethosu_weights_order(&g, core, &idx, &nidx);
			cr_assert_eq(ethosu_weights_order_length(&g, core), nidx,
			    "case %d", t);
			free(idx);
			cr_assert(ethosu_weights_encode(&g, core, w, &enc, &nenc,
			    &e), "case %d: %s", t, e.msg);
			cr_assert(ethosu_weights_decode(&g, core, enc, nenc, back,
			    &e), "case %d: %s", t, e.msg);
			free(enc);
		}
		cr_assert_arr_eq(back, w, n * sizeof(*w), "case %d", t);
		free(w);
		free(back);
	}
}

Test(ethosu_weights, decode_wants_exactly_the_values_the_op_reads)
{
	EthosuWeightGeom g = geom(ETHOSU_WEIGHTS_CONV, 2, 3, 1, 1, 8, 128, 1);
	EthosuWeightGeom big = geom(ETHOSU_WEIGHTS_CONV, 2, 40, 1, 1, 8, 128,
	    1);
	int16_t w[6] = { 1, 2, 3, 4, 5, 6 }, back[80];
	uint8_t *enc;
	size_t n;
	EthosuWeightError e;
	cr_assert(ethosu_weights_encode(&g, 0, w, &enc, &n, &e));
	/* The same stream read with 40 IFM channels: two IFM blocks of
	 * 32, 512 values. */
	cr_assert_not(ethosu_weights_decode(&big, 0, enc, n, back, &e));
	cr_assert_str_eq(e.msg, "byte 32: weight stream holds 256 values, "
	    "the operation reads 512");
	cr_assert_not(ethosu_weights_decode(&g, 1, enc, n, back, &e));
	cr_assert_str_eq(e.msg, "core 1 of 1");
	free(enc);
}

/* Vela's heuristic: part-kernel-first for shallow IFMs and when the
 * kernel fills the MACs better than the depth does. */
Test(ethosu_weights, traversal_choice)
{
	cr_assert(ethosu_weights_prefer_part_kernel(ETHOSU_WEIGHTS_CONV, 3, 3,
	    3, 8));
	cr_assert_not(ethosu_weights_prefer_part_kernel(ETHOSU_WEIGHTS_CONV, 1,
	    1, 64, 8));
	/* 3x3 over 20 channels: depth 20/32 = 0.625 vs part-kernel
	 * 20/24 * 9/12 = 0.625: a tie goes to part-kernel. */
	cr_assert(ethosu_weights_prefer_part_kernel(ETHOSU_WEIGHTS_CONV, 3, 3,
	    20, 8));
	cr_assert_not(ethosu_weights_prefer_part_kernel(
	    ETHOSU_WEIGHTS_DEPTHWISE, 3, 3, 3, 8));
}

/* The packed tensor: per slice and core, scales, zero padding to 16,
 * weights; the ranges say where. */
Test(ethosu_weights, pack_lays_out_slices_and_cores)
{
	EthosuWeightGeom g = geom(ETHOSU_WEIGHTS_CONV, 5, 3, 1, 1, 16, 256, 2);
	int16_t w[15];
	EthosuScale sc[5];
	int offs[3] = { 0, 3, 5 };
	uint8_t *buf, *p;
	size_t n, nr, np;
	EthosuWeightRange *r;
	EthosuWeightError e;
	for (int i = 0; i < 15; i++)
		w[i] = (int16_t)(i - 7);
	for (int c = 0; c < 5; c++)
		sc[c] = (EthosuScale){ c, 1u << 30, 31 };
	cr_assert(ethosu_weights_pack(&g, w, sc, offs, 2, &buf, &n, &r, &nr,
	    &e), "%s", e.msg);
	cr_assert_eq(nr, 4);
	for (size_t k = 0; k < nr; k++) {
		EthosuWeightGeom gs = g;
		int16_t back[15];
		gs.ofm_depth = offs[k / 2 + 1] - offs[k / 2];
		cr_assert_eq(r[k].depth, offs[k / 2]);
		cr_assert_eq(r[k].core, (int)(k % 2));
		cr_assert_eq(r[k].scale_bytes, 10u * (size_t)ethosu_core_depth(
		    gs.ofm_depth, r[k].core, 2));
		cr_assert_eq(r[k].weight_offset % 16, 0);
		cr_assert_eq(r[k].weight_offset, (r[k].scale_offset +
		    r[k].scale_bytes + 15) / 16 * 16);
		for (size_t i = r[k].scale_offset + r[k].scale_bytes;
		    i < r[k].weight_offset; i++)
			cr_assert_eq(buf[i], 0);
		cr_assert(ethosu_weights_encode(&gs, r[k].core, w + 3 * r[k].depth,
		    &p, &np, &e));
		cr_assert_eq(np, r[k].weight_bytes);
		cr_assert_arr_eq(buf + r[k].weight_offset, p, np);
		cr_assert(ethosu_weights_decode(&gs, r[k].core,
		    buf + r[k].weight_offset, r[k].weight_bytes, back, &e));
		free(p);
		if (k + 1 < nr)
			cr_assert_eq(r[k + 1].scale_offset, r[k].weight_offset +
			    r[k].weight_bytes);
	}
	cr_assert_eq(n, r[nr - 1].weight_offset + r[nr - 1].weight_bytes);
	free(buf);
	free(r);
	offs[1] = 6;
	cr_assert_not(ethosu_weights_pack(&g, w, sc, offs, 2, &buf, &n, &r,
	    &nr, &e));
	cr_assert_str_eq(e.msg, "depth slice 1 is empty or reversed");
}

/* A scratch reused over packings of several shapes (a large one first,
 * as the codegen's pool takes them, then smaller and larger ones,
 * depthwise and two cores) gives ethosu_weights_pack's tensor and
 * ranges each time. */
Test(ethosu_weights, pack_with_a_reused_scratch_is_the_same)
{
	static const int shapes[][6] = {
		/* kind, ofm, ifm, k, block, cores */
		{ 0, 96, 200, 3, 16, 1 }, { 0, 5, 3, 1, 16, 2 },
		{ 1, 40, 1, 3, 16, 1 }, { 0, 128, 300, 1, 32, 2 },
		{ 0, 9, 17, 5, 8, 1 },
	};
	EthosuMlwScratch *s = ethosu_mlw_scratch_create();
	uint32_t x = 99;
	for (size_t t = 0; t < sizeof(shapes) / sizeof(shapes[0]); t++) {
		const int *sh = shapes[t];
		EthosuWeightGeom g = geom(sh[0] ? ETHOSU_WEIGHTS_DEPTHWISE :
		    ETHOSU_WEIGHTS_CONV, sh[1], sh[2], sh[3], sh[3], sh[4],
		    256, sh[5]);
		size_t vol = ethosu_weights_volume(&g), n1, n2, nr1, nr2;
		int16_t *w = malloc(vol * sizeof(*w));
		EthosuScale *sc = calloc((size_t)sh[1], sizeof(*sc));
		int offs[3] = { 0, sh[1] / 2, sh[1] };
		uint8_t *b1, *b2;
		EthosuWeightRange *r1, *r2;
		EthosuWeightError e;
		for (size_t i = 0; i < vol; i++) {
			x ^= x << 13, x ^= x >> 17, x ^= x << 5;
			w[i] = x % 3 ? 0 : (int16_t)((int)(x >> 8) % 101 - 50);
		}
		for (int c = 0; c < sh[1]; c++)
			sc[c] = (EthosuScale){ c * 3 - 7, 1u << 29, 30 };
		cr_assert(ethosu_weights_pack(&g, w, sc, offs, 2, &b1, &n1, &r1,
		    &nr1, &e), "%s", e.msg);
		cr_assert(ethosu_weights_pack_with(s, &g, w, sc, offs, 2, &b2,
		    &n2, &r2, &nr2, &e), "%s", e.msg);
		cr_assert_eq(n1, n2, "case %zu", t);
		cr_assert_arr_eq(b1, b2, n1, "case %zu", t);
		cr_assert_eq(nr1, nr2);
		cr_assert_arr_eq(r1, r2, nr1 * sizeof(*r1));
		free(b1);
		free(b2);
		free(r1);
		free(r2);
		free(w);
		free(sc);
	}
	ethosu_mlw_scratch_destroy(s);
}
