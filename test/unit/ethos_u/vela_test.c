/* test/unit/ethos_u/vela_test.c: every weight and scale stream Vela 3.10
 * wrote into ../shared/vela decodes, re-encodes to the same bytes, and
 * holds what the original models hold after Vela's transformations. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test/unit/ethos_u/vela.h"

static const char *models[] = {
	"conv10", "hello_world_int8", "micro_speech_quantized",
	"person_detect",
};
static const char *configs[] = {
	"a-u55-128-shared-sram", "b-u65-256-dedicated-sram",
	"c-u55-256-shared-sram-size",
};
#define NMODELS (sizeof(models) / sizeof(models[0]))
#define NCONFIGS (sizeof(configs) / sizeof(configs[0]))

static bool
vela_path(const char *shared, const char *model, const char *config,
    char *buf, size_t n)
{
	if (config)
		snprintf(buf, n, "%s/vela/%s/%s/%s_vela.tflite", shared, model,
		    config, model);
	else
		snprintf(buf, n, "%s/models/%s_vela.tflite", shared, model);
	return true;
}

static const char *
need_shared(void)
{
	const char *s = vela_shared_dir();
	if (!s)
		cr_skip_test("../shared is absent");
	return s;
}

/* Decodes core `core`'s streams of op, re-encodes them, compares bytes;
 * the decoded weights and scales go to ohwi/scales. */
static void
round_trip(const char *path, const VelaOp *op, const EthosuWeightGeom *g,
    int core, int16_t *ohwi, EthosuScale *scales)
{
	EthosuWeightError e = {0};
	uint8_t *enc;
	size_t n;
	const VelaRange *w = &op->w[core], *s = &op->s[core];
	cr_assert(ethosu_weights_decode(g, core, w->p, w->n, ohwi, &e),
	    "%s cmd %d core %d: %s", path, op->cmd, core, e.msg);
	cr_assert(ethosu_weights_encode(g, core, ohwi, &enc, &n, &e),
	    "%s cmd %d: %s", path, op->cmd, e.msg);
	cr_assert_eq(n, w->n, "%s cmd %d core %d: %zu bytes re-encoded, "
	    "Vela wrote %zu", path, op->cmd, core, n, w->n);
	cr_assert(n == 0 || memcmp(enc, w->p, n) == 0,
	    "%s cmd %d core %d: re-encoded weights differ", path, op->cmd,
	    core);
	free(enc);
	cr_assert(ethosu_scales_decode(g->ofm_depth, core, g->ncores, s->p,
	    s->n, scales, &e), "%s cmd %d: %s", path, op->cmd, e.msg);
	cr_assert(ethosu_scales_encode(g->ofm_depth, core, g->ncores, scales,
	    &enc, &n, &e), "%s: %s", path, e.msg);
	/* Vela's SCALE_LENGTH rounds the records up to 16 bytes; the
	 * padding is zero. */
	cr_assert_eq((n + 15) / 16 * 16, s->n, "%s cmd %d: scale length %zu "
	    "for %zu record bytes", path, op->cmd, s->n, n);
	cr_assert(n == 0 || memcmp(enc, s->p, n) == 0,
	    "%s cmd %d: re-encoded scales differ", path, op->cmd);
	for (size_t i = n; i < s->n; i++)
		cr_assert_eq(s->p[i], 0, "%s cmd %d: scale padding", path,
		    op->cmd);
	free(enc);
}

/* Writes op's re-encoded streams into rebuilt (a copy of the flash
 * blob with every weight and scale range zeroed beforehand) at the
 * flash offsets they were DMA'd from or read at. */
static void
place(uint8_t *rebuilt, uint8_t *covered, size_t nflash, const VelaOp *op,
    const EthosuWeightGeom *g, const int16_t *ohwi,
    const EthosuScale *scales, int core)
{
	EthosuWeightError e;
	uint8_t *p;
	size_t n;
	const VelaRange *w = &op->w[core], *s = &op->s[core];
	if (w->flash_off >= 0 && w->n) {
		cr_assert(ethosu_weights_encode(g, core, ohwi, &p, &n, &e));
		cr_assert((size_t)w->flash_off + n <= nflash);
		memcpy(rebuilt + w->flash_off, p, n);
		memset(covered + w->flash_off, 1, n);
		free(p);
	}
	if (s->flash_off >= 0 && s->n) {
		cr_assert(ethosu_scales_encode(g->ofm_depth, core, g->ncores,
		    scales, &p, &n, &e));
		cr_assert((size_t)s->flash_off + s->n <= nflash);
		memset(rebuilt + s->flash_off, 0, s->n);
		memcpy(rebuilt + s->flash_off, p, n);
		memset(covered + s->flash_off, 1, s->n);
		free(p);
	}
}

/* Round-trips every stream of one compiled model; returns the number of
 * streams, and checks the rebuilt flash equals Vela's on every byte a
 * stream covers. */
static int
check_model(const char *path)
{
	VelaModel m;
	char why[256];
	int streams = 0;
	uint8_t *rebuilt, *covered;
	cr_assert(vela_open(path, &m, why, sizeof(why)), "%s", why);
	rebuilt = calloc(m.nflash + 1, 1);
	covered = calloc(m.nflash + 1, 1);
	for (int k = 0; k < m.nops; k++) {
		const VelaOp *op = &m.ops[k];
		EthosuWeightGeom g;
		EthosuWeightError e;
		int16_t *ohwi;
		EthosuScale *sc;
		cr_assert(ethosu_weight_geom_from_regs(&op->regs, &g, &e),
		    "%s cmd %d: %s", path, op->cmd, e.msg);
		ohwi = calloc(ethosu_weights_volume(&g), sizeof(int16_t));
		sc = calloc((size_t)g.ofm_depth, sizeof(EthosuScale));
		for (int core = 0; core < g.ncores; core++) {
			round_trip(path, op, &g, core, ohwi, sc);
			place(rebuilt, covered, m.nflash, op, &g, ohwi, sc,
			    core);
			streams += 2;
		}
		free(ohwi);
		free(sc);
	}
	for (size_t i = 0; i < m.nflash; i++)
		if (covered[i])
			cr_assert_eq(rebuilt[i], m.flash[i], "%s: flash byte "
			    "%zu differs after re-encoding", path, i);
	free(rebuilt);
	free(covered);
	vela_close(&m);
	return streams;
}

Test(ethosu_vela, every_stream_round_trips)
{
	const char *shared = need_shared();
	char path[4096];
	int total = 0;
	for (size_t i = 0; i < NMODELS; i++) {
		for (size_t c = 0; c < NCONFIGS; c++) {
			vela_path(shared, models[i], configs[c], path,
			    sizeof(path));
			total += check_model(path);
		}
	}
	vela_path(shared, "person_detect", NULL, path, sizeof(path));
	total += check_model(path);
	cr_log_info("%d weight and scale streams round-tripped", total);
	cr_assert_gt(total, 100);
}
