/* targets/ethos_u/simops.c: the simulator's pooling and elementwise
 * operations and the window geometry they share with convolutions. */
#include <string.h>

#include "targets/ethos_u/simops.h"

bool
sim_window(Sim *s, Window *w)
{
	memset(w, 0, sizeof(*w));
	w->oh = (int)sim_reg(s, ETHOSU_SET_OFM_HEIGHT_M1, "height_m1") + 1;
	w->ow = (int)sim_reg(s, ETHOSU_SET_OFM_WIDTH_M1, "width_m1") + 1;
	w->oc = (int)sim_reg(s, ETHOSU_SET_OFM_DEPTH_M1, "depth_m1") + 1;
	unsigned ks = ETHOSU_SET_KERNEL_STRIDE;
	w->sx = (int)(sim_reg(s, ks, "stride_x_lsb") +
	    2 * sim_reg(s, ks, "stride_x_msb")) + 1;
	w->sy = (int)(sim_reg(s, ks, "stride_y_lsb") +
	    2 * sim_reg(s, ks, "stride_y_msb")) + 1;
	w->dx = (int)sim_reg(s, ks, "dilation_x") + 1;
	w->dy = (int)sim_reg(s, ks, "dilation_y") + 1;
	/* The kernel registers hold the dilated size. */
	int kw = (int)sim_reg(s, ETHOSU_SET_KERNEL_WIDTH_M1, "width_m1") + 1;
	int kh = (int)sim_reg(s, ETHOSU_SET_KERNEL_HEIGHT_M1, "height_m1") +
	    1;
	if ((kw - 1) % w->dx || (kh - 1) % w->dy)
		return sim_fail(s, "kernel %dx%d does not match dilation "
		    "%dx%d", kh, kw, w->dy, w->dx);
	w->kw = (kw - 1) / w->dx + 1;
	w->kh = (kh - 1) / w->dy + 1;
	w->pt = (int)sim_reg(s, ETHOSU_SET_IFM_PAD_TOP, "pad");
	w->pl = (int)sim_reg(s, ETHOSU_SET_IFM_PAD_LEFT, "pad");
	w->pb = (int)sim_reg(s, ETHOSU_SET_IFM_PAD_BOTTOM, "pad");
	w->pr = (int)sim_reg(s, ETHOSU_SET_IFM_PAD_RIGHT, "pad");
	/* The hardware reads the rows and columns the OFM needs; those in
	 * the bottom and right padding are not read. */
	w->ih = (w->oh - 1) * w->sy + kh - w->pt - w->pb;
	w->iw = (w->ow - 1) * w->sx + kw - w->pl - w->pr;
	if (w->ih <= 0 || w->iw <= 0)
		return sim_fail(s, "the padding leaves no IFM to read (%dx%d)",
		    w->ih, w->iw);
	/* Upscaling doubles the IFM in height and width before the
	 * window reads it (Vela: resize by 2, transpose convolution). */
	w->up = (int)sim_reg(s, ETHOSU_SET_IFM_UPSCALE, "mode");
	if (w->up > 2)
		return sim_fail(s, "IFM upscale mode %d is unknown", w->up);
	w->fh = w->up ? (w->ih + 1) / 2 : w->ih;
	w->fw = w->up ? (w->iw + 1) / 2 : w->iw;
	return true;
}

/* ------------------------------------------------------------ pooling */

/* One output element: max over the window, or its sum; REDUCE_SUM also
 * sums every IFM channel into its single OFM channel. */
static int64_t
pool_one(const Fm *in, const Window *w, int mode, int oy, int ox, int c)
{
	if (mode == 2) {
		int64_t acc = 0;
		for (int k = 0; k < in->c; k++)
			acc += pool_one(in, w, 1, oy, ox, k);
		return acc;
	}
	int64_t acc = mode == 0 ? INT64_MIN : 0;
	for (int ky = 0; ky < w->kh; ky++) {
		int iy = oy * w->sy + ky * w->dy - w->pt;
		if (iy < 0 || iy >= w->ih)
			continue;
		for (int kx = 0; kx < w->kw; kx++) {
			int ix = ox * w->sx + kx * w->dx - w->pl;
			if (ix < 0 || ix >= w->iw)
				continue;
			int64_t v = win_in(in, w, iy, ix, c);
			if (mode == 0)
				acc = v > acc ? v : acc;
			else
				acc += v;
		}
	}
	return acc == INT64_MIN ? 0 : acc;
}

bool
sim_op_pool(Sim *s)
{
	Window w;
	Fm in, out;
	OutStage st;
	int mode = (int)sim_reg(s, ETHOSU_OP_POOL, "pooling_mode");
	if (mode > 2)
		return sim_fail(s, "pooling mode %d is unknown", mode);
	if (!sim_window(s, &w))
		return false;
	int ic = mode == 2 ? (int)sim_reg(s, ETHOSU_SET_IFM_DEPTH_M1,
	    "depth_m1") + 1 : w.oc;
	if (mode == 2 && w.oc != 1)
		return sim_fail(s, "REDUCE_SUM writes %d channels, not 1",
		    w.oc);
	if (!sim_work(s, (uint64_t)w.oh * (uint64_t)w.ow, (uint64_t)w.oc *
	    (uint64_t)ic, (uint64_t)w.kh * (uint64_t)w.kw) ||
	    !fm_load(s, 0, w.fh, w.fw, ic, &in) ||
	    !fm_load(s, 2, w.oh, w.ow, w.oc, &out) ||
	    !out_stage_load(s, &out, &st))
		return false;
	if (!s->exec)
		return true;
	int64_t scale = sim_reg(s, ETHOSU_SET_OFM_SCALE, "scale");
	int shift = (int)sim_reg(s, ETHOSU_SET_OFM_SCALE, "shift");
	int round = (int)sim_reg(s, ETHOSU_SET_OFM_PRECISION, "round_mode");
	for (int y = 0; y < w.oh; y++)
		for (int x = 0; x < w.ow; x++)
			for (int c = 0; c < w.oc; c++) {
				int64_t v = pool_one(&in, &w, mode, y, x, c);
				/* Max pooling passes values through; sums
				 * and averages are scaled. */
				if (mode != 0)
					v = sim_scale(v, in.bytes == 4 ? 1 :
					    scale, shift, round);
				fm_put(&out, y, x, c, out_stage(&st, v));
			}
	return true;
}

/* ------------------------------------------------------------ elementwise */

enum { EW_MUL, EW_ADD, EW_SUB, EW_MIN, EW_MAX, EW_LRELU, EW_ABS, EW_CLZ,
	EW_SHR, EW_SHL };

/* What an elementwise op reads besides its feature maps. */
typedef struct Ew {
	int mode;
	bool unary, scalar, bh, bw, bc, reversed;
	int64_t scalar_v, scalar_zp;
	int scale_mode, ifm_round, ofm_round, in_shift;
	int64_t opa, opb, ofm_scale;
	int opa_shift, ofm_shift;
	bool wide;                    /* 32-bit IFM: the OFM scale is not
	                                 applied, its shift is */
} Ew;

static int64_t
clz32(int64_t a)
{
	uint32_t v = (uint32_t)a;
	int n = 0;
	if (!v)
		return 32;
	while (!(v & 0x80000000u)) {
		v <<= 1;
		n++;
	}
	return n;
}

/* Scales the operands of an add or sub: OPA_OPB_16 multiplies both by
 * their 16-bit scales; OPA_32 / OPB_32 rescale one operand by the 32-bit
 * scale and shift and give the other the factor 2^(input shift - 1) that
 * Vela's advanced add/sub scaling folds into the OFM scale. */
static void
add_scale(const Ew *e, int64_t *a, int64_t *b)
{
	if (e->scale_mode == 0) {
		*a *= e->opa;
		*b *= e->opb;
	} else if (e->scale_mode == 1) {
		*a = sim_scale(*a, e->opa, e->opa_shift, e->ifm_round);
		*b *= (int64_t)1 << (e->in_shift - 1);
	} else {
		*b = sim_scale(*b, e->opa, e->opa_shift, e->ifm_round);
		*a *= (int64_t)1 << (e->in_shift - 1);
	}
}

/* a op b before the OFM scaling; *scaled says whether to scale. */
static int64_t
ew_compute(const Ew *e, int64_t a, int64_t b, bool *scaled)
{
	*scaled = true;
	switch (e->mode) {
	case EW_MUL:
		return a * b;
	case EW_ADD:
	case EW_SUB:
		add_scale(e, &a, &b);
		return e->mode == EW_ADD ? a + b : a - b;
	case EW_MIN:
		return a < b ? a : b;
	case EW_MAX:
		return a > b ? a : b;
	case EW_ABS:
		return a < 0 ? -a : a;
	case EW_CLZ:
		*scaled = false;
		return clz32(a);
	case EW_SHL:
		*scaled = false;
		return b >= 32 || b < 0 ? 0 : (int64_t)((uint64_t)a << b);
	default: /* EW_SHR */
		*scaled = false;
		if (b <= 0)
			return a;
		if (b > 62)
			b = 62;
		return e->ofm_round == ETHOSU_ROUND_NATURAL ?
		    (a + ((int64_t)1 << (b - 1))) >> b :
		    e->ofm_round == ETHOSU_ROUND_DBL ?
		    sim_scale(a, 1, (int)b, ETHOSU_ROUND_DBL) : a >> b;
	}
}

static bool
ew_load(Sim *s, const Fm *in, Ew *e)
{
	memset(e, 0, sizeof(*e));
	e->mode = (int)sim_reg(s, ETHOSU_OP_ELEMENTWISE, "elementwise_mode");
	if (e->mode > EW_SHL)
		return sim_fail(s, "elementwise mode %d is unknown", e->mode);
	if (e->mode == EW_LRELU)
		return sim_fail(s, "LRELU is not supported");
	e->unary = e->mode == EW_ABS || e->mode == EW_LRELU;
	unsigned bc = ETHOSU_SET_IFM2_BROADCAST;
	e->scalar = sim_reg(s, bc, "broadcast_constant") != 0;
	e->bh = sim_reg(s, bc, "broadcast_h") != 0;
	e->bw = sim_reg(s, bc, "broadcast_w") != 0;
	e->bc = sim_reg(s, bc, "broadcast_c") != 0;
	e->reversed = sim_reg(s, bc, "operand_order") != 0;
	e->scalar_v = sim_reg(s, ETHOSU_SET_IFM2_SCALAR, "scalar");
	e->scalar_zp = sim_reg(s, ETHOSU_SET_IFM2_ZERO_POINT, "zero_point");
	e->scale_mode = (int)sim_reg(s, ETHOSU_SET_IFM_PRECISION,
	    "scale_mode");
	e->ifm_round = (int)sim_reg(s, ETHOSU_SET_IFM_PRECISION,
	    "round_mode");
	e->ofm_round = (int)sim_reg(s, ETHOSU_SET_OFM_PRECISION,
	    "round_mode");
	e->in_shift = in->bytes == 1 ? 20 : 15;
	e->opa = sim_reg(s, ETHOSU_SET_OPA_SCALE, "scale");
	e->opa_shift = (int)sim_reg(s, ETHOSU_SET_OPA_SCALE, "shift");
	e->opb = sim_reg(s, ETHOSU_SET_OPB_SCALE, "scale");
	e->ofm_scale = sim_reg(s, ETHOSU_SET_OFM_SCALE, "scale");
	e->ofm_shift = (int)sim_reg(s, ETHOSU_SET_OFM_SCALE, "shift");
	e->wide = in->bytes == 4;
	if (e->scale_mode > 2)
		return sim_fail(s, "IFM scale mode %d is unknown",
		    e->scale_mode);
	return true;
}

bool
sim_op_elementwise(Sim *s)
{
	int oh = (int)sim_reg(s, ETHOSU_SET_OFM_HEIGHT_M1, "height_m1") + 1;
	int ow = (int)sim_reg(s, ETHOSU_SET_OFM_WIDTH_M1, "width_m1") + 1;
	int oc = (int)sim_reg(s, ETHOSU_SET_OFM_DEPTH_M1, "depth_m1") + 1;
	Fm in, in2, out;
	OutStage st;
	Ew e;
	memset(&in2, 0, sizeof(in2));
	if (!sim_work(s, (uint64_t)oh, (uint64_t)ow, (uint64_t)oc) ||
	    !fm_load(s, 0, oh, ow, oc, &in) || !ew_load(s, &in, &e))
		return false;
	if (!e.unary && !e.scalar && !fm_load(s, 1, e.bh ? 1 : oh,
	    e.bw ? 1 : ow, e.bc ? 1 : oc, &in2))
		return false;
	if (!fm_load(s, 2, oh, ow, oc, &out) || !out_stage_load(s, &out, &st))
		return false;
	if (!s->exec)
		return true;
	for (int y = 0; y < oh; y++)
		for (int x = 0; x < ow; x++)
			for (int c = 0; c < oc; c++) {
				int64_t a = fm_get(&in, y, x, c) - in.zp, b = 0;
				if (e.scalar)
					b = e.scalar_v - e.scalar_zp;
				else if (!e.unary)
					b = fm_get(&in2, e.bh ? 0 : y,
					    e.bw ? 0 : x, e.bc ? 0 : c) -
					    in2.zp;
				if (e.reversed) {
					int64_t t = a;
					a = b;
					b = t;
				}
				bool scaled;
				int64_t v = ew_compute(&e, a, b, &scaled);
				if (scaled)
					v = sim_scale(v, e.wide ? 1 :
					    e.ofm_scale, e.ofm_shift,
					    e.ofm_round);
				fm_put(&out, y, x, c, out_stage(&st, v));
			}
	return true;
}
