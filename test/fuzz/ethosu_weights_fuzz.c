/* test/fuzz/ethosu_weights_fuzz.c: libFuzzer target for the Ethos-U
 * weight decoders. The first 8 bytes choose a geometry, the rest is a
 * weight stream (and, read again, a scale stream). Checks: no crash or
 * out-of-bounds read on any input; whatever decodes re-encodes to a
 * stream that decodes to the same values (mlw and per-core weights),
 * the encoder's two builds (baseline, AVX2 where the CPU has it)
 * give the same bytes, and its size path counts them exactly (with a
 * plan that encodes them again). */
#include <stdlib.h>
#include <string.h>

#include "targets/ethos_u/mlw.h"
#include "targets/ethos_u/weights.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The size path counts exactly the encoder's bytes, and its plan
 * encodes them again. */
static void
size_check(const int16_t *v, size_t n, const uint8_t *enc, size_t nenc)
{
	EthosuMlwScratch *s = ethosu_mlw_scratch_create();
	EthosuMlwPlan *plan;
	int16_t *w = malloc((n ? n : 1) * sizeof(*w));
	uint8_t *buf = NULL;
	size_t bytes, len = 0, cap = 0;
	if (n)
		memcpy(w, v, n * sizeof(*w));
	if (!ethosu_mlw_size(s, w, n, &bytes, &plan, NULL) || bytes != nenc)
		abort();
	if (n)
		memcpy(w, v, n * sizeof(*w));
	if (!ethosu_mlw_encode_planned(s, plan, w, n, &buf, &len, &cap,
	    NULL) || len != nenc || (nenc && memcmp(buf, enc, nenc) != 0))
		abort();
	ethosu_mlw_plan_free(plan);
	ethosu_mlw_scratch_destroy(s);
	free(buf);
	free(w);
}

static void
mlw_round_trip(const uint8_t *data, size_t size)
{
	int16_t *v, *v2;
	size_t n, n2, nenc, nbase;
	uint8_t *enc, *base;
	if (!ethosu_mlw_decode(data, size, 1 << 16, &v, &n, NULL))
		return;
	if (!ethosu_mlw_encode(v, n, &enc, &nenc, NULL))
		abort(); /* decoded values are always in range */
	if (!ethosu_mlw_encode_isa(v, n, ETHOSU_MLW_ISA_BASELINE, &base,
	    &nbase, NULL) || nbase != nenc ||
	    (nenc && memcmp(base, enc, nenc) != 0))
		abort();
	free(base);
	size_check(v, n, enc, nenc);
	if (!ethosu_mlw_decode(enc, nenc, n, &v2, &n2, NULL) || n2 != n ||
	    (n && memcmp(v, v2, n * sizeof(*v)) != 0))
		abort();
	free(v);
	free(v2);
	free(enc);
}

static void
geometry(const uint8_t *h, EthosuWeightGeom *g, int *core)
{
	static const int macs[5] = { 32, 64, 128, 256, 256 };
	int a = h[0] % 5;
	memset(g, 0, sizeof(*g));
	g->kind = h[0] >> 3 & 1 ? ETHOSU_WEIGHTS_DEPTHWISE :
	    ETHOSU_WEIGHTS_CONV;
	g->part_kernel = g->kind == ETHOSU_WEIGHTS_CONV && (h[0] >> 4 & 1);
	g->ifm_bits = h[0] >> 5 & 1 ? 16 : 8;
	g->dilation_x = 1 + (h[0] >> 6 & 1);
	g->dilation_y = 1 + (h[0] >> 7 & 1);
	g->ofm_depth = 1 + h[1] % 48;
	g->ifm_depth = 1 + h[2] % 48;
	g->kernel_h = 1 + h[3] % 12;
	g->kernel_w = 1 + h[4] % 12;
	g->ofm_block_depth = 1 + h[5] % 64;
	ethosu_weight_geom_set_accel(g, macs[a], a == 4 ? 2 : 1);
	*core = h[6] % g->ncores;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	EthosuWeightGeom g;
	int core;
	size_t vol;
	int16_t *w, *w2;
	EthosuScale *sc;
	uint8_t *enc;
	size_t nenc;
	if (size < 8)
		return 0;
	mlw_round_trip(data + 8, size - 8);
	geometry(data, &g, &core);
	vol = ethosu_weights_volume(&g);
	w = calloc(vol, sizeof(*w));
	w2 = calloc(vol, sizeof(*w2));
	sc = calloc((size_t)g.ofm_depth, sizeof(*sc));
	ethosu_scales_decode(g.ofm_depth, core, g.ncores, data + 8, size - 8,
	    sc, NULL);
	if (ethosu_weights_decode(&g, core, data + 8, size - 8, w, NULL)) {
		if (!ethosu_weights_encode(&g, core, w, &enc, &nenc, NULL) ||
		    !ethosu_weights_decode(&g, core, enc, nenc, w2, NULL) ||
		    memcmp(w, w2, vol * sizeof(*w)) != 0)
			abort();
		free(enc);
	}
	free(w);
	free(w2);
	free(sc);
	return 0;
}
