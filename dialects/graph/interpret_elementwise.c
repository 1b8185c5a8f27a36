/* dialects/graph/interpret_elementwise.c: elementwise kernels: binary
 * ops with numpy broadcasting (and an integer path for quantized add,
 * sub, mul), unary math and activations, softmax, and normalisation
 * (batch and layer norm). */
#include "dialects/graph/kernel.h"
#include "interp/broadcast.h"

/* ------------------------------------------------------------ elementwise */

typedef float (*BinFn)(float a, float b);

static void
binary(IrTensor *const *in, IrTensor *out, BinFn fn)
{
	const float *a = F(in[0]), *b = F(in[1]);
	float *y = F(out);
	IrBroadcast bc;
	int64_t i;

	if (in[0]->n == out->n && in[1]->n == out->n) {
		for (i = 0; i < out->n; i++)
			y[i] = fn(a[i], b[i]);
		return;
	}
	ir_broadcast_init(&bc, in[0], in[1], out);
	for (i = 0; i < out->n; i++) {
		y[i] = fn(a[bc.ia], b[bc.ib]);
		ir_broadcast_next(&bc);
	}
}

static float b_add(float a, float b) { return a + b; }
static float b_sub(float a, float b) { return a - b; }
static float b_mul(float a, float b) { return a * b; }
static float b_div(float a, float b) { return a / b; }
static float b_max(float a, float b) { return a > b ? a : b; }
static float b_min(float a, float b) { return a < b ? a : b; }
static float b_prelu(float x, float a) { return x >= 0 ? x : a * x; }

/* A binary kernel's float body: fn over in[0] and in[1] broadcast to
 * out[0]'s shape. */
static bool
binary_kernel(IrOp *op, IrTensor *const *in, IrTensor **out, BinFn fn)
{
	if (R(out[0]) > MAXR) {
		ir_op_emit_error(op, "rank above %d", MAXR);
		return false;
	}
	binary(in, out[0], fn);
	return true;
}

/* TFLite's integer add, sub and mul for 8-bit per-tensor quantized
 * operands and result (reference_integer_ops/add.h, mul.h): add and sub
 * shift inputs left by 20, scale each by s_i / (2 max(s1, s2)), combine,
 * and scale by 2 max(s1, s2) / (2^20 s_out); mul scales the product of
 * the zero-point-free inputs by s1 s2 / s_out. Scales are taken as f32.
 * 16-bit operands and result (all three) run TFLite's general int16
 * kernels, the same arithmetic with inputs shifted left by 15 (add.cc's
 * general_scale_int16 path, which the converter's models take; the
 * power-of-two path of old models is not modelled); under
 * --arith=xnnpack too, as XNNPack's delegate leaves int16 to TFLite. */
static bool
qbinary_applies(IrOp *op, IrTensor *const *in)
{
	const IrType *y = ir_op_result(op, 0)->type->u.shaped.elem;
	const IrType *a = graph_qtensor(in[0], 16);
	const IrType *b = graph_qtensor(in[1], 16);
	unsigned wy;

	if (!a || !b || y->kind != IR_TYPE_QUANT || y->u.quant.nscales != 1 ||
	    R(in[0]) > MAXR || R(in[1]) > MAXR)
		return false;
	wy = ir_type_bitwidth(y->u.quant.storage);
	if (wy <= 8)
		return ir_type_bitwidth(a->u.quant.storage) <= 8 &&
		    ir_type_bitwidth(b->u.quant.storage) <= 8;
	return wy == 16 && ir_type_bitwidth(a->u.quant.storage) == 16 &&
	    ir_type_bitwidth(b->u.quant.storage) == 16;
}

typedef struct QBin {
	char code;               /* '+', '-', '*' */
	QMultiplier m1, m2, mo;
	int64_t z1, z2, zo, lo, hi;
	int left;                /* input shift of add/sub: 20, 15 (int16) */
	bool single;
	bool xnn;                /* XNNPack's arithmetic: xa or fscale */
	QXnnAdd xa;
	float fscale;
} QBin;

static int32_t
qbin_one(const QBin *q, int64_t a, int64_t b)
{
	int64_t v;

	if (q->xnn) {
		v = q->code == '*' ? qmath_requant_fp32((int32_t)((a - q->z1) *
		    (b - q->z2)), q->fscale) :
		    qmath_xnn_add(&q->xa, (int32_t)a, (int32_t)b);
		return qmath_clamp(v + q->zo, q->lo, q->hi);
	}
	a -= q->z1;
	b -= q->z2;
	if (q->code == '*') {
		v = qmath_requant((int32_t)(a * b), q->mo, q->single);
	} else {
		a = qmath_requant((int32_t)(a * (1 << q->left)), q->m1,
		    q->single);
		b = qmath_requant((int32_t)(b * (1 << q->left)), q->m2,
		    q->single);
		v = qmath_requant(qmath_clamp(q->code == '+' ? a + b : a - b,
		    INT32_MIN, INT32_MAX), q->mo, q->single);
	}
	return qmath_clamp(v + q->zo, q->lo, q->hi);
}

static QBin
qbin_params(IrInterp *it, IrOp *op, IrTensor *const *in, char code)
{
	const IrType *q1 = in[0]->type->u.shaped.elem;
	const IrType *q2 = in[1]->type->u.shaped.elem;
	const IrType *qy = ir_op_result(op, 0)->type->u.shaped.elem;
	double s1 = graph_f32_scale(q1->u.quant.scales[0]);
	double s2 = graph_f32_scale(q2->u.quant.scales[0]);
	double so = graph_f32_scale(qy->u.quant.scales[0]);
	double twice = 2 * (s1 > s2 ? s1 : s2);
	int left = ir_type_bitwidth(qy->u.quant.storage) > 8 ? 15 : 20;
	QBin q = {code, qmath_quantize_multiplier(s1 / twice),
	    qmath_quantize_multiplier(s2 / twice),
	    qmath_quantize_multiplier(code == '*' ? s1 * s2 / so :
	    twice / ((1 << left) * so)), q1->u.quant.zero_points[0],
	    q2->u.quant.zero_points[0], qy->u.quant.zero_points[0],
	    qy->u.quant.storage_min, qy->u.quant.storage_max, left,
	    ir_interp_options(it)->single_rounding, false, {0, 0, 0, 0}, 0};

	/* XNNPack's delegate takes int8 add, sub and mul whose scale ratios
	 * it supports; the rest stay on TFLite's kernels. */
	if (ir_interp_options(it)->arith != IR_ARITH_XNNPACK ||
	    ir_type_bitwidth(qy->u.quant.storage) != 8)
		return q;
	if (code == '*') {
		q.fscale = qmath_fp32_scale(s1, s2, so);
		q.xnn = q.fscale >= 0x1p-16f && q.fscale < 0x1p8f;
	} else {
		q.xnn = qmath_xnn_add_params(s1, q.z1, s2, q.z2, so,
		    code == '-', &q.xa);
	}
	return q;
}

static bool
qbinary(IrInterp *it, IrOp *op, IrTensor *const *in, IrTensor **out,
    char code)
{
	QBin q = qbin_params(it, op, in, code);
	IrBroadcast bc;
	int64_t i;

	out[0] = ir_tensor_create(ir_op_result(op, 0)->type);
	ir_broadcast_init(&bc, in[0], in[1], out[0]);
	for (i = 0; i < out[0]->n; i++) {
		int64_t a = ir_tensor_get_int(in[0], bc.ia);
		int64_t b = ir_tensor_get_int(in[1], bc.ib);

		ir_tensor_set_int(out[0], i, qbin_one(&q, a, b));
		ir_broadcast_next(&bc);
	}
	return true;
}

/* Add, sub and mul: the integer path for quantized operands, else the
 * float path. */
static bool
f_add(IrOp *op, IrTensor *const *in, IrTensor **out)
{
	return binary_kernel(op, in, out, b_add);
}

bool
graph_interpret_add(IrInterp *it, IrOp *op, IrTensor *const *in,
    IrTensor **out)
{
	if (qbinary_applies(op, in))
		return graph_act_apply(op, qbinary(it, op, in, out, '+'), out);
	return graph_float_kernel(it, op, in, out, f_add);
}

static bool
f_sub(IrOp *op, IrTensor *const *in, IrTensor **out)
{
	return binary_kernel(op, in, out, b_sub);
}

bool
graph_interpret_sub(IrInterp *it, IrOp *op, IrTensor *const *in,
    IrTensor **out)
{
	if (qbinary_applies(op, in))
		return graph_act_apply(op, qbinary(it, op, in, out, '-'), out);
	return graph_float_kernel(it, op, in, out, f_sub);
}

static bool
f_mul(IrOp *op, IrTensor *const *in, IrTensor **out)
{
	return binary_kernel(op, in, out, b_mul);
}

bool
graph_interpret_mul(IrInterp *it, IrOp *op, IrTensor *const *in,
    IrTensor **out)
{
	if (qbinary_applies(op, in))
		return graph_act_apply(op, qbinary(it, op, in, out, '*'), out);
	return graph_float_kernel(it, op, in, out, f_mul);
}

/* Integer tensors divide as C, TFLite and ONNX do: truncating toward
 * zero (a zero divisor gives 0 rather than undefined behaviour). */
static float b_idiv(float a, float b) { return b == 0 ? 0 : truncf(a / b); }

static bool
f_div(IrOp *op, IrTensor *const *in, IrTensor **out)
{
	const IrType *e = ir_op_result(op, 0)->type->u.shaped.elem;

	if (R(out[0]) > MAXR) {
		ir_op_emit_error(op, "rank above %d", MAXR);
		return false;
	}
	binary(in, out[0], e->kind == IR_TYPE_INTEGER ? b_idiv : b_div);
	return true;
}

bool
graph_interpret_div(IrInterp *it, IrOp *op, IrTensor *const *in,
    IrTensor **out)
{
	return graph_float_kernel(it, op, in, out, f_div);
}

static bool
f_maximum(IrOp *op, IrTensor *const *in, IrTensor **out)
{
	return binary_kernel(op, in, out, b_max);
}

bool
graph_interpret_maximum(IrInterp *it, IrOp *op, IrTensor *const *in,
    IrTensor **out)
{
	return graph_float_kernel(it, op, in, out, f_maximum);
}

static bool
f_minimum(IrOp *op, IrTensor *const *in, IrTensor **out)
{
	return binary_kernel(op, in, out, b_min);
}

bool
graph_interpret_minimum(IrInterp *it, IrOp *op, IrTensor *const *in,
    IrTensor **out)
{
	return graph_float_kernel(it, op, in, out, f_minimum);
}

static bool
f_prelu(IrOp *op, IrTensor *const *in, IrTensor **out)
{
	return binary_kernel(op, in, out, b_prelu);
}

bool
graph_interpret_prelu(IrInterp *it, IrOp *op, IrTensor *const *in,
    IrTensor **out)
{
	return graph_float_kernel(it, op, in, out, f_prelu);
}

/* base ^ exponent in double, broadcast, in the base's element type;
 * integer results truncate toward zero (ONNX's Pow). */
bool
graph_interpret_pow(IrInterp *it, IrOp *op, IrTensor *const *in,
    IrTensor **out)
{
	const IrType *t = ir_op_result(op, 0)->type;
	IrBroadcast bc;
	bool integer;
	int64_t i;

	(void)it;
	if (t->u.shaped.rank > MAXR || !(out[0] = ir_tensor_create(t))) {
		ir_op_emit_error(op, "result type has no runtime form");
		return false;
	}
	integer = t->u.shaped.elem->kind != IR_TYPE_FLOAT;
	ir_broadcast_init(&bc, in[0], in[1], out[0]);
	for (i = 0; i < out[0]->n; i++) {
		double v = pow(ir_tensor_get(in[0], bc.ia),
		    ir_tensor_get(in[1], bc.ib));

		if (integer)
			v = isnan(v) ? 0 : trunc(v);
		ir_tensor_set(out[0], i, v);
		ir_broadcast_next(&bc);
	}
	return true;
}

/* A unary function with the op's attributes. */
typedef float (*UnFn)(const IrOp *op, float x, float p0, float p1);

static float u_relu(const IrOp *o, float x, float a, float b)
{ return x > 0 ? x : 0; }
static float u_relu6(const IrOp *o, float x, float a, float b)
{ return x < 0 ? 0 : x > 6 ? 6 : x; }
static float u_clip(const IrOp *o, float x, float lo, float hi)
{ return x < lo ? lo : x > hi ? hi : x; }
static float u_leaky(const IrOp *o, float x, float alpha, float b)
{ return x >= 0 ? x : alpha * x; }
static float u_sigmoid(const IrOp *o, float x, float a, float b)
{ return 1.0f / (1.0f + expf(-x)); }
static float u_tanh(const IrOp *o, float x, float a, float b)
{ return tanhf(x); }
static float u_hswish(const IrOp *o, float x, float a, float b)
{ return x * u_relu6(o, x + 3, 0, 0) / 6; }
static float u_hsigmoid(const IrOp *o, float x, float a, float b)
{ return u_relu6(o, x + 3, 0, 0) / 6; }
static float u_silu(const IrOp *o, float x, float a, float b)
{ return x * u_sigmoid(o, x, 0, 0); }
static float u_erf(const IrOp *o, float x, float a, float b)
{ return erff(x); }
static float u_exp(const IrOp *o, float x, float a, float b)
{ return expf(x); }
static float u_sqrt(const IrOp *o, float x, float a, float b)
{ return sqrtf(x); }
static float u_rsqrt(const IrOp *o, float x, float a, float b)
{ return 1.0f / sqrtf(x); }
static float u_abs(const IrOp *o, float x, float a, float b)
{ return fabsf(x); }
static float u_neg(const IrOp *o, float x, float a, float b)
{ return -x; }

static float
u_gelu(const IrOp *o, float x, float approx, float b)
{
	if (approx != 0)
		return 0.5f * x * (1.0f + tanhf(0.7978845608f *
		    (x + 0.044715f * x * x * x)));
	return 0.5f * x * (1.0f + erff(x * 0.70710678f));
}

static void
unary(const IrOp *op, IrTensor *in, IrTensor *out, UnFn fn, float p0,
    float p1)
{
	const float *x = F(in);
	float *y = F(out);
	int64_t i;

	for (i = 0; i < out->n; i++)
		y[i] = fn(op, x[i], p0, p1);
}

static bool
f_relu(IrOp *op, IrTensor *const *in, IrTensor **out)
{
	unary(op, in[0], out[0], u_relu, 0, 0);
	return true;
}

bool
graph_interpret_relu(IrInterp *it, IrOp *op, IrTensor *const *in,
    IrTensor **out)
{
	return graph_float_kernel(it, op, in, out, f_relu);
}

static bool
f_relu6(IrOp *op, IrTensor *const *in, IrTensor **out)
{
	unary(op, in[0], out[0], u_relu6, 0, 0);
	return true;
}

bool
graph_interpret_relu6(IrInterp *it, IrOp *op, IrTensor *const *in,
    IrTensor **out)
{
	return graph_float_kernel(it, op, in, out, f_relu6);
}

static bool
f_clip(IrOp *op, IrTensor *const *in, IrTensor **out)
{
	unary(op, in[0], out[0], u_clip, (float)getf(op, "min"),
	    (float)getf(op, "max"));
	return true;
}

bool
graph_interpret_clip(IrInterp *it, IrOp *op, IrTensor *const *in,
    IrTensor **out)
{
	return graph_float_kernel(it, op, in, out, f_clip);
}

static bool
f_leaky_relu(IrOp *op, IrTensor *const *in, IrTensor **out)
{
	unary(op, in[0], out[0], u_leaky, (float)getf(op, "alpha"), 0);
	return true;
}

bool
graph_interpret_leaky_relu(IrInterp *it, IrOp *op, IrTensor *const *in,
    IrTensor **out)
{
	return graph_float_kernel(it, op, in, out, f_leaky_relu);
}

static bool
f_sigmoid(IrOp *op, IrTensor *const *in, IrTensor **out)
{
	unary(op, in[0], out[0], u_sigmoid, 0, 0);
	return true;
}

bool
graph_interpret_sigmoid(IrInterp *it, IrOp *op, IrTensor *const *in,
    IrTensor **out)
{
	return graph_float_kernel(it, op, in, out, f_sigmoid);
}

static bool
f_tanh(IrOp *op, IrTensor *const *in, IrTensor **out)
{
	unary(op, in[0], out[0], u_tanh, 0, 0);
	return true;
}

bool
graph_interpret_tanh(IrInterp *it, IrOp *op, IrTensor *const *in,
    IrTensor **out)
{
	return graph_float_kernel(it, op, in, out, f_tanh);
}

static bool
f_hard_swish(IrOp *op, IrTensor *const *in, IrTensor **out)
{
	unary(op, in[0], out[0], u_hswish, 0, 0);
	return true;
}

bool
graph_interpret_hard_swish(IrInterp *it, IrOp *op, IrTensor *const *in,
    IrTensor **out)
{
	return graph_float_kernel(it, op, in, out, f_hard_swish);
}

static bool
f_hard_sigmoid(IrOp *op, IrTensor *const *in, IrTensor **out)
{
	unary(op, in[0], out[0], u_hsigmoid, 0, 0);
	return true;
}

bool
graph_interpret_hard_sigmoid(IrInterp *it, IrOp *op, IrTensor *const *in,
    IrTensor **out)
{
	return graph_float_kernel(it, op, in, out, f_hard_sigmoid);
}

static bool
f_silu(IrOp *op, IrTensor *const *in, IrTensor **out)
{
	unary(op, in[0], out[0], u_silu, 0, 0);
	return true;
}

bool
graph_interpret_silu(IrInterp *it, IrOp *op, IrTensor *const *in,
    IrTensor **out)
{
	return graph_float_kernel(it, op, in, out, f_silu);
}

static bool
f_erf(IrOp *op, IrTensor *const *in, IrTensor **out)
{
	unary(op, in[0], out[0], u_erf, 0, 0);
	return true;
}

bool
graph_interpret_erf(IrInterp *it, IrOp *op, IrTensor *const *in,
    IrTensor **out)
{
	return graph_float_kernel(it, op, in, out, f_erf);
}

static bool
f_gelu(IrOp *op, IrTensor *const *in, IrTensor **out)
{
	unary(op, in[0], out[0], u_gelu, getb(op,
	    "approximate") ? 1.0f : 0.0f, 0);
	return true;
}

bool
graph_interpret_gelu(IrInterp *it, IrOp *op, IrTensor *const *in,
    IrTensor **out)
{
	return graph_float_kernel(it, op, in, out, f_gelu);
}

static bool
f_exp(IrOp *op, IrTensor *const *in, IrTensor **out)
{
	unary(op, in[0], out[0], u_exp, 0, 0);
	return true;
}

bool
graph_interpret_exp(IrInterp *it, IrOp *op, IrTensor *const *in,
    IrTensor **out)
{
	return graph_float_kernel(it, op, in, out, f_exp);
}

static bool
f_sqrt(IrOp *op, IrTensor *const *in, IrTensor **out)
{
	unary(op, in[0], out[0], u_sqrt, 0, 0);
	return true;
}

bool
graph_interpret_sqrt(IrInterp *it, IrOp *op, IrTensor *const *in,
    IrTensor **out)
{
	return graph_float_kernel(it, op, in, out, f_sqrt);
}

static bool
f_rsqrt(IrOp *op, IrTensor *const *in, IrTensor **out)
{
	unary(op, in[0], out[0], u_rsqrt, 0, 0);
	return true;
}

bool
graph_interpret_rsqrt(IrInterp *it, IrOp *op, IrTensor *const *in,
    IrTensor **out)
{
	return graph_float_kernel(it, op, in, out, f_rsqrt);
}

static bool
f_abs(IrOp *op, IrTensor *const *in, IrTensor **out)
{
	unary(op, in[0], out[0], u_abs, 0, 0);
	return true;
}

bool
graph_interpret_abs(IrInterp *it, IrOp *op, IrTensor *const *in,
    IrTensor **out)
{
	return graph_float_kernel(it, op, in, out, f_abs);
}

static bool
f_neg(IrOp *op, IrTensor *const *in, IrTensor **out)
{
	unary(op, in[0], out[0], u_neg, 0, 0);
	return true;
}

bool
graph_interpret_neg(IrInterp *it, IrOp *op, IrTensor *const *in,
    IrTensor **out)
{
	return graph_float_kernel(it, op, in, out, f_neg);
}

/* Softmax (or its log) along the op's axis, max-subtracted. */
static void
softmax(IrOp *op, IrTensor *in, IrTensor *out, float beta, bool log_)
{
	int64_t axis = dialect_norm_axis(geti(op, "axis"), R(in));
	int64_t outer, len, inner;

	ir_tensor_split_axis(in, axis, &outer, &len, &inner);
	ir_softmax_f32(F(in), F(out), outer, len, inner, beta, log_);
}

static bool
f_softmax(IrOp *op, IrTensor *const *in, IrTensor **out)
{
	softmax(op, in[0], out[0], (float)getf(op, "beta"), false);
	return true;
}

bool
graph_interpret_softmax(IrInterp *it, IrOp *op, IrTensor *const *in,
    IrTensor **out)
{
	return graph_float_kernel(it, op, in, out, f_softmax);
}

static bool
f_log_softmax(IrOp *op, IrTensor *const *in, IrTensor **out)
{
	softmax(op, in[0], out[0], 1.0f, true);
	return true;
}

bool
graph_interpret_log_softmax(IrInterp *it, IrOp *op, IrTensor *const *in,
    IrTensor **out)
{
	return graph_float_kernel(it, op, in, out, f_log_softmax);
}

/* ------------------------------------------------------------ normalisation */

static bool
f_batch_norm(IrOp *op, IrTensor *const *in, IrTensor **out)
{
	float eps = (float)getf(op, "epsilon");
	bool cf = nchw(op) && R(in[0]) >= 2;
	int64_t c = cf ? D(in[0])[1] : D(in[0])[R(in[0]) - 1];
	int64_t inner = 1, i, ch;
	const float *x = F(in[0]), *sc = F(in[1]), *of = F(in[2]);
	const float *mean = F(in[3]), *var = F(in[4]);
	float *y = F(out[0]);
	int k;

	if (cf)
		for (k = 2; k < R(in[0]); k++)
			inner *= D(in[0])[k];
	for (i = 0; i < in[0]->n; i++) {
		ch = cf ? (i / inner) % c : i % c;
		y[i] = (x[i] - mean[ch]) * sc[ch] / sqrtf(var[ch] + eps) +
		    of[ch];
	}
	return true;
}

bool
graph_interpret_batch_norm(IrInterp *it, IrOp *op, IrTensor *const *in,
    IrTensor **out)
{
	return graph_float_kernel(it, op, in, out, f_batch_norm);
}

static bool
f_layer_norm(IrOp *op, IrTensor *const *in, IrTensor **out)
{
	int64_t axis = dialect_norm_axis(geti(op, "axis"), R(in[0]));
	float eps = (float)getf(op, "epsilon");
	int64_t inner = 1, outer, o, i;
	const float *x = F(in[0]);
	const float *g = op->noperands > 1 ? F(in[1]) : NULL;
	const float *b = op->noperands > 2 ? F(in[2]) : NULL;
	float *y = F(out[0]);
	int k;

	for (k = (int)axis; k < R(in[0]); k++)
		inner *= D(in[0])[k];
	outer = inner ? in[0]->n / inner : 0;
	for (o = 0; o < outer; o++) {
		const float *xp = x + o * inner;
		double mean = 0, var = 0;

		for (i = 0; i < inner; i++)
			mean += xp[i];
		mean /= (double)inner;
		for (i = 0; i < inner; i++)
			var += (xp[i] - mean) * (xp[i] - mean);
		var /= (double)inner;
		for (i = 0; i < inner; i++)
			y[o * inner + i] = (float)((xp[i] - mean) /
			    sqrt(var + eps)) * (g ? g[i] : 1.0f) +
			    (b ? b[i] : 0.0f);
	}
	return true;
}

bool
graph_interpret_layer_norm(IrInterp *it, IrOp *op, IrTensor *const *in,
    IrTensor **out)
{
	return graph_float_kernel(it, op, in, out, f_layer_norm);
}
