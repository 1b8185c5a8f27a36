/* targets/ethos_u/simconv.c: the simulator's convolution and depthwise
 * operations: the weight and bias/scale streams decoded through
 * weights.h, then a direct 64-bit accumulation per output element and
 * the per-channel output stage. */
#include <stdlib.h>
#include <string.h>

#include "targets/ethos_u/simops.h"
#include "targets/ethos_u/weights.h"

/* The 16-bit parameter of a register as set (KERNEL_STRIDE's bits). */
static uint32_t
reg_param(const Sim *s, unsigned id)
{
	uint8_t w[8];
	if (!s->set[id])
		return 0;
	ethosu_cmd_encode(&s->reg[id], w);
	return (uint32_t)w[2] | (uint32_t)w[3] << 8;
}

/* One core's weight and scale streams: their bytes, bounds-checked. */
typedef struct Streams {
	const uint8_t *w, *sc;
	size_t nw, nsc;
} Streams;

static bool
core_streams(Sim *s, int core, Streams *st)
{
	unsigned wb = core ? ETHOSU_SET_WEIGHT1_BASE : ETHOSU_SET_WEIGHT_BASE;
	unsigned wl = core ? ETHOSU_SET_WEIGHT1_LENGTH :
	    ETHOSU_SET_WEIGHT_LENGTH;
	unsigned sb = core ? ETHOSU_SET_SCALE1_BASE : ETHOSU_SET_SCALE_BASE;
	unsigned sl = core ? ETHOSU_SET_SCALE1_LENGTH :
	    ETHOSU_SET_SCALE_LENGTH;
	uint8_t *wm, *sm;
	size_t wsize, ssize;
	uint64_t wa = sim_addr(s, wb), sa = sim_addr(s, sb);
	uint64_t wn = (uint64_t)sim_reg(s, wl, "length");
	uint64_t sn = (uint64_t)sim_reg(s, sl, "length");
	if (!sim_region(s, (int)sim_reg(s, ETHOSU_SET_WEIGHT_REGION,
	    "region"), "the weight stream", &wm, &wsize) ||
	    !sim_region(s, (int)sim_reg(s, ETHOSU_SET_SCALE_REGION, "region"),
	    "the scale stream", &sm, &ssize) ||
	    !sim_range(s, "the weight stream", wa, wn, wsize) ||
	    !sim_range(s, "the scale stream", sa, sn, ssize))
		return false;
	st->w = wm + wa;
	st->nw = (size_t)wn;
	st->sc = sm + sa;
	st->nsc = (size_t)sn;
	return true;
}

/* Decodes every core's streams into ohwi and scales. */
static bool
decode_weights(Sim *s, const EthosuWeightGeom *g, int16_t *ohwi,
    EthosuScale *scales)
{
	for (int core = 0; core < g->ncores; core++) {
		Streams st;
		EthosuWeightError e;
		/* The checking pass checks the ranges only: a stream in the
		 * scratch arena is only there once a DMA brought it. A
		 * corrupt one is reported when the operation runs (the op
		 * then gives no result). */
		if (!core_streams(s, core, &st))
			return false;
		if (!s->exec)
			continue;
		if (!ethosu_weights_decode(g, core, st.w, st.nw, ohwi, &e))
			return sim_fail(s, "weight stream of core %d: %s", core,
			    e.msg);
		if (!ethosu_scales_decode(g->ofm_depth, core, g->ncores, st.sc,
		    st.nsc, scales, &e))
			return sim_fail(s, "scale stream of core %d: %s", core,
			    e.msg);
	}
	return true;
}

static bool
weight_geom(Sim *s, bool dw, const Fm *in, EthosuWeightGeom *g)
{
	EthosuWeightRegs r = {
		.kind = dw ? ETHOSU_WEIGHTS_DEPTHWISE : ETHOSU_WEIGHTS_CONV,
		.ifm_depth_m1 = (uint32_t)sim_reg(s, ETHOSU_SET_IFM_DEPTH_M1,
		    "depth_m1"),
		.ofm_depth_m1 = (uint32_t)sim_reg(s, ETHOSU_SET_OFM_DEPTH_M1,
		    "depth_m1"),
		.kernel_width_m1 = (uint32_t)sim_reg(s,
		    ETHOSU_SET_KERNEL_WIDTH_M1, "width_m1"),
		.kernel_height_m1 = (uint32_t)sim_reg(s,
		    ETHOSU_SET_KERNEL_HEIGHT_M1, "height_m1"),
		.kernel_stride = reg_param(s, ETHOSU_SET_KERNEL_STRIDE),
		.ofm_blk_depth_m1 = (uint32_t)sim_reg(s,
		    ETHOSU_SET_OFM_BLK_DEPTH_M1, "depth_m1"),
		.ifm_bits = 8 * in->bytes,
		.macs = (int)s->macs,
		/* A second core's stream is what makes an op dual-core. */
		.ncores = sim_reg(s, ETHOSU_SET_WEIGHT1_LENGTH, "length") ? 2 :
		    1,
	};
	EthosuWeightError e;
	if (!ethosu_weight_geom_from_regs(&r, g, &e) ||
	    !ethosu_weight_geom_check(g, &e))
		return sim_fail(s, "weights: %s", e.msg);
	return true;
}

/* One output element's accumulator: bias + sum (x - zp) * w. */
static int64_t
conv_one(const Fm *in, const Window *w, const int16_t *ohwi, bool dw,
    int oy, int ox, int oc)
{
	int64_t acc = 0;
	int ic = dw ? 1 : in->c;
	for (int ky = 0; ky < w->kh; ky++) {
		int iy = oy * w->sy + ky * w->dy - w->pt;
		if (iy < 0 || iy >= w->ih)
			continue;
		for (int kx = 0; kx < w->kw; kx++) {
			int ix = ox * w->sx + kx * w->dx - w->pl;
			if (ix < 0 || ix >= w->iw)
				continue;
			/* An inserted zero adds nothing; an upscaled
			 * position reads its stored element (win_in, hoisted
			 * out of the channel loop). */
			if (w->up == 2 && ((iy | ix) & 1))
				continue;
			int y = w->up ? iy / 2 : iy, x = w->up ? ix / 2 : ix;
			const int16_t *wp = ohwi + (((size_t)oc * w->kh + ky) *
			    w->kw + kx) * ic;
			if (dw) {
				acc += (fm_get(in, y, x, oc) - in->zp) * wp[0];
				continue;
			}
			for (int c = 0; c < ic; c++)
				acc += (fm_get(in, y, x, c) - in->zp) * wp[c];
		}
	}
	return acc;
}

bool
sim_op_conv(Sim *s, bool dw)
{
	Window w;
	Fm in, out;
	OutStage st;
	EthosuWeightGeom g;
	if (!sim_window(s, &w))
		return false;
	int ic = dw ? w.oc : (int)sim_reg(s, ETHOSU_SET_IFM_DEPTH_M1,
	    "depth_m1") + 1;
	if (!fm_load(s, 0, w.fh, w.fw, ic, &in) ||
	    !fm_load(s, 2, w.oh, w.ow, w.oc, &out) ||
	    !out_stage_load(s, &out, &st) || !weight_geom(s, dw, &in, &g))
		return false;
	if (g.kernel_h != w.kh || g.kernel_w != w.kw || g.ofm_depth != w.oc)
		return sim_fail(s, "weight geometry disagrees with the window");
	size_t nw = ethosu_weights_volume(&g);
	uint64_t macs = (uint64_t)w.oc * (uint64_t)(dw ? 1 : ic);
	if (!sim_work(s, (uint64_t)w.oh * (uint64_t)w.ow, macs,
	    (uint64_t)w.kh * (uint64_t)w.kw) || !sim_work(s, nw, 1, 1))
		return false;
	int16_t *ohwi = calloc(nw ? nw : 1, sizeof(int16_t));
	EthosuScale *sc = calloc((size_t)w.oc, sizeof(EthosuScale));
	if (!ohwi || !sc)
		ir_unreachable("out of memory for weights");
	bool ok = decode_weights(s, &g, ohwi, sc);
	int round = (int)sim_reg(s, ETHOSU_SET_OFM_PRECISION, "round_mode");
	for (int y = 0; ok && s->exec && y < w.oh; y++)
		for (int x = 0; x < w.ow; x++)
			for (int c = 0; c < w.oc; c++) {
				int64_t acc = conv_one(&in, &w, ohwi, dw, y, x,
				    c) + sc[c].bias;
				int64_t v = sim_scale(acc, sc[c].scale,
				    sc[c].shift, round);
				fm_put(&out, y, x, c, out_stage(&st, v));
			}
	free(ohwi);
	free(sc);
	return ok;
}
