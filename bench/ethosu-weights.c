/* bench/ethosu-weights.c: Ethos-U weight encode/decode throughput on
 * MobileNet-like layers (Vela's brick order + mlw compression), in MB/s
 * of int8 OHWI weights per second of this process's CPU time (the
 * machine is shared: CPU time is steadier than wall time); built and run
 * by bench/ethosu-weights. Encoding is timed for both builds of the
 * encoder (the baseline, and AVX2 with BMI2 where the CPU has it). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "targets/ethos_u/mlw.h"
#include "targets/ethos_u/weights.h"

typedef struct Layer {
	const char *name;
	EthosuWeightKind kind;
	int o, i, kh, kw, block;
	bool pk;
} Layer;

static const Layer layers[] = {
	{ "conv 3x3 3->32 (first)", ETHOSU_WEIGHTS_CONV, 32, 3, 3, 3, 32, true },
	{ "depthwise 3x3 x256", ETHOSU_WEIGHTS_DEPTHWISE, 256, 256, 3, 3, 64,
		false },
	{ "conv 1x1 256->256", ETHOSU_WEIGHTS_CONV, 256, 256, 1, 1, 64, false },
	{ "conv 3x3 64->64", ETHOSU_WEIGHTS_CONV, 64, 64, 3, 3, 32, false },
	{ "fully connected 1024->1000", ETHOSU_WEIGHTS_CONV, 1000, 1024, 1, 1,
		64, false },
};

static double
now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* int8-like weights: roughly bell-shaped, a fifth zero. */
static void
fill(int16_t *w, size_t n, unsigned *s)
{
	for (size_t k = 0; k < n; k++) {
		int v = 0;
		*s = *s * 1103515245u + 12345u;
		if ((*s >> 16) % 5) {
			for (int j = 0; j < 4; j++) {
				*s = *s * 1103515245u + 12345u;
				v += (int)((*s >> 16) % 65) - 32;
			}
		}
		w[k] = (int16_t)(v < -127 ? -127 : v > 127 ? 127 : v);
	}
}

/* Mean CPU seconds of one encode of w, under the build the
 * environment selects. */
static double
time_encode(const EthosuWeightGeom *g, const int16_t *w, int runs,
    uint8_t **enc, size_t *nenc)
{
	EthosuWeightError e;
	double t0 = now();
	for (int r = 0; r < runs; r++) {
		free(*enc);
		if (!ethosu_weights_encode(g, 0, w, enc, nenc, &e)) {
			fprintf(stderr, "encode: %s\n", e.msg);
			exit(1);
		}
	}
	return (now() - t0) / runs;
}

static void
bench_layer(const Layer *l, int runs, size_t *tot_w, double *tot_enc,
    double *tot_base, double *tot_dec)
{
	EthosuWeightGeom g = {
		.kind = l->kind, .part_kernel = l->pk, .ofm_depth = l->o,
		.ifm_depth = l->i, .kernel_h = l->kh, .kernel_w = l->kw,
		.dilation_x = 1, .dilation_y = 1, .ofm_block_depth = l->block,
		.ifm_bits = 8,
	};
	size_t n, nenc = 0, nbase = 0;
	int16_t *w, *back;
	uint8_t *enc = NULL, *base = NULL;
	double t0, te, tb, td;
	unsigned s = 42;
	EthosuWeightError e;
	ethosu_weight_geom_set_accel(&g, 256, 1);
	n = ethosu_weights_volume(&g);
	w = malloc(n * sizeof(*w));
	back = malloc(n * sizeof(*back));
	fill(w, n, &s);
	te = time_encode(&g, w, runs, &enc, &nenc);
	setenv("NPUIR_MLW_BASELINE", "1", 1);
	tb = time_encode(&g, w, runs, &base, &nbase);
	unsetenv("NPUIR_MLW_BASELINE");
	if (nbase != nenc || memcmp(base, enc, nenc) != 0) {
		fprintf(stderr, "%s: the builds differ\n", l->name);
		exit(1);
	}
	t0 = now();
	for (int r = 0; r < runs; r++) {
		if (!ethosu_weights_decode(&g, 0, enc, nenc, back, &e)) {
			fprintf(stderr, "decode: %s\n", e.msg);
			exit(1);
		}
	}
	td = (now() - t0) / runs;
	if (memcmp(w, back, n * sizeof(*w)) != 0) {
		fprintf(stderr, "%s: round trip differs\n", l->name);
		exit(1);
	}
	printf("| %s | %zu | %zu (%.0f%%) | %.1f | %.1f | %.1f |\n", l->name,
	    n, nenc, 100.0 * (double)nenc / (double)n, (double)n / te / 1e6,
	    (double)n / tb / 1e6, (double)n / td / 1e6);
	*tot_w += n;
	*tot_enc += te;
	*tot_base += tb;
	*tot_dec += td;
	free(w);
	free(back);
	free(enc);
	free(base);
}

int
main(int argc, char **argv)
{
	int runs = argc > 1 ? atoi(argv[1]) : 5;
	size_t tot = 0;
	double te = 0, tb = 0, td = 0;
	if (runs < 1)
		runs = 1;
	printf("fast build: %s\n\n", ethosu_mlw_has_fast_path() ?
	    "AVX2+BMI2" : "none (both columns are the baseline)");
	printf("| layer | weights (bytes of int8) | stream bytes | encode MB/s "
	    "| encode MB/s, baseline | decode MB/s |\n"
	    "|---|---:|---:|---:|---:|---:|\n");
	for (size_t k = 0; k < sizeof(layers) / sizeof(layers[0]); k++)
		bench_layer(&layers[k], runs, &tot, &te, &tb, &td);
	printf("| all | %zu | | %.1f | %.1f | %.1f |\n", tot,
	    (double)tot / te / 1e6, (double)tot / tb / 1e6,
	    (double)tot / td / 1e6);
	return 0;
}
