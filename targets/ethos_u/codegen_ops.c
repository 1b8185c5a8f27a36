/* targets/ethos_u/codegen_ops.c: ethos-u-codegen's per-op preparation:
 * the register values, weights, tables and constant maps of each npu op
 * the generator takes (one or more NPU operations each), and the checks
 * that keep every emitted operation exact. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "dialects/dialect.h"
#include "dialects/graph/kernel.h"
#include "interp/qmath.h"
#include "interp/tensor.h"
#include "targets/ethos_u/codegen.h"
#include "targets/ethos_u/simops.h"

/* Feature maps larger than this do not fit the 16-bit size registers. */
#define CG_MAX_DIM 65536

/* ------------------------------------------------------------ types */

static const IrType *
elem_of(const IrValue *v)
{
	const IrType *e = v->type->u.shaped.elem;
	return e->kind == IR_TYPE_QUANT ? e->u.quant.storage : e;
}

static bool
elem_signed(const IrValue *v)
{
	const IrType *e = v->type->u.shaped.elem;
	if (e->kind == IR_TYPE_QUANT)
		return e->u.quant.is_signed;
	return e->u.integer.sign != IR_UNSIGNED;
}

/* Is v a static ranked tensor of 8/16/32-bit integers (quantized or
 * not)? */
static bool
static_int(const IrValue *v)
{
	const IrType *t = v->type;
	if (t->kind != IR_TYPE_TENSOR || t->u.shaped.rank < 0 ||
	    ir_type_num_elements(t) < 0)
		return false;
	const IrType *e = elem_of(v);
	return e->kind == IR_TYPE_INTEGER && (e->u.integer.width == 8 ||
	    e->u.integer.width == 16 || e->u.integer.width == 32);
}

/* The map of v as the NPU sees it: NHWC, leading dims folded into H
 * (a batch runs as taller rows, right for maps read element by
 * element; windowed ops check N == 1 themselves). */
void
cg_fm_of(const IrValue *v, CgFm *f)
{
	const IrType *t = v->type;
	int64_t r = t->u.shaped.rank, d[4] = { 1, 1, 1, 1 };
	for (int64_t i = 0; i < r; i++) {
		int64_t slot = 4 - r + i;
		d[slot < 0 ? 0 : slot] *= t->u.shaped.dims[i];
	}
	memset(f, 0, sizeof *f);
	f->h = d[0] * d[1];
	f->w = d[2];
	f->c = d[3];
	f->bits = (int)elem_of(v)->u.integer.width;
	f->sign = elem_signed(v);
	f->region = 1;
}

static int64_t
int_attr(const IrOp *op, const char *name, int64_t def)
{
	const IrAttr *a = ir_op_attr(op, name);
	return a && a->kind == IR_ATTR_INTEGER ? a->u.integer.value : def;
}

static int64_t
list_attr(const IrOp *op, const char *name, int i, int64_t def)
{
	int64_t v[2] = { def, def };
	if (ir_op_attr(op, name))
		dialect_get_ints(op->name->def, op->attrs, name, v, 2);
	return v[i];
}

/* The output clamp: the storage range narrowed by act_min/act_max, and
 * to the 16 bits the registers hold. */
static void
act_range(const IrOp *op, const CgFm *o, int64_t *lo, int64_t *hi)
{
	*lo = o->sign ? -((int64_t)1 << (o->bits - 1)) : 0;
	*hi = o->sign ? ((int64_t)1 << (o->bits - 1)) - 1 :
	    ((int64_t)1 << o->bits) - 1;
	int64_t a = op ? int_attr(op, "act_min", *lo) : *lo;
	int64_t b = op ? int_attr(op, "act_max", *hi) : *hi;
	*lo = a > *lo ? a : *lo;
	*hi = b < *hi ? b : *hi;
	if (*lo < -32768)
		*lo = -32768;
	if (*hi > 32767)
		*hi = 32767;
}

/* The output stage of an op with one output multiplier: zero point,
 * scale and shift (false when the shift is out of the register's
 * range), rounding and clamp. */
static bool
output_stage(const Cg *g, const IrOp *op, CgNpuOp *n)
{
	n->ofm.zp = int_attr(op, "output_zp", 0);
	int64_t om = int_attr(op, "output_multiplier", 1 << 30);
	int64_t os = int_attr(op, "output_shift", 1);
	if (31 - os < 1 || 31 - os > 62)
		return false;
	n->ofm_scale = (uint32_t)om;
	n->ofm_shift = (int)(31 - os);
	n->round = g->dbl ? ETHOSU_ROUND_DBL : ETHOSU_ROUND_NATURAL;
	act_range(op, &n->ofm, &n->act_min, &n->act_max);
	return true;
}

/* The constant behind v (graph.constant's dense value) as a tensor, or
 * NULL. */
static IrTensor *
constant_of(IrValue *v)
{
	IrOp *d = ir_value_def_op(v);
	if (!d || !ir_op_is(d, "graph.constant"))
		return NULL;
	const IrAttr *a = ir_op_attr(d, "value");
	if (!a || a->kind != IR_ATTR_DENSE || !ir_tensor_type_ok(v->type))
		return NULL;
	return ir_tensor_from_dense(v->type, a);
}

static bool
is_constant(IrValue *v)
{
	IrOp *d = ir_value_def_op(v);
	return d && ir_op_is(d, "graph.constant");
}

/* ------------------------------------------------------------ preparing */

/* Why op stays off the stream (for the debug listing), or a hard error
 * (reported, *fatal set) for a map the NPU could run but that cannot be
 * placed. */
static bool
placeable(IrOp *op, IrValue *v, bool *fatal)
{
	const IrType *t = v->type;
	if (t->kind == IR_TYPE_TENSOR && (t->u.shaped.rank < 0 ||
	    ir_type_num_elements(t) < 0)) {
		ir_op_emit_error(op, "cannot place a feature map of dynamic "
		    "shape in the Ethos-U scratch arena");
		*fatal = true;
		return false;
	}
	if (!static_int(v))
		return false;
	CgFm f;
	cg_fm_of(v, &f);
	int64_t bytes = ir_tensor_type_bytes(t);
	if (f.h > CG_MAX_DIM || f.w > CG_MAX_DIM || f.c > CG_MAX_DIM ||
	    bytes < 0 || bytes >= CG_MAX_BYTES) {
		ir_op_emit_error(op, "feature map %lldx%lldx%lld (%lld bytes) "
		    "exceeds the Ethos-U limits (65536 per dimension, 2 GiB)",
		    (long long)f.h, (long long)f.w, (long long)f.c,
		    (long long)bytes);
		*fatal = true;
		return false;
	}
	return true;
}

/* The NPU query perf.c chooses a block configuration from. */
static void
query_of(const CgNpuOp *n, EthosUBlock block, EthosUQuery *q)
{
	memset(q, 0, sizeof *q);
	q->block = block;
	q->act = ETHOS_U_ACT_NONE;
	q->ifm = (EthosUFm){ { 1, n->ifm.h, n->ifm.w, n->ifm.c },
	    n->ifm.bits, ETHOS_U_NHWC, ETHOS_U_SRAM };
	q->ofm = (EthosUFm){ { 1, n->ofm.h, n->ofm.w, n->ofm.c },
	    n->ofm.bits, ETHOS_U_NHWC, ETHOS_U_SRAM };
	if (n->has_ifm2) {
		q->has_ifm2 = true;
		q->ifm2 = (EthosUFm){ { 1, n->ifm2.h, n->ifm2.w, n->ifm2.c },
		    n->ifm2.bits, ETHOS_U_NHWC, ETHOS_U_SRAM };
	}
	q->kernel_h = n->windowed ? n->kh : 1;
	q->kernel_w = n->windowed ? n->kw : 1;
	q->stride_h = n->windowed ? n->sh : 1;
	q->stride_w = n->windowed ? n->sw : 1;
	q->dilation_h = n->windowed ? n->dh : 1;
	q->dilation_w = n->windowed ? n->dw : 1;
}

/* Block configuration and SHRAM layout. */
static bool
choose_block(Cg *g, CgNpuOp *n, EthosUQuery *q)
{
	if (!ethos_u_find_block_config(&g->t, q, &n->cfg))
		return false;
	n->q = *q;
	return cg_shram_layout(&g->t, q, n);
}

/* Window registers of a conv or pool: strides 1-3, dilation 1-2,
 * padding 0-127 (what the registers hold). */
static bool
window_of(IrOp *op, CgNpuOp *n)
{
	n->windowed = true;
	n->sh = (int)list_attr(op, "strides", 0, 1);
	n->sw = (int)list_attr(op, "strides", 1, 1);
	n->dh = (int)list_attr(op, "dilations", 0, 1);
	n->dw = (int)list_attr(op, "dilations", 1, 1);
	if (n->sh > 3 || n->sw > 3 || n->dh > 2 || n->dw > 2 || n->kh > 64 ||
	    n->kw > 64)
		return false;
	n->pt = (int)graph_pad_before(op, 0, n->ifm.h, n->kh, n->sh, n->dh);
	n->pl = (int)graph_pad_before(op, 1, n->ifm.w, n->kw, n->sw, n->dw);
	/* Bottom and right padding: what the last window needs beyond the
	 * map (rows past it that no window reads are not padding). */
	int64_t need_h = (n->ofm.h - 1) * n->sh + n->dh * (n->kh - 1) + 1;
	int64_t need_w = (n->ofm.w - 1) * n->sw + n->dw * (n->kw - 1) + 1;
	int64_t pb = need_h - n->pt - n->ifm.h, pr = need_w - n->pl -
	    n->ifm.w;
	n->pb = pb > 0 ? (int)pb : 0;
	n->pr = pr > 0 ? (int)pr : 0;
	return n->pt >= 0 && n->pl >= 0 && n->pt < 128 && n->pl < 128 &&
	    n->pb < 128 && n->pr < 128;
}

/* The per-channel records of a MAC op: bias and its requantization as
 * the output stage applies it. int8 inputs: the Q31 multiplier and
 * shift 31 - s; int16 inputs: TFLite's reduced 16-bit multiplier and
 * shift 15 - s, rounded naturally (its int16 path). */
static bool
scales_of(Cg *g, IrOp *op, int64_t oc, IrTensor *bias, CgNpuOp *n,
    EthosuScale *sc)
{
	const IrAttr *ma = ir_op_attr(op, "multiplier");
	const IrAttr *sa = ir_op_attr(op, "shift");
	if (!ma || !sa || ma->kind != IR_ATTR_DENSE || sa->kind !=
	    IR_ATTR_DENSE)
		return false;
	IrTensor *m = ir_tensor_from_dense(ma->u.dense.type, ma);
	IrTensor *s = ir_tensor_from_dense(sa->u.dense.type, sa);
	bool ok = m && s && (m->n == 1 || m->n == oc) && (s->n == 1 ||
	    s->n == oc);
	bool wide = n->ifm.bits == 16;
	n->round = wide || !g->dbl ? ETHOSU_ROUND_NATURAL : ETHOSU_ROUND_DBL;
	for (int64_t c = 0; ok && c < oc; c++) {
		int64_t mul = ir_tensor_get_int(m, m->n == 1 ? 0 : c);
		int64_t sh = ir_tensor_get_int(s, s->n == 1 ? 0 : c);
		int64_t shift = (wide ? 15 : 31) - sh;
		if (wide)
			mul = mul < 0x7FFF0000 ? (mul + (1 << 15)) >> 16 :
			    0x7FFF;
		if (mul < 0 || mul > UINT32_MAX || shift < 1 || shift > 62)
			ok = false;
		sc[c].scale = (uint32_t)mul;
		sc[c].shift = (uint8_t)shift;
		sc[c].bias = bias ? ir_tensor_get_int(bias, c) : 0;
		/* The record's 40 bits (ethosu_scale_pack): checked here,
		 * as the packing runs later on a worker thread. */
		if (sc[c].bias < -((int64_t)1 << 39) || sc[c].bias >=
		    (int64_t)1 << 39)
			ok = false;
	}
	if (m)
		ir_tensor_release(m);
	if (s)
		ir_tensor_release(s);
	return ok;
}

/* The geometry the weights are packed with (one depth slice, each
 * core's records then its stream, as Vela lays them out); the packing
 * itself is a job for the thread pool, run when the run is flushed
 * (cg_pack_pending), so p keeps ohwi and the scales until then. */
static bool
pack_weights(Cg *g, CgPrep *p, EthosuWeightKind kind, int ifm_depth)
{
	CgNpuOp *n = &p->n;
	EthosuWeightGeom geom = {
		.kind = kind,
		.part_kernel = n->part_kernel,
		.ofm_depth = (int)n->ofm.c,
		.ifm_depth = kind == ETHOSU_WEIGHTS_DEPTHWISE ? 1 : ifm_depth,
		.kernel_h = n->kh,
		.kernel_w = n->kw,
		.dilation_x = n->dw,
		.dilation_y = n->dh,
		.ofm_block_depth = (int)n->cfg.ofm_block.c,
		.ifm_bits = n->ifm.bits,
	};
	EthosuWeightError e;
	if (!ethosu_weight_geom_set_accel(&geom, (int)g->t.macs,
	    (int)g->t.cores) || !ethosu_weight_geom_check(&geom, &e))
		return false;
	p->geom = geom;
	p->packing = true;
	return true;
}

/* Is the element type of a weight tensor read as unsigned integers?
 * (ir_tensor_get_int's reading: a quantized type says so itself.) */
static bool
unsigned_elems(const IrType *e)
{
	if (e->kind == IR_TYPE_QUANT)
		return !e->u.quant.is_signed;
	return e->kind == IR_TYPE_INTEGER && (e->u.integer.sign ==
	    IR_UNSIGNED || e->u.integer.width == 1);
}

/* Where the weights of wv (a graph.constant of 8-bit integers, shape
 * OHWI, or 1HWO for a depthwise conv) are, read minus wzp as the encoder
 * wants them (OHWI; depthwise OHW1): the dense attribute's own bytes
 * (borrowed from the mapped model), which the packing reads in place
 * (no copy of the weights, no call per element). False when wv is no
 * such constant or a value leaves the encoder's -255..255, so the op
 * stays off the stream before anything is encoded. */
static bool
weight_src(IrValue *wv, int64_t wzp, bool dw, size_t oc, size_t hw,
    size_t ic, EthosuWeightSrc *src)
{
	IrOp *d = ir_value_def_op(wv);
	const IrAttr *a = d && ir_op_is(d, "graph.constant") ?
	    ir_op_attr(d, "value") : NULL;
	const IrType *e = wv->type->u.shaped.elem;
	size_t vol = oc * hw * ic;
	if (!a || a->kind != IR_ATTR_DENSE || !ir_tensor_type_ok(wv->type) ||
	    ir_tensor_elem_bytes(e) != 1 || (e->kind != IR_TYPE_QUANT &&
	    e->kind != IR_TYPE_INTEGER))
		return false;
	bool splat = a->u.dense.splat && a->u.dense.size == 1;
	if (!splat && a->u.dense.size != vol)
		return false;
	/* So far off that no weight is in range (and 16 bits could wrap). */
	if (wzp < -1024 || wzp > 1024)
		return false;
	*src = (EthosuWeightSrc){
		.data = a->u.dense.data,
		.elem = unsigned_elems(e) ? ETHOSU_WELEM_U8 : ETHOSU_WELEM_I8,
		.zp = (int32_t)wzp,
		/* 1HWO: channel o of tap k is byte k * oc + o. */
		.ostride = splat ? 0 : dw ? 1 : hw * ic,
		.rstride = splat ? 0 : dw ? oc : 1,
	};
	return ethosu_weight_src_in_range(src, oc, hw * ic);
}

/* conv2d, depthwise_conv2d (multiplier 1) and fully_connected. */
static bool
prep_mac(Cg *g, CgPrep *p, bool *fatal)
{
	IrOp *op = p->op;
	bool dw = ir_op_is(op, "npu.depthwise_conv2d");
	bool fc = ir_op_is(op, "npu.fully_connected");
	p->in = ir_op_operand(op, 0);
	p->out = ir_op_result(op, 0);
	IrValue *wv = ir_op_operand(op, 1), *bv = ir_op_operand(op, 2);
	if (!placeable(op, p->in, fatal) || !placeable(op, p->out, fatal) ||
	    is_constant(p->in))
		return false;
	const IrType *wt = wv->type;
	int64_t wr = fc ? 2 : 4, in_rank = p->in->type->u.shaped.rank;
	if (wt->kind != IR_TYPE_TENSOR || wt->u.shaped.rank != wr ||
	    (fc ? in_rank != 2 : in_rank != 4 ||
	    p->in->type->u.shaped.dims[0] != 1))
		return false;
	CgNpuOp *n = &p->n;
	cg_fm_of(p->in, &n->ifm);
	cg_fm_of(p->out, &n->ofm);
	/* [N, K] runs as a column of N pixels of K channels: the shape
	 * every other op gives a 2-D map, so NHCWB16 bricks agree. */
	if (n->ifm.bits == 32 || n->ofm.bits == 32)
		return false;
	n->kh = fc ? 1 : (int)wt->u.shaped.dims[1];
	n->kw = fc ? 1 : (int)wt->u.shaped.dims[2];
	if (!window_of(op, n))
		return false;
	/* A depthwise conv of a 1-channel map is a conv with O filters of
	 * depth 1 (as Vela runs it); other multipliers stay off. */
	bool as_conv = dw && n->ifm.c == 1;
	if (dw && !as_conv && n->ifm.c != n->ofm.c)
		return false;
	n->op = dw && !as_conv ? ETHOSU_OP_DEPTHWISE : ETHOSU_OP_CONV;
	n->ifm.zp = int_attr(op, "input_zp", 0);
	n->ofm.zp = int_attr(op, "output_zp", 0);
	act_range(op, &n->ofm, &n->act_min, &n->act_max);
	EthosUQuery q;
	EthosUBlock block = fc ? ETHOS_U_VECTOR : dw && !as_conv ?
	    ETHOS_U_DEPTHWISE : ETHOS_U_CONV;
	/* Vela runs a 1x1 conv over a 1x1 map as a fully connected layer. */
	if (block == ETHOS_U_CONV && n->kh == 1 && n->kw == 1 &&
	    n->ifm.h == 1 && n->ifm.w == 1)
		block = ETHOS_U_VECTOR;
	query_of(n, block, &q);
	q.has_bias = q.scaled = true;
	if (!choose_block(g, n, &q))
		return false;
	/* The weight order is the encoder's choice (Vela's weight
	 * compressor: part-kernel-first when at least as good), not the
	 * block search's; depthwise and fully connected are depth-first. */
	n->part_kernel = block == ETHOS_U_CONV &&
	    ethosu_weights_prefer_part_kernel(ETHOSU_WEIGHTS_CONV, n->kh, n->kw,
	    (int)n->ifm.c, n->ifm.bits);
	IrTensor *b = constant_of(bv);
	bool ok = b && b->n == n->ofm.c;
	int64_t oc = n->ofm.c, ic = dw ? 1 : n->ifm.c;
	EthosuScale *sc = ok ? ir_xcalloc((size_t)oc, sizeof *sc) : NULL;
	int64_t wzp = int_attr(op, "weight_zp", 0);
	ok = ok && weight_src(wv, wzp, dw, (size_t)oc,
	    (size_t)(n->kh * n->kw), (size_t)ic, &p->wsrc);
	EthosuWeightKind kind = dw && !as_conv ? ETHOSU_WEIGHTS_DEPTHWISE :
	    ETHOSU_WEIGHTS_CONV;
	ok = ok && scales_of(g, op, oc, b, n, sc) && pack_weights(g, p, kind,
	    (int)n->ifm.c);
	/* Packed when the run is flushed, and again in depth slices for
	 * weight buffering (codegen_wbuf.c), from the constant's bytes. */
	p->scales = sc;
	if (b)
		ir_tensor_release(b);
	return ok;
}

/* TFLite's average: the sum over cnt taps divided, half away from
 * zero. */
static int64_t
tflite_avg(int64_t sum, int64_t cnt)
{
	return sum > 0 ? (sum + cnt / 2) / cnt : (sum - cnt / 2) / cnt;
}

/* Does the output stage (the simulator's sim_scale) give TFLite's
 * average for every sum of cnt values in [lo, hi]? */
static bool
avg_exact(int64_t cnt, int64_t lo, int64_t hi, int64_t scale, int shift,
    int round)
{
	for (int64_t v = lo * cnt; v <= hi * cnt; v++)
		if (sim_scale(v, scale, shift, round) != tflite_avg(v, cnt))
			return false;
	return true;
}

/* The global OFM scale of an average pool over cnt taps of values in
 * [lo, hi]: the first scale 2^shift / cnt (rounded down or up) with a
 * round mode that reproduces TFLite's division exactly over the whole
 * input range. False when none does (or the range is too large to
 * check), and the pool stays with the interpreter. */
static bool
avg_scale(int64_t cnt, int64_t lo, int64_t hi, CgNpuOp *n)
{
	static const int modes[2] = { ETHOSU_ROUND_NATURAL,
	    ETHOSU_ROUND_DBL };
	if ((hi - lo + 1) * cnt > ((int64_t)1 << 22))
		return false;
	for (int m = 0; m < 2; m++)
		for (int shift = 0; shift < 63; shift++)
			for (int up = 0; up < 2; up++) {
				int64_t sc = ((int64_t)1 << shift) / cnt + up;
				if (sc < 1 || sc > UINT32_MAX ||
				    !avg_exact(cnt, lo, hi, sc, shift,
				    modes[m]))
					continue;
				n->ofm_scale = (uint32_t)sc;
				n->ofm_shift = shift;
				n->round = modes[m];
				return true;
			}
	return false;
}

static bool prep_avg_padded(Cg *g, size_t at, int64_t lo, int64_t hi);

/* Max and average pooling (TFLite's: on raw integers, the max of the
 * valid taps or their average; an average with padding is cut into
 * blocks of one tap count, prep_avg_padded). */
static bool
prep_pool(Cg *g, CgPrep *p, bool *fatal)
{
	IrOp *op = p->op;
	const char *mode = dialect_get_str(op->name->def, op->attrs, "mode");
	bool avg = !strcmp(mode, "avg");
	p->in = ir_op_operand(op, 0);
	p->out = ir_op_result(op, 0);
	if (!placeable(op, p->in, fatal) || !placeable(op, p->out, fatal) ||
	    is_constant(p->in) || (!avg && strcmp(mode, "max")) ||
	    p->in->type->u.shaped.rank != 4 ||
	    p->in->type->u.shaped.dims[0] != 1)
		return false;
	CgNpuOp *n = &p->n;
	cg_fm_of(p->in, &n->ifm);
	cg_fm_of(p->out, &n->ofm);
	if (n->ifm.bits != n->ofm.bits || n->ifm.bits == 32)
		return false;
	n->kh = (int)list_attr(op, "kernel", 0, 1);
	n->kw = (int)list_attr(op, "kernel", 1, 1);
	if (!window_of(op, n) || n->dh != 1 || n->dw != 1)
		return false;
	n->op = ETHOSU_OP_POOL;
	n->op_param = avg ? 1 : 0; /* AVERAGE, MAX */
	n->round = ETHOSU_ROUND_NATURAL;
	act_range(op, &n->ofm, &n->act_min, &n->act_max);
	if (avg) {
		int64_t lo = n->ifm.sign ? -((int64_t)1 << (n->ifm.bits - 1)) :
		    0;
		int64_t hi = n->ifm.sign ? ((int64_t)1 << (n->ifm.bits - 1)) -
		    1 : ((int64_t)1 << n->ifm.bits) - 1;
		n->global_scale = true;
		if (n->pt || n->pl || n->pb || n->pr)
			return prep_avg_padded(g, (size_t)(p - g->run), lo, hi);
		if (!avg_scale((int64_t)n->kh * n->kw, lo, hi, n))
			return false;
	}
	EthosUQuery q;
	query_of(n, ETHOS_U_POOLING, &q);
	q.kind = avg ? ETHOS_U_KIND_OTHER : ETHOS_U_KIND_MAXPOOL;
	q.scaled = avg;
	return choose_block(g, n, &q);
}

/* A table lookup: a 1x1 average pool with scale 1 through LUT slot 0
 * (the table DMA'd from flash into the top of SHRAM). */
static bool
prep_lut(Cg *g, CgPrep *p, bool *fatal)
{
	IrOp *op = p->op;
	p->in = ir_op_operand(op, 0);
	p->out = ir_op_result(op, 0);
	if (!placeable(op, p->in, fatal) || !placeable(op, p->out, fatal) ||
	    is_constant(p->in))
		return false;
	CgNpuOp *n = &p->n;
	cg_fm_of(p->in, &n->ifm);
	cg_fm_of(p->out, &n->ofm);
	const IrAttr *ta = ir_op_attr(op, "table");
	if (n->ifm.bits != 8 || n->ofm.bits != 8 || !n->ifm.sign ||
	    !n->ofm.sign || !ta || ta->kind != IR_ATTR_DENSE)
		return false;
	IrTensor *tab = ir_tensor_from_dense(ta->u.dense.type, ta);
	if (!tab || tab->n != 256) {
		if (tab)
			ir_tensor_release(tab);
		return false;
	}
	p->blob = ir_xmalloc(256);
	p->nblob = 256;
	for (int i = 0; i < 256; i++)
		p->blob[i] = (uint8_t)ir_tensor_get_int(tab, i);
	ir_tensor_release(tab);
	n->kh = n->kw = 1;
	if (!window_of(op, n))
		return false;
	n->op = ETHOSU_OP_POOL;
	n->op_param = 1; /* AVERAGE */
	n->round = ETHOSU_ROUND_NATURAL;
	n->global_scale = true;
	n->ofm_scale = 1;
	n->ofm_shift = 0;
	n->activation = 16; /* TABLE_0 */
	n->act_min = -128;
	n->act_max = 127;
	n->lut_len = 256;
	EthosUQuery q;
	query_of(n, ETHOS_U_POOLING, &q);
	q.uses_lut = true;
	q.scaled = true;
	q.act = ETHOS_U_ACT_LUT;
	return choose_block(g, n, &q);
}

/* A new prep at the end of the run (room was reserved). */
static CgPrep *
prep_new(Cg *g, IrOp *op)
{
	CgPrep *p = &g->run[g->n++];
	memset(p, 0, sizeof *p);
	p->op = op;
	return p;
}

/* ------------------------------------------------------------ elementwise */

/* The 4-D dims of v (missing leading dims 1). */
static void
dims4(const IrValue *v, int64_t d[4])
{
	const IrType *t = v->type;
	int64_t r = t->u.shaped.rank;
	for (int i = 0; i < 4; i++)
		d[i] = 1;
	for (int64_t i = 0; i < r && i < 4; i++)
		d[4 - r + i] = t->u.shaped.dims[i];
}

/* Can b be read as IFM2 against the full map o (equal, or 1 along a
 * dimension: the hardware's broadcast)? Batches are 1. */
static bool
broadcasts(const IrValue *b, const IrValue *o, bool *full)
{
	int64_t db[4], dout[4];
	if (b->type->u.shaped.rank > 4 || o->type->u.shaped.rank > 4)
		return false;
	dims4(b, db);
	dims4(o, dout);
	*full = true;
	for (int i = 0; i < 4; i++) {
		if (db[i] != dout[i])
			*full = false;
		if (db[i] != dout[i] && db[i] != 1)
			return false;
	}
	return db[0] == 1 && dout[0] == 1;
}

/* An operand map: a value of the run (or the stream's input), or a
 * constant whose bytes go to flash. */
static bool
operand_map(CgPrep *p, IrValue *v, bool second, CgFm *f)
{
	cg_fm_of(v, f);
	if (second)
		p->in2 = v;
	else
		p->in = v;
	if (!is_constant(v))
		return true;
	if (p->blob)
		return false; /* one constant map per operation */
	IrTensor *t = constant_of(v);
	if (!t)
		return false;
	p->nblob = (size_t)t->n * t->elem_size;
	p->blob = ir_xmalloc(p->nblob ? p->nblob : 1);
	memcpy(p->blob, t->data, p->nblob);
	ir_tensor_release(t);
	if (second)
		p->in2_flash = true;
	else
		p->in_flash = true;
	return true;
}

/* The registers every elementwise step shares. */
static bool
ew_finish(Cg *g, CgPrep *p, uint32_t mode)
{
	CgNpuOp *n = &p->n;
	n->op = ETHOSU_OP_ELEMENTWISE;
	n->op_param = mode;
	n->global_scale = true;
	n->has_ifm2 = true;
	EthosUQuery q;
	query_of(n, ETHOS_U_ELEMENTWISE, &q);
	q.kind = mode == 0 ? ETHOS_U_KIND_MUL : mode <= 2 ?
	    ETHOS_U_KIND_ADD_SUB : ETHOS_U_KIND_OTHER;
	q.scaled = true;
	return choose_block(g, n, &q);
}

/* A map of int32 temporaries shaped like v (owned by p). */
static IrValue *
temp_like(Cg *g, CgPrep *p, const IrValue *v)
{
	int64_t d[4];
	dims4(v, d);
	p->tmp = ir_xcalloc(1, sizeof *p->tmp);
	p->tmp->type = ir_type_tensor(g->ctx, 4, d, ir_type_int(g->ctx, 32,
	    IR_SIGNLESS), NULL);
	return p->tmp;
}

/* One input of TFLite's quantized add, rescaled into int32: (x - zp) <<
 * left_shift times its multiplier, single rounding. On the NPU: a 1x1
 * average pool of scale multiplier, shift 31 - s - left_shift. */
static bool
ew_rescale(Cg *g, IrOp *op, IrValue *x, int64_t zp, int64_t mul,
    int64_t sh, int64_t ls, IrValue **out)
{
	CgPrep *p = prep_new(g, NULL);
	CgNpuOp *n = &p->n;
	int64_t shift = 31 - sh - ls;
	if (!operand_map(p, x, false, &n->ifm) || shift < 1 || shift > 62 ||
	    mul < 0 || n->ifm.bits == 32)
		return false;
	p->out = temp_like(g, p, x);
	cg_fm_of(p->out, &n->ofm);
	n->ifm.zp = zp;
	n->kh = n->kw = 1;
	if (!window_of(op, n))
		return false;
	n->pt = n->pl = n->pb = n->pr = 0;
	n->sh = n->sw = n->dh = n->dw = 1;
	n->op = ETHOSU_OP_POOL;
	n->op_param = 1; /* AVERAGE */
	n->round = ETHOSU_ROUND_NATURAL;
	n->global_scale = true;
	n->ofm_scale = (uint32_t)mul;
	n->ofm_shift = (int)shift;
	n->act_min = -32768;
	n->act_max = 32767;
	*out = p->out;
	EthosUQuery q;
	query_of(n, ETHOS_U_POOLING, &q);
	q.scaled = true;
	return choose_block(g, n, &q);
}

/* Under double rounding (TFLite Micro), one input of the add in two
 * operations: (x - zp) << left_shift into int32 (a 1x1 average pool of
 * scale 2^left_shift, shift 0), then a MUL by the input multiplier held
 * as a 1x1x1 int32 map in flash: a 32-bit IFM takes only the OFM shift,
 * 31 - s, which under DBL rounding is SaturatingRoundingDoublingHighMul
 * then RoundingDivideByPOT (for s > 0, the left shift before it), i.e.
 * TFLite's MultiplyByQuantizedMultiplier. One pool cannot do both: its
 * DBL shift either shifts left before the high multiply or rounds right
 * after it, and TFLite does both. */
static bool
ew_rescale_dbl(Cg *g, IrOp *op, IrValue *x, int64_t zp, int64_t mul,
    int64_t sh, int64_t ls, IrValue **out)
{
	if (ls < 0 || ls > 31 || 31 - sh < 1 || 31 - sh > 62 || mul < 0 ||
	    mul > INT32_MAX)
		return false;
	CgPrep *p = prep_new(g, NULL);
	CgNpuOp *n = &p->n;
	if (!operand_map(p, x, false, &n->ifm) || n->ifm.bits == 32)
		return false;
	p->out = temp_like(g, p, x);
	cg_fm_of(p->out, &n->ofm);
	n->ifm.zp = zp;
	n->windowed = true;
	n->kh = n->kw = n->sh = n->sw = n->dh = n->dw = 1;
	n->op = ETHOSU_OP_POOL;
	n->op_param = 1; /* AVERAGE */
	n->round = ETHOSU_ROUND_NATURAL;
	n->global_scale = true;
	n->ofm_scale = (uint32_t)((uint64_t)1 << ls);
	n->ofm_shift = 0;
	n->act_min = -32768;
	n->act_max = 32767;
	EthosUQuery q;
	query_of(n, ETHOS_U_POOLING, &q);
	q.scaled = true;
	if (!choose_block(g, n, &q))
		return false;
	IrValue *shifted = p->out;
	CgPrep *m = prep_new(g, NULL);
	n = &m->n;
	m->in = shifted;
	cg_fm_of(shifted, &n->ifm);
	m->out = temp_like(g, m, x);
	cg_fm_of(m->out, &n->ofm);
	m->nblob = 4;
	m->blob = ir_xmalloc(4);
	for (int i = 0; i < 4; i++)
		m->blob[i] = (uint8_t)((uint64_t)mul >> (8 * i));
	m->in2_flash = true;
	m->in2 = shifted; /* a key only: the IFM2 is in flash */
	n->ifm2 = (CgFm){ .region = 0, .h = 1, .w = 1, .c = 1, .bits = 32,
	    .sign = true };
	n->ofm_scale = 1;
	n->ofm_shift = (int)(31 - sh);
	n->round = ETHOSU_ROUND_DBL;
	n->act_min = -32768, n->act_max = 32767;
	*out = m->out;
	return ew_finish(g, m, 0); /* MUL */
}

/* TFLite's add/sub in four NPU operations, each exact: both inputs
 * rescaled into int32 (ew_rescale), their sum or difference in int32
 * (saturating, as TFLite clamps before the output rescale), then a MUL
 * by the output multiplier (an int32 constant in flash): a 32-bit IFM
 * takes only the OFM shift, rounding naturally, then the zero point and
 * the clamp. Vela's one-operation add rescales one input relative to
 * the other, which rounds differently. Under double rounding each input
 * takes two operations (ew_rescale_dbl) and the last MUL rounds DBL:
 * six operations. */
static bool
prep_add(Cg *g, IrOp *op, bool sub, bool *fatal)
{
	const IrOpDef *d = op->name->def;
	int64_t zp[2] = { 0, 0 }, mul[2], sh[2];
	if (dialect_get_ints(d, op->attrs, "input_multiplier", mul,
	    2) != 2 || dialect_get_ints(d, op->attrs, "input_shift", sh, 2) !=
	    2)
		return false;
	if (ir_op_attr(op, "input_zp"))
		dialect_get_ints(d, op->attrs, "input_zp", zp, 2);
	IrValue *a = ir_op_operand(op, 0), *b = ir_op_operand(op, 1);
	IrValue *out = ir_op_result(op, 0);
	bool fa, fb, rev = false;
	if (!broadcasts(a, out, &fa) || !broadcasts(b, out, &fb) ||
	    (!fa && !fb))
		return false;
	int64_t ls = int_attr(op, "left_shift", 0);
	IrValue *ta, *tb;
	if (g->dbl ? !ew_rescale_dbl(g, op, a, zp[0], mul[0], sh[0], ls,
	    &ta) || !ew_rescale_dbl(g, op, b, zp[1], mul[1], sh[1], ls, &tb) :
	    !ew_rescale(g, op, a, zp[0], mul[0], sh[0], ls, &ta) ||
	    !ew_rescale(g, op, b, zp[1], mul[1], sh[1], ls, &tb))
		return false;
	if (!fa) { /* the full map first, the operands reversed */
		IrValue *t = ta;
		ta = tb, tb = t;
		rev = true;
	}
	CgPrep *s = prep_new(g, NULL);
	cg_fm_of(ta, &s->n.ifm);
	cg_fm_of(tb, &s->n.ifm2);
	s->in = ta, s->in2 = tb;
	s->out = temp_like(g, s, out);
	cg_fm_of(s->out, &s->n.ofm);
	s->n.opa_scale = 1, s->n.opb_scale = 1;
	s->n.reversed = rev;
	s->n.ofm_scale = 1;
	s->n.round = ETHOSU_ROUND_NATURAL;
	s->n.act_min = -32768, s->n.act_max = 32767;
	if (!ew_finish(g, s, sub ? 2 : 1))
		return false;
	IrValue *sum = s->out;
	CgPrep *m = prep_new(g, op);
	CgNpuOp *n = &m->n;
	m->in = sum;
	cg_fm_of(sum, &n->ifm);
	m->out = out;
	if (!placeable(op, out, fatal))
		return false;
	cg_fm_of(out, &n->ofm);
	if (n->ofm.bits == 32)
		return false;
	/* The multiplier as a 1x1x1 int32 map, broadcast. */
	int64_t om = int_attr(op, "output_multiplier", 1 << 30);
	int64_t os = int_attr(op, "output_shift", 1);
	if (31 - os < 1 || 31 - os > 62)
		return false;
	m->nblob = 4;
	m->blob = ir_xmalloc(4);
	for (int i = 0; i < 4; i++)
		m->blob[i] = (uint8_t)((uint64_t)om >> (8 * i));
	m->in2_flash = true;
	m->in2 = sum; /* any value: only its flash bytes are read */
	n->ifm2 = (CgFm){ .region = 0, .h = 1, .w = 1, .c = 1, .bits = 32,
	    .sign = true };
	n->ofm.zp = int_attr(op, "output_zp", 0);
	n->ofm_scale = 1;
	n->ofm_shift = (int)(31 - os);
	n->round = g->dbl ? ETHOSU_ROUND_DBL : ETHOSU_ROUND_NATURAL;
	act_range(op, &n->ofm, &n->act_min, &n->act_max);
	return ew_finish(g, m, 0);
}

/* mul, min, max: the hardware's own arithmetic on (x - zp) values, then
 * the output multiplier (no input rescale: legalization gives those
 * only to add and sub, or when the inputs' scales differ). Add and sub:
 * prep_add. */
static bool
prep_elementwise(Cg *g, IrOp *op, bool *fatal)
{
	const char *k = dialect_get_str(op->name->def, op->attrs, "op");
	if (op->noperands != 2)
		return false;
	IrValue *a = ir_op_operand(op, 0), *b = ir_op_operand(op, 1);
	IrValue *out = ir_op_result(op, 0);
	if (!placeable(op, out, fatal) || (!is_constant(a) &&
	    !placeable(op, a, fatal)) || (!is_constant(b) &&
	    !placeable(op, b, fatal)))
		return false;
	if (!strcmp(k, "add") || !strcmp(k, "sub"))
		return prep_add(g, op, k[0] == 's', fatal);
	uint32_t mode = !strcmp(k, "mul") ? 0 : !strcmp(k, "min") ? 3 :
	    !strcmp(k, "max") ? 4 : 99;
	if (mode == 99 || ir_op_attr(op, "input_multiplier") ||
	    int_attr(op, "left_shift", 0) != 0)
		return false;
	int64_t zp[2] = { 0, 0 };
	if (ir_op_attr(op, "input_zp"))
		dialect_get_ints(op->name->def, op->attrs, "input_zp", zp, 2);
	bool fa, fb;
	if (!broadcasts(a, out, &fa) || !broadcasts(b, out, &fb))
		return false;
	/* All three are commutative: the full (non-constant) map first. */
	if (!fa || (is_constant(a) && fb && !is_constant(b))) {
		IrValue *t = a;
		a = b, b = t;
		int64_t z = zp[0];
		zp[0] = zp[1], zp[1] = z;
		bool f = fa;
		fa = fb, fb = f;
	}
	if (!fa || is_constant(a))
		return false;
	CgPrep *p = prep_new(g, op);
	CgNpuOp *n = &p->n;
	if (!operand_map(p, a, false, &n->ifm) ||
	    !operand_map(p, b, true, &n->ifm2))
		return false;
	p->out = out;
	cg_fm_of(out, &n->ofm);
	if (n->ifm.bits == 32 || n->ifm2.bits == 32 || n->ofm.bits == 32 ||
	    n->ifm.bits != n->ifm2.bits)
		return false;
	n->ifm.zp = zp[0];
	n->ifm2.zp = zp[1];
	if (!output_stage(g, op, n))
		return false;
	return ew_finish(g, p, mode);
}

/* ------------------------------------------------------------ views */

/* A copy: a 1x1 average pool of scale 1 without zero points (exact for
 * 8, 16 and 32-bit maps: a 32-bit IFM is not scaled). */
static bool
copy_finish(Cg *g, CgNpuOp *n)
{
	n->windowed = true;
	n->kh = n->kw = n->sh = n->sw = n->dh = n->dw = 1;
	n->op = ETHOSU_OP_POOL;
	n->op_param = 1; /* AVERAGE */
	n->round = ETHOSU_ROUND_NATURAL;
	n->global_scale = true;
	n->ofm_scale = 1;
	n->ofm_shift = 0;
	n->ifm.zp = n->ofm.zp = 0;
	act_range(NULL, &n->ofm, &n->act_min, &n->act_max);
	EthosUQuery q;
	query_of(n, ETHOS_U_POOLING, &q);
	q.scaled = true;
	return choose_block(g, n, &q);
}

/* The NHWC byte offset of element (0, h, w, c) of a map of dims d, and
 * its strides. */
static uint64_t
view_off(const int64_t d[4], int bits, int64_t h, int64_t w, int64_t c,
    CgFm *f)
{
	uint64_t b = (uint64_t)bits / 8;
	f->strided = true;
	f->sc = b;
	f->sx = b * (uint64_t)d[3];
	f->sy = b * (uint64_t)(d[2] * d[3]);
	return (uint64_t)h * f->sy + (uint64_t)w * f->sx + (uint64_t)c * b;
}

/* slice: a copy reading the window through the input's strides. */
static bool
prep_slice(Cg *g, IrOp *op, bool *fatal)
{
	CgPrep *p = prep_new(g, op);
	CgNpuOp *n = &p->n;
	p->in = ir_op_operand(op, 0);
	p->out = ir_op_result(op, 0);
	if (!placeable(op, p->in, fatal) || !placeable(op, p->out, fatal) ||
	    is_constant(p->in) || p->in->type->u.shaped.rank > 4)
		return false;
	int64_t r = p->in->type->u.shaped.rank, begin[4] = { 0, 0, 0, 0 };
	int64_t b[4], d[4], o[4];
	if (dialect_get_ints(op->name->def, op->attrs, "begin", b, 4) != r)
		return false;
	for (int64_t i = 0; i < r; i++)
		begin[4 - r + i] = b[i];
	dims4(p->in, d);
	dims4(p->out, o);
	if (d[0] != 1 || o[0] != 1)
		return false;
	cg_fm_of(p->in, &n->ifm);
	cg_fm_of(p->out, &n->ofm);
	if (begin[2] == 0 && begin[3] == 0 && o[2] == d[2] && o[3] == d[3] &&
	    elem_of(p->in) == elem_of(p->out)) {
		/* Whole rows: contiguous in NHWC and NHCWB16 alike. */
		p->view = true;
		p->rows = begin[1];
		p->in_off = (uint64_t)(begin[1] * d[2] * d[3]) *
		    (uint64_t)n->ifm.bits / 8;
		return true;
	}
	n->ifm.h = o[1], n->ifm.w = o[2], n->ifm.c = o[3];
	p->in_off = view_off(d, n->ifm.bits, begin[1], begin[2], begin[3],
	    &n->ifm);
	p->in_view = true;
	return copy_finish(g, n);
}

/* Can operand k of concat op (along H) be made in place, inside the
 * output's buffer? Its producer must be an NPU operation of the run
 * that writes it alone (not a view or a reshape of another map), and
 * it must not be placed inside another concat already. Its other
 * users then read it there (the buffer lives as long as any of its
 * values): a stripe joined by the scheduler's output view, or the new
 * rows of a rolling buffer, are written in place; only the kept rows
 * of a rolling buffer (a second concat of the same map) are copied. */
static bool
concat_member(Cg *g, IrOp *op, unsigned k)
{
	IrValue *x = ir_op_operand(op, k), *out = ir_op_result(op, 0);
	IrOp *def = ir_value_def_op(x);
	CgRing ring;
	if (!def || !ir_ptrmap_get(&g->in_run, def) || is_constant(x) ||
	    x->type->u.shaped.elem != out->type->u.shaped.elem ||
	    cg_ring_of(x, &ring))
		return false;   /* a rolling buffer's stripe stays there */
	for (unsigned j = 0; j < k; j++)
		if (ir_op_operand(op, j) == x)
			return false;
	bool written = false;
	for (size_t i = 0; i < g->n; i++) {
		const CgPrep *q = &g->run[i];
		if (q->member && q->in == x)
			return false;
		if (q->out == x && (q->alias || q->view))
			return false;
		written |= q->out == x;
	}
	return written;
}

/* A `rows` concat of a rolling buffer (ethos-u-schedule's window of
 * stripes kept in a ring, codegen.c): its operands are consecutive rows
 * of one ring, so the window is the first operand's place read on
 * (through two tiles where it wraps): a view, nothing copied. */
static bool
prep_ring_view(Cg *g, IrOp *op, const CgRing *ring, bool *fatal)
{
	IrValue *out = ir_op_result(op, 0);
	int64_t row = ring->row;
	for (unsigned i = 0; i < op->noperands; i++) {
		IrValue *x = ir_op_operand(op, i);
		CgRing r;
		if (cg_ring_of(x, &r) && !ir_ptrmap_get(&g->in_run, r.op))
			return false;   /* rows from an earlier run: copies */
		if (!cg_ring_of(x, &r) || r.id != ring->id || r.rows !=
		    ring->rows || r.row != row || x->type->u.shaped.rank != 4 ||
		    int_attr(op, "axis", 0) != 1 || x->type->u.shaped.elem !=
		    out->type->u.shaped.elem) {
			ir_op_emit_error(op, "ethos-u-codegen: operand #%u of "
			    "this rolling buffer's window is not the next rows "
			    "(from row %lld) of the same ethos_u.ring", i,
			    (long long)row);
			*fatal = true;
			return false;
		}
		row += x->type->u.shaped.dims[1];
	}
	CgPrep *p = prep_new(g, op);
	p->view = true;
	p->in = ir_op_operand(op, 0);
	p->out = out;
	p->rows = 0;
	return true;
}

/* concat: operands along H made in place where concat_member allows,
 * the others copied, each writing its part of the output through the
 * output's strides. */
static bool
prep_concat(Cg *g, IrOp *op, bool *fatal)
{
	IrValue *out = ir_op_result(op, 0);
	/* A window of a rolling buffer: a view (or, with rows from before
	 * the run, copies as below; an error was reported when fatal). */
	CgRing ring;
	if (op->noperands && ir_op_attr(op, "ethos_u.view") &&
	    cg_ring_of(ir_op_operand(op, 0), &ring) &&
	    (prep_ring_view(g, op, &ring, fatal) || *fatal))
		return !*fatal;
	int64_t r = out->type->u.shaped.rank, o[4], at[4] = { 0, 0, 0, 0 };
	if (!placeable(op, out, fatal) || r > 4 || op->noperands < 1)
		return false;
	/* One prep per operand: more room than was reserved. */
	if (g->n + op->noperands > g->cap) {
		g->cap = 2 * g->cap + op->noperands;
		g->run = ir_xrealloc(g->run, g->cap * sizeof *g->run);
	}
	int64_t axis = int_attr(op, "axis", 0);
	axis = (axis < 0 ? axis + r : axis) + 4 - r;
	dims4(out, o);
	if (o[0] != 1 || axis < 1 || axis > 3)
		return false;
	bool copied = false;
	for (unsigned i = 0; i < op->noperands; i++) {
		IrValue *x = ir_op_operand(op, i);
		if (!is_constant(x) && !placeable(op, x, fatal))
			return false;
		CgPrep *p = prep_new(g, NULL);
		CgNpuOp *n = &p->n;
		int64_t d[4];
		dims4(x, d);
		if (axis == 1 && concat_member(g, op, i)) {
			p->member = true;
			p->in = x;
			p->out = out;
			p->rows = at[1];
			cg_fm_of(out, &n->ofm);
			p->out_off = (uint64_t)(at[1] * o[2] * o[3]) *
			    (uint64_t)n->ofm.bits / 8;
			at[1] += d[1];
			continue;
		}
		if (!operand_map(p, x, false, &n->ifm))
			return false;
		p->out = out;
		cg_fm_of(out, &n->ofm);
		n->ofm.h = d[1], n->ofm.w = d[2], n->ofm.c = d[3];
		p->out_off = view_off(o, n->ofm.bits, at[1], at[2], at[3],
		    &n->ofm);
		p->out_view = true;
		p->out_part = copied;
		copied = true;
		at[axis] += d[axis];
		if (n->ifm.bits != n->ofm.bits || !copy_finish(g, n))
			return false;
	}
	/* The op itself goes with the last part (the run's last op is
	 * the stream's place). */
	g->run[g->n - 1].op = op;
	return true;
}

/* pad: the output filled with pad_value (a copy reading one flash
 * element through zero strides), then the input copied into its middle
 * through the output's strides. */
static bool
prep_pad(Cg *g, IrOp *op, bool *fatal)
{
	IrValue *in = ir_op_operand(op, 0), *out = ir_op_result(op, 0);
	int64_t r = out->type->u.shaped.rank, pads[8], before[4] = { 0 };
	if (!placeable(op, in, fatal) || !placeable(op, out, fatal) ||
	    is_constant(in) || r > 4 || dialect_get_ints(op->name->def,
	    op->attrs, "paddings", pads, 8) != 2 * r)
		return false;
	for (int64_t i = 0; i < r; i++)
		before[4 - r + i] = pads[2 * i];
	int64_t o[4];
	dims4(out, o);
	if (o[0] != 1 || before[0] != 0)
		return false;
	CgPrep *f = prep_new(g, NULL);
	cg_fm_of(out, &f->n.ofm);
	f->n.ifm = f->n.ofm;
	f->n.ifm.strided = true; /* every element reads the one value */
	f->out = out;
	f->in = out; /* a key only: the IFM is in flash */
	f->in_flash = true;
	int bytes = f->n.ofm.bits / 8;
	int64_t v = int_attr(op, "pad_value", 0);
	f->nblob = (size_t)bytes;
	f->blob = ir_xmalloc(f->nblob);
	for (int i = 0; i < bytes; i++)
		f->blob[i] = (uint8_t)((uint64_t)v >> (8 * i));
	if (!copy_finish(g, &f->n))
		return false;
	CgPrep *p = prep_new(g, op);
	CgNpuOp *n = &p->n;
	p->in = in;
	cg_fm_of(in, &n->ifm);
	int64_t d[4];
	dims4(in, d);
	p->out = out;
	cg_fm_of(out, &n->ofm);
	n->ofm.h = d[1], n->ofm.w = d[2], n->ofm.c = d[3];
	p->out_off = view_off(o, n->ofm.bits, before[1], before[2], before[3],
	    &n->ofm);
	p->out_view = p->out_part = true;
	return copy_finish(g, n);
}

/* ------------------------------------------------------------ softmax */

/* Vela 3.10's int8 softmax (softmax.py, get_graph_8bit) as the 31 NPU
 * operations it emits, for an npu.softmax that carries Vela's exp table
 * (ethos-u-legalize{softmax=vela}), whose reference kernel computes the
 * same sequence. Rows are the input's h x w pixels of c values; row
 * values (the max, the sum and the reciprocal's steps) are int32 maps
 * of depth 1. Each step's registers are Vela's: int32 steps that carry
 * no scale keep the input's zero point and its clip range moved by it
 * (the hardware does not apply them to a 32-bit OFM), scaled steps a
 * zero point of 0; MUL steps of "two" scale multiply by 2^30 >> 31. */
typedef struct Sm {
	Cg *g;
	int64_t h, w, c;
	int64_t zp;             /* the input's zero point */
} Sm;

/* Kinds of step output stage: the input's zero point (no scale), zero
 * point 0 with scale 1 (one), or with the Q31 multiply (two). */
enum { SM_NOSCALE, SM_ONE, SM_TWO };

/* An int32 (or, for the row max, 8-bit) map of h x w x c owned by p. */
static IrValue *
sm_map(Sm *s, CgPrep *p, int64_t h, int64_t w, int64_t c, int bits)
{
	int64_t d[4] = { 1, h, w, c };
	p->tmp = ir_xcalloc(1, sizeof *p->tmp);
	p->tmp->type = ir_type_tensor(s->g->ctx, 4, d, ir_type_int(s->g->ctx,
	    (unsigned)bits, IR_SIGNLESS), NULL);
	return p->tmp;
}

/* The output stage of a step of kind k. */
static void
sm_stage(Sm *s, CgNpuOp *n, int k)
{
	n->ofm.zp = k == SM_NOSCALE ? s->zp : 0;
	n->act_min = -128 + n->ofm.zp;
	n->act_max = 127 + n->ofm.zp;
	n->ofm_scale = k == SM_TWO ? 1u << 30 : 1;
	n->ofm_shift = k == SM_TWO ? 31 : 0;
}

/* The block configuration of a step (the estimate's query for it). */
static bool
sm_block(Sm *s, CgNpuOp *n, EthosUBlock block, EthosUKind kind, bool lut)
{
	EthosUQuery q;
	query_of(n, block, &q);
	q.kind = kind;
	q.scaled = true;
	if (lut) {
		q.act = ETHOS_U_ACT_LUT;
		q.uses_lut = true;
		q.lut_bytes = 1024;
	}
	return choose_block(s->g, n, &q);
}

/* One elementwise step: a (mode) b into a new map of depth oc; b NULL:
 * the int32 constant k from flash (the first operand when rev), none
 * for CLZ. Per-channel scale mode (no scaling) for CLZ, SHL and SHR,
 * global for the others, double rounding (SHR: natural). */
static CgPrep *
sm_ew(Sm *s, uint32_t mode, IrValue *a, IrValue *b, int64_t k, bool rev,
    int64_t oc, int kind)
{
	CgPrep *p = prep_new(s->g, NULL);
	CgNpuOp *n = &p->n;
	n->op = ETHOSU_OP_ELEMENTWISE;
	n->op_param = mode;
	p->in = a;
	cg_fm_of(a, &n->ifm);
	n->has_ifm2 = mode != 7;
	if (b) {
		p->in2 = b;
		cg_fm_of(b, &n->ifm2);
	} else if (n->has_ifm2) {
		p->in2 = a; /* a key only: the IFM2 is in flash */
		p->in2_flash = true;
		p->nblob = 4;
		p->blob = ir_xmalloc(4);
		for (int i = 0; i < 4; i++)
			p->blob[i] = (uint8_t)((uint64_t)k >> (8 * i));
		n->ifm2 = (CgFm){ .h = 1, .w = 1, .c = 1, .bits = 32,
		    .sign = true };
	}
	n->reversed = rev;
	p->out = sm_map(s, p, s->h, s->w, oc, 32);
	cg_fm_of(p->out, &n->ofm);
	n->global_scale = mode <= 2;
	n->round = mode == 8 ? ETHOSU_ROUND_NATURAL : ETHOSU_ROUND_DBL;
	n->opa_scale = n->opb_scale = 1;
	sm_stage(s, n, kind);
	return p;
}

static bool
sm_ew_block(Sm *s, CgPrep *p)
{
	uint32_t m = p->n.op_param;
	return sm_block(s, &p->n, ETHOS_U_ELEMENTWISE, m == 0 ?
	    ETHOS_U_KIND_MUL : m <= 2 ? ETHOS_U_KIND_ADD_SUB :
	    ETHOS_U_KIND_OTHER, false);
}

/* Steps 0-3: the row max (a max pool over each row read as a 1 x c
 * map), exp(x - max) by the table into int32 (a SUB whose OFM zero
 * point 127 puts x - max in the table's range), the exps >> 12 and
 * their sum (a REDUCE_SUM). Returns the exps (*exps) and the sum. */
static IrValue *
sm_exp_sum(Sm *s, IrOp *op, const IrAttr *tab, IrValue **exps)
{
	IrValue *x = ir_op_operand(op, 0);
	CgPrep *p = prep_new(s->g, NULL);
	CgNpuOp *n = &p->n;
	p->in = x;
	p->in_view = true; /* read reshaped: NHWC */
	cg_fm_of(x, &n->ifm);
	n->ifm.h = s->h * s->w, n->ifm.w = s->c, n->ifm.c = 1;
	n->ifm.zp = s->zp;
	p->out = sm_map(s, p, s->h * s->w, 1, 1, 8);
	cg_fm_of(p->out, &n->ofm);
	n->op = ETHOSU_OP_POOL;
	n->op_param = 0; /* MAX */
	n->windowed = true;
	n->kh = n->sh = n->sw = n->dh = n->dw = 1;
	n->kw = (int)s->c;
	n->round = ETHOSU_ROUND_DBL;
	n->ofm.zp = s->zp;
	n->act_min = -128, n->act_max = 127;
	if (!sm_block(s, n, ETHOS_U_POOLING, ETHOS_U_KIND_MAXPOOL, false))
		return NULL;
	IrValue *max = p->out;

	p = prep_new(s->g, NULL);
	n = &p->n;
	n->op = ETHOSU_OP_ELEMENTWISE;
	n->op_param = 2; /* SUB */
	p->in = x, p->in2 = max;
	cg_fm_of(x, &n->ifm);
	cg_fm_of(max, &n->ifm2);
	n->ifm2.h = s->h, n->ifm2.w = s->w;
	n->has_ifm2 = true;
	n->ifm.zp = n->ifm2.zp = s->zp;
	p->out = sm_map(s, p, s->h, s->w, s->c, 32);
	p->wide_b16 = true;
	cg_fm_of(p->out, &n->ofm);
	n->global_scale = true;
	n->round = ETHOSU_ROUND_DBL;
	n->opa_scale = n->opb_scale = 1;
	n->ofm_scale = 1;
	n->ofm.zp = 127;
	n->activation = 16 | 3 << 12; /* TABLE_0, FORCE_INT8 */
	n->act_min = -128, n->act_max = 127;
	n->lut_len = 1024;
	IrTensor *t = ir_tensor_from_dense(tab->u.dense.type, tab);
	if (!t || t->n != 256) {
		if (t)
			ir_tensor_release(t);
		return NULL;
	}
	p->nblob = 1024;
	p->blob = ir_xmalloc(1024);
	for (int i = 0; i < 1024; i++)
		p->blob[i] = (uint8_t)((uint64_t)ir_tensor_get_int(t, i / 4) >>
		    (8 * (i % 4)));
	ir_tensor_release(t);
	if (!sm_block(s, n, ETHOS_U_ELEMENTWISE, ETHOS_U_KIND_ADD_SUB, true))
		return NULL;
	*exps = p->out;

	p = sm_ew(s, 8, *exps, NULL, 12, false, s->c, SM_NOSCALE); /* SHR */
	if (!sm_ew_block(s, p))
		return NULL;
	IrValue *scaled = p->out;

	p = prep_new(s->g, NULL);
	n = &p->n;
	p->in = scaled;
	cg_fm_of(scaled, &n->ifm);
	p->out = sm_map(s, p, s->h, s->w, 1, 32);
	p->wide_b16 = true;
	cg_fm_of(p->out, &n->ofm);
	n->op = ETHOSU_OP_POOL;
	n->op_param = 2; /* REDUCE_SUM */
	n->windowed = true;
	n->kh = n->kw = n->sh = n->sw = n->dh = n->dw = 1;
	n->global_scale = true;
	n->round = ETHOSU_ROUND_DBL;
	sm_stage(s, n, SM_NOSCALE);
	if (!sm_block(s, n, ETHOS_U_REDUCE_SUM, ETHOS_U_KIND_OTHER, false))
		return NULL;
	return p->out;
}

/* A step that must not fail to find a block, chained. */
#define SM_EW(dst, ...) do { \
		CgPrep *q_ = sm_ew(s, __VA_ARGS__); \
		if (!sm_ew_block(s, q_)) \
			return false; \
		dst = q_->out; \
	} while (0)

/* Steps 4-28: from the sum, the final right shift (*rshift: 35 - CLZ)
 * and the scale factor (*factor: twice the Q2.29 reciprocal of the
 * sum shifted to Q1.30, by three Newton-Raphson steps from 48/17 -
 * 32/17 x). */
static bool
sm_reciprocal(Sm *s, IrValue *sum, IrValue **rshift, IrValue **factor)
{
	enum { MUL, ADD, SUB, CLZ = 7, SHR, SHL };
	IrValue *clz, *hr, *v, *hd, *nr, *t, *u;
	CgPrep *p = sm_ew(s, CLZ, sum, NULL, 0, false, 1, SM_NOSCALE);
	p->wide_b16 = true;
	if (!sm_ew_block(s, p))
		return false;
	clz = p->out;
	SM_EW(*rshift, SUB, clz, NULL, 12 + 31 - 8, true, 1, SM_NOSCALE);
	SM_EW(hr, SUB, clz, NULL, 1, false, 1, SM_NOSCALE);
	SM_EW(v, SHL, sum, hr, 0, false, 1, SM_NOSCALE);
	SM_EW(v, SUB, v, NULL, 1 << 30, false, 1, SM_NOSCALE);
	SM_EW(v, SHL, v, NULL, 1, false, 1, SM_NOSCALE);
	p = sm_ew(s, ADD, v, NULL, INT32_MAX, false, 1, SM_ONE);
	p->n.ofm_shift = 1; /* Vela's explicit scale (1, shift 1) */
	if (!sm_ew_block(s, p))
		return false;
	hd = p->out;
	SM_EW(v, MUL, hd, NULL, -1010580540, false, 1, SM_TWO);
	SM_EW(nr, ADD, v, NULL, 1515870810, false, 1, SM_ONE);
	for (int i = 0; i < 3; i++) {
		SM_EW(t, MUL, nr, hd, 0, false, 1, SM_TWO);
		SM_EW(t, SUB, t, NULL, 1 << 29, true, 1, SM_ONE);
		SM_EW(u, MUL, nr, t, 0, false, 1, SM_TWO);
		SM_EW(u, MUL, u, NULL, 4, false, 1, SM_NOSCALE);
		SM_EW(nr, ADD, nr, u, 0, false, 1, SM_ONE);
	}
	SM_EW(*factor, MUL, nr, NULL, 2, false, 1, SM_ONE);
	return true;
}

/* npu.softmax with Vela's exp table: 8-bit signed in and out, the last
 * axis (the verifier's rules for exp_table), a row of at most 65536. */
static bool
prep_softmax(Cg *g, IrOp *op, bool *fatal)
{
	IrValue *x = ir_op_operand(op, 0), *y = ir_op_result(op, 0);
	const IrAttr *tab = ir_op_attr(op, "exp_table");
	if (!tab || tab->kind != IR_ATTR_DENSE || !placeable(op, x, fatal) ||
	    !placeable(op, y, fatal) || is_constant(x))
		return false;
	const IrType *qx = x->type->u.shaped.elem;
	const IrType *qy = y->type->u.shaped.elem;
	if (qx->kind != IR_TYPE_QUANT || qy->kind != IR_TYPE_QUANT ||
	    elem_of(x)->u.integer.width != 8 || elem_of(y)->u.integer.width !=
	    8 || !elem_signed(x) || !elem_signed(y))
		return false;
	/* Thirty-one preps: more room than was reserved. */
	if (g->n + 32 > g->cap) {
		g->cap = 2 * g->cap + 32;
		g->run = ir_xrealloc(g->run, g->cap * sizeof *g->run);
	}
	Sm s = { .g = g, .zp = qx->u.quant.zero_points[0] };
	CgFm f;
	cg_fm_of(x, &f);
	s.h = f.h, s.w = f.w, s.c = f.c;
	IrValue *exps, *sum, *rshift, *factor, *v;
	if (!(sum = sm_exp_sum(&s, op, tab, &exps)) ||
	    !sm_reciprocal(&s, sum, &rshift, &factor))
		return false;
	CgPrep *p = sm_ew(&s, 0, exps, factor, 0, false, s.c, SM_TWO);
	p->wide_b16 = true;
	if (!sm_ew_block(&s, p))
		return false;
	v = p->out;
	/* The last step writes the result: a rounding right shift, the
	 * output's zero point and clamp. */
	p = sm_ew(&s, 8, v, rshift, 0, false, s.c, SM_NOSCALE);
	p->op = op;
	free(p->tmp);
	p->tmp = NULL;
	p->out = y;
	cg_fm_of(y, &p->n.ofm);
	p->n.ofm.zp = qy->u.quant.zero_points[0];
	act_range(op, &p->n.ofm, &p->n.act_min, &p->n.act_max);
	return sm_ew_block(&s, p);
}

/* ------------------------------------------------------------ resize */

/* A map shaped as d with v's element type, owned by p. */
static IrValue *
map_like(Cg *g, CgPrep *p, const IrValue *v, const int64_t d[4])
{
	p->tmp = ir_xcalloc(1, sizeof *p->tmp);
	p->tmp->type = ir_type_tensor(g->ctx, 4, d, v->type->u.shaped.elem,
	    NULL);
	return p->tmp;
}

/* Nearest-neighbour resize by 2, 4 or 8 in both H and W (TFLite's
 * coordinates, half-pixel centres or not: both read input pixel y / f):
 * as Vela runs it, one copy (a 1x1 average pool of scale 1) per
 * doubling, reading its IFM through the NEAREST upscale, which repeats
 * each element 2x2. align_corners and other factors stay off. */
static bool
prep_resize(Cg *g, IrOp *op, bool *fatal)
{
	IrValue *x = ir_op_operand(op, 0), *y = ir_op_result(op, 0);
	const IrOpDef *d = op->name->def;
	if (!placeable(op, x, fatal) || !placeable(op, y, fatal) ||
	    is_constant(x) || x->type->u.shaped.rank != 4 ||
	    strcmp(dialect_get_str(d, op->attrs, "mode"), "nearest") ||
	    dialect_get_bool(d, op->attrs, "align_corners") ||
	    x->type->u.shaped.elem != y->type->u.shaped.elem)
		return false;
	int64_t di[4], dout[4];
	dims4(x, di);
	dims4(y, dout);
	if (di[0] != 1 || dout[0] != 1 || di[3] != dout[3])
		return false;
	int k = 0;
	while (k < 3 && di[1] << k < dout[1])
		k++;
	if (k == 0 || di[1] << k != dout[1] || di[2] << k != dout[2])
		return false;
	IrValue *in = x;
	for (int i = 0; i < k; i++) {
		CgPrep *p = prep_new(g, i == k - 1 ? op : NULL);
		p->in = in;
		cg_fm_of(in, &p->n.ifm);
		int64_t dm[4] = { 1, di[1] << (i + 1), di[2] << (i + 1), di[3] };
		p->out = i == k - 1 ? y : map_like(g, p, x, dm);
		cg_fm_of(p->out, &p->n.ofm);
		p->n.upscale = 1; /* NEAREST */
		if (!copy_finish(g, &p->n))
			return false;
		in = p->out;
	}
	return true;
}

/* ------------------------------------------------------------ abs, leaky_relu */

/* The storage range of v. */
static void
storage_range(const IrValue *v, int64_t *lo, int64_t *hi)
{
	CgFm f;
	cg_fm_of(v, &f);
	*lo = f.sign ? -((int64_t)1 << (f.bits - 1)) : 0;
	*hi = f.sign ? ((int64_t)1 << (f.bits - 1)) - 1 : ((int64_t)1 <<
	    f.bits) - 1;
}

/* One-input npu.elementwise without an input rescale: its map, zero
 * points and output multiplier as the output stage applies it. */
static bool
unary_begin(Cg *g, IrOp *op, bool *fatal, CgPrep *p)
{
	IrValue *a = ir_op_operand(op, 0), *out = ir_op_result(op, 0);
	bool full;
	if (!placeable(op, a, fatal) || !placeable(op, out, fatal) ||
	    is_constant(a) || ir_op_attr(op, "input_multiplier") ||
	    int_attr(op, "left_shift", 0) != 0 || !broadcasts(a, out, &full) ||
	    !full)
		return false;
	CgNpuOp *n = &p->n;
	p->in = a;
	p->out = out;
	cg_fm_of(a, &n->ifm);
	cg_fm_of(out, &n->ofm);
	if (n->ifm.bits == 32 || n->ofm.bits == 32)
		return false;
	int64_t zp[2] = { 0, 0 };
	if (ir_op_attr(op, "input_zp"))
		dialect_get_ints(op->name->def, op->attrs, "input_zp", zp, 2);
	n->ifm.zp = zp[0];
	if (!output_stage(g, op, n))
		return false;
	n->global_scale = true;
	return true;
}

/* x - zp requantized by (m, s) as the output stage does it: the scale
 * m, shift 31 - s, rounded as mode says. */
static int64_t
lrelu_npu(int64_t v, int64_t m, int64_t s, int mode)
{
	return sim_scale(v, m, (int)(31 - s), mode);
}

/* abs: the hardware's ABS of x - zp, then the output multiplier (as
 * mul, min and max). */
static bool
prep_abs(Cg *g, IrOp *op, bool *fatal)
{
	CgPrep *p = prep_new(g, op);
	if (!unary_begin(g, op, fatal, p))
		return false;
	/* The output stage's rounding against npu-run's on every value. */
	int64_t lo, hi, os = 31 - p->n.ofm_shift;
	storage_range(p->in, &lo, &hi);
	for (int64_t x = lo; x <= hi; x++) {
		int64_t v = x - p->n.ifm.zp;
		v = v < 0 ? -v : v;
		if (qmath_requant((int32_t)v, (QMultiplier){
		    (int32_t)p->n.ofm_scale, (int)os }, !g->dbl) !=
		    lrelu_npu(v, p->n.ofm_scale, os, p->n.round))
			return false;
	}
	p->n.op = ETHOSU_OP_ELEMENTWISE;
	p->n.op_param = 6; /* ABS */
	EthosUQuery q;
	query_of(&p->n, ETHOS_U_ELEMENTWISE, &q);
	q.scaled = true;
	return choose_block(g, &p->n, &q);
}

/* leaky_relu: each input rescaled by the output multiplier and by
 * alpha's into the output type (1x1 average pools of those scales, the
 * output's zero point), then the larger of the two (alpha below 1) or
 * the smaller (above 1): for x >= zp the identity's rescale wins, below
 * it alpha's. Vela does the same for int16 (a MUL by alpha and a MAX;
 * its int8 leaky relu is a table, which legalization already makes).
 * Whether the pair reproduces the graph kernel's choice is checked on
 * every input storage value, with npu-run's rounding as reference. */
static bool
prep_lrelu(Cg *g, IrOp *op, bool *fatal)
{
	IrValue *out = ir_op_result(op, 0);
	CgPrep *p = prep_new(g, NULL);
	if (!unary_begin(g, op, fatal, p) || !ir_op_attr(op,
	    "alpha_multiplier"))
		return false;
	int64_t am = int_attr(op, "alpha_multiplier", 0);
	int64_t as = int_attr(op, "alpha_shift", 0);
	int64_t om = p->n.ofm_scale, os = 31 - p->n.ofm_shift;
	if (31 - as < 1 || 31 - as > 62)
		return false;
	bool below = ldexp((double)am, (int)as) <= ldexp((double)om, (int)os);
	int64_t lo, hi, olo, ohi;
	storage_range(p->in, &lo, &hi);
	storage_range(out, &olo, &ohi);
	for (int64_t x = lo; x <= hi; x++) {
		int64_t v = x - p->n.ifm.zp;
		int64_t ref = qmath_requant((int32_t)v, (QMultiplier){
		    (int32_t)(v < 0 ? am : om), (int)(v < 0 ? as : os) },
		    !g->dbl);
		int64_t a = lrelu_npu(v, om, os, p->n.round);
		int64_t b = lrelu_npu(v, am, as, p->n.round);
		int64_t got = below ? (a > b ? a : b) : (a < b ? a : b);
		if (ref != got)
			return false;
	}
	CgNpuOp keep = p->n;
	IrValue *t[2];
	for (int k = 0; k < 2; k++) {
		CgPrep *r = k ? prep_new(g, NULL) : p;
		CgNpuOp *n = &r->n;
		*n = keep;
		r->in = ir_op_operand(op, 0);
		int64_t d[4];
		dims4(out, d);
		r->out = t[k] = map_like(g, r, out, d);
		n->kh = n->kw = n->sh = n->sw = n->dh = n->dw = 1;
		n->windowed = true;
		n->op = ETHOSU_OP_POOL;
		n->op_param = 1; /* AVERAGE */
		n->ofm_scale = (uint32_t)(k ? am : om);
		n->ofm_shift = (int)(31 - (k ? as : os));
		n->act_min = olo < -32768 ? -32768 : olo;
		n->act_max = ohi > 32767 ? 32767 : ohi;
		EthosUQuery q;
		query_of(n, ETHOS_U_POOLING, &q);
		q.scaled = true;
		if (!choose_block(g, n, &q))
			return false;
	}
	CgPrep *m = prep_new(g, op);
	CgNpuOp *n = &m->n;
	m->in = t[0], m->in2 = t[1], m->out = out;
	cg_fm_of(t[0], &n->ifm);
	cg_fm_of(t[1], &n->ifm2);
	cg_fm_of(out, &n->ofm);
	n->ifm.zp = n->ifm2.zp = n->ofm.zp = keep.ofm.zp;
	n->ofm_scale = 1, n->ofm_shift = 0;
	n->round = ETHOSU_ROUND_NATURAL;
	n->act_min = keep.act_min, n->act_max = keep.act_max;
	return ew_finish(g, m, below ? 4 : 3); /* MAX, MIN */
}

/* ------------------------------------------------------------ bilinear */

/* The most phases along one axis (the largest factor, 8). */
#define BIL_MAX_F 8

/* One axis of a bilinear resize of n rows to m, cut into f phases:
 * output row v = f * q + r is w[r][0] * row (q + c[r]) + w[r][1] * row
 * (q + c[r] + 1), rows clamped into [0, n) (row -1 and row n are the
 * edge rows repeated), the weights summing to 2^bits. */
typedef struct BilAxis {
	int f, bits;
	bool bcast;                     /* one input row, which every output
	                                   is: read through a zero stride */
	int64_t cnt[BIL_MAX_F];         /* outputs of phase r */
	int64_t c[BIL_MAX_F];
	int64_t w[BIL_MAX_F][2];
} BilAxis;

/* TFLite's position of output v of m on an axis of n and the two rows
 * it reads (the interpreter's own arithmetic, interp/qmath.h). */
static void
bil_tflite(int64_t v, int64_t n, int64_t m, bool align, bool half,
    int64_t *pos, int64_t *lo, int64_t *hi)
{
	qmath_resize_pos10(v, qmath_resize_scale10(n, m, align), half, n, pos,
	    lo, hi);
}

static int64_t
clamp_row(int64_t y, int64_t n)
{
	return y < 0 ? 0 : y >= n ? n - 1 : y;
}

/* Do rows (a, b) with weights (wa, wb) and rows (c, d) with (wc, wd)
 * weigh every row alike? */
static bool
same_taps(int64_t a, int64_t wa, int64_t b, int64_t wb, int64_t c,
    int64_t wc, int64_t d, int64_t wd)
{
	if (a == b)
		wa += wb, wb = 0;
	if (c == d)
		wc += wd, wd = 0;
	if (a != c)
		return a == d && b == c && wa == wd && wb == wc;
	return wa == wc && (wb == wd && (wb == 0 || b == d));
}

/* Cuts one axis into f phases. The phase form holds where TFLite's
 * position of output f * q + r is q + c[r] rows and a fixed fraction
 * d[r] past row 0 (floored: the negative positions of half-pixel
 * centres fall before row 0), and where the clamped rows it then reads
 * weigh each input row as TFLite's do (its edge clamps read the edge
 * row twice or with a negative weight; replicating the edge row gives
 * the same sum). Checked for every output; false when it does not hold.
 * The weights are the 10-bit ones divided by their largest common power
 * of two. */
static bool
bil_axis(int64_t n, int64_t m, bool align, bool half, int f, BilAxis *a)
{
	int64_t d[BIL_MAX_F] = { 0 }, g = 1024;
	memset(a, 0, sizeof *a);
	a->f = f;
	for (int64_t v = 0; v < m; v++) {
		int64_t r = v % f, q = v / f, pos, lo, hi;
		bil_tflite(v, n, m, align, half, &pos, &lo, &hi);
		int64_t fl = pos >= 0 ? pos / 1024 : -((-pos + 1023) / 1024);
		int64_t frac = pos - 1024 * fl;
		if (!a->cnt[r]) {
			a->c[r] = fl - q;
			d[r] = frac;
		} else if (fl - q != a->c[r] || frac != d[r])
			return false;
		a->cnt[r]++;
		if (lo >= n || !same_taps(lo, 1024 - (pos - 1024 * lo), hi,
		    pos - 1024 * lo, clamp_row(fl, n), 1024 - frac,
		    clamp_row(fl + 1, n), frac))
			return false;
	}
	for (int r = 0; r < f; r++)
		while (d[r] % g)
			g /= 2;
	for (a->bits = 10; (1 << (10 - a->bits)) < g; a->bits--)
		;
	for (int r = 0; r < f; r++) {
		a->w[r][0] = (1024 - d[r]) / g;
		a->w[r][1] = d[r] / g;
	}
	return true;
}

/* An axis of one input row: TFLite's clamps read row 0 alone for every
 * output (its weights add up to 1024 there); checked. */
static bool
bil_bcast(int64_t m, bool align, bool half, BilAxis *a)
{
	memset(a, 0, sizeof *a);
	for (int64_t v = 0; v < m; v++) {
		int64_t pos, lo, hi;
		bil_tflite(v, 1, m, align, half, &pos, &lo, &hi);
		if (lo != 0 || hi != 0)
			return false;
	}
	a->f = 1;
	a->bcast = true;
	a->cnt[0] = m;
	a->w[0][0] = 1;
	return true;
}

/* The stored rows phase r of a reads as the IFM's rows (the tiles):
 * row -1 (the top edge repeated) or row n (the bottom one) at most
 * once, and from row -1 or 0 (the address of row 0 is the IFM's); a
 * broadcast axis reads its one row len times (a zero stride). */
static bool
bil_rows(const BilAxis *a, int r, int64_t n, int64_t *len, int64_t *split,
    int64_t second[2])
{
	int64_t first = a->c[r], k = a->w[r][1] ? 2 : 1;
	int64_t last = first + a->cnt[r] - 1 + k - 1;
	*len = last - first + 1;
	second[0] = second[1] = 0;
	*split = *len;
	if (a->bcast)
		return true;
	if (first < -1 || first > 0 || last > n || (first < 0 && last >= n))
		return false;
	if (first < 0) /* row 0 twice: the first tile one row high */
		*split = 1, second[1] = 0;
	else if (last == n) /* the last row twice */
		*split = *len - 1, second[1] = n - 1;
	return true;
}

/* TFLite's rounding of a 20-bit fixed-point interpolation (the sum of
 * 2^20 times the pixels): single, (v + 2^19) >> 20; double, half away
 * from zero. */
static int64_t
bil_round(int64_t v, bool dbl)
{
	if (!dbl)
		return (v + (1 << 19)) >> 20;
	return (v + (v > 0 ? 1 << 19 : -(1 << 19))) / (1 << 20);
}

/* The output stage that turns S, the sum of the pixels times the
 * reduced weights (2^bits in all), into TFLite's result: S * 2^(20 -
 * bits) rounded as bil_round. NATURAL rounding adds half and shifts:
 * scale 1, shift bits is the single rounding. Half away from zero is
 * NATURAL on S scaled a hair above 1 / 2^bits, (2^30 + 1) / 2^(30 +
 * bits): a tie of a positive S moves up, of a negative one down (away
 * from zero), and any other S stays on its side of the rounding point,
 * as |S| < 2^30 (Vela rounds its bilinear depthwise convolutions away
 * from zero with the same scale + 1). Either is checked for every S
 * the input range allows, with the simulator's rounding; false when one
 * differs or the range is too large to check. */
static bool
bil_scale(int bits, int64_t lo, int64_t hi, bool dbl, EthosuScale *s)
{
	int64_t w = (int64_t)1 << bits;
	if ((hi - lo + 1) * w > ((int64_t)1 << 26))
		return false;
	s->scale = dbl ? (1u << 30) + 1 : 1;
	s->shift = (uint8_t)(dbl ? 30 + bits : bits);
	s->bias = 0;
	for (int64_t v = lo * w; v <= hi * w; v++)
		if (sim_scale(v, s->scale, s->shift, ETHOSU_ROUND_NATURAL) !=
		    bil_round(v * ((int64_t)1 << (20 - bits)), dbl))
			return false;
	return true;
}

/* One phase (ry, rx): a depthwise convolution of the input with the
 * phase's 2x2 (or 2x1, 1x2, 1x1) kernel of products of the two axes'
 * weights, stride 1, no padding: the edge rows and columns it needs
 * twice are read again through the IFM's tiles. Its output is every
 * f-th row and column of the result, written through the output's
 * strides times f from (ry, rx). */
static bool
bil_phase(Cg *g, CgPrep *p, const BilAxis *ay, const BilAxis *ax, int ry,
    int rx, const EthosuScale *sc)
{
	CgNpuOp *n = &p->n;
	int64_t di[4], dout[4], len[2], split[2], ty[2], tx[2];
	dims4(p->in, di);
	dims4(p->out, dout);
	if (!bil_rows(ay, ry, di[1], &len[0], &split[0], ty) ||
	    !bil_rows(ax, rx, di[2], &len[1], &split[1], tx))
		return false;
	/* The map's own strides (NHWC), not those of the tiles' width. */
	cg_fm_of(p->in, &n->ifm);
	p->in_off = view_off(di, n->ifm.bits, 0, 0, 0, &n->ifm);
	p->in_view = true;
	if (ay->bcast)
		n->ifm.sy = 0;
	if (ax->bcast)
		n->ifm.sx = 0;
	n->ifm.h = len[0], n->ifm.w = len[1];
	if (split[0] < len[0] || split[1] < len[1]) {
		n->ifm.th = split[0], n->ifm.tw = split[1];
		memcpy(n->ifm.ty, ty, sizeof ty);
		memcpy(n->ifm.tx, tx, sizeof tx);
	}
	cg_fm_of(p->out, &n->ofm);
	p->out_off = view_off(dout, n->ofm.bits, ry, rx, 0, &n->ofm);
	p->out_view = true;
	n->ofm.sy *= (uint64_t)ay->f;
	n->ofm.sx *= (uint64_t)ax->f;
	n->ofm.h = ay->cnt[ry], n->ofm.w = ax->cnt[rx];
	n->kh = ay->w[ry][1] ? 2 : 1;
	n->kw = ax->w[rx][1] ? 2 : 1;
	n->windowed = true;
	n->sh = n->sw = n->dh = n->dw = 1;
	n->op = ETHOSU_OP_DEPTHWISE;
	n->round = ETHOSU_ROUND_NATURAL;
	act_range(NULL, &n->ofm, &n->act_min, &n->act_max);
	EthosUQuery q;
	query_of(n, ETHOS_U_DEPTHWISE, &q);
	q.has_bias = q.scaled = true;
	if (!choose_block(g, n, &q))
		return false;
	int64_t oc = n->ofm.c, taps = n->kh * n->kw;
	int16_t *ohwi = ir_xmalloc((size_t)(oc * taps) * sizeof *ohwi);
	EthosuScale *s = ir_xmalloc((size_t)oc * sizeof *s);
	bool ok = true;
	for (int64_t o = 0; o < oc; o++) {
		s[o] = *sc;
		for (int64_t k = 0; k < taps; k++) {
			int64_t w = ay->w[ry][k / n->kw] * ax->w[rx][k % n->kw];
			ok = ok && w <= 255; /* the encoder's 9-bit weights */
			ohwi[o * taps + k] = (int16_t)w;
		}
	}
	p->wcopy = ohwi;
	p->wsrc = (EthosuWeightSrc){ .data = ohwi, .elem = ETHOSU_WELEM_I16,
	    .ostride = (size_t)taps, .rstride = 1 };
	p->scales = s;
	return ok && pack_weights(g, p, ETHOSU_WEIGHTS_DEPTHWISE, (int)oc);
}

/* Why a bilinear resize cannot run as phases, or NULL; *ay, *ax its
 * axes when it can. */
static const char *
bil_plan(IrOp *op, const IrValue *x, const IrValue *y, BilAxis *ay,
    BilAxis *ax)
{
	const IrOpDef *d = op->name->def;
	bool align = dialect_get_bool(d, op->attrs, "align_corners");
	bool half = dialect_get_bool(d, op->attrs, "half_pixel_centers");
	int64_t di[4], dout[4];
	dims4(x, di);
	dims4(y, dout);
	if (x->type->u.shaped.rank != 4 || di[0] != 1 || dout[0] != 1 ||
	    di[3] != dout[3] || x->type->u.shaped.elem !=
	    y->type->u.shaped.elem)
		return "not one NHWC batch with the output's type and channels";
	BilAxis *axes[2] = { ay, ax };
	for (int k = 0; k < 2; k++) {
		bool ok = false;
		int64_t n = di[1 + k], m = dout[1 + k];
		if (n == 1)
			ok = bil_bcast(m, align, half, axes[k]);
		for (int f = 1; !ok && f <= BIL_MAX_F && f <= m; f *= 2)
			ok = bil_axis(n, m, align, half, f, axes[k]);
		if (!ok)
			return "TFLite's source positions do not repeat every "
			    "1, 2, 4 or 8 outputs, or its edge clamps are not "
			    "a repeated edge row";
		for (int r = 0; r < axes[k]->f; r++) {
			int64_t len, split, t[2];
			if (axes[k]->cnt[r] && !bil_rows(axes[k], r, n,
			    &len, &split, t))
				return "a phase reads past both edges";
		}
	}
	for (int ry = 0; ry < ay->f; ry++)
		for (int rx = 0; rx < ax->f; rx++)
			for (int k = 0; k < 4; k++)
				if (ay->w[ry][k / 2] * ax->w[rx][k % 2] > 255)
					return "a weight product exceeds the "
					    "encoder's 9 bits";
	return NULL;
}

/* Bilinear resize (TFLite's ResizeBilinearInteger: per output the four
 * neighbours weighted by products of 10-bit fractions, rounded at
 * 2^20) where its positions repeat with period f along each axis (the
 * factors 2, 4 and 8, with or without half-pixel centres or
 * align_corners, and 1): one depthwise convolution per output phase
 * (bil_phase), its integer weights the phase's fractions, its output
 * stage TFLite's rounding (bil_scale, checked on every sum). Other
 * resizes stay with the interpreter, with a remark saying why. */
static bool
prep_bilinear(Cg *g, IrOp *op, bool *fatal)
{
	IrValue *x = ir_op_operand(op, 0), *y = ir_op_result(op, 0);
	if (!placeable(op, x, fatal) || !placeable(op, y, fatal) ||
	    is_constant(x))
		return false;
	BilAxis ay, ax;
	EthosuScale sc;
	int64_t lo, hi;
	storage_range(x, &lo, &hi);
	const char *why = bil_plan(op, x, y, &ay, &ax);
	if (!why && (elem_of(x)->u.integer.width == 32 ||
	    !bil_scale(ay.bits + ax.bits, lo, hi, g->dbl, &sc)))
		why = "no output stage rounds as TFLite does";
	if (why) {
		ir_emit(g->ctx, IR_SEV_REMARK, ir_op_loc(op),
		    "ethos-u-codegen: bilinear resize stays with the "
		    "interpreter: %s", why);
		return false;
	}
	size_t np = (size_t)(ay.f * ax.f);
	if (g->n + np > g->cap) {
		g->cap = 2 * g->cap + np;
		g->run = ir_xrealloc(g->run, g->cap * sizeof *g->run);
	}
	size_t k = 0;
	for (int ry = 0; ry < ay.f; ry++)
		for (int rx = 0; rx < ax.f; rx++) {
			if (!ay.cnt[ry] || !ax.cnt[rx])
				continue;
			k++;
			CgPrep *p = prep_new(g, NULL);
			p->in = x;
			p->out = y;
			p->out_part = k > 1;
			if (!bil_phase(g, p, &ay, &ax, ry, rx, &sc))
				return false;
		}
	if (!k) /* an empty output: nothing to run */
		return false;
	g->run[g->n - 1].op = op;
	return true;
}

/* ------------------------------------------------------------ padded average pools */

/* The kernel rows (or columns) of output position y that fall inside a
 * map of n: the window starts at y * s - pad, k long. */
static int64_t
taps_inside(int64_t y, int64_t s, int64_t pad, int64_t k, int64_t n)
{
	int64_t a = y * s - pad, b = a + k;
	a = a < 0 ? 0 : a;
	b = b > n ? n : b;
	return b > a ? b - a : 0;
}

/* The starts of the runs of equal tap counts along one axis of m
 * output positions; the count of runs. */
static int64_t
tap_runs(int64_t m, int64_t s, int64_t pad, int64_t k, int64_t n,
    int64_t *start)
{
	int64_t r = 0;
	for (int64_t y = 0; y < m; y++)
		if (!y || taps_inside(y, s, pad, k, n) != taps_inside(y - 1, s,
		    pad, k, n))
			start[r++] = y;
	start[r] = m;
	return r;
}

/* An average pool with padding: TFLite divides each window by its taps
 * inside the map, the hardware every window of an operation by one
 * scale. So the output is cut into blocks of one tap count (runs of
 * rows with equal valid kernel rows, times runs of columns), each one
 * POOL reading its part of the input through the input's strides, with
 * the padding that part needs, and writing its part of the output
 * through the output's. The pool prepared at run[at] (its window set)
 * becomes the first block. */
static bool
prep_avg_padded(Cg *g, size_t at, int64_t lo, int64_t hi)
{
	CgNpuOp base = g->run[at].n;
	IrOp *op = g->run[at].op;
	IrValue *in = g->run[at].in, *out = g->run[at].out;
	int64_t ih = base.ifm.h, iw = base.ifm.w, oh = base.ofm.h,
	    ow = base.ofm.w;
	int64_t *ry = ir_xmalloc((size_t)(oh + ow + 2) * sizeof *ry);
	int64_t *rx = ry + oh + 1;
	int64_t ny = tap_runs(oh, base.sh, base.pt, base.kh, ih, ry);
	int64_t nx = tap_runs(ow, base.sw, base.pl, base.kw, iw, rx);
	size_t nb = (size_t)(ny * nx);
	if (g->n + nb > g->cap) {
		g->cap = 2 * g->cap + nb;
		g->run = ir_xrealloc(g->run, g->cap * sizeof *g->run);
	}
	int64_t din[4] = { 1, ih, iw, base.ifm.c };
	int64_t dout[4] = { 1, oh, ow, base.ofm.c };
	bool ok = true;
	for (size_t k = 0; ok && k < nb; k++) {
		int64_t y0 = ry[k / (size_t)nx], y1 = ry[k / (size_t)nx + 1];
		int64_t x0 = rx[k % (size_t)nx], x1 = rx[k % (size_t)nx + 1];
		int64_t cnt = taps_inside(y0, base.sh, base.pt, base.kh, ih) *
		    taps_inside(x0, base.sw, base.pl, base.kw, iw);
		/* The rows and columns the block's windows cover, and the
		 * part of them inside the input. */
		int64_t r0 = y0 * base.sh - base.pt;
		int64_t r1 = (y1 - 1) * base.sh - base.pt + base.kh - 1;
		int64_t c0 = x0 * base.sw - base.pl;
		int64_t c1 = (x1 - 1) * base.sw - base.pl + base.kw - 1;
		int64_t a0 = r0 < 0 ? 0 : r0, a1 = r1 >= ih ? ih - 1 : r1;
		int64_t b0 = c0 < 0 ? 0 : c0, b1 = c1 >= iw ? iw - 1 : c1;
		CgPrep *p = k ? prep_new(g, NULL) : &g->run[at];
		memset(p, 0, sizeof *p);
		p->op = k + 1 == nb ? op : NULL;
		p->in = in;
		p->out = out;
		CgNpuOp *n = &p->n;
		*n = base;
		p->in_off = view_off(din, n->ifm.bits, a0, b0, 0, &n->ifm);
		p->in_view = true;
		n->ifm.h = a1 - a0 + 1, n->ifm.w = b1 - b0 + 1;
		p->out_off = view_off(dout, n->ofm.bits, y0, x0, 0, &n->ofm);
		p->out_view = true;
		p->out_part = k > 0;
		n->ofm.h = y1 - y0, n->ofm.w = x1 - x0;
		n->pt = (int)(a0 - r0), n->pb = (int)(r1 - a1);
		n->pl = (int)(b0 - c0), n->pr = (int)(c1 - b1);
		EthosUQuery q;
		query_of(n, ETHOS_U_POOLING, &q);
		q.scaled = true;
		ok = cnt > 0 && a1 >= a0 && b1 >= b0 && n->pt < 128 &&
		    n->pb < 128 && n->pl < 128 && n->pr < 128 &&
		    avg_scale(cnt, lo, hi, n) && choose_block(g, n, &q);
	}
	free(ry);
	return ok;
}

bool
cg_prepare(Cg *g, IrOp *op, bool *fatal)
{
	if (ir_op_is(op, "npu.elementwise") && op->noperands == 1) {
		const char *k = dialect_get_str(op->name->def, op->attrs, "op");
		return !strcmp(k, "abs") ? prep_abs(g, op, fatal) :
		    !strcmp(k, "leaky_relu") ? prep_lrelu(g, op, fatal) : false;
	}
	if (ir_op_is(op, "npu.resize") && !strcmp(dialect_get_str(op->name->def,
	    op->attrs, "mode"), "bilinear"))
		return prep_bilinear(g, op, fatal);
	if (ir_op_is(op, "npu.resize"))
		return prep_resize(g, op, fatal);
	if (ir_op_is(op, "npu.softmax"))
		return prep_softmax(g, op, fatal);
	if (ir_op_is(op, "npu.elementwise"))
		return prep_elementwise(g, op, fatal);
	if (ir_op_is(op, "npu.slice"))
		return prep_slice(g, op, fatal);
	if (ir_op_is(op, "npu.concat"))
		return prep_concat(g, op, fatal);
	if (ir_op_is(op, "npu.pad"))
		return prep_pad(g, op, fatal);
	CgPrep *p = prep_new(g, op);
	if (ir_op_is(op, "npu.conv2d") || ir_op_is(op,
	    "npu.depthwise_conv2d") || ir_op_is(op, "npu.fully_connected"))
		return prep_mac(g, p, fatal);
	if (ir_op_is(op, "npu.pool"))
		return prep_pool(g, p, fatal);
	if (ir_op_is(op, "npu.lut"))
		return prep_lut(g, p, fatal);
	if (ir_op_is(op, "npu.reshape")) {
		p->alias = true;
		p->in = ir_op_operand(op, 0);
		p->out = ir_op_result(op, 0);
		return placeable(op, p->in, fatal) && placeable(op, p->out,
		    fatal) && !is_constant(p->in);
	}
	return false;
}

void
cg_prep_free(CgPrep *p)
{
	free(p->blob);
	free(p->ranges);
	free(p->tmp);
	free(p->wcopy);
	free(p->scales);
	free(p->depth);
}
