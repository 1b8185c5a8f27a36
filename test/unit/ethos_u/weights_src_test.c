/* test/unit/ethos_u/weights_src_test.c: packing weights read in place
 * (ethosu_weights_pack_src: int8, uint8 and int16 storage, a zero point,
 * OHWI or TFLite's 1HWO depthwise layout, a splat) against the copy the
 * codegen used to make (an int16 OHWI volume minus the zero point,
 * packed by ethosu_weights_pack), and against the decoder's read order
 * (ethosu_weights_order) applied to that copy by hand. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "targets/ethos_u/weights.h"

static uint32_t
rnd(uint32_t *s)
{
	*s = *s * 1103515245u + 12345u;
	return *s >> 8;
}

/* One random case: a geometry, its stored weights and their source. */
typedef struct Case {
	EthosuWeightGeom g;
	EthosuWeightSrc src;
	void *data;             /* the stored elements */
	int16_t *ohwi;          /* the old copy: OHWI, minus the zero point */
	EthosuScale *sc;
	int depth[4];
	int nslices;
} Case;

/* The stored layout's element of (o, r) (r in the OHWI volume of a
 * channel), as the codegen's old gather read it. */
static size_t
stored_at(const Case *c, bool tr, bool splat, size_t o, size_t r)
{
	size_t oc = (size_t)c->g.ofm_depth;
	if (splat)
		return 0;
	return tr ? r * oc + o : o * (ethosu_weights_volume(&c->g) / oc) + r;
}

static void
make_case(uint32_t *s, int t, Case *c)
{
	static const int macs[] = { 32, 64, 128, 256, 256 };
	int a = (int)(rnd(s) % 5);
	bool dw = t % 3 == 0;
	memset(c, 0, sizeof *c);
	c->g = (EthosuWeightGeom){
		.kind = dw ? ETHOSU_WEIGHTS_DEPTHWISE : ETHOSU_WEIGHTS_CONV,
		.ofm_depth = 1 + (int)(rnd(s) % 40),
		.ifm_depth = 1 + (int)(rnd(s) % 40),
		.kernel_h = 1 + (int)(rnd(s) % 5),
		.kernel_w = 1 + (int)(rnd(s) % 5),
		.dilation_x = 1 + (int)(rnd(s) % 2),
		.dilation_y = 1, .ofm_block_depth = 8 << (rnd(s) % 3),
		.ifm_bits = rnd(s) % 4 ? 8 : 16,
	};
	c->g.part_kernel = !dw && rnd(s) % 2;
	cr_assert(ethosu_weight_geom_set_accel(&c->g, macs[a], a == 4 ? 2 :
	    1));
	size_t vol = ethosu_weights_volume(&c->g);
	size_t oc = (size_t)c->g.ofm_depth, per_ch = vol / oc;
	/* Storage by case: int8 (zero point -20..20), uint8 (zero point
	 * 100..155, as TFLite's uint8 models), int16 (any zero point that
	 * keeps the values in range); depthwise in 1HWO one time in two;
	 * a splat now and then. */
	EthosuWeightElem el = (EthosuWeightElem)(t % 3 == 1 ?
	    ETHOSU_WELEM_U8 : t % 5 == 2 ? ETHOSU_WELEM_I16 :
	    ETHOSU_WELEM_I8);
	bool tr = dw && rnd(s) % 2, splat = t % 11 == 7;
	/* (Some uint8 cases with a zero point of -1..-5: stored values
	 * above 250 are then out of the encoder's range.) */
	int32_t zp = el == ETHOSU_WELEM_U8 && t % 4 == 1 ?
	    -1 - (int32_t)(rnd(s) % 5) :
	    el == ETHOSU_WELEM_U8 ? 100 + (int32_t)(rnd(s) % 56) :
	    el == ETHOSU_WELEM_I8 ? (int32_t)(rnd(s) % 41) - 20 :
	    (int32_t)(rnd(s) % 201) - 100;
	size_t nstored = splat ? 1 : vol;
	size_t eb = el == ETHOSU_WELEM_I16 ? 2 : 1;
	c->data = malloc(nstored * eb);
	for (size_t i = 0; i < nstored; i++) {
		if (el == ETHOSU_WELEM_I8)
			((int8_t *)c->data)[i] = (int8_t)(rnd(s) % 256);
		else if (el == ETHOSU_WELEM_U8)
			((uint8_t *)c->data)[i] = (uint8_t)(rnd(s) % 256);
		else
			((int16_t *)c->data)[i] = (int16_t)((int32_t)(rnd(s) %
			    511) - 255 + zp);
	}
	c->src = (EthosuWeightSrc){ .data = c->data, .elem = el, .zp = zp,
	    .ostride = splat ? 0 : tr ? 1 : per_ch,
	    .rstride = splat ? 0 : tr ? oc : 1 };
	/* The old copy, element by element. */
	c->ohwi = malloc(vol * sizeof *c->ohwi);
	for (size_t o = 0; o < oc; o++)
		for (size_t r = 0; r < per_ch; r++) {
			size_t at = stored_at(c, tr, splat, o, r);
			int32_t v = el == ETHOSU_WELEM_I8 ?
			    ((int8_t *)c->data)[at] : el == ETHOSU_WELEM_U8 ?
			    ((uint8_t *)c->data)[at] :
			    ((int16_t *)c->data)[at];
			c->ohwi[o * per_ch + r] = (int16_t)(v - zp);
		}
	c->sc = calloc(oc, sizeof *c->sc);
	for (size_t o = 0; o < oc; o++)
		c->sc[o] = (EthosuScale){ .bias = (int64_t)(rnd(s) % 1000) -
		    500, .scale = rnd(s), .shift = (uint8_t)(rnd(s) % 40) };
	/* Up to three depth slices. */
	c->nslices = c->g.ofm_depth >= 3 ? 1 + (int)(rnd(s) % 3) : 1;
	for (int i = 1; i < c->nslices; i++)
		c->depth[i] = c->g.ofm_depth * i / c->nslices;
	c->depth[c->nslices] = c->g.ofm_depth;
}

static void
free_case(Case *c)
{
	free(c->data);
	free(c->ohwi);
	free(c->sc);
}

/* Are all of the old copy's values in the encoder's range? */
static bool
copy_in_range(const Case *c)
{
	size_t vol = ethosu_weights_volume(&c->g);
	for (size_t i = 0; i < vol; i++)
		if (c->ohwi[i] < -255 || c->ohwi[i] > 255)
			return false;
	return true;
}

/* Each range's weight stream decodes to the read order of the slice's
 * core applied to the old copy by hand (padding zero). */
static void
check_streams(const Case *c, const uint8_t *blob,
    const EthosuWeightRange *r, size_t nr, int t)
{
	size_t per_ch = ethosu_weights_volume(&c->g) /
	    (size_t)c->g.ofm_depth;
	for (size_t k = 0; k < nr; k++) {
		EthosuWeightGeom gs = c->g;
		int s = 0;
		while (c->depth[s + 1] <= r[k].depth)
			s++;
		gs.ofm_depth = c->depth[s + 1] - c->depth[s];
		int32_t *idx;
		size_t n, nv;
		int16_t *v;
		EthosuWeightError e;
		ethosu_weights_order(&gs, r[k].core, &idx, &n);
		cr_assert(ethosu_mlw_decode(blob + r[k].weight_offset,
		    r[k].weight_bytes, n, &v, &nv, &e), "case %d: %s", t,
		    e.msg);
		cr_assert_eq(nv, n, "case %d range %zu", t, k);
		const int16_t *w = c->ohwi + (size_t)r[k].depth * per_ch;
		for (size_t i = 0; i < n; i++)
			cr_assert_eq(v[i], idx[i] < 0 ? 0 : w[idx[i]],
			    "case %d range %zu value %zu", t, k, i);
		free(idx);
		free(v);
	}
}

Test(ethosu_weights_src, same_bytes_as_the_int16_copy)
{
	uint32_t s = 11;
	EthosuMlwScratch *scr = ethosu_mlw_scratch_create();
	int checked = 0;
	for (int t = 0; t < 240; t++) {
		Case c;
		make_case(&s, t, &c);
		size_t vol = ethosu_weights_volume(&c.g);
		size_t oc = (size_t)c.g.ofm_depth;
		bool in = copy_in_range(&c);
		cr_assert_eq(ethosu_weight_src_in_range(&c.src, oc, vol / oc),
		    in, "case %d", t);
		for (size_t i = 0; i < vol; i++)
			cr_assert_eq(ethosu_weight_src_get(&c.src, i / (vol /
			    oc), i % (vol / oc)), c.ohwi[i], "case %d", t);
		uint8_t *ref, *got;
		size_t nref, ngot, nrr, nrg;
		EthosuWeightRange *rr, *rg;
		EthosuWeightError er, eg;
		bool okr = ethosu_weights_pack(&c.g, c.ohwi, c.sc, c.depth,
		    c.nslices, &ref, &nref, &rr, &nrr, &er);
		bool okg = ethosu_weights_pack_src(scr, &c.g, &c.src, c.sc,
		    c.depth, c.nslices, &got, &ngot, &rg, &nrg, &eg);
		cr_assert_eq(okg, okr, "case %d", t);
		cr_assert_eq(okr, in, "case %d", t);
		if (okr) {
			cr_assert_eq(ngot, nref, "case %d", t);
			cr_assert(!memcmp(got, ref, nref), "case %d", t);
			cr_assert_eq(nrg, nrr);
			cr_assert(!memcmp(rg, rr, nrr * sizeof *rr));
			check_streams(&c, got, rg, nrg, t);
			checked++;
		} else {
			cr_assert_str_eq(eg.msg, er.msg, "case %d", t);
		}
		free(ref);
		free(got);
		free(rr);
		free(rg);
		free_case(&c);
	}
	/* Most cases are in range: the comparison is not vacuous. */
	cr_assert_gt(checked, 150);
	cr_assert_lt(checked, 240);
	ethosu_mlw_scratch_destroy(scr);
}

/* uint8 weights with TFLite's zero point 128 are every value -128..127;
 * a zero point that leaves some stored values beyond 255 is refused by
 * the range check, and one the packer cannot represent is an error. */
Test(ethosu_weights_src, zero_points)
{
	EthosuWeightGeom g = {
		.kind = ETHOSU_WEIGHTS_CONV, .ofm_depth = 2, .ifm_depth = 3,
		.kernel_h = 1, .kernel_w = 1, .dilation_x = 1, .dilation_y = 1,
		.ofm_block_depth = 8, .ifm_bits = 8,
	};
	cr_assert(ethosu_weight_geom_set_accel(&g, 128, 1));
	uint8_t u[6] = { 0, 128, 255, 1, 2, 3 };
	EthosuWeightSrc src = { .data = u, .elem = ETHOSU_WELEM_U8, .zp = 128,
	    .ostride = 3, .rstride = 1 };
	cr_assert(ethosu_weight_src_in_range(&src, 2, 3));
	cr_assert_eq(ethosu_weight_src_get(&src, 0, 0), -128);
	cr_assert_eq(ethosu_weight_src_get(&src, 0, 2), 127);
	cr_assert_eq(ethosu_weight_src_get(&src, 1, 1), -126);
	/* 255 - (-1) = 256: out of the encoder's range. */
	src.zp = -1;
	cr_assert_not(ethosu_weight_src_in_range(&src, 2, 3));
	/* Without the 255, -1 is fine. */
	u[2] = 254;
	cr_assert(ethosu_weight_src_in_range(&src, 2, 3));
	int depth[2] = { 0, 2 };
	uint8_t *out;
	size_t nout, nr;
	EthosuWeightRange *r;
	EthosuWeightError e;
	src.zp = 5000;
	cr_assert_not(ethosu_weights_pack_src(NULL, &g, &src, NULL, depth, 1,
	    &out, &nout, &r, &nr, &e));
	cr_assert(strstr(e.msg, "zero point 5000"), "%s", e.msg);
	cr_assert_null(out);
	cr_assert_null(r);
}

/* Packing into a caller's buffer (too small, or larger than needed)
 * gives the bytes and ranges of a fresh packing; the buffer is taken,
 * also when the packing fails (the sanitizers' leak check sees it). */
Test(ethosu_weights_src, pack_into_a_reused_buffer)
{
	uint32_t s = 5;
	EthosuMlwScratch *scr = ethosu_mlw_scratch_create();
	for (int t = 0; t < 60; t++) {
		Case c;
		make_case(&s, t, &c);
		uint8_t *ref, *got;
		size_t nref, ngot, nrr, nrg;
		EthosuWeightRange *rr, *rg;
		EthosuWeightError er, eg;
		bool okr = ethosu_weights_pack_src(scr, &c.g, &c.src, c.sc,
		    c.depth, c.nslices, &ref, &nref, &rr, &nrr, &er);
		size_t cap = t % 2 ? 16 : 1 << 20;
		uint8_t *buf = malloc(cap);
		memset(buf, 0xa5, cap);
		bool okg = ethosu_weights_pack_into(scr, &c.g, &c.src, c.sc,
		    c.depth, c.nslices, buf, cap, &got, &ngot, &rg, &nrg, &eg);
		cr_assert_eq(okg, okr, "case %d", t);
		if (okr) {
			cr_assert_eq(ngot, nref, "case %d", t);
			cr_assert(!memcmp(got, ref, nref), "case %d", t);
			cr_assert_eq(nrg, nrr);
			cr_assert(!memcmp(rg, rr, nrr * sizeof *rr));
		} else {
			cr_assert_null(got);
		}
		free(ref);
		free(got);
		free(rr);
		free(rg);
		free_case(&c);
	}
	/* A bad slice list: the buffer is freed all the same. */
	Case c;
	make_case(&s, 1, &c);
	int bad[2] = { 0, c.g.ofm_depth + 1 };
	uint8_t *out;
	size_t nout, nr;
	EthosuWeightRange *r;
	EthosuWeightError e;
	cr_assert_not(ethosu_weights_pack_into(scr, &c.g, &c.src, c.sc, bad, 1,
	    malloc(64), 64, &out, &nout, &r, &nr, &e));
	cr_assert_null(out);
	free_case(&c);
	ethosu_mlw_scratch_destroy(scr);
}
