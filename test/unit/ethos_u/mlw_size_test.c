/* test/unit/ethos_u/mlw_size_test.c: the encoder's size path and its
 * plans. The length ethosu_mlw_size counts must be the encoder's output
 * length for every input, and a plan must re-encode the same bytes:
 * checked on Vela's own streams (../shared/vela), on random streams of
 * every shape the encoder has a path for, on the pins of mlw_test.c
 * (mlw_check_pin calls mlw_check_size), and for whole packed tensors
 * (ethosu_weights_pack_size against ethosu_weights_pack). */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "targets/ethos_u/mlw.h"
#include "targets/ethos_u/weights.h"
#include "test/unit/ethos_u/mlw_pin.h"
#include "test/unit/ethos_u/mlw_size.h"
#include "test/unit/ethos_u/vela.h"

void
mlw_check_size(const int16_t *v, size_t n, EthosuMlwIsa isa,
    const uint8_t *enc, size_t nenc, const char *what)
{
	EthosuMlwScratch *s = ethosu_mlw_scratch_create();
	EthosuMlwPlan *plan = NULL;
	EthosuWeightError e;
	size_t bytes = 1, len = 0, cap = 0;
	uint8_t *buf = NULL;
	int16_t *w = malloc((n ? n : 1) * sizeof(*w));
	cr_assert(ethosu_mlw_size_isa(v, n, isa, &bytes, &e), "%s: %s", what,
	    e.msg);
	cr_assert_eq(bytes, nenc, "%s (%zu values, isa %d): size path %zu "
	    "bytes, encoder %zu", what, n, (int)isa, bytes, nenc);
	/* In place, with a plan; then the values gathered again. */
	if (n)
		memcpy(w, v, n * sizeof(*w));
	cr_assert(ethosu_mlw_size(s, w, n, &bytes, &plan, &e), "%s: %s", what,
	    e.msg);
	cr_assert_eq(bytes, nenc, "%s: in place %zu bytes, encoder %zu", what,
	    bytes, nenc);
	cr_assert_eq(ethosu_mlw_plan_bytes(plan), nenc);
	if (n)
		memcpy(w, v, n * sizeof(*w));
	cr_assert(ethosu_mlw_encode_planned(s, plan, w, n, &buf, &len, &cap,
	    &e), "%s: %s", what, e.msg);
	cr_assert_eq(len, nenc, "%s: planned %zu bytes, encoder %zu", what,
	    len, nenc);
	cr_assert(nenc == 0 || memcmp(buf, enc, nenc) == 0,
	    "%s: the planned encode differs", what);
	ethosu_mlw_plan_free(plan);
	ethosu_mlw_scratch_destroy(s);
	free(buf);
	free(w);
}

/* Encodes v under isa and checks it. */
static size_t
check(const int16_t *v, size_t n, EthosuMlwIsa isa, const char *what)
{
	uint8_t *enc;
	size_t nenc;
	EthosuWeightError e;
	cr_assert(ethosu_mlw_encode_isa(v, n, isa, &enc, &nenc, &e), "%s: %s",
	    what, e.msg);
	mlw_check_size(v, n, isa, enc, nenc, what);
	free(enc);
	return nenc;
}

/* Streams that take each of the coder's paths: the chunk shapes depend
 * on the quotients (large ones carry over chunks, truncated codes have
 * one position each), zero runs long and short (divisor 3 has 8-bit
 * chunks), raw indices of every width, palettes that restart, slices cut
 * by parameter changes and at 32,768 values. */
static void
fill(int16_t *v, size_t n, uint32_t *s, int kind)
{
	int spread = 1 + (int)(mlw_rnd(s) % 255), alpha = 2 + (int)(mlw_rnd(s) % 40);
	for (size_t i = 0; i < n; i++) {
		uint32_t r = mlw_rnd(s);
		if (i % 1000 == 999) {
			spread = 1 + (int)(mlw_rnd(s) % 255);
			alpha = 2 + (int)(mlw_rnd(s) % 40);
		}
		switch (kind) {
		case 0: /* uniform: raw or large quotients */
			v[i] = (int16_t)((int)(r % 511) - 255);
			break;
		case 1: /* sparse: zero runs of every length */
			v[i] = r % (1 + (i / 500) % 64) ? 0 :
			    (int16_t)((int)(r >> 8) % 31 - 15);
			break;
		case 2: /* a small alphabet: palettes, raw indices */
			v[i] = (int16_t)((int)(r % (unsigned)alpha) * 7 - 60);
			break;
		case 3: /* bell-ish: small quotients, truncated codes */
			v[i] = (int16_t)(((int)(r % (unsigned)spread) -
			    (int)((r >> 16) % (unsigned)spread)) / 2);
			break;
		case 4: /* bursts between long stretches of zeros */
			v[i] = (i / 3000) % 3 ? 0 : (int16_t)((int)(r % 200) -
			    100);
			break;
		default: /* one value, or nearly: long slices, tiny codes */
			v[i] = r % 997 ? (int16_t)spread : 0;
			break;
		}
	}
}

Test(ethosu_mlw_size, random_streams_under_both_builds)
{
	uint32_t s = 777;
	char what[64];
	for (int t = 0; t < 300; t++) {
		size_t n = 1 + mlw_rnd(&s) % (t % 25 == 24 ? 100000 : t % 5 == 4 ?
		    9000 : 400);
		int16_t *v = malloc(n * sizeof(*v));
		fill(v, n, &s, t % 6);
		snprintf(what, sizeof(what), "random stream %d", t);
		check(v, n, ETHOSU_MLW_ISA_AUTO, what);
		if (t % 3 == 0)
			check(v, n, ETHOSU_MLW_ISA_BASELINE, what);
		free(v);
	}
}

Test(ethosu_mlw_size, tiny_and_uniform_streams)
{
	static const int16_t lens[] = { 0, 1, 2, 3, 11, 12, 13, 24, 25 };
	int16_t v[40];
	for (size_t k = 0; k < sizeof(lens) / sizeof(lens[0]); k++) {
		for (int c = -255; c <= 255; c += 17) {
			for (int i = 0; i < lens[k]; i++)
				v[i] = (int16_t)(i % 2 ? c : 0);
			check(v, (size_t)lens[k], ETHOSU_MLW_ISA_AUTO, "tiny");
			for (int i = 0; i < lens[k]; i++)
				v[i] = (int16_t)c;
			check(v, (size_t)lens[k], ETHOSU_MLW_ISA_AUTO,
			    "uniform");
		}
	}
}

/* A plan is for the values it was made from: another count fails. */
Test(ethosu_mlw_size, a_plan_for_other_values_is_refused)
{
	int16_t v[100];
	EthosuMlwScratch *s = ethosu_mlw_scratch_create();
	EthosuMlwPlan *plan;
	EthosuWeightError e;
	size_t bytes, len = 0, cap = 0;
	uint8_t *buf = NULL;
	for (int i = 0; i < 100; i++)
		v[i] = (int16_t)(i % 7 - 3);
	cr_assert(ethosu_mlw_size(s, v, 100, &bytes, &plan, &e));
	cr_assert_not(ethosu_mlw_encode_planned(s, plan, v, 99, &buf, &len,
	    &cap, &e));
	cr_assert_eq(len, 0);
	cr_assert(strstr(e.msg, "plan for 100 weights") != NULL, "%s", e.msg);
	v[3] = 300;
	cr_assert_not(ethosu_mlw_size(s, v, 100, &bytes, &plan, &e));
	cr_assert_null(plan);
	cr_assert_eq(bytes, 0);
	free(buf);
	ethosu_mlw_scratch_destroy(s);
}

/* Every weight stream Vela wrote: its values (decoded) measure to its
 * length, and their plan encodes its bytes. */
static int
check_vela_model(const char *path)
{
	VelaModel m;
	char why[256];
	int streams = 0;
	cr_assert(vela_open(path, &m, why, sizeof(why)), "%s", why);
	for (int k = 0; k < m.nops; k++) {
		for (int core = 0; core < 2; core++) {
			const VelaRange *w = &m.ops[k].w[core];
			int16_t *v;
			size_t n;
			EthosuWeightError e;
			if (!w->n)
				continue;
			cr_assert(ethosu_mlw_decode(w->p, w->n, 1 << 24, &v, &n,
			    &e), "%s: %s", path, e.msg);
			snprintf(why, sizeof(why), "%s cmd %d core %d", path,
			    m.ops[k].cmd, core);
			mlw_check_size(v, n, ETHOSU_MLW_ISA_AUTO, w->p, w->n,
			    why);
			mlw_check_size(v, n, ETHOSU_MLW_ISA_BASELINE, w->p,
			    w->n, why);
			free(v);
			streams++;
		}
	}
	vela_close(&m);
	return streams;
}

Test(ethosu_mlw_size, vela_streams_measure_to_their_length)
{
	const char *shared = vela_shared_dir();
	int total;
	if (!shared)
		cr_skip_test("../shared is absent");
	total = vela_each_compiled(shared, check_vela_model);
	cr_log_info("%d Vela weight streams measured", total);
	cr_assert_gt(total, 100);
}

/* A random geometry (both kinds, part-kernel, 16-bit IFM, two cores). */
static void
geometry(uint32_t *s, EthosuWeightGeom *g)
{
	static const int macs[5] = { 32, 64, 128, 256, 256 };
	int a = (int)(mlw_rnd(s) % 5);
	memset(g, 0, sizeof(*g));
	g->kind = mlw_rnd(s) % 3 ? ETHOSU_WEIGHTS_CONV : ETHOSU_WEIGHTS_DEPTHWISE;
	g->part_kernel = g->kind == ETHOSU_WEIGHTS_CONV && mlw_rnd(s) % 2;
	g->ifm_bits = mlw_rnd(s) % 4 ? 8 : 16;
	g->dilation_x = g->dilation_y = 1;
	g->ofm_depth = 1 + (int)(mlw_rnd(s) % 80);
	g->ifm_depth = 1 + (int)(mlw_rnd(s) % 70);
	g->kernel_h = 1 + (int)(mlw_rnd(s) % 5);
	g->kernel_w = 1 + (int)(mlw_rnd(s) % 5);
	g->ofm_block_depth = 8 << (mlw_rnd(s) % 4);
	cr_assert(ethosu_weight_geom_set_accel(g, macs[a], a == 4 ? 2 : 1));
}

/* The size of a packed tensor, in depth slices or whole, with and
 * without scales: the packing's own size and ranges; and the plans
 * recorded pack the same bytes. */
Test(ethosu_mlw_size, packed_tensor_sizes_equal_the_packing)
{
	uint32_t s = 99;
	for (int t = 0; t < 120; t++) {
		EthosuWeightGeom g;
		EthosuWeightError e;
		geometry(&s, &g);
		size_t vol = ethosu_weights_volume(&g);
		int16_t *w = malloc(vol * sizeof(*w));
		EthosuScale *sc = calloc((size_t)g.ofm_depth, sizeof(*sc));
		int depth[8] = { 0 }, ns = 1 + (int)(mlw_rnd(&s) % 4);
		fill(w, vol, &s, t % 6);
		for (int c = 0; c < g.ofm_depth; c++)
			sc[c] = (EthosuScale){ c * 1000 - 7, 1u << 30, 20 };
		ns = ns < g.ofm_depth ? ns : g.ofm_depth;
		for (int k = 1; k < ns; k++)
			depth[k] = k * g.ofm_depth / ns;
		depth[ns] = g.ofm_depth;
		EthosuWeightSrc src = ethosu_weight_src_ohwi(&g, w);
		const EthosuScale *scales = t % 5 == 4 ? NULL : sc;
		EthosuMlwScratch *scr = ethosu_mlw_scratch_create();
		uint8_t *out, *out2;
		size_t nout, nout2, nsz, nr, nr2, nrs;
		EthosuWeightRange *r, *r2, *rs;
		EthosuMlwPlan **plans;
		cr_assert(ethosu_weights_pack_src(scr, &g, &src, scales, depth,
		    ns, &out, &nout, &r, &nr, &e), "%s", e.msg);
		cr_assert(ethosu_weights_pack_size(scr, &g, &src, scales, depth,
		    ns, &nsz, &rs, &nrs, &plans, &e), "%s", e.msg);
		cr_assert_eq(nsz, nout, "case %d: measured %zu, packed %zu", t,
		    nsz, nout);
		cr_assert_eq(nrs, nr);
		cr_assert_arr_eq(rs, r, nr * sizeof(*r), "case %d: ranges", t);
		cr_assert(ethosu_weights_pack_planned(scr, &g, &src, scales,
		    depth, ns, plans, NULL, 0, &out2, &nout2, &r2, &nr2, &e),
		    "%s", e.msg);
		cr_assert_eq(nout2, nout);
		cr_assert_arr_eq(out2, out, nout, "case %d: planned packing",
		    t);
		cr_assert_arr_eq(r2, r, nr * sizeof(*r));
		ethosu_weights_plans_free(plans, nrs);
		ethosu_mlw_scratch_destroy(scr);
		free(out);
		free(out2);
		free(r);
		free(r2);
		free(rs);
		free(w);
		free(sc);
	}
}

/* The size path fails where the packing fails, with its message. */
Test(ethosu_mlw_size, packed_size_fails_as_the_packing)
{
	EthosuWeightGeom g = { .kind = ETHOSU_WEIGHTS_CONV, .ofm_depth = 4,
	    .ifm_depth = 3, .kernel_h = 1, .kernel_w = 1, .dilation_x = 1,
	    .dilation_y = 1, .ofm_block_depth = 16, .ifm_bits = 8 };
	int16_t w[12] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12 };
	EthosuScale sc[4] = { { 0, 1, 1 }, { 0, 1, 1 }, { 0, 1, 1 },
		{ 0, 1, 1 } };
	int depth[2] = { 0, 4 };
	EthosuWeightError e1, e2;
	uint8_t *out;
	size_t n, nr;
	EthosuWeightRange *r;
	EthosuMlwPlan **plans = NULL;
	EthosuMlwScratch *scr = ethosu_mlw_scratch_create();
	cr_assert(ethosu_weight_geom_set_accel(&g, 128, 1));
	EthosuWeightSrc src = ethosu_weight_src_ohwi(&g, w);
	for (int k = 0; k < 3; k++) {
		if (k == 0)
			w[5] = 400;             /* a value out of range */
		else if (k == 1)
			w[5] = 6, sc[2].shift = 64; /* a shift out of range */
		else
			sc[2].shift = 1, depth[1] = 3; /* slices short */
		cr_assert_not(ethosu_weights_pack_src(scr, &g, &src, sc, depth,
		    1, &out, &n, &r, &nr, &e1));
		cr_assert_not(ethosu_weights_pack_size(scr, &g, &src, sc,
		    depth, 1, &n, &r, &nr, &plans, &e2));
		cr_assert_null(plans);
		cr_assert_str_eq(e2.msg, e1.msg);
	}
	ethosu_mlw_scratch_destroy(scr);
}
