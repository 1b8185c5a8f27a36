/* passes/quant_rewrite.c: turns a calibrated float graph into a quantized
 * one on !quant.uniform types, following TFLite's quantization spec. */
#include "passes/quant.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "dialects/dialect.h"
#include "interp/npy.h"

/* How an op's result parameters are chosen (TFLite's spec). */
typedef enum QKind {
	K_NONE,   /* no integer kernel: stays float */
	K_MAC,    /* conv, depthwise, fully connected: weights per channel,
	             bias int32 at s_in * s_w */
	K_OWN,    /* result parameters from its own range */
	K_SAME,   /* result shares the input's parameters */
	K_FIXED,  /* fixed result parameters (logistic, tanh, softmax) */
	K_CONCAT, /* inputs requantized to the result's parameters */
} QKind;

static const struct {
	const char *name;
	QKind kind;
} kinds[] = {
	{"graph.conv2d", K_MAC}, {"graph.depthwise_conv2d", K_MAC},
	{"graph.fully_connected", K_MAC}, {"graph.transpose_conv2d", K_MAC},
	{"graph.matmul", K_MAC}, {"graph.batch_matmul", K_OWN},
	{"graph.add", K_OWN}, {"graph.sub", K_OWN}, {"graph.mul", K_OWN},
	{"graph.maximum", K_OWN}, {"graph.minimum", K_OWN},
	{"graph.leaky_relu", K_OWN}, {"graph.prelu", K_OWN},
	{"graph.hard_swish", K_OWN}, {"graph.gelu", K_OWN},
	{"graph.global_avg_pool", K_OWN}, {"graph.reduce_mean", K_OWN},
	{"graph.reduce_sum", K_OWN},
	{"graph.relu", K_SAME}, {"graph.relu6", K_SAME},
	{"graph.clip", K_SAME}, {"graph.max_pool2d", K_SAME},
	{"graph.avg_pool2d", K_SAME}, {"graph.reshape", K_SAME},
	{"graph.transpose", K_SAME}, {"graph.pad", K_SAME},
	{"graph.squeeze", K_SAME}, {"graph.unsqueeze", K_SAME},
	{"graph.slice", K_SAME}, {"graph.strided_slice", K_SAME},
	{"graph.split", K_SAME}, {"graph.resize", K_SAME},
	{"graph.reduce_max", K_SAME},
	{"graph.sigmoid", K_FIXED}, {"graph.tanh", K_FIXED},
	{"graph.softmax", K_FIXED},
	{"graph.concat", K_CONCAT},
};

typedef struct Q {
	IrContext *ctx;
	IrOp *func;
	const QConfig *cfg;
	IrPtrMap qof;   /* float value -> its graph.quantize result */
	IrPtrMap fof;   /* quantized value -> its graph.dequantize result */
	long nquant;
} Q;

static QKind
kind_of(const IrOp *op)
{
	size_t i;

	for (i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
		if (ir_op_is(op, kinds[i].name))
			return kinds[i].kind;
	return K_NONE;
}

bool
quant_is_layer(const IrOp *op)
{
	return kind_of(op) != K_NONE;
}

static bool
is_quant(const IrType *t)
{
	return ir_type_is_shaped(t) && t->u.shaped.elem->kind == IR_TYPE_QUANT;
}

static const IrType *
with_elem(Q *q, const IrType *t, const IrType *elem)
{
	return ir_type_tensor(q->ctx, t->u.shaped.rank, t->u.shaped.dims, elem,
	    t->u.shaped.encoding);
}

/* The f32 dense value of a graph.constant defining v, or NULL. */
static const IrAttr *
const_value(IrValue *v)
{
	IrOp *d = ir_value_def_op(v);
	const IrAttr *a;

	if (!d || !ir_op_is(d, "graph.constant") || !quant_is_f32(v->type))
		return NULL;
	a = ir_op_attr(d, "value");
	return a && a->kind == IR_ATTR_DENSE ? a : NULL;
}

static float
dense_f(const IrAttr *a, int64_t i)
{
	float f;

	memcpy(&f, a->u.dense.data + (a->u.dense.splat ? 0 : i * 4), 4);
	return f;
}

/* ------------------------------------------------------------ parameters */

/* Are p's activations 16-bit? */
static bool
act16(QPrec p)
{
	return p == QPREC_INT16 || p == QPREC_INT16W;
}

static unsigned
bits_of(QPrec p)
{
	return act16(p) ? 16 : 8;
}

/* The activation type for range [lo, hi]: int8 asymmetric, int16
 * symmetric with zero point 0 (TFLite's 16x8); scales are float32 as
 * TFLite stores them. */
static const IrType *
act_type(Q *q, QPrec p, double lo, double hi)
{
	int64_t zp = 0, qmin = act16(p) ? -32768 : -128;
	int64_t qmax = -qmin - 1;
	double s;

	lo = lo < 0 ? lo : 0;
	hi = hi > 0 ? hi : 0;
	if (act16(p)) {
		s = (-lo > hi ? -lo : hi) / 32767;
	} else {
		s = (hi - lo) / 255;
	}
	s = (double)(float)(s > 1e-9 ? s : 1e-9);
	if (!act16(p)) {
		zp = (int64_t)llround(qmin - lo / s);
		zp = zp < qmin ? qmin : zp > qmax ? qmax : zp;
	}
	return ir_type_quant(q->ctx, true, ir_type_int(q->ctx, bits_of(p),
	    IR_SIGNLESS), ir_type_float(q->ctx, IR_F32), qmin, qmax, -1, 1,
	    &s, &zp);
}

/* The margin a layer raised to 16 bits gets past the calibration's
 * extremes: 16 bits have levels to spare (a factor 4 costs 12 dB of the
 * 96), and an input louder or brighter than the calibration set's is
 * otherwise clipped (the embedding model all in int16x16: 68.6 dB on
 * calibration samples, 36.1 on the evaluation set without it). */
#define QUANT_WIDE_HEADROOM 4.0

/* v's range for precision p: the method's clipping range, except for a
 * layer raised to int16 in an int8 model (mixed precision), which takes
 * the observed extremes with a margin: the clipping was chosen for 8
 * bits. */
/* The value whose statistics v has: x for the dequantize(quantize(x))
 * the diagnostic precisions (QPREC_A8, QPREC_QDQ) put in place of a
 * result or argument x, which carries none of its own; else v. Without
 * it the op reading x would stay float (why_float: no statistics), so
 * the simulation would round only every other layer. */
static IrValue *
stats_source(IrValue *v)
{
	IrOp *d = ir_value_def_op(v), *qo;

	if (!d || !ir_op_is(d, "graph.dequantize"))
		return v;
	qo = ir_value_def_op(ir_op_operand(d, 0));
	return qo && ir_op_is(qo, "graph.quantize") ?
	    ir_op_operand(qo, 0) : v;
}

static bool
range_of(const Q *q, IrValue *v, QPrec p, double *lo, double *hi)
{
	bool ext = q && act16(p) && q->cfg->def != QPREC_INT16;
	double st[4];

	if (!qstats_get(stats_source(v), st))
		return false;
	*lo = ext ? st[2] * QUANT_WIDE_HEADROOM : st[0];
	*hi = ext ? st[3] * QUANT_WIDE_HEADROOM : st[1];
	return true;
}

/* The ReLU or clip fused into r, if any: r's only user. */
static IrOp *
fused_user(IrValue *r)
{
	IrOp *u = r->uses && !r->uses->next ? r->uses->owner : NULL;

	return u && (ir_op_is(u, "graph.relu") || ir_op_is(u, "graph.relu6") ||
	    ir_op_is(u, "graph.clip")) ? u : NULL;
}

bool
quant_is_fused(IrOp *op)
{
	QKind k = kind_of(op);

	return (k == K_MAC || k == K_OWN || k == K_CONCAT) && op->nresults &&
	    fused_user(ir_op_result(op, 0));
}

/* The range of an op result, as TFLite fuses activations: a result
 * whose only user is a ReLU or clip takes that op's range. */
static bool
result_range(const Q *q, IrValue *r, QPrec p, double *lo, double *hi)
{
	IrOp *u = fused_user(r);

	if (u && range_of(q, ir_op_result(u, 0), p, lo, hi))
		return true;
	return range_of(q, r, p, lo, hi);
}

/* The range a quantized type covers. */
static void
type_range(const IrType *e, double *lo, double *hi)
{
	double s = e->u.quant.scales[0];
	int64_t z = e->u.quant.zero_points[0];

	*lo = s * (double)(e->u.quant.storage_min - z);
	*hi = s * (double)(e->u.quant.storage_max - z);
}

/* ------------------------------------------------------------ new ops */

static IrOp *
make_op(Q *q, IrBuilder *b, const char *name, IrValue *const *in,
    size_t nin, const IrType *rt, const IrAttr *attrs, const IrLoc *loc)
{
	IrOpState st = {
		.name = ir_op_name_get(q->ctx, name, strlen(name)),
		.loc = loc,
		.noperands = nin,
		.operands = in,
		.nresults = 1,
		.result_types = &rt,
		.attrs = attrs,
	};

	return ir_builder_create(b, &st);
}

static const IrAttr *
one_attr(Q *q, const char *name, const IrAttr *v)
{
	IrNamedAttr a = {ir_ident_cstr(q->ctx, name), v};

	return ir_attr_dict(q->ctx, 1, &a);
}

/* A builder right after v is defined. */
static void
after_def(IrBuilder *b, IrValue *v)
{
	if (v->kind == IR_VALUE_RESULT)
		ir_builder_set_after(b, v->owner.op);
	else
		ir_builder_set_start(b, v->owner.block);
}

/* v (float) quantized to elem, sharing one graph.quantize per value. */
static IrValue *
quantize_value(Q *q, IrValue *v, const IrType *elem)
{
	IrValue *r = ir_ptrmap_get(&q->qof, v);
	IrBuilder b;
	IrOp *op;

	if (r && r->type->u.shaped.elem == elem)
		return r;
	ir_builder_init(&b, q->ctx);
	after_def(&b, v);
	op = make_op(q, &b, "graph.quantize", &v, 1, with_elem(q, v->type,
	    elem), one_attr(q, "qtype", ir_attr_type(q->ctx, elem)),
	    ir_value_loc(v));
	r = ir_op_result(op, 0);
	if (!ir_ptrmap_get(&q->qof, v))
		ir_ptrmap_put(&q->qof, v, r);
	return r;
}

/* v (quantized) as float, sharing one graph.dequantize per value. */
static IrValue *
dequantize_value(Q *q, IrValue *v)
{
	IrValue *r = ir_ptrmap_get(&q->fof, v);
	IrBuilder b;

	if (r)
		return r;
	ir_builder_init(&b, q->ctx);
	after_def(&b, v);
	r = ir_op_result(make_op(q, &b, "graph.dequantize", &v, 1,
	    with_elem(q, v->type, ir_type_float(q->ctx, IR_F32)), NULL,
	    ir_value_loc(v)), 0);
	ir_ptrmap_put(&q->fof, v, r);
	return r;
}

static IrValue *
requantize(Q *q, IrOp *user, IrValue *v, const IrType *elem)
{
	IrBuilder b;

	ir_builder_init(&b, q->ctx);
	ir_builder_set_before(&b, user);
	return ir_op_result(make_op(q, &b, "graph.requantize", &v, 1,
	    with_elem(q, v->type, elem), one_attr(q, "qtype",
	    ir_attr_type(q->ctx, elem)), ir_op_loc(user)), 0);
}

/* A new graph.constant holding storage integers `ints` of type elem. */
static IrValue *
int_constant(Q *q, IrOp *user, const IrType *shape, const IrType *elem,
    const int64_t *ints)
{
	const IrType *st = elem->u.quant.storage;
	size_t w = ir_dense_elem_size(st);
	int64_t n = ir_type_num_elements(shape), i;
	uint8_t *buf = ir_xmalloc((size_t)(n ? n : 1) * w);
	const IrAttr *d;
	IrBuilder b;
	IrValue *r;

	for (i = 0; i < n; i++)
		memcpy(buf + i * w, &ints[i], w); /* little endian */
	d = ir_attr_dense(q->ctx, with_elem(q, shape, st), false, buf,
	    (size_t)n * w);
	free(buf);
	ir_builder_init(&b, q->ctx);
	ir_builder_set_before(&b, user);
	r = ir_op_result(make_op(q, &b, "graph.constant", NULL, 0,
	    with_elem(q, shape, elem), one_attr(q, "value", d),
	    ir_op_loc(user)), 0);
	return r;
}

static int64_t
clamp_round(double x, int64_t lo, int64_t hi)
{
	double r = round(x);

	return r < (double)lo ? lo : r > (double)hi ? hi : (int64_t)r;
}

/* A float constant quantized as an activation of its own range (or to
 * elem when given). */
static IrValue *
quant_constant(Q *q, IrOp *user, IrValue *v, QPrec p, const IrType *elem)
{
	const IrAttr *a = const_value(v);
	int64_t n = ir_type_num_elements(v->type), i;
	int64_t *ints = ir_xmalloc((size_t)(n ? n : 1) * sizeof *ints);
	double lo = 0, hi = 0, s;
	IrValue *r;

	for (i = 0; i < n; i++) {
		lo = dense_f(a, i) < lo ? dense_f(a, i) : lo;
		hi = dense_f(a, i) > hi ? dense_f(a, i) : hi;
	}
	if (!elem)
		elem = act_type(q, p, lo, hi);
	s = elem->u.quant.scales[0];
	for (i = 0; i < n; i++)
		ints[i] = clamp_round(dense_f(a, i) / s +
		    (double)elem->u.quant.zero_points[0],
		    elem->u.quant.storage_min, elem->u.quant.storage_max);
	r = int_constant(q, user, v->type, elem, ints);
	free(ints);
	return r;
}

/* ------------------------------------------------------------ weights */

int
quant_weight_axis(IrOp *op)
{
	const IrOpDef *def = op->name->def;
	const char *layout = dialect_get_str(def, op->attrs, "layout");
	int64_t rank = ir_op_operand(op, 1)->type->u.shaped.rank;

	if (ir_op_is(op, "graph.matmul"))
		return dialect_get_bool(def, op->attrs, "transpose_b") ? 0 : 1;
	if (ir_op_is(op, "graph.depthwise_conv2d") &&
	    !(layout && !strcmp(layout, "NCHW")))
		return (int)rank - 1;
	return 0;
}

/* Weights quantized symmetrically to [-127, 127], per output channel
 * when cfg->per_channel; scales gets one scale per channel and ints_out
 * the integers (both malloc'd). */
/* Squared rounding error of each group's weights at each of NCLIP
 * candidate scales (clip ratio 1, 0.95, ... of the group's largest
 * magnitude). */
enum { NCLIP = 11 };

static void
clip_errors(const IrAttr *a, int64_t n, int64_t inner, int64_t ch,
    bool per_channel, const double *maxabs, double (*err)[NCLIP])
{
	int64_t i, g;
	double sc, x, qv;
	int k;

	for (i = 0; i < n; i++) {
		g = per_channel ? i / inner % ch : 0;
		x = dense_f(a, i);
		for (k = 0; k < NCLIP; k++) {
			sc = maxabs[g] * (1 - 0.05 * k) / 127;
			qv = sc > 0 ?
			    (double)clamp_round(x / sc, -127, 127) * sc : 0;
			err[g][k] += (x - qv) * (x - qv);
		}
	}
}

/* Weights quantized symmetrically to [-127, 127], per output channel
 * when cfg->per_channel; scales gets one scale per channel and ints_out
 * the integers (both malloc'd). The scale is the largest magnitude over
 * 127, or, with cfg->weight_mse, the clipped one of least squared
 * rounding error. */
static IrValue *
quant_weights(Q *q, IrOp *op, IrValue *w, int axis, int64_t qmax,
    double **scales, int64_t *nch, int64_t **ints_out)
{
	const IrAttr *a = const_value(w);
	const IrType *t = w->type;
	int64_t n = ir_type_num_elements(t), inner = 1, i, g, k;
	int64_t ch = t->u.shaped.dims[axis];
	int64_t *ints = ir_xmalloc((size_t)(n ? n : 1) * sizeof *ints);
	int64_t *zps = ir_xcalloc((size_t)ch, sizeof *zps);
	double *s = ir_xcalloc((size_t)ch, sizeof *s);
	double *maxabs = ir_xcalloc((size_t)ch, sizeof *maxabs);
	double (*err)[NCLIP] = ir_xcalloc((size_t)ch, sizeof *err);
	bool pc = q->cfg->per_channel;
	const IrType *elem;
	IrValue *r;
	int best, j;

	for (k = t->u.shaped.rank - 1; k > axis; k--)
		inner *= t->u.shaped.dims[k];
	for (i = 0; i < n; i++) {
		g = pc ? i / inner % ch : 0;
		if (fabs(dense_f(a, i)) > maxabs[g])
			maxabs[g] = fabs(dense_f(a, i));
	}
	if (q->cfg->weight_mse)
		clip_errors(a, n, inner, ch, pc, maxabs, err);
	for (g = 0; g < (pc ? ch : 1); g++) {
		for (best = 0, j = 1; q->cfg->weight_mse && j < NCLIP; j++)
			if (err[g][j] < err[g][best])
				best = j;
		s[g] = maxabs[g] > 0 ? maxabs[g] * (1 - 0.05 * best) /
		    (double)qmax : 1.0 / (double)qmax;
		s[g] = (double)(float)s[g];
	}
	for (i = 0; i < n; i++)
		ints[i] = clamp_round(dense_f(a, i) /
		    s[pc ? i / inner % ch : 0], -qmax, qmax);
	if (q->cfg->round)
		qround_weights(q->cfg->round, q->cfg->orig ?
		    ir_ptrmap_get(q->cfg->orig, op) : op, a, s, pc, qmax, ints);
	for (g = 1; !pc && g < ch; g++)
		s[g] = s[0];
	elem = ir_type_quant(q->ctx, true, ir_type_int(q->ctx,
	    qmax > 127 ? 16 : 8, IR_SIGNLESS), ir_type_float(q->ctx, IR_F32),
	    -qmax, qmax, pc ? axis : -1, pc ? (size_t)ch : 1, s, zps);
	r = int_constant(q, op, t, elem, ints);
	*ints_out = ints;
	free(zps);
	free(maxabs);
	free(err);
	*scales = s;
	*nch = ch;
	return r;
}

/* ------------------------------------------------------- bias correction */

/* The output channel *c and input channel *ic that flat weight index i
 * of a convolution or fully connected op connects. */
void
quant_weight_channels(IrOp *op, const IrType *wt, int64_t i, int64_t *c,
    int64_t *ic)
{
	const IrOpDef *def = op->name->def;
	const int64_t *d = wt->u.shaped.dims;
	const char *layout = ir_op_is(op, "graph.fully_connected") ? NULL :
	    dialect_get_str(def, op->attrs, "layout");
	bool nchw = layout && !strcmp(layout, "NCHW");
	int64_t g, per;

	if (ir_op_is(op, "graph.fully_connected")) {
		*c = i / d[1];
		*ic = i % d[1];
	} else if (ir_op_is(op, "graph.depthwise_conv2d")) {
		int64_t dm = dialect_get_int(def, op->attrs,
		    "depth_multiplier");

		*c = nchw ? i / (d[2] * d[3]) : i % d[3];
		*ic = *c / (dm > 0 ? dm : 1);
	} else {
		g = dialect_get_int(def, op->attrs, "groups");
		per = d[0] / (g > 0 ? g : 1);
		*c = i / (d[1] * d[2] * d[3]);
		*ic = *c / per * (nchw ? d[1] : d[3]) +
		    (nchw ? i / (d[2] * d[3]) % d[1] : i % d[3]);
	}
}

/* The float bias of op (zeros without one) plus, when calibration left
 * the input's channel means, sum (w - w_q) E[x] per output channel: the
 * output's expected shift from rounding the weights (bias correction as
 * in Nagel et al., "Data-free quantization", 2019; padding ignored).
 * oc entries, malloc'd; *changed says whether anything was corrected. */
static double *
corrected_bias(Q *q, IrOp *op, const IrAttr *w, const int64_t *ints,
    const double *s, int axis, int64_t oc, bool *changed)
{
	const IrAttr *mean = ir_op_attr(op, QMEAN_ATTR);
	const IrType *wt = ir_op_operand(op, 1)->type;
	double *bf = ir_xcalloc((size_t)oc + 1, sizeof *bf);
	int64_t n = ir_type_num_elements(wt), inner = 1, i, c, ic, nin = 0;
	const IrAttr *b = op->noperands > 2 ?
	    const_value(ir_op_operand(op, 2)) : NULL;
	int k;

	for (c = 0; b && c < oc; c++)
		bf[c] = dense_f(b, c);
	*changed = false;
	if (q->cfg->no_bias_corr || !mean || mean->kind != IR_ATTR_DENSE ||
	    !quant_is_f32(mean->u.dense.type) ||
	    ir_op_is(op, "graph.transpose_conv2d") ||
	    ir_op_is(op, "graph.matmul"))
		return bf;
	nin = ir_type_num_elements(mean->u.dense.type);
	for (k = (int)wt->u.shaped.rank - 1; k > axis; k--)
		inner *= wt->u.shaped.dims[k];
	for (i = 0; i < n; i++) {
		double sc = s[q->cfg->per_channel ? i / inner %
		    wt->u.shaped.dims[axis] : 0];

		quant_weight_channels(op, wt, i, &c, &ic);
		if (c < oc && ic < nin && !mean->u.dense.splat)
			bf[c] += (dense_f(w, i) - (double)ints[i] * sc) *
			    dense_f(mean, ic);
	}
	*changed = true;
	return bf;
}

/* A new i64 graph.constant of n values before user: a 16x8 bias. */
static IrValue *
i64_constant(Q *q, IrOp *user, const int64_t *v, int64_t n)
{
	const IrType *t = ir_type_tensor(q->ctx, 1, &n, ir_type_int(q->ctx,
	    64, IR_SIGNLESS), NULL);
	IrBuilder b;

	ir_builder_init(&b, q->ctx);
	ir_builder_set_before(&b, user);
	return ir_op_result(make_op(q, &b, "graph.constant", NULL, 0, t,
	    one_attr(q, "value", ir_attr_dense(q->ctx, t, false, v,
	    (size_t)n * sizeof *v)), ir_op_loc(user)), 0); /* little endian */
}

/* The bias bf (oc values) as integers at scale s_in * s_w[c]: int32 on
 * a !quant.uniform type for an 8-bit input; for a 16-bit input (wide)
 * int64 as TFLite's 16x8 scheme stores it, a plain i64 tensor whose
 * scale is implied (a !quant.uniform has at most 32 bits of storage),
 * limited to the 40 bits Ethos-U's bias field and TFLite's kernels
 * accumulate in. Saturated values are reported. */
static IrValue *
quant_bias(Q *q, IrOp *op, const double *bf, int64_t n, double s_in,
    const double *sw, int64_t nch, bool wide)
{
	int64_t lo = wide ? -((int64_t)1 << 39) : INT32_MIN;
	int64_t hi = wide ? ((int64_t)1 << 39) - 1 : INT32_MAX;
	int64_t *ints = ir_xmalloc((size_t)(n ? n : 1) * sizeof *ints), i;
	int64_t *zps = ir_xcalloc((size_t)n + 1, sizeof *zps), sat = 0;
	double *s = ir_xmalloc(((size_t)n + 1) * sizeof *s);
	const IrType *elem, *shape;
	IrValue *r;

	for (i = 0; i < n; i++) {
		s[i] = s_in * sw[nch > 1 ? i % nch : 0];
		ints[i] = clamp_round(bf[i] / s[i], lo, hi);
		sat += ints[i] == lo || ints[i] == hi;
	}
	if (sat)
		ir_emit(q->ctx, IR_SEV_WARNING, ir_op_loc(op), "%lld bias "
		    "values saturate %s", (long long)sat, wide ?
		    "40 bits" : "int32");
	if (wide) {
		r = i64_constant(q, op, ints, n);
	} else {
		elem = ir_type_quant(q->ctx, true, ir_type_int(q->ctx, 32,
		    IR_SIGNLESS), ir_type_float(q->ctx, IR_F32), INT32_MIN,
		    INT32_MAX, n > 1 ? 0 : -1, n > 1 ? (size_t)n : 1, s, zps);
		shape = ir_type_tensor(q->ctx, 1, &n, ir_type_float(q->ctx,
		    IR_F32), NULL);
		r = int_constant(q, op, shape, elem, ints);
	}
	free(ints);
	free(zps);
	free(s);
	return r;
}

/* Sets op's bias operand (operand 2), adding it when op has none. */
static void
set_bias(IrOp *op, IrValue *b)
{
	IrValue *v[3];

	if (op->noperands > 2) {
		ir_op_set_operand(op, 2, b);
		return;
	}
	v[0] = ir_op_operand(op, 0);
	v[1] = ir_op_operand(op, 1);
	v[2] = b;
	ir_op_set_operands(op, 3, v);
}

/* ------------------------------------------------------------ checks */

/* Is op a convolution on NCHW tensors (ONNX's layout)? */
static bool
is_nchw(IrOp *op)
{
	const char *l = ir_op_is(op, "graph.fully_connected") ||
	    ir_op_is(op, "graph.matmul") ? NULL :
	    dialect_get_str(op->name->def, op->attrs, "layout");

	return l && !strcmp(l, "NCHW");
}

static QPrec
prec_of(Q *q, IrOp *op)
{
	uintptr_t p = q->cfg->prec ?
	    (uintptr_t)ir_ptrmap_get(q->cfg->prec, op) : 0;

	return p ? (QPrec)p : q->cfg->def;
}

/* Can operand v be given in quantized form? */
static bool
operand_ok(IrValue *v)
{
	double lo, hi;

	if (is_quant(v->type) || const_value(v))
		return true;
	return quant_is_f32(v->type) && range_of(NULL, v, QPREC_INT8, &lo, &hi);
}

/* Why op cannot be quantized, or NULL when it can. */
static const char *
why_float(Q *q, IrOp *op)
{
	QKind k = kind_of(op);
	double lo, hi;
	unsigned i;

	if (ir_op_is(op, "graph.batch_norm"))
		return "no integer batch norm: fold it into the convolution "
		    "before calibrating";
	if (k == K_NONE)
		return "no integer kernel in TFLite's quantization spec";
	if (op->nresults == 0 || op->noperands == 0)
		return "has no tensor operand or result";
	for (i = 0; i < op->nresults; i++)
		if (!quant_is_f32(ir_op_result(op, i)->type))
			return "a result is not an f32 tensor";
	if (k == K_MAC && !const_value(ir_op_operand(op, 1)))
		return ir_op_is(op, "graph.matmul") ? NULL :
		    "its weights are not a constant";
	if (k == K_MAC && op->noperands > 2 &&
	    !const_value(ir_op_operand(op, 2)))
		return "its bias is not a constant";
	for (i = 0; i < op->noperands; i++)
		if (!operand_ok(ir_op_operand(op, i)))
			return "an operand has no calibration statistics";
	if ((k == K_MAC || k == K_OWN || k == K_CONCAT) &&
	    !result_range(q, ir_op_result(op, 0), QPREC_INT8, &lo,
	    &hi))
		return "its result has no calibration statistics";
	return NULL;
}

/* ------------------------------------------------------------ rewriting */

/* Operand i of op in quantized form: elem when given, else any type of
 * precision p (a value already quantized at that width is kept). */
static void
set_quant_operand(Q *q, IrOp *op, unsigned i, QPrec p, const IrType *elem)
{
	IrValue *v = ir_op_operand(op, i), *r;
	double lo = 0, hi = 0;

	if (const_value(v)) {
		r = quant_constant(q, op, v, p, elem);
	} else if (is_quant(v->type)) {
		const IrType *e = v->type->u.shaped.elem;

		r = v;
		if (!elem && ir_type_bitwidth(e->u.quant.storage) !=
		    bits_of(p)) {
			if (!range_of(q, v, p, &lo, &hi))
				type_range(e, &lo, &hi);
			elem = act_type(q, p, lo, hi);
		}
		if (elem && elem != e)
			r = requantize(q, op, v, elem);
	} else {
		if (!elem) {
			range_of(q, v, p, &lo, &hi);
			elem = act_type(q, p, lo, hi);
		}
		r = quantize_value(q, v, elem);
	}
	ir_op_set_operand(op, i, r);
}

static void
set_result(Q *q, IrOp *op, unsigned i, const IrType *elem)
{
	IrValue *r = ir_op_result(op, i);

	r->type = with_elem(q, r->type, elem);
}

/* The bias correction and quantized bias of a MAC op whose weights
 * were just quantized (w the float weights). */
static void
rewrite_bias(Q *q, IrOp *op, const IrAttr *w, const int64_t *ints,
    const double *sw, int64_t nch)
{
	int axis = quant_weight_axis(op);
	int64_t oc = ir_op_operand(op, 1)->type->u.shaped.dims[axis];
	bool changed;
	double *bf = corrected_bias(q, op, w, ints, sw, axis, oc, &changed);

	const IrType *x = ir_op_operand(op, 0)->type->u.shaped.elem;

	if (op->noperands > 2 || changed)
		set_bias(op, quant_bias(q, op, bf, oc, x->u.quant.scales[0], sw,
		    nch, ir_type_bitwidth(x->u.quant.storage) == 16));
	free(bf);
}

static void
rewrite_mac(Q *q, IrOp *op, QPrec p)
{
	IrValue *w = ir_op_operand(op, 1);
	const IrAttr *wv = const_value(w);
	int64_t nch, *ints;
	double *sw, lo, hi;

	set_quant_operand(q, op, 0, p, NULL);
	if (!wv) { /* matmul of two activations */
		set_quant_operand(q, op, 1, p, NULL);
	} else {
		ir_op_set_operand(op, 1, quant_weights(q, op, w,
		    quant_weight_axis(op), p == QPREC_INT16W ? 32767 : 127,
		    &sw, &nch, &ints));
		if (!ir_op_is(op, "graph.matmul"))
			rewrite_bias(q, op, wv, ints, sw, nch);
		free(sw);
		free(ints);
	}
	result_range(q, ir_op_result(op, 0), p, &lo, &hi);
	set_result(q, op, 0, act_type(q, p, lo, hi));
}

/* TFLite's fixed output parameters: logistic and softmax [0, 1) at
 * 1/256 (int8, zero point -128) or 1/32768 (int16); tanh [-1, 1) at
 * 1/128 (int8) or 1/32768 (int16). */
static const IrType *
fixed_type(Q *q, IrOp *op, QPrec p)
{
	bool tanh_ = ir_op_is(op, "graph.tanh");
	double s = act16(p) ? 1.0 / 32768 : tanh_ ? 1.0 / 128 : 1.0 / 256;
	int64_t zp = act16(p) || tanh_ ? 0 : -128;
	int64_t qmin = act16(p) ? -32768 : -128;

	return ir_type_quant(q->ctx, true, ir_type_int(q->ctx, bits_of(p),
	    IR_SIGNLESS), ir_type_float(q->ctx, IR_F32), qmin, -qmin - 1, -1,
	    1, &s, &zp);
}

static void
rewrite_op(Q *q, IrOp *op, QPrec p)
{
	QKind k = kind_of(op);
	const IrType *e;
	double lo, hi;
	unsigned i;

	if (k == K_MAC) {
		rewrite_mac(q, op, p);
		return;
	}
	if (k == K_CONCAT) {
		result_range(q, ir_op_result(op, 0), p, &lo, &hi);
		e = act_type(q, p, lo, hi);
		for (i = 0; i < op->noperands; i++)
			set_quant_operand(q, op, i, p, e);
		set_result(q, op, 0, e);
		return;
	}
	for (i = 0; i < op->noperands; i++)
		set_quant_operand(q, op, i, p, NULL);
	if (k == K_SAME) {
		e = ir_op_operand(op, 0)->type->u.shaped.elem;
	} else if (k == K_FIXED) {
		e = fixed_type(q, op, p);
	} else {
		result_range(q, ir_op_result(op, 0), p, &lo, &hi);
		e = act_type(q, p, lo, hi);
	}
	for (i = 0; i < op->nresults; i++)
		set_result(q, op, i, e);
}

/* A float op (or the return): quantized operands are dequantized. */
static void
keep_float(Q *q, IrOp *op)
{
	unsigned i;

	for (i = 0; i < op->noperands; i++)
		if (is_quant(ir_op_operand(op, i)->type))
			ir_op_set_operand(op, i, dequantize_value(q,
			    ir_op_operand(op, i)));
}

bool
quant_check_float(IrOp *func)
{
	IrBlock *b = ir_func_entry(func);
	IrOp *op;
	unsigned i;

	for (op = b->first; op; op = op->next) {
		for (i = 0; i < op->nresults; i++) {
			if (is_quant(ir_op_result(op, i)->type)) {
				ir_op_emit_error(op, "is already quantized: "
				    "quantize a float model");
				return false;
			}
		}
	}
	return true;
}

void
quant_drop_dead_constants(IrBlock *b)
{
	IrOp *op, *next;

	for (op = b->first; op; op = next) {
		next = op->next;
		if (ir_op_is(op, "graph.constant") &&
		    !ir_value_has_uses(ir_op_result(op, 0)))
			ir_op_erase(op);
	}
}

static IrValue *float_constant(Q *q, IrOp *user, const double *v,
    int64_t n);
static void dynamic_op(Q *q, IrOp *op);

/* QPREC_A8: op (still float) gets its result rounded to int8 at the
 * parameters the rewrite would give it, through a quantize and a
 * dequantize. */
static void
fake_quant_result(Q *q, IrOp *op)
{
	IrValue *r = ir_op_result(op, 0), *qv, *d;
	const IrType *e;
	double lo, hi;

	if (kind_of(op) == K_FIXED)
		e = fixed_type(q, op, QPREC_INT8);
	else if (result_range(q, r, QPREC_INT8, &lo, &hi))
		e = act_type(q, QPREC_INT8, lo, hi);
	else
		return;
	qv = quantize_value(q, r, e);
	d = dequantize_value(q, qv);
	ir_value_replace_all_uses(r, d);
	ir_op_set_operand(ir_value_def_op(qv), 0, r);
}

/* The diagnostic precisions: one source of error alone. */
static void
rewrite_diag(Q *q, IrOp *op, QPrec p)
{
	if ((p == QPREC_W8 || p == QPREC_QDQ) && kind_of(op) == K_MAC &&
	    const_value(ir_op_operand(op, 1)))
		dynamic_op(q, op);
	if (p == QPREC_A8 || p == QPREC_QDQ)
		fake_quant_result(q, op);
}

/* QPREC_QDQ as the default: each f32 argument rounded to int8 as the
 * int8 model's graph.quantize of it does. */
static void
fake_quant_args(Q *q, IrBlock *b)
{
	unsigned k;
	double lo, hi;

	for (k = 0; k < b->nargs; k++) {
		IrValue *a = b->args[k], *qv, *d;

		if (!quant_is_f32(a->type) ||
		    !range_of(q, a, QPREC_INT8, &lo, &hi))
			continue;
		qv = quantize_value(q, a, act_type(q, QPREC_INT8, lo, hi));
		d = dequantize_value(q, qv);
		ir_value_replace_all_uses(a, d);
		ir_op_set_operand(ir_value_def_op(qv), 0, a);
	}
}

long
quant_rewrite(IrOp *func, const QConfig *cfg)
{
	IrBlock *b = ir_func_entry(func);
	Q q = {.ctx = ir_op_context(func), .func = func, .cfg = cfg};
	IrOp **ops, *op;
	size_t n = 0, i;
	const char *why;
	long nchw = 0;
	QPrec p;

	if (!quant_check_float(func))
		return -1;
	ops = ir_xmalloc((ir_block_num_ops(b) + 1) * sizeof *ops);
	for (op = b->first; op; op = op->next)
		ops[n++] = op;
	if (cfg->def == QPREC_QDQ)
		fake_quant_args(&q, b);
	for (i = 0; i < n; i++) {
		op = ops[i];
		if (ir_op_is(op, "graph.constant"))
			continue;
		if (op == b->last) { /* the return keeps float results */
			keep_float(&q, op);
			continue;
		}
		p = prec_of(&q, op);
		why = why_float(&q, op);
		if (!why && (p == QPREC_W8 || p == QPREC_A8 ||
		    p == QPREC_QDQ)) {
			keep_float(&q, op);
			rewrite_diag(&q, op, p);
			continue;
		}
		if (!why && p != QPREC_FLOAT) {
			nchw += kind_of(op) == K_MAC && is_nchw(op);
			rewrite_op(&q, op, p);
			q.nquant++;
			continue;
		}
		if (why && !cfg->quiet)
			ir_emit(q.ctx, IR_SEV_WARNING, ir_op_loc(op), "'%s' "
			    "stays float: %s", ir_op_name_str(op), why);
		keep_float(&q, op);
	}
	free(ops);
	if (nchw && !cfg->quiet)
		ir_emit(q.ctx, IR_SEV_WARNING, ir_op_loc(func), "%ld quantized "
		    "NCHW convolutions will run float kernels (the integer "
		    "kernels are NHWC, as TFLite's): run --layout before "
		    "calibrate", nchw);
	quant_drop_dead_constants(b);
	ir_ptrmap_free(&q.qof);
	ir_ptrmap_free(&q.fof);
	return q.nquant;
}

/* ------------------------------------------------------------ helpers */

int64_t
quant_macs(IrOp *op)
{
	const IrType *w, *y;

	if (kind_of(op) != K_MAC || op->noperands < 2 || !op->nresults)
		return 0;
	w = ir_op_operand(op, 1)->type;
	y = ir_op_result(op, 0)->type;
	if (ir_type_num_elements(w) < 0 || ir_type_num_elements(y) < 0)
		return 0;
	if (ir_op_is(op, "graph.matmul"))
		return ir_type_num_elements(y) * w->u.shaped.dims[
		    dialect_get_bool(op->name->def, op->attrs, "transpose_b") ?
		    1 : 0];
	/* each output element takes (weights / output channels) MACs */
	return ir_type_num_elements(y) * ir_type_num_elements(w) /
	    w->u.shaped.dims[quant_weight_axis(op)];
}

static IrWalkResult
strip_one(IrOp *op, void *user)
{
	(void)user;
	ir_op_remove_attr(op, QSTATS_ATTR);
	ir_op_remove_attr(op, QSTATS_ARG_ATTR);
	ir_op_remove_attr(op, QMEAN_ATTR);
	return IR_WALK_ADVANCE;
}

void
quant_strip_stats(IrOp *root)
{
	ir_op_walk(root, IR_WALK_PRE, strip_one, NULL);
}

/* ----------------------------------------------------- weight-only modes */

/* A new f32 graph.constant of n values before user. */
static IrValue *
float_constant(Q *q, IrOp *user, const double *v, int64_t n)
{
	float *f = ir_xmalloc((size_t)(n ? n : 1) * sizeof *f);
	const IrType *t = ir_type_tensor(q->ctx, 1, &n,
	    ir_type_float(q->ctx, IR_F32), NULL);
	IrBuilder b;
	IrValue *r;
	int64_t i;

	for (i = 0; i < n; i++)
		f[i] = (float)v[i];
	ir_builder_init(&b, q->ctx);
	ir_builder_set_before(&b, user);
	r = ir_op_result(make_op(q, &b, "graph.constant", NULL, 0, t,
	    one_attr(q, "value", ir_attr_dense(q->ctx, t, false, f,
	    (size_t)n * sizeof *f)), ir_op_loc(user)), 0);
	free(f);
	return r;
}

/* op's weights as int8 read through a dequantize, its bias corrected
 * (mode=dynamic's rewrite of one MAC op). */
static void
dynamic_op(Q *q, IrOp *op)
{
	const IrAttr *wv = const_value(ir_op_operand(op, 1));
	int axis = quant_weight_axis(op);
	double *sw, *bf;
	int64_t nch, *ints;
	bool changed;
	IrValue *w;

	w = quant_weights(q, op, ir_op_operand(op, 1), axis, 127, &sw, &nch,
	    &ints);
	bf = corrected_bias(q, op, wv, ints, sw, axis,
	    w->type->u.shaped.dims[axis], &changed);
	if (changed)
		set_bias(op, float_constant(q, op, bf,
		    w->type->u.shaped.dims[axis]));
	free(bf);
	free(sw);
	free(ints);
	ir_op_set_operand(op, 1, dequantize_value(q, w));
}

long
quant_dynamic(IrOp *func, const QConfig *cfg)
{
	Q q = {.ctx = ir_op_context(func), .func = func, .cfg = cfg};
	IrBlock *b = ir_func_entry(func);
	IrOp *op;

	if (!quant_check_float(func))
		return -1;
	for (op = b->first; op; op = op->next) {
		if (kind_of(op) != K_MAC || !const_value(ir_op_operand(op, 1)))
			continue;
		dynamic_op(&q, op);
		q.nquant++;
	}
	quant_drop_dead_constants(b);
	ir_ptrmap_free(&q.fof);
	return q.nquant;
}

long
quant_fp16(IrOp *func)
{
	QConfig cfg = {.def = QPREC_INT8};
	Q q = {.ctx = ir_op_context(func), .func = func, .cfg = &cfg};
	IrBlock *b = ir_func_entry(func);
	const IrType *f16 = ir_type_float(q.ctx, IR_F16);
	IrOp *op, *c;
	IrBuilder bl;
	IrValue *v, *h;

	if (!quant_check_float(func))
		return -1;
	ir_builder_init(&bl, q.ctx);
	for (op = b->first; op; op = op->next) {
		const IrAttr *a;
		int64_t n, i;
		uint16_t *buf;

		v = ir_op_is(op, "graph.constant") ? ir_op_result(op, 0) : NULL;
		if (!v || !(a = const_value(v)) || !ir_value_has_uses(v))
			continue;
		n = a->u.dense.splat ? 1 : ir_type_num_elements(v->type);
		buf = ir_xmalloc((size_t)(n ? n : 1) * 2);
		for (i = 0; i < n; i++)
			buf[i] = npy_f32_to_f16(dense_f(a, i));
		ir_builder_set_before(&bl, op);
		h = ir_op_result(make_op(&q, &bl, "graph.constant", NULL, 0,
		    with_elem(&q, v->type, f16), one_attr(&q, "value",
		    ir_attr_dense(q.ctx, with_elem(&q, v->type, f16),
		    a->u.dense.splat, buf, (size_t)n * 2)), ir_op_loc(op)), 0);
		free(buf);
		ir_builder_set_after(&bl, op);
		c = make_op(&q, &bl, "graph.cast", &h, 1, v->type, one_attr(&q,
		    "to", ir_attr_type(q.ctx, ir_type_float(q.ctx, IR_F32))),
		    ir_op_loc(op));
		ir_value_replace_all_uses(v, ir_op_result(c, 0));
		op = c;
		q.nquant++;
	}
	quant_drop_dead_constants(b);
	return q.nquant;
}
