/* dialects/npu/interpret.c: reference kernels of the npu dialect, in
 * integer arithmetic bit-exact with TFLite's reference kernels. */
#include "dialects/npu/npu.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "dialects/graph/graph.h"
#include "interp/broadcast.h"
#include "interp/interp.h"
#include "interp/qmath.h"

static const IrOpDef *
def_of(const IrOp *op)
{
	return op->name->def;
}

static int64_t
geti(const IrOp *op, const char *name)
{
	return dialect_get_int(def_of(op), op->attrs, name);
}

static bool
has(const IrOp *op, const char *name)
{
	return ir_op_attr(op, name) != NULL;
}

static const int64_t *
D(const IrTensor *t)
{
	return t->type->u.shaped.dims;
}

/* Element i of a dense integer attribute (a splat repeats), as int64. */
static int64_t
dense_int(const IrAttr *a, int64_t i)
{
	size_t es = ir_dense_elem_size(a->u.dense.type->u.shaped.elem);
	size_t n = es ? a->u.dense.size / es : 0;
	const uint8_t *p;
	uint64_t v = 0;
	size_t k;

	if (!n)
		return 0;
	p = a->u.dense.data + (a->u.dense.splat ? 0 : (size_t)i % n * es);
	for (k = 0; k < es; k++)
		v |= (uint64_t)p[k] << (8 * k);
	if (es < 8 && (v >> (8 * es - 1) & 1)) /* sign-extend */
		v |= ~0ull << (8 * es);
	return (int64_t)v;
}

/* The storage range of a result element type (quantized or integer). */
static void
storage_range(const IrType *shaped, int64_t *lo, int64_t *hi)
{
	const IrType *e = shaped->u.shaped.elem;
	unsigned w;

	if (e->kind == IR_TYPE_QUANT) {
		*lo = e->u.quant.storage_min;
		*hi = e->u.quant.storage_max;
		return;
	}
	w = e->kind == IR_TYPE_INTEGER ? e->u.integer.width : 32;
	if (w >= 64)
		w = 63;
	if (e->kind == IR_TYPE_INTEGER && e->u.integer.sign == IR_UNSIGNED) {
		*lo = 0;
		*hi = (int64_t)((1ull << w) - 1);
	} else {
		*lo = -(int64_t)(1ull << (w - 1));
		*hi = (int64_t)((1ull << (w - 1)) - 1);
	}
}

/* The fused activation clamp: act_min/act_max or the storage range. */
static void
act_range(const IrOp *op, int64_t *lo, int64_t *hi)
{
	storage_range(ir_op_result((IrOp *)op, 0)->type, lo, hi);
	if (has(op, "act_min"))
		*lo = geti(op, "act_min") > *lo ? geti(op, "act_min") : *lo;
	if (has(op, "act_max"))
		*hi = geti(op, "act_max") < *hi ? geti(op, "act_max") : *hi;
}

/* Storage integers of a tensor minus a zero point, as int32 (a new
 * array): the kernels' inner loops are then plain dot products. */
static int32_t *
ints(const IrTensor *t, int64_t zp)
{
	int32_t *v = ir_xmalloc((size_t)(t->n ? t->n : 1) * sizeof *v);
	const IrType *e = t->type->u.shaped.elem;
	bool s8 = t->elem_size == 1 && (e->kind == IR_TYPE_QUANT ?
	    e->u.quant.is_signed : e->kind == IR_TYPE_INTEGER &&
	    e->u.integer.sign != IR_UNSIGNED);
	int64_t i;

	if (s8) {
		for (i = 0; i < t->n; i++)
			v[i] = ((const int8_t *)t->data)[i] - (int32_t)zp;
		return v;
	}
	for (i = 0; i < t->n; i++)
		v[i] = (int32_t)(ir_tensor_get_int(t, i) - zp);
	return v;
}

static bool
make_out(IrOp *op, IrTensor **out)
{
	out[0] = ir_tensor_create(ir_op_result(op, 0)->type);
	if (!out[0])
		ir_op_emit_error(op, "result type has no runtime form");
	return out[0] != NULL;
}

/* Window geometry of NHWC windowed ops: the graph dialect's accessor,
 * dilations read where the op has them. */
static QWindow
window(IrOp *op, const IrTensor *in, const IrTensor *out, int64_t kh,
    int64_t kw)
{
	return graph_window(op, in, out, kh, kw,
	    dialect_has_attr(def_of(op), op->attrs, "dilations"), false);
}

/* ------------------------------------------------------------ MAC ops */

/* What the MAC kernels share: integers without zero points, the bias,
 * one multiplier per output channel, and the output integers. */
typedef struct Mac {
	int32_t *x, *w, *y;
	int64_t *bias;
	QMultiplier *m;
	QRequant r;
} Mac;

/* Reads operands and the epilogue attributes; oc output channels. */
static bool
mac_begin(IrInterp *it, IrOp *op, IrTensor *const *in, IrTensor **out,
    int64_t oc, Mac *k)
{
	const IrAttr *mult = ir_op_attr(op, "multiplier");
	const IrAttr *shift = ir_op_attr(op, "shift");
	int64_t c;

	if (!make_out(op, out))
		return false;
	k->x = ints(in[0], geti(op, "input_zp"));
	k->w = ints(in[1], geti(op, "weight_zp"));
	k->y = ir_xmalloc((size_t)(out[0]->n ? out[0]->n : 1) * sizeof *k->y);
	k->bias = ir_xmalloc((size_t)(oc ? oc : 1) * sizeof *k->bias);
	k->m = ir_xmalloc((size_t)(oc ? oc : 1) * sizeof *k->m);
	for (c = 0; c < oc; c++) {
		k->bias[c] = ir_tensor_get_int(in[2], c % in[2]->n);
		k->m[c] = (QMultiplier){(int32_t)dense_int(mult, c),
		    (int)dense_int(shift, c)};
	}
	k->r = (QRequant){k->m, oc, geti(op, "output_zp"), 0, 0,
	    ir_interp_options(it)->single_rounding, in[0]->elem_size > 1, NULL};
	act_range(op, &k->r.lo, &k->r.hi);
	return true;
}

/* Stores the output integers and frees the scratch arrays. */
static bool
mac_end(Mac *k, IrTensor *out)
{
	int64_t i;

	for (i = 0; i < out->n; i++)
		ir_tensor_set_int(out, i, k->y[i]);
	free(k->x);
	free(k->w);
	free(k->y);
	free(k->bias);
	free(k->m);
	return true;
}

/* TFLite's ConvPerChannel (qmath_conv2d). */
bool
npu_interpret_conv2d(IrInterp *it, IrOp *op, IrTensor *const *in,
    IrTensor **out)
{
	int64_t oc = D(in[1])[0];
	QWindow g;
	Mac k;

	if (!mac_begin(it, op, in, out, oc, &k))
		return false;
	g = window(op, in[0], out[0], D(in[1])[1], D(in[1])[2]);
	qmath_conv2d(&g, 1, k.x, k.w, k.bias, &k.r, k.y);
	return mac_end(&k, out[0]);
}

/* TFLite's DepthwiseConvPerChannel (qmath_depthwise_conv2d). */
bool
npu_interpret_depthwise_conv2d(IrInterp *it, IrOp *op,
    IrTensor *const *in, IrTensor **out)
{
	int64_t oc = D(in[1])[3];
	QWindow g;
	Mac k;

	if (!mac_begin(it, op, in, out, oc, &k))
		return false;
	g = window(op, in[0], out[0], D(in[1])[1], D(in[1])[2]);
	qmath_depthwise_conv2d(&g, k.x, k.w, k.bias, &k.r, k.y);
	return mac_end(&k, out[0]);
}

/* TFLite's FullyConnected (per tensor, or per channel when multiplier
 * has one entry per output). */
bool
npu_interpret_fully_connected(IrInterp *it, IrOp *op, IrTensor *const *in,
    IrTensor **out)
{
	int64_t o = D(in[1])[0], kk = D(in[1])[1];
	Mac k;

	if (!mac_begin(it, op, in, out, o, &k))
		return false;
	qmath_fully_connected(in[0]->n / kk, kk, o, k.x, k.w, k.bias, &k.r,
	    k.y);
	return mac_end(&k, out[0]);
}

/* ------------------------------------------------------------ pooling */

/* TFLite's integer pooling: max of the valid taps, or their sum divided
 * by their count rounding half away from zero. */
bool
npu_interpret_pool(IrInterp *it, IrOp *op, IrTensor *const *in,
    IrTensor **out)
{
	const char *mode = dialect_get_str(def_of(op), op->attrs, "mode");
	int64_t k[2] = {1, 1}, n, oy, ox, c, ky, kx, lo, hi;
	int32_t *x = ints(in[0], 0);
	QWindow w;

	if (!make_out(op, out)) {
		free(x);
		return false;
	}
	dialect_get_ints(def_of(op), op->attrs, "kernel", k, 2);
	w = window(op, in[0], out[0], k[0], k[1]);
	act_range(op, &lo, &hi);
	for (n = 0; n < w.n; n++)
	for (oy = 0; oy < w.oh; oy++)
	for (ox = 0; ox < w.ow; ox++)
	for (c = 0; c < w.c; c++) {
		int64_t acc = mode[0] == 'm' ? INT64_MIN : 0, cnt = 0;

		for (ky = 0; ky < w.kh; ky++)
			for (kx = 0; kx < w.kw; kx++) {
				int64_t iy = oy * w.sh - w.pt + ky;
				int64_t ix = ox * w.sw - w.pl + kx;
				int64_t v;

				if (iy < 0 || iy >= w.h || ix < 0 || ix >= w.w)
					continue;
				v = x[((n * w.h + iy) * w.w + ix) * w.c + c];
				acc = mode[0] == 'm' ? (v > acc ? v : acc) :
				    acc + v;
				cnt++;
			}
		if (!cnt) {
			ir_op_emit_error(op, "a pooling window covers only "
			    "padding");
			free(x);
			return false;
		}
		if (mode[0] == 'a')
			acc = acc > 0 ? (acc + cnt / 2) / cnt :
			    (acc - cnt / 2) / cnt;
		ir_tensor_set_int(out[0], ((n * w.oh + oy) * w.ow + ox) * w.c +
		    c, qmath_clamp(acc, lo, hi));
	}
	free(x);
	return true;
}

/* ------------------------------------------------------------ elementwise */

/* One input's scaled value: (x - zp) << left_shift, then its multiplier
 * when the op has input multipliers (TFLite's quantized add). */
static int64_t
ew_input(IrOp *op, int idx, int64_t x, bool single)
{
	int64_t zp[2] = {0, 0}, mul[2] = {0, 0}, sh[2] = {0, 0};
	int64_t v;

	dialect_get_ints(def_of(op), op->attrs, "input_zp", zp, 2);
	v = (x - zp[idx]) * ((int64_t)1 << geti(op, "left_shift"));
	if (dialect_get_ints(def_of(op), op->attrs, "input_multiplier", mul,
	    2) > idx) {
		dialect_get_ints(def_of(op), op->attrs, "input_shift", sh, 2);
		v = qmath_requant(qmath_clamp(v, INT32_MIN, INT32_MAX),
		    (QMultiplier){(int32_t)mul[idx], (int)sh[idx]}, single);
	}
	return v;
}

/* The combined value of the op before output scaling. */
static int64_t
ew_combine(char op, int64_t a, int64_t b)
{
	switch (op) {
	case 'a': return a + b;
	case 's': return a - b;
	case 'm': return a * b;
	case '<': return a < b ? a : b;
	case '>': return a > b ? a : b;
	default: return a < 0 ? -a : a; /* abs */
	}
}

static char
ew_code(const char *s)
{
	return !strcmp(s, "add") ? 'a' : !strcmp(s, "sub") ? 's' :
	    !strcmp(s, "mul") ? 'm' : !strcmp(s, "min") ? '<' :
	    !strcmp(s, "max") ? '>' : !strcmp(s, "abs") ? '|' : 'l';
}

bool
npu_interpret_elementwise(IrInterp *it, IrOp *op, IrTensor *const *in,
    IrTensor **out)
{
	char code = ew_code(dialect_get_str(def_of(op), op->attrs, "op"));
	bool single = ir_interp_options(it)->single_rounding, two;
	QMultiplier om = {(int32_t)geti(op, "output_multiplier"),
	    (int)geti(op, "output_shift")};
	QMultiplier am = {0, 0};
	int64_t i, lo, hi, ozp = geti(op, "output_zp");
	IrBroadcast bc;

	if (!make_out(op, out))
		return false;
	two = op->noperands > 1;
	if (!ir_broadcast_init(&bc, in[0], two ? in[1] : NULL, out[0])) {
		ir_op_emit_error(op, "rank above %d", IR_BROADCAST_MAX_RANK);
		return false;
	}
	if (code == 'l' && has(op, "alpha_multiplier"))
		am = (QMultiplier){(int32_t)geti(op, "alpha_multiplier"),
		    (int)geti(op, "alpha_shift")};
	act_range(op, &lo, &hi);
	for (i = 0; i < out[0]->n; i++) {
		int64_t a = ew_input(op, 0, ir_tensor_get_int(in[0], bc.ia),
		    single);
		int64_t b = two ? ew_input(op, 1,
		    ir_tensor_get_int(in[1], bc.ib), single) : 0;
		int64_t v = code == 'l' ? a : ew_combine(code, a, b);
		QMultiplier m = code == 'l' && v < 0 ? am : om;

		v = qmath_requant(qmath_clamp(v, INT32_MIN, INT32_MAX), m,
		    single) + ozp;
		ir_tensor_set_int(out[0], i, qmath_clamp(v, lo, hi));
		ir_broadcast_next(&bc);
	}
	return true;
}

/* ------------------------------------------------------------ lut, resize */

bool
npu_interpret_lut(IrInterp *it, IrOp *op, IrTensor *const *in,
    IrTensor **out)
{
	const IrAttr *table = ir_op_attr(op, "table");
	const IrType *e = in[0]->type->u.shaped.elem;
	const IrType *r = ir_op_result(op, 0)->type->u.shaped.elem;
	bool uns = e->kind == IR_TYPE_INTEGER ? e->u.integer.sign ==
	    IR_UNSIGNED : e->kind == IR_TYPE_QUANT && !e->u.quant.is_signed;
	bool uout = r->kind == IR_TYPE_INTEGER ? r->u.integer.sign ==
	    IR_UNSIGNED : r->kind == IR_TYPE_QUANT && !r->u.quant.is_signed;
	int64_t i;

	if (!make_out(op, out))
		return false;
	for (i = 0; i < in[0]->n; i++) {
		int64_t x = ir_tensor_get_int(in[0], i) + (uns ? 0 : 128);
		int64_t v = dense_int(table, x & 255);

		/* The table holds bytes: an unsigned result reads them so. */
		ir_tensor_set_int(out[0], i, uout ? v & 255 : v);
	}
	return true;
}

/* TFLite's integer resize: nearest as ResizeNearestNeighbor, bilinear
 * as ResizeBilinearInteger (qmath_resize_bilinear, with the
 * interpreter's rounding, as the graph kernel). */
static int64_t
nearest(int64_t o, int64_t in, int64_t out, bool align, bool half)
{
	float s = align && out > 1 ? (float)(in - 1) / (float)(out - 1) :
	    (float)in / (float)out;
	float f = ((float)o + (half ? 0.5f : 0.0f)) * s;
	int64_t i = align ? (int64_t)roundf(f) : (int64_t)floorf(f);

	i = i < in - 1 ? i : in - 1;
	return i < 0 ? 0 : i;
}

/* Bilinear: the stored integers through qmath_resize_bilinear. */
static void
resize_bilinear(IrInterp *it, IrOp *op, const IrTensor *x, IrTensor *y)
{
	const IrOpDef *d = def_of(op);
	QWindow g = {0};
	int32_t *a = ints(x, 0);
	int32_t *b = ir_xmalloc((size_t)(y->n ? y->n : 1) * sizeof *b);
	int64_t i;

	g.n = D(x)[0], g.h = D(x)[1], g.w = D(x)[2], g.c = D(x)[3];
	g.oh = D(y)[1], g.ow = D(y)[2];
	if (x->n)
		qmath_resize_bilinear(&g, dialect_get_bool(d, op->attrs,
		    "align_corners"), dialect_get_bool(d, op->attrs,
		    "half_pixel_centers"),
		    ir_interp_options(it)->single_rounding, a, b);
	for (i = 0; i < y->n; i++)
		ir_tensor_set_int(y, i, x->n ? b[i] : 0);
	free(a);
	free(b);
}

bool
npu_interpret_resize(IrInterp *it, IrOp *op, IrTensor *const *in,
    IrTensor **out)
{
	const IrOpDef *d = def_of(op);
	bool align = dialect_get_bool(d, op->attrs, "align_corners");
	bool half = dialect_get_bool(d, op->attrs, "half_pixel_centers");
	int64_t N, H, W, C, OH, OW, n, oy, ox, c;

	if (!make_out(op, out))
		return false;
	if (!strcmp(dialect_get_str(d, op->attrs, "mode"), "bilinear")) {
		resize_bilinear(it, op, in[0], out[0]);
		return true;
	}
	N = D(in[0])[0], H = D(in[0])[1], W = D(in[0])[2], C = D(in[0])[3];
	OH = D(out[0])[1], OW = D(out[0])[2];
	for (n = 0; n < N; n++)
	for (oy = 0; oy < OH; oy++)
	for (ox = 0; ox < OW; ox++)
	for (c = 0; c < C; c++)
		ir_tensor_set_int(out[0], ((n * OH + oy) * OW + ox) * C + c,
		    ir_tensor_get_int(in[0], ((n * H + nearest(oy, H, OH,
		    align, half)) * W + nearest(ox, W, OW, align, half)) * C +
		    c));
	return true;
}

/* ------------------------------------------------------------ data, regions */

bool
npu_interpret_concat(IrInterp *it, IrOp *op, IrTensor *const *in,
    IrTensor **out)
{
	int64_t axis, outer, len, inner, o, off = 0;
	size_t es;
	unsigned p;

	if (!make_out(op, out))
		return false;
	axis = dialect_norm_axis(geti(op, "axis"),
	    (int)out[0]->type->u.shaped.rank);
	es = out[0]->elem_size;
	ir_tensor_split_axis(out[0], axis, &outer, &len, &inner);
	for (o = 0; o < outer; o++)
		for (p = 0; p < op->noperands; p++) {
			size_t n = (size_t)(D(in[p])[axis] * inner) * es;

			memcpy((char *)out[0]->data + (size_t)off * es,
			    (char *)in[p]->data + (size_t)o * n, n);
			off += D(in[p])[axis] * inner;
		}
	return true;
}

bool
npu_interpret_cpu(IrInterp *it, IrOp *op, IrTensor *const *in,
    IrTensor **out)
{
	IrRegion *r = ir_op_region(op, 0);

	if (!r->first) {
		ir_op_emit_error(op, "has an empty region");
		return false;
	}
	return ir_interp_run_block(it, r->first, in, op->noperands, out,
	    op->nresults);
}

/* ------------------------------------------------------------ views, pad */

/* The input's bytes under the result's shape. */
bool
npu_interpret_reshape(IrInterp *it, IrOp *op, IrTensor *const *in,
    IrTensor **out)
{
	(void)it;
	if (!make_out(op, out))
		return false;
	if (out[0]->n != in[0]->n) {
		ir_op_emit_error(op, "the result has %lld elements, the input "
		    "%lld", (long long)out[0]->n, (long long)in[0]->n);
		return false;
	}
	memcpy(out[0]->data, in[0]->data, (size_t)in[0]->n *
	    in[0]->elem_size);
	return true;
}

/* Every result element is pad_value or the input element it covers. */
bool
npu_interpret_pad(IrInterp *it, IrOp *op, IrTensor *const *in,
    IrTensor **out)
{
	int64_t p[32], idx[16] = {0}, i, v = geti(op, "pad_value");
	int r, k;

	(void)it;
	if (!make_out(op, out))
		return false;
	r = (int)out[0]->type->u.shaped.rank;
	if (r > 16)
		return false;
	dialect_get_ints(def_of(op), op->attrs, "paddings", p, 32);
	for (i = 0; i < out[0]->n; i++) {
		int64_t src = 0;
		bool inside = true;

		for (k = 0; k < r; k++) {
			int64_t x = idx[k] - p[2 * k];

			inside = inside && x >= 0 && x < D(in[0])[k];
			src = src * D(in[0])[k] + x;
		}
		ir_tensor_set_int(out[0], i, inside ?
		    ir_tensor_get_int(in[0], src) : v);
		for (k = r - 1; k >= 0 && ++idx[k] == D(out[0])[k]; k--)
			idx[k] = 0;
	}
	return true;
}

/* The window [begin, begin + size) of the input. */
bool
npu_interpret_slice(IrInterp *it, IrOp *op, IrTensor *const *in,
    IrTensor **out)
{
	int64_t b[16] = {0}, idx[16] = {0}, i;
	int r, k;

	(void)it;
	if (!make_out(op, out))
		return false;
	r = (int)out[0]->type->u.shaped.rank;
	if (r > 16)
		return false;
	dialect_get_ints(def_of(op), op->attrs, "begin", b, 16);
	for (i = 0; i < out[0]->n; i++) {
		int64_t src = 0;

		for (k = 0; k < r; k++)
			src = src * D(in[0])[k] + b[k] + idx[k];
		memcpy((char *)out[0]->data + (size_t)i * out[0]->elem_size,
		    (char *)in[0]->data + (size_t)src * in[0]->elem_size,
		    out[0]->elem_size);
		for (k = r - 1; k >= 0 && ++idx[k] == D(out[0])[k]; k--)
			idx[k] = 0;
	}
	return true;
}

/* ------------------------------------------------------------ softmax */

/* The NPU's int32 results saturate. */
static int64_t
sat32(int64_t v)
{
	return v < INT32_MIN ? INT32_MIN : v > INT32_MAX ? INT32_MAX : v;
}

/* An int32 MUL whose OFM scale is (1 << 30, shift 31) under double
 * rounding: the product divided by 2^31, nudged by 2^30 away from zero
 * and truncated (gemmlowp's SaturatingRoundingDoublingHighMul), then
 * saturated. */
static int64_t
ew_mul31(int64_t a, int64_t b)
{
	int64_t p = a * b;

	return sat32((p + (p >= 0 ? (1 << 30) : 1 - (1 << 30))) /
	    ((int64_t)1 << 31));
}

/* Leading zeros of a 32-bit word (32 for 0), the NPU's CLZ. */
static int64_t
clz32(int64_t v)
{
	uint32_t u = (uint32_t)v;
	int64_t n = 0;

	if (!u)
		return 32;
	while (!(u & 0x80000000u)) {
		u <<= 1;
		n++;
	}
	return n;
}

/* The NPU's SHL of an int32 (bits shifted out are lost), saturated as
 * the OFM is. */
static int64_t
ew_shl(int64_t a, int64_t b)
{
	return b < 0 || b >= 32 ? 0 : sat32((int64_t)((uint64_t)a << b));
}

/* The reciprocal of Vela's softmax (passes 4-28 of softmax.py): from
 * the sum of the rescaled exps, the scale factor (Q2.29 1/x times two,
 * by three Newton-Raphson steps from 48/17 - 32/17 x) and the right
 * shift the last pass applies. */
static void
vela_reciprocal(int64_t sum, int64_t *factor, int64_t *rshift)
{
	int64_t hpo = clz32(sum), d, hd, nr;

	*rshift = sat32(12 + 31 - 8 - hpo);                  /* sub5 */
	d = sat32(ew_shl(sum, sat32(hpo - 1)) - (1 << 30));  /* 6-8 */
	d = ew_shl(d, 1);                                    /* shl9 */
	/* add10: explicit scale (1, shift 1), double rounding. */
	hd = d + INT32_MAX;
	hd = sat32((hd * ((int64_t)1 << 30) + (hd >= 0 ? (1 << 30) :
	    1 - (1 << 30))) / ((int64_t)1 << 31));
	nr = sat32(ew_mul31(hd, -1010580540) + 1515870810);  /* 11-12 */
	for (int k = 0; k < 3; k++) {                        /* 13-27 */
		int64_t t = sat32((1 << 29) - ew_mul31(nr, hd));

		nr = sat32(nr + sat32(ew_mul31(nr, t) * 4));
	}
	*factor = sat32(nr * 2);                             /* mul28 */
}

/* Vela's int8 softmax (softmax.py, get_graph_8bit) as its 31 NPU ops
 * compute it, along the last axis: the row max (maxpool0), exp of x -
 * max by the table (sub1 with the LUT), >> 12 rounded (shr2), the sum
 * (reduce_sum3), its reciprocal, exp times the factor (mul29) and a
 * natural-rounding right shift onto the 1/256 output scale (shr30), plus
 * the output zero point, clamped. */
static bool
softmax_vela(IrOp *op, const IrTensor *x, IrTensor *y)
{
	const IrAttr *tab = ir_op_attr(op, "exp_table");
	const IrType *r = ir_op_result(op, 0)->type;
	int64_t len = x->type->u.shaped.rank > 0 ? x->type->u.shaped.dims[
	    x->type->u.shaped.rank - 1] : 1;
	int64_t zp = r->u.shaped.elem->u.quant.zero_points[0], lo, hi;
	int64_t *e = ir_xmalloc((size_t)(len > 0 ? len : 1) * sizeof *e);

	act_range(op, &lo, &hi);
	for (int64_t row = 0; len > 0 && row < x->n / len; row++) {
		int64_t base = row * len, m = INT64_MIN, sum = 0, f, rs;

		for (int64_t i = 0; i < len; i++) {
			int64_t v = ir_tensor_get_int(x, base + i);

			m = v > m ? v : m;
		}
		for (int64_t i = 0; i < len; i++) {
			e[i] = (int32_t)dense_int(tab, ir_tensor_get_int(x,
			    base + i) - m + 255);
			sum += sat32((e[i] + (1 << 11)) >> 12);
		}
		vela_reciprocal(sat32(sum), &f, &rs);
		for (int64_t i = 0; i < len; i++) {
			int64_t v = ew_mul31(e[i], f);

			if (rs > 0)
				v = (v + ((int64_t)1 << (rs > 62 ? 61 :
				    rs - 1))) >> (rs > 62 ? 62 : rs);
			v = sat32(v) + zp;
			ir_tensor_set_int(y, base + i, v < lo ? lo : v > hi ?
			    hi : v);
		}
	}
	free(e);
	return true;
}

/* graph.softmax's arithmetic on quantized data: dequantize, f32
 * max-subtracted softmax along the axis (ir_softmax_f32), quantize
 * (TFLite's rounding); with exp_table, Vela's fixed-point sequence. */
bool
npu_interpret_softmax(IrInterp *it, IrOp *op, IrTensor *const *in,
    IrTensor **out)
{
	IrContext *ctx = ir_interp_context(it);
	int64_t axis = dialect_norm_axis(geti(op, "axis"),
	    in[0]->type->u.shaped.rank);
	int64_t outer, len, inner;
	IrTensor *fx, *fy;

	if (!make_out(op, out))
		return false;
	if (ir_op_attr(op, "exp_table"))
		return softmax_vela(op, in[0], out[0]);
	ir_tensor_split_axis(in[0], axis, &outer, &len, &inner);
	fx = ir_tensor_to_f32(ctx, in[0]);
	fy = ir_tensor_create(ir_tensor_f32_type(ctx, out[0]->type));
	ir_softmax_f32(fx->data, fy->data, outer, len, inner,
	    (float)dialect_get_float(def_of(op), op->attrs, "beta"), false);
	ir_tensor_store_f32(out[0], fy);
	ir_tensor_release(fx);
	ir_tensor_release(fy);
	return true;
}

/* ------------------------------------------------------------ mean */

/* Sums of x - input_zp over the reduced dims, each wrapped to int32 as
 * TFLite's accumulator and the graph kernel wrap it (Vela's limits still
 * allow sums past 2^31: 2^24 int8 or 2^16 int16 elements), requantized
 * with the interpreter's rounding, plus output_zp (qmath_mean_out). */
bool
npu_interpret_mean(IrInterp *it, IrOp *op, IrTensor *const *in,
    IrTensor **out)
{
	const IrTensor *x = in[0];
	int r = (int)x->type->u.shaped.rank;
	int64_t ax[DIALECT_MAX_RANK + 1], ostr[DIALECT_MAX_RANK];
	int64_t idx[DIALECT_MAX_RANK] = {0}, i, oi = 0, zp, lo, hi;
	int na = dialect_get_ints(def_of(op), op->attrs, "axes", ax,
	    DIALECT_MAX_RANK + 1), k;
	bool red[DIALECT_MAX_RANK] = {false};
	QMultiplier m = {(int32_t)geti(op, "multiplier"),
	    (int)geti(op, "shift")};
	int64_t *sum;

	if (!make_out(op, out))
		return false;
	for (k = 0; k < na; k++)
		red[dialect_norm_axis(ax[k], r)] = true;
	for (k = r - 1, i = 1; k >= 0; k--) {
		ostr[k] = red[k] ? 0 : i;
		i *= red[k] ? 1 : x->type->u.shaped.dims[k];
	}
	zp = geti(op, "input_zp");
	sum = ir_xcalloc((size_t)out[0]->n + 1, sizeof *sum);
	for (i = 0; i < x->n; i++) {
		sum[oi] += ir_tensor_get_int(x, i) - zp;
		for (k = r - 1; k >= 0; k--) {
			oi += ostr[k];
			if (++idx[k] < x->type->u.shaped.dims[k])
				break;
			oi -= ostr[k] * idx[k];
			idx[k] = 0;
		}
	}
	act_range(op, &lo, &hi);
	for (i = 0; i < out[0]->n; i++)
		ir_tensor_set_int(out[0], i, qmath_mean_out(sum[i], 0, 1, m,
		    ir_interp_options(it)->single_rounding, geti(op,
		    "output_zp"), lo, hi));
	free(sum);
	return true;
}

/* ------------------------------------------------------------ transpose */

/* Result element (i_0, .., i_r-1) is input element j with j[perm[k]] =
 * i_k: walks the result in order, stepping the input by its strides. */
bool
npu_interpret_transpose(IrInterp *it, IrOp *op, IrTensor *const *in,
    IrTensor **out)
{
	const IrTensor *x = in[0];
	int r = (int)x->type->u.shaped.rank;
	int64_t p[DIALECT_MAX_RANK + 1], istr[DIALECT_MAX_RANK];
	int64_t step[DIALECT_MAX_RANK], idx[DIALECT_MAX_RANK] = {0};
	int64_t i, k, src = 0;
	const int64_t *od;

	(void)it;
	dialect_get_ints(def_of(op), op->attrs, "perm", p,
	    DIALECT_MAX_RANK + 1);
	if (!make_out(op, out))
		return false;
	od = out[0]->type->u.shaped.dims;
	for (k = r - 1, i = 1; k >= 0; k--) {
		istr[k] = i;
		i *= x->type->u.shaped.dims[k];
	}
	for (k = 0; k < r; k++)
		step[k] = istr[p[k]];
	for (i = 0; i < out[0]->n; i++) {
		ir_tensor_set_int(out[0], i, ir_tensor_get_int(x, src));
		for (k = r - 1; k >= 0; k--) {
			src += step[k];
			if (++idx[k] < od[k])
				break;
			src -= step[k] * idx[k];
			idx[k] = 0;
		}
	}
	return true;
}
