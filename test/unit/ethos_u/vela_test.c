/* test/unit/ethos_u/vela_test.c: every weight and scale stream Vela 3.10
 * wrote into ../shared/vela decodes, re-encodes to the same bytes, and
 * holds what the original models hold after Vela's transformations. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "interp/qmath.h"
#include "test/unit/ethos_u/vela.h"

static const char *configs[] = {
	"a-u55-128-shared-sram", "b-u65-256-dedicated-sram",
	"c-u55-256-shared-sram-size",
};
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

/* ethosu_weights_pack of one operation (one depth slice, one core)
 * gives Vela's bytes from its scale records through its weights, as
 * they lie in the flash blob. Returns false when the op's streams were
 * not read straight or DMA'd from the flash. */
static bool
pack_matches(const VelaModel *m, const VelaOp *op, const EthosuWeightGeom *g,
    const int16_t *ohwi, const EthosuScale *sc)
{
	int offs[2] = { 0, g->ofm_depth };
	uint8_t *out;
	size_t n, nr;
	EthosuWeightRange *r;
	EthosuWeightError e;
	long at = op->s[0].flash_off;
	if (g->ncores != 1 || at < 0 || op->w[0].flash_off < 0)
		return false;
	cr_assert(ethosu_weights_pack(g, ohwi, sc, offs, 1, &out, &n, &r, &nr,
	    &e), "%s", e.msg);
	cr_assert_eq(nr, 1);
	cr_assert_eq((long)r[0].weight_offset, op->w[0].flash_off - at);
	cr_assert((size_t)at + n <= m->nflash);
	cr_assert_arr_eq(out, m->flash + at, n, "cmd %d: packed tensor "
	    "differs from Vela's", op->cmd);
	free(out);
	free(r);
	return true;
}

/* Round-trips every stream of one compiled model; returns the number of
 * streams, and checks the rebuilt flash equals Vela's on every byte a
 * stream covers. */
static int
check_model(const char *path)
{
	VelaModel m;
	char why[256];
	int streams = 0, packed = 0;
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
		packed += pack_matches(&m, op, &g, ohwi, sc);
		free(ohwi);
		free(sc);
	}
	for (size_t i = 0; i < m.nflash; i++)
		if (covered[i])
			cr_assert_eq(rebuilt[i], m.flash[i], "%s: flash byte "
			    "%zu differs after re-encoding", path, i);
	/* Every op's streams come from the flash in these files. */
	cr_assert_eq(packed, m.nops, "%s: %d of %d ops packed", path, packed,
	    m.nops);
	free(rebuilt);
	free(covered);
	vela_close(&m);
	return streams;
}

Test(ethosu_vela, every_stream_round_trips)
{
	int total = vela_each_compiled(need_shared(), check_model);
	cr_log_info("%d weight and scale streams round-tripped", total);
	cr_assert_gt(total, 100);
}

/* conv10's one layer is one NPU operation per OFM depth slice (channels
 * 0-15 and 16-63 in configurations a and b, all 64 in c): packed as one
 * tensor with those slices, the bytes are Vela's weight tensor from the
 * first slice's scales on. */
Test(ethosu_vela, depth_slices_pack_into_vela_tensor)
{
	const char *shared = need_shared();
	int sliced = 0;
	for (size_t c = 0; c < NCONFIGS; c++) {
		char path[4096], why[256];
		VelaModel m;
		EthosuWeightGeom g[4], full;
		EthosuWeightError e;
		int offs[5] = {0};
		size_t per, n, nr;
		int16_t *ohwi;
		EthosuScale *sc;
		uint8_t *out;
		EthosuWeightRange *r;
		long base;
		vela_path(shared, "conv10", configs[c], path, sizeof(path));
		cr_assert(vela_open(path, &m, why, sizeof(why)), "%s", why);
		cr_assert(m.nops >= 1 && m.nops <= 4);
		for (int k = 0; k < m.nops; k++) {
			cr_assert(ethosu_weight_geom_from_regs(&m.ops[k].regs,
			    &g[k], &e));
			offs[k + 1] = offs[k] + g[k].ofm_depth;
		}
		sliced += m.nops > 1;
		full = g[0];
		full.ofm_depth = offs[m.nops];
		per = ethosu_weights_volume(&g[0]) / (size_t)g[0].ofm_depth;
		ohwi = calloc(ethosu_weights_volume(&full), sizeof(*ohwi));
		sc = calloc((size_t)full.ofm_depth, sizeof(*sc));
		for (int k = 0; k < m.nops; k++) {
			cr_assert(ethosu_weights_decode(&g[k], 0, m.ops[k].w[0].p,
			    m.ops[k].w[0].n, ohwi + per * (size_t)offs[k], &e));
			cr_assert(ethosu_scales_decode(g[k].ofm_depth, 0, 1,
			    m.ops[k].s[0].p, m.ops[k].s[0].n, sc + offs[k], &e));
		}
		cr_assert(ethosu_weights_pack(&full, ohwi, sc, offs, m.nops, &out,
		    &n, &r, &nr, &e), "%s", e.msg);
		cr_assert_eq(nr, (size_t)m.nops);
		base = m.ops[0].s[0].flash_off;
		for (int k = 0; k < m.nops; k++) {
			cr_assert_eq((long)r[k].scale_offset,
			    m.ops[k].s[0].flash_off - base);
			cr_assert_eq((long)r[k].weight_offset,
			    m.ops[k].w[0].flash_off - base);
		}
		cr_assert_arr_eq(out, m.flash + base, n);
		free(out);
		free(r);
		free(ohwi);
		free(sc);
		vela_close(&m);
	}
	cr_assert_gt(sliced, 0);
}

/* ------------------------------------------ against the original model */

/* The NPU op's view of an original op: OFM channels from c0, and
 * Vela's strided-convolution rewrite of the first layer (the IFM width
 * folded into depth by r, the kernel padded by `left` columns and
 * reshaped), r == 1 for everything else. */
typedef struct View {
	const OrigOp *o;
	int c0, r, left;
} View;

static int
expected_weight(const View *v, int c, int y, int x, int i)
{
	const OrigOp *o = v->o;
	int ox = x * v->r + i / o->i - v->left, oi = i % o->i;
	if (ox < 0 || ox >= o->w)
		return 0; /* filter padding holds the zero point */
	return o->ohwi[(((size_t)(v->c0 + c) * o->h + y) * o->w + ox) * o->i +
	    oi];
}

static bool
weights_match(const View *v, const EthosuWeightGeom *g, const int16_t *w)
{
	int ifm = g->kind == ETHOSU_WEIGHTS_DEPTHWISE ? 1 : g->ifm_depth;
	size_t k = 0;
	for (int c = 0; c < g->ofm_depth; c++)
	for (int y = 0; y < g->kernel_h; y++)
	for (int x = 0; x < g->kernel_w; x++)
	for (int i = 0; i < ifm; i++, k++)
		if (w[k] != expected_weight(v, c, y, x, i))
			return false;
	return true;
}

/* TFLite's QuantizeMultiplier of the same real multiplier gives the
 * record's value: the same pair, except that Vela keeps a rounded-up
 * 2^31 where TFLite halves it, and with a 16-bit IFM and 64-bit bias
 * both round the multiplier to 16 bits (TFLite inside
 * MultiplyByQuantizedMultiplier for int64 accumulators). */
static bool
scale_matches_tflite(const EthosuScale *s, double real, bool reduced)
{
	QMultiplier q = qmath_quantize_multiplier(real);
	int64_t m = s->scale;
	int sh = s->shift;
	if (reduced) {
		int64_t rm = q.multiplier < 0x7fff0000 ?
		    ((int64_t)q.multiplier + (1 << 15)) >> 16 : 0x7fff;
		return m == rm && sh == 31 - q.shift - 16;
	}
	if (m == (int64_t)1 << 31) {
		m >>= 1;
		sh--;
	}
	return m == q.multiplier && sh == 31 - q.shift;
}

static bool
scales_match(const View *v, const EthosuWeightGeom *g, const EthosuScale *s)
{
	for (int c = 0; c < g->ofm_depth; c++) {
		const EthosuScale *x = &v->o->scales[v->c0 + c];
		if (s[c].bias != x->bias || s[c].scale != x->scale ||
		    s[c].shift != x->shift) {
			cr_log_error("channel %d: bias %lld scale %u shift %d, "
			    "expected %lld %u %d", c, (long long)s[c].bias,
			    s[c].scale, s[c].shift, (long long)x->bias,
			    x->scale, x->shift);
			return false;
		}
	}
	return true;
}

/* Finds the original op and channel offset whose weights the NPU op
 * holds; r and left range over the strided-convolution rewrites. A
 * depthwise layer over a one-channel IFM (depth multiplier C) becomes a
 * convolution with the same [C][H][W][1] weights (Vela's
 * convert_depthwise_to_conv). */
static bool
find_view(const OrigOp *ops, int nops, const EthosuWeightGeom *g,
    const int16_t *w, View *v)
{
	for (int k = 0; k < nops; k++) {
		const OrigOp *o = &ops[k];
		bool dw = g->kind == ETHOSU_WEIGHTS_DEPTHWISE;
		int r = dw ? 1 : g->ifm_depth / o->i;
		bool to_conv = o->kind == ETHOSU_WEIGHTS_DEPTHWISE &&
		    g->kind == ETHOSU_WEIGHTS_CONV;
		if ((o->kind != g->kind && !to_conv) || o->h != g->kernel_h ||
		    o->o < g->ofm_depth || r < 1 ||
		    (!dw && g->ifm_depth != r * o->i) ||
		    g->kernel_w * r < o->w)
			continue;
		for (int left = 0; left <= g->kernel_w * r - o->w; left++)
		for (int c0 = 0; c0 + g->ofm_depth <= o->o; c0++) {
			*v = (View){ o, c0, r, left };
			if (weights_match(v, g, w))
				return true;
		}
	}
	return false;
}

/* Checks every NPU op of a compiled model against the original model;
 * every channel of every original weighted op must be seen. */
static void
check_against(const char *vpath, const char *opath)
{
	VelaModel m;
	OrigOp *ops;
	char why[256];
	int nops = orig_load(opath, &ops, why, sizeof(why));
	bool *seen;
	size_t nseen = 0, base = 0;
	cr_assert_geq(nops, 1, "%s: %s", opath, why);
	for (int k = 0; k < nops; k++)
		nseen += (size_t)ops[k].o;
	seen = calloc(nseen, 1);
	cr_assert(vela_open(vpath, &m, why, sizeof(why)), "%s", why);
	for (int k = 0; k < m.nops; k++) {
		EthosuWeightGeom g;
		EthosuWeightError e;
		View v;
		int16_t *w;
		EthosuScale *s;
		cr_assert(ethosu_weight_geom_from_regs(&m.ops[k].regs, &g, &e));
		w = calloc(ethosu_weights_volume(&g), sizeof(*w));
		s = calloc((size_t)g.ofm_depth, sizeof(*s));
		for (int core = 0; core < g.ncores; core++) {
			cr_assert(ethosu_weights_decode(&g, core, m.ops[k].w[core].p,
			    m.ops[k].w[core].n, w, &e));
			cr_assert(ethosu_scales_decode(g.ofm_depth, core, g.ncores,
			    m.ops[k].s[core].p, m.ops[k].s[core].n, s, &e));
		}
		cr_assert(find_view(ops, nops, &g, w, &v), "%s cmd %d: no "
		    "original operator holds these weights", vpath,
		    m.ops[k].cmd);
		cr_assert(scales_match(&v, &g, s), "%s cmd %d: bias/scale "
		    "differ from the original's", vpath, m.ops[k].cmd);
		base = 0;
		for (const OrigOp *o = ops; o != v.o; o++)
			base += (size_t)o->o;
		for (int c = 0; c < g.ofm_depth; c++)
			seen[base + (size_t)v.c0 + (size_t)c] = true;
		free(w);
		free(s);
	}
	for (size_t c = 0; c < nseen; c++)
		cr_assert(seen[c], "%s: original channel %zu never seen", vpath,
		    c);
	free(seen);
	vela_close(&m);
	orig_free(ops, nops);
}

Test(ethosu_vela, weights_and_scales_are_the_original_models)
{
	static const char *checked[] = {
		"conv10", "hello_world_int8", "person_detect",
		"micro_speech_quantized",
	};
	const char *shared = need_shared();
	char vpath[4096], opath[4096];
	for (size_t i = 0; i < sizeof(checked) / sizeof(checked[0]); i++) {
		snprintf(opath, sizeof(opath), "%s/models/%s.tflite", shared,
		    checked[i]);
		for (size_t c = 0; c < NCONFIGS; c++) {
			vela_path(shared, checked[i], configs[c], vpath,
			    sizeof(vpath));
			check_against(vpath, opath);
		}
	}
	vela_path(shared, "person_detect", NULL, vpath, sizeof(vpath));
	snprintf(opath, sizeof(opath), "%s/models/person_detect.tflite",
	    shared);
	check_against(vpath, opath);
}

/* The multipliers Vela derives (and the streams hold, see above) are
 * TFLite's QuantizeMultiplier of in_scale * w_scale / out_scale. */
Test(ethosu_vela, original_scales_are_tflite_multipliers)
{
	static const char *checked[] = {
		"conv10", "hello_world_int8", "person_detect",
		"micro_speech_quantized",
	};
	const char *shared = need_shared();
	char opath[4096], why[256];
	int checks = 0;
	for (size_t i = 0; i < sizeof(checked) / sizeof(checked[0]); i++) {
		OrigOp *ops;
		int n;
		snprintf(opath, sizeof(opath), "%s/models/%s.tflite", shared,
		    checked[i]);
		n = orig_load(opath, &ops, why, sizeof(why));
		cr_assert_gt(n, 0, "%s", why);
		for (int k = 0; k < n; k++) {
			for (int c = 0; c < ops[k].o; c++, checks++)
				cr_assert(scale_matches_tflite(&ops[k].scales[c],
				    ops[k].real[c], ops[k].reduced),
				    "%s op %d channel %d", opath, k, c);
		}
		orig_free(ops, n);
	}
	cr_assert_gt(checks, 100);
}
