/* targets/ethos_u/lower.c: each legal graph op becomes npu ops whose
 * parameters reproduce the graph kernel's arithmetic exactly: the same
 * float32 scales through the same QuantizeMultiplier, TFLite's add
 * formulation, clamps and 256-entry tables read off the graph op's own
 * reference kernel. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dialects/dialect.h"
#include "interp/qmath.h"
#include "targets/ethos_u/lower.h"

#define DEF(op) ((op)->name->def)

bool
eu_lower_init(EuLower *lw, IrOp *module)
{
	IrInterpOptions o = {0};

	*lw = (EuLower){ir_op_context(module), module, eu_accel_of(module),
	    NULL, 0, false, 0};
	lw->it = ir_interp_create(module, &o);
	return lw->it != NULL;
}

void
eu_lower_fini(EuLower *lw)
{
	if (lw->it)
		ir_interp_destroy(lw->it);
	lw->it = NULL;
}

/* ------------------------------------------------------------ attributes */

typedef struct Attrs {
	IrNamedAttr a[24];
	size_t n;
	IrContext *ctx;
} Attrs;

static void
put(Attrs *at, const char *name, const IrAttr *v)
{
	if (!v)
		return;
	at->a[at->n++] = (IrNamedAttr){ir_ident_cstr(at->ctx, name), v};
}

static const IrAttr *
int_attr(IrContext *ctx, int64_t v)
{
	return ir_attr_int(ctx, ir_type_int(ctx, 64, IR_SIGNLESS), v);
}

static void
put_int(Attrs *at, const char *name, int64_t v)
{
	put(at, name, int_attr(at->ctx, v));
}

static void
put_ints(Attrs *at, const char *name, const int64_t *v, size_t n)
{
	const IrAttr *e[32];

	for (size_t i = 0; i < n; i++)
		e[i] = int_attr(at->ctx, v[i]);
	put(at, name, ir_attr_array(at->ctx, n, e));
}

static void
put_str(Attrs *at, const char *name, const char *s)
{
	put(at, name, ir_attr_string(at->ctx, s, strlen(s), NULL));
}

/* A dense tensor<n x i32> attribute. */
static void
put_dense_i32(Attrs *at, const char *name, const int32_t *v, int64_t n)
{
	const IrType *t = dialect_tensor(at->ctx, 1, &n,
	    ir_type_int(at->ctx, 32, IR_SIGNLESS));
	uint8_t *b = ir_xmalloc((size_t)n * 4 + 1);

	/* Dense bytes are little-endian: on such a host, v's own. */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	memcpy(b, v, (size_t)n * 4);
#else
	for (int64_t i = 0; i < n; i++)
		for (int k = 0; k < 4; k++)
			b[4 * i + k] = (uint8_t)((uint32_t)v[i] >> (8 * k));
#endif
	put(at, name, ir_attr_dense(at->ctx, t, false, b, (size_t)n * 4));
	free(b);
}

/* Copies attribute `name` of op when present. */
static void
copy(Attrs *at, IrOp *op, const char *name)
{
	put(at, name, ir_op_attr(op, name));
}

/* The integer value of a fused-activation bound (fuse-activations
 * writes storage integers, as integer or float attributes); false when
 * absent or not an integer. */
static bool
act_bound(IrOp *op, const char *name, int64_t *v)
{
	const IrAttr *a = ir_op_attr(op, name);

	if (a && a->kind == IR_ATTR_INTEGER) {
		*v = a->u.integer.value;
		return true;
	}
	if (a && a->kind == IR_ATTR_FLOAT && a->u.flt.value == floor(
	    a->u.flt.value) && fabs(a->u.flt.value) < 1e15) {
		*v = (int64_t)a->u.flt.value;
		return true;
	}
	return false;
}

/* The graph op's fused clamp (act_min/act_max from fuse-activations)
 * becomes the npu op's. */
static void
carry_act(Attrs *at, IrOp *op)
{
	int64_t v;

	if (act_bound(op, "act_min", &v))
		put_int(at, "act_min", v);
	if (act_bound(op, "act_max", &v))
		put_int(at, "act_max", v);
}

/* ------------------------------------------------------------ building */

static const IrType *
elem_of(const IrValue *v)
{
	return v->type->u.shaped.elem;
}

/* Creates npu op `name` before op with op's location, result type rtype
 * (op's when NULL). */
static IrOp *
create(EuLower *lw, IrOp *op, const char *name, size_t nopnds,
    IrValue *const *opnds, const IrType *rtype, Attrs *at)
{
	IrOpState st = {0};
	IrBuilder b;

	if (!rtype)
		rtype = ir_op_result(op, 0)->type;
	ir_builder_init(&b, lw->ctx);
	ir_builder_set_before(&b, op);
	st.name = ir_op_name_get(lw->ctx, name, strlen(name));
	st.loc = ir_op_loc(op);
	st.noperands = nopnds;
	st.operands = opnds;
	st.nresults = 1;
	st.result_types = &rtype;
	st.attrs = ir_attr_dict(lw->ctx, at->n, at->a);
	return ir_builder_create(&b, &st);
}

/* The npu op takes op's place. */
static IrOp *
replace(IrOp *op, IrOp *npu)
{
	ir_value_replace_all_uses(ir_op_result(op, 0), ir_op_result(npu, 0));
	ir_op_erase(op);
	return npu;
}

/* A zero bias of oc i32 elements, for MAC ops without one. */
static IrValue *
zero_bias(EuLower *lw, IrOp *op, int64_t oc)
{
	const IrType *t = dialect_tensor(lw->ctx, 1, &oc,
	    ir_type_int(lw->ctx, 32, IR_SIGNLESS));
	int32_t z = 0;
	Attrs at = {.ctx = lw->ctx};
	IrOpState st = {0};
	IrBuilder b;

	put(&at, "value", ir_attr_dense(lw->ctx, t, true, &z, 4));
	ir_builder_init(&b, lw->ctx);
	ir_builder_set_before(&b, op);
	st.name = ir_op_name_get(lw->ctx, "graph.constant", 14);
	st.loc = ir_op_loc(op);
	st.nresults = 1;
	st.result_types = &t;
	st.attrs = ir_attr_dict(lw->ctx, at.n, at.a);
	return ir_op_result(ir_builder_create(&b, &st), 0);
}

/* ------------------------------------------------------------ scales */

/* A scale as TFLite holds it: a float32. */
static double
f32(double s)
{
	return (double)(float)s;
}

/* Vela's quantise_scale in TFLite's convention (mantissa in [2^30,
 * 2^31), shift = exponent), to compare with QuantizeMultiplier. */
static QMultiplier
vela_as_tflite(double scale)
{
	EuScale v = eu_quantise_scale(scale);

	if (!v.multiplier)
		return (QMultiplier){0, 0};
	if (v.multiplier == (int64_t)1 << 31)
		return (QMultiplier){1 << 30, 31 - v.shift + 1};
	return (QMultiplier){(int32_t)v.multiplier, 31 - v.shift};
}

/* The output stage's pair for one channel: the graph kernel's own rule
 * (QuantizeMultiplier of f32 scales multiplied in double), which is
 * Vela's for convolutions. Vela's FullyConnected rule multiplies in
 * float32 first (as TFLite's GetQuantizedConvolutionMultipler); where
 * that gives another pair it is counted, and the graph's kept. False when
 * the shift is outside what the output stage (and TFLite's kernel) can
 * apply. */
static bool
channel_scale(EuLower *lw, double sx, double sw, double sy, bool fc,
    bool wide, QMultiplier *m)
{
	QMultiplier v;

	*m = qmath_quantize_multiplier(f32(sx) * f32(sw) / f32(sy));
	/* Without fc, Vela's rule rounds the same double (eu_mac_scale's
	 * double product) half away from zero as QuantizeMultiplier does:
	 * the pairs differ only where the two exponent ranges do, outside
	 * a non-zero multiplier with shift in [-30, 30]. Vela's pair is made
	 * only there (a frexp and a round per channel: 18 K channels in
	 * MobileNet-v2). */
	if (fc || !m->multiplier || m->shift < -30 || m->shift > 30) {
		v = vela_as_tflite(eu_mac_scale(sx, sw, sy, fc));
		if (v.multiplier != m->multiplier || v.shift != m->shift)
			lw->vela_scale_diff++;
	}
	return !m->multiplier || (m->shift >= -31 && m->shift <= (wide ? 14 :
	    30));
}

/* ------------------------------------------------------------ MAC ops */

static const char *
lower_mac(EuLower *lw, IrOp *op, IrOp **npu, char *extra, size_t n)
{
	bool dw = ir_op_is(op, "graph.depthwise_conv2d");
	bool fc = ir_op_is(op, "graph.fully_connected");
	IrValue *x = ir_op_operand(op, 0), *w = ir_op_operand(op, 1);
	const IrType *qx = elem_of(x), *qw = elem_of(w);
	const IrType *qy = elem_of(ir_op_result(op, 0));
	int64_t oc = w->type->u.shaped.dims[dw ? 3 : 0], c;
	bool wide = ir_type_bitwidth(qx->u.quant.storage) > 8;
	int32_t *mul = ir_xcalloc((size_t)oc + 1, sizeof *mul);
	int32_t *sh = ir_xcalloc((size_t)oc + 1, sizeof *sh);
	Attrs at = {.ctx = lw->ctx};
	IrValue *ops[3] = {x, w, NULL};

	for (c = 0; c < oc; c++) {
		QMultiplier m;
		double sw = qw->u.quant.scales[qw->u.quant.nscales > 1 ? c : 0];

		if (!channel_scale(lw, qx->u.quant.scales[0], sw,
		    qy->u.quant.scales[0], fc, wide, &m)) {
			snprintf(extra, n, "channel %lld: scale %g needs "
			    "shift %d", (long long)c, f32(qx->u.quant.scales[0]) *
			    f32(sw) / f32(qy->u.quant.scales[0]), m.shift);
			free(mul);
			free(sh);
			return "npu-ir: the output scale is outside the output "
			    "stage's range";
		}
		mul[c] = m.multiplier;
		sh[c] = m.shift;
	}
	ops[2] = op->noperands > 2 ? ir_op_operand(op, 2) :
	    zero_bias(lw, op, oc);
	copy(&at, op, "strides");
	copy(&at, op, "dilations");
	copy(&at, op, "padding");
	if (dw)
		copy(&at, op, "depth_multiplier");
	put_dense_i32(&at, "multiplier", mul, oc);
	put_dense_i32(&at, "shift", sh, oc);
	put_int(&at, "input_zp", qx->u.quant.zero_points[0]);
	put_int(&at, "weight_zp", qw->u.quant.zero_points[0]);
	put_int(&at, "output_zp", qy->u.quant.zero_points[0]);
	carry_act(&at, op);
	free(mul);
	free(sh);
	*npu = replace(op, create(lw, op, dw ? "npu.depthwise_conv2d" :
	    fc ? "npu.fully_connected" : "npu.conv2d", 3, ops, NULL, &at));
	return NULL;
}

/* ------------------------------------------------------------ pooling */

static const char *
lower_pool(EuLower *lw, IrOp *op, IrOp **npu)
{
	Attrs at = {.ctx = lw->ctx};
	IrValue *x = ir_op_operand(op, 0);

	put_str(&at, "mode", ir_op_is(op, "graph.max_pool2d") ? "max" : "avg");
	copy(&at, op, "kernel");
	copy(&at, op, "strides");
	copy(&at, op, "padding");
	carry_act(&at, op);
	*npu = replace(op, create(lw, op, "npu.pool", 1, &x, NULL, &at));
	return NULL;
}

/* ------------------------------------------------------------ elementwise */

static bool
shift_ok(QMultiplier m)
{
	return !m.multiplier || (m.shift >= -31 && m.shift <= 30);
}

/* TFLite's quantized add/sub (inputs << 20, each rescaled by s_i /
 * 2 max(s1, s2), the sum by 2 max / (2^20 s_out); 15 for int16, its
 * general kernel) and mul (s1 s2 / s_out), as the graph kernel computes
 * the 8-bit ones; maximum/minimum of one quantization are exact on
 * stored integers. */
static const char *
lower_binary(EuLower *lw, IrOp *op, IrOp **npu, char *extra, size_t n)
{
	IrValue *ops[2] = {ir_op_operand(op, 0), ir_op_operand(op, 1)};
	const IrType *q1 = elem_of(ops[0]), *q2 = elem_of(ops[1]);
	const IrType *qy = elem_of(ir_op_result(op, 0));
	double s1 = f32(q1->u.quant.scales[0]), s2 = f32(q2->u.quant.scales[0]);
	double so = f32(qy->u.quant.scales[0]), twice = 2 * (s1 > s2 ? s1 : s2);
	int64_t zp[2] = {q1->u.quant.zero_points[0], q2->u.quant.zero_points[0]};
	Attrs at = {.ctx = lw->ctx};
	const char *kind = ir_op_is(op, "graph.add") ? "add" :
	    ir_op_is(op, "graph.sub") ? "sub" : ir_op_is(op, "graph.mul") ?
	    "mul" : ir_op_is(op, "graph.maximum") ? "max" : "min";
	QMultiplier m1 = {0, 0}, m2 = {0, 0}, mo = {1 << 30, 1};
	/* TFLite's general int16 add shifts its inputs by 15, int8 by 20. */
	int ls = ir_type_bitwidth(q1->u.quant.storage) > 8 ? 15 : 20;

	if (kind[0] == 'a' || kind[0] == 's') {
		m1 = qmath_quantize_multiplier(s1 / twice);
		m2 = qmath_quantize_multiplier(s2 / twice);
		mo = qmath_quantize_multiplier(twice / ((1 << ls) * so));
	} else if (!strcmp(kind, "mul")) {
		mo = qmath_quantize_multiplier(s1 * s2 / so);
	}
	if (!shift_ok(m1) || !shift_ok(m2) || !shift_ok(mo)) {
		snprintf(extra, n, "output shift %d", mo.shift);
		return "npu-ir: a rescale is outside the output stage's range";
	}
	put_str(&at, "op", kind);
	put_ints(&at, "input_zp", zp, 2);
	if (kind[0] == 'a' || kind[0] == 's') {
		int64_t mm[2] = {m1.multiplier, m2.multiplier};
		int64_t ss[2] = {m1.shift, m2.shift};

		put_ints(&at, "input_multiplier", mm, 2);
		put_ints(&at, "input_shift", ss, 2);
		put_int(&at, "left_shift", ls);
	}
	put_int(&at, "output_multiplier", mo.multiplier);
	put_int(&at, "output_shift", mo.shift);
	put_int(&at, "output_zp", qy->u.quant.zero_points[0]);
	carry_act(&at, op);
	*npu = replace(op, create(lw, op, "npu.elementwise", 2, ops, NULL, &at));
	return NULL;
}

/* ------------------------------------------------------------ tables */

bool
eu_eval_unary(EuLower *lw, IrOp *op, const IrType *in, const IrType *out,
    int64_t first, int64_t count, int64_t *vals)
{
	const IrType *tin = dialect_tensor(lw->ctx, 1, &count, in);
	const IrType *tout = dialect_tensor(lw->ctx, 1, &count, out);
	IrBlock *blk = ir_block_create();
	IrValue *arg = ir_block_add_arg(blk, tin, ir_op_loc(op));
	IrTensor *x = ir_tensor_create(tin), *y = NULL;
	IrOpState st = {0};
	IrInterpretFn fn;
	IrOp *tmp;
	bool ok;

	st.name = op->name;
	st.loc = ir_op_loc(op);
	st.noperands = 1;
	st.operands = &arg;
	st.nresults = 1;
	st.result_types = &tout;
	st.attrs = op->attrs;
	tmp = ir_op_create(lw->ctx, &st);
	fn = ir_interp_kernel(tmp);
	for (int64_t i = 0; i < count; i++)
		ir_tensor_set_int(x, i, first + i);
	ok = fn && x && fn(lw->it, tmp, &x, &y) && y;
	for (int64_t i = 0; ok && i < count; i++)
		vals[i] = ir_tensor_get_int(y, i);
	if (y)
		ir_tensor_release(y);
	if (x)
		ir_tensor_release(x);
	ir_op_destroy(tmp);
	ir_block_destroy(blk);
	return ok;
}

static bool clamp_of(EuLower *lw, IrOp *act, const IrType *q, int64_t *lo,
    int64_t *hi);

/* A 16-bit relu-like op that keeps its quantization and is a clamp: a
 * 1x1 max pool with the clamp (Vela's standalone activations). */
static const char *
lower_clamp(EuLower *lw, IrOp *op, IrOp **npu, char *extra, size_t n)
{
	IrValue *x = ir_op_operand(op, 0);
	Attrs at = {.ctx = lw->ctx};
	int64_t lo, hi, one[2] = {1, 1};

	if (!clamp_of(lw, op, elem_of(x), &lo, &hi)) {
		snprintf(extra, n, "16-bit %s is not a clamp here",
		    eu_tflite_name(op));
		return "npu-ir: 16-bit activations stay on the CPU (an NPU "
		    "16-bit table interpolates 512 segments, which does not "
		    "reproduce the CPU kernel bit for bit)";
	}
	put_str(&at, "mode", "max");
	put_ints(&at, "kernel", one, 2);
	put_int(&at, "act_min", lo);
	put_int(&at, "act_max", hi);
	*npu = replace(op, create(lw, op, "npu.pool", 1, &x, NULL, &at));
	return NULL;
}

/* An 8-bit unary op as npu.lut: table[i] = op(i - 128) (op(i) for uint8
 * input); an unsigned result's entries are stored as their bytes. */
static const char *
lower_lut(EuLower *lw, IrOp *op, IrOp **npu, char *extra, size_t n)
{
	IrValue *x = ir_op_operand(op, 0);
	const IrType *qx = elem_of(x), *qy = elem_of(ir_op_result(op, 0));
	int64_t vals[256], cnt = 256;
	const IrType *t = dialect_tensor(lw->ctx, 1, &cnt,
	    ir_type_int(lw->ctx, 8, IR_SIGNLESS));
	int8_t table[256];
	Attrs at = {.ctx = lw->ctx};

	if (ir_type_bitwidth(qx->u.quant.storage) > 8)
		return lower_clamp(lw, op, npu, extra, n);
	/* The table is indexed by the stored byte: x + 128 for signed
	 * input, x for unsigned. */
	if (!eu_eval_unary(lw, op, qx, qy, qx->u.quant.is_signed ? -128 : 0,
	    256, vals)) {
		snprintf(extra, n, "the reference kernel failed");
		return "npu-ir: the table cannot be computed";
	}
	for (int i = 0; i < 256; i++)
		table[i] = (int8_t)vals[i];
	put(&at, "table", ir_attr_dense(lw->ctx, t, false, table, 256));
	*npu = replace(op, create(lw, op, "npu.lut", 1, &x, NULL, &at));
	return NULL;
}

/* ------------------------------------------------------------ data ops */

static void put_exp_table(EuLower *lw, IrOp *op, Attrs *at);

static const char *
lower_data(EuLower *lw, IrOp *op, IrOp **npu)
{
	IrValue *x = ir_op_operand(op, 0);
	const IrType *r = ir_op_result(op, 0)->type;
	Attrs at = {.ctx = lw->ctx};

	if (ir_op_is(op, "graph.softmax")) {
		copy(&at, op, "axis");
		copy(&at, op, "beta");
		if (lw->softmax_vela)
			put_exp_table(lw, op, &at);
		*npu = replace(op, create(lw, op, "npu.softmax", 1, &x, NULL,
		    &at));
		return NULL;
	}
	if (ir_op_is(op, "graph.pad")) {
		const IrType *q = elem_of(x);
		double cv = dialect_get_float(DEF(op), op->attrs,
		    "constant_value");

		copy(&at, op, "paddings");
		put_int(&at, "pad_value", qmath_quantize((float)cv,
		    q->u.quant.scales[0], q->u.quant.zero_points[0],
		    q->u.quant.storage_min, q->u.quant.storage_max));
		*npu = replace(op, create(lw, op, "npu.pad", 1, &x, NULL, &at));
		return NULL;
	}
	if (ir_op_is(op, "graph.resize")) {
		copy(&at, op, "size");
		copy(&at, op, "mode");
		copy(&at, op, "align_corners");
		copy(&at, op, "half_pixel_centers");
		*npu = replace(op, create(lw, op, "npu.resize", 1, &x, NULL,
		    &at));
		return NULL;
	}
	put_ints(&at, "shape", r->u.shaped.dims, (size_t)r->u.shaped.rank);
	*npu = replace(op, create(lw, op, "npu.reshape", 1, &x, NULL, &at));
	return NULL;
}

/* ------------------------------------------------------------ softmax */

/* gemmlowp's fixed-point arithmetic as Vela's fp_math.py has it: the
 * rounding doubling high multiply (truncating division, as the
 * reference), the rounding divide by a power of two, and exp on [-1/4,
 * 0) and on negative Q5.26 values. */
static int64_t
fp_mul32(int64_t a, int64_t b)
{
	int64_t p;

	if (a == INT32_MIN && b == INT32_MIN)
		return INT32_MAX;
	p = a * b;
	return (p + (p >= 0 ? (1 << 30) : 1 - (1 << 30))) / ((int64_t)1 << 31);
}

static int64_t
fp_rdivpot(int64_t x, int e)
{
	int64_t mask = ((int64_t)1 << e) - 1, thr = (mask >> 1) + (x < 0);

	return (x >> e) + ((x & mask) > thr);
}

static int64_t
fp_exp_quarter(int64_t a)
{
	const int64_t c0 = 1895147668, third = 715827883;
	int64_t x = a + (1 << 28), x2 = fp_mul32(x, x);
	int64_t x3 = fp_mul32(x2, x), x4 = fp_mul32(x2, x2);
	int64_t t = fp_rdivpot(fp_mul32(fp_rdivpot(x4, 2) + x3, third) + x2,
	    1);

	return (int32_t)(c0 + fp_mul32(c0, x + t));
}

static int64_t
fp_exp_negative(int64_t a)
{
	static const int64_t mult[7] = {1672461947, 1302514674, 790015084,
	    290630308, 39332535, 720401, 242};
	int64_t q = (int32_t)((a & 16777215) - 16777216), rem, r;
	int64_t s = q * 32;

	/* rescale(5, 0, q): q * 2^5 saturated at the int32 range. */
	s = q > (1 << 26) - 1 ? INT32_MAX : q < -((1 << 26) - 1) ?
	    INT32_MIN : s;
	r = fp_exp_quarter(s);
	rem = (int32_t)(q - a);
	for (int k = 0; k < 7; k++)
		if (rem & ((int64_t)1 << (26 + k - 2)))
			r = fp_mul32(r, mult[k]);
	return a == 0 ? INT32_MAX : r;
}

bool
eu_softmax_exp_table(double beta, double scale, int32_t table[256])
{
	double real = beta * (double)(float)scale * (double)(1 << 26);
	EuScale q;
	int shift;
	double diff_min;

	real = real < 2147483647.0 ? real : 2147483647.0;
	q = eu_quantise_scale(real);
	shift = 31 - q.shift;
	if (!q.multiplier || q.multiplier >= ((int64_t)1 << 31) || shift < 0 ||
	    shift > 23)
		return false;
	diff_min = -floor(31.0 * (double)(1 << 26) / (double)(1 << shift));
	for (int i = 0; i < 256; i++) {
		int64_t d = i - 255;

		table[i] = d >= diff_min ? (int32_t)fp_exp_negative(fp_mul32(
		    d * ((int64_t)1 << shift), q.multiplier)) : 0;
	}
	return true;
}

/* softmax=vela: the exp table that selects npu.softmax's fixed-point
 * kernel, where Vela's 8-bit lowering applies (8-bit in and out of one
 * signedness, the last axis, TFLite's 1/256 output scale); otherwise
 * the softmax keeps the graph's arithmetic (counted). */
static void
put_exp_table(EuLower *lw, IrOp *op, Attrs *at)
{
	const IrType *qx = elem_of(ir_op_operand(op, 0));
	const IrType *qy = elem_of(ir_op_result(op, 0));
	int64_t rank = ir_op_operand(op, 0)->type->u.shaped.rank, n = 256;
	int64_t axis = dialect_get_int(DEF(op), op->attrs, "axis");
	int32_t table[256];
	uint8_t b[1024];

	if (ir_type_bitwidth(qx->u.quant.storage) != 8 ||
	    ir_type_bitwidth(qy->u.quant.storage) != 8 ||
	    qx->u.quant.is_signed != qy->u.quant.is_signed ||
	    dialect_norm_axis(axis, rank) != rank - 1 ||
	    (float)qy->u.quant.scales[0] != 1.0f / 256 ||
	    !eu_softmax_exp_table(dialect_get_float(DEF(op), op->attrs,
	    "beta"), qx->u.quant.scales[0], table)) {
		lw->softmax_graph++;
		return;
	}
	for (int i = 0; i < 256; i++)
		for (int k = 0; k < 4; k++)
			b[4 * i + k] = (uint8_t)((uint32_t)table[i] >> (8 * k));
	put(at, "exp_table", ir_attr_dense(lw->ctx, dialect_tensor(lw->ctx, 1,
	    &n, ir_type_int(lw->ctx, 32, IR_SIGNLESS)), false, b, 1024));
}

/* One npu.slice, a view of x, per window; split's pieces follow each
 * other along the axis. */
static IrOp *
make_slice(EuLower *lw, IrOp *op, IrValue *x, const int64_t *begin,
    const IrType *rt)
{
	Attrs at = {.ctx = lw->ctx};
	size_t r = (size_t)rt->u.shaped.rank;

	put_ints(&at, "begin", begin, r);
	put_ints(&at, "size", rt->u.shaped.dims, r);
	return create(lw, op, "npu.slice", 1, &x, rt, &at);
}

static const char *
lower_slice(EuLower *lw, IrOp *op, IrOp **npu)
{
	IrValue *x = ir_op_operand(op, 0);
	int64_t begin[DIALECT_MAX_RANK] = {0}, axis;
	unsigned i;

	if (ir_op_is(op, "graph.slice")) {
		dialect_get_ints(DEF(op), op->attrs, "begin", begin,
		    DIALECT_MAX_RANK);
		*npu = replace(op, make_slice(lw, op, x, begin,
		    ir_op_result(op, 0)->type));
		return NULL;
	}
	axis = dialect_norm_axis(dialect_get_int(DEF(op), op->attrs, "axis"),
	    x->type->u.shaped.rank);
	for (i = 0; i < op->nresults; i++) {
		const IrType *rt = ir_op_result(op, i)->type;
		IrOp *s = make_slice(lw, op, x, begin, rt);

		ir_value_replace_all_uses(ir_op_result(op, i),
		    ir_op_result(s, 0));
		begin[axis] += rt->u.shaped.dims[axis];
		if (!i)
			*npu = s;
	}
	ir_op_erase(op);
	return NULL;
}

/* A unit-stride STRIDED_SLICE: one npu.slice of the window (begin as
 * the graph kernel resolves it: masked, negative from the end, clamped;
 * a shrunk dim one long), then an npu.reshape dropping the shrunk dims. */
static const char *
lower_strided_slice(EuLower *lw, IrOp *op, IrOp **npu)
{
	IrValue *x = ir_op_operand(op, 0);
	const IrType *xt = x->type, *rt = ir_op_result(op, 0)->type;
	int64_t b[DIALECT_MAX_RANK + 1], z[DIALECT_MAX_RANK], r =
	    xt->u.shaped.rank, k = 0;
	int nb = dialect_get_ints(DEF(op), op->attrs, "begin", b,
	    DIALECT_MAX_RANK + 1);
	int64_t bm = dialect_get_int(DEF(op), op->attrs, "begin_mask");
	int64_t sm = dialect_get_int(DEF(op), op->attrs, "shrink_axis_mask");
	const IrType *wt;
	IrOp *s;

	for (int64_t i = 0; i < r; i++) {
		int64_t d = xt->u.shaped.dims[i];
		int64_t v = i < nb && !(bm >> i & 1) ? b[i] : 0;

		v += v < 0 ? d : 0;
		b[i] = v < 0 ? 0 : v > d ? d : v;
		z[i] = sm >> i & 1 ? 1 : rt->u.shaped.dims[k];
		k += !(sm >> i & 1);
	}
	wt = dialect_tensor(lw->ctx, r, z, xt->u.shaped.elem);
	s = make_slice(lw, op, x, b, wt);
	*npu = s;
	if (wt != rt) {
		Attrs at = {.ctx = lw->ctx};
		IrValue *v = ir_op_result(s, 0);

		put_ints(&at, "shape", rt->u.shaped.dims,
		    (size_t)rt->u.shaped.rank);
		*npu = create(lw, op, "npu.reshape", 1, &v, NULL, &at);
	}
	replace(op, *npu);
	return NULL;
}

static const char *
lower_concat(EuLower *lw, IrOp *op, IrOp **npu)
{
	IrValue **ops = ir_xcalloc(op->noperands + 1, sizeof *ops);
	Attrs at = {.ctx = lw->ctx};

	for (unsigned i = 0; i < op->noperands; i++)
		ops[i] = ir_op_operand(op, i);
	copy(&at, op, "axis");
	*npu = replace(op, create(lw, op, "npu.concat", op->noperands, ops,
	    NULL, &at));
	free(ops);
	return NULL;
}

/* ------------------------------------------------------------ mean */

/* MEAN as Vela lowers it (convert_mean_to_depthwise_conv) and TFLite's
 * reference integer mean computes it: the sum of x - zp_in, times
 * QuantizeMultiplier(s_in / s_out) with the division by N folded in:
 * the multiplier shifted left by s = min(floor(log2 N), 32, 31 + shift)
 * and divided by N, the shift lowered by s. */
static const char *
lower_mean(EuLower *lw, IrOp *op, IrOp **npu, char *extra, size_t n)
{
	IrValue *x = ir_op_operand(op, 0);
	const IrType *qx = elem_of(x), *qy = elem_of(ir_op_result(op, 0));
	int64_t ax[DIALECT_MAX_RANK + 1], cnt = 1, r = x->type->u.shaped.rank;
	int na = dialect_get_ints(DEF(op), op->attrs, "axes", ax,
	    DIALECT_MAX_RANK + 1);
	QMultiplier m = qmath_quantize_multiplier(f32(qx->u.quant.scales[0]) /
	    f32(qy->u.quant.scales[0]));
	Attrs at = {.ctx = lw->ctx};

	for (int i = 0; i < na; i++) {
		ax[i] += ax[i] < 0 ? r : 0;
		cnt *= x->type->u.shaped.dims[ax[i]];
	}
	m = qmath_mean_multiplier(m, cnt);
	if (m.shift < -31 || m.shift > 30) {
		snprintf(extra, n, "shift %d after dividing by %lld", m.shift,
		    (long long)cnt);
		return "npu-ir: the output scale is outside the output "
		    "stage's range";
	}
	put_ints(&at, "axes", ax, (size_t)na);
	put_int(&at, "multiplier", m.multiplier);
	put_int(&at, "shift", m.shift);
	put_int(&at, "input_zp", qx->u.quant.zero_points[0]);
	put_int(&at, "output_zp", qy->u.quant.zero_points[0]);
	*npu = replace(op, create(lw, op, "npu.mean", 1, &x, NULL, &at));
	return NULL;
}

const char *
eu_lower(EuLower *lw, IrOp *op, IrOp **npu, char *extra, size_t n)
{
	if (ir_op_is(op, "graph.reduce_mean"))
		return lower_mean(lw, op, npu, extra, n);
	if (ir_op_is(op, "graph.conv2d") ||
	    ir_op_is(op, "graph.depthwise_conv2d") ||
	    ir_op_is(op, "graph.fully_connected"))
		return lower_mac(lw, op, npu, extra, n);
	if (ir_op_is(op, "graph.max_pool2d") || ir_op_is(op, "graph.avg_pool2d"))
		return lower_pool(lw, op, npu);
	if (ir_op_is(op, "graph.concat"))
		return lower_concat(lw, op, npu);
	if (ir_op_is(op, "graph.split") || ir_op_is(op, "graph.slice"))
		return lower_slice(lw, op, npu);
	if (ir_op_is(op, "graph.strided_slice"))
		return lower_strided_slice(lw, op, npu);
	if (ir_op_is(op, "graph.transpose")) {
		Attrs at = {.ctx = lw->ctx};
		IrValue *x = ir_op_operand(op, 0);

		copy(&at, op, "perm");
		*npu = replace(op, create(lw, op, "npu.transpose", 1, &x, NULL,
		    &at));
		return NULL;
	}
	if (op->noperands == 2)
		return lower_binary(lw, op, npu, extra, n);
	if (ir_op_is(op, "graph.softmax") || ir_op_is(op, "graph.pad") ||
	    ir_op_is(op, "graph.resize") || ir_op_is(op, "graph.reshape") ||
	    ir_op_is(op, "graph.squeeze") || ir_op_is(op, "graph.unsqueeze"))
		return lower_data(lw, op, npu);
	return lower_lut(lw, op, npu, extra, n);
}

/* ------------------------------------------------------------ fusion */

/* Is f(q) = clamp(q, f(min), f(max)) over the storage range? */
static bool
clamp_of(EuLower *lw, IrOp *act, const IrType *q, int64_t *lo, int64_t *hi)
{
	int64_t first = q->u.quant.storage_min;
	int64_t count = q->u.quant.storage_max - first + 1, i;
	int64_t *v;
	bool ok;

	if (count > 65536)
		return false;
	v = ir_xmalloc((size_t)count * sizeof *v);
	ok = eu_eval_unary(lw, act, q, q, first, count, v);
	*lo = ok ? v[0] : 0;
	*hi = ok ? v[count - 1] : 0;
	for (i = 0; ok && i < count; i++) {
		int64_t x = first + i;

		ok = v[i] == (x < *lo ? *lo : x > *hi ? *hi : x);
	}
	free(v);
	return ok && *lo <= *hi;
}

void
eu_fuse_activation(EuLower *lw, IrOp *npu, IrPtrMap *fused)
{
	IrValue *r = ir_op_result(npu, 0);
	IrOp *act;
	int64_t lo, hi, old;
	Attrs at = {.ctx = lw->ctx};

	if (!r->uses || r->uses->next || !dialect_attr_spec(npu->name->def,
	    "act_min"))
		return;
	act = r->uses->owner;
	if (!ir_op_is(act, "graph.relu") && !ir_op_is(act, "graph.relu6") &&
	    !ir_op_is(act, "graph.clip"))
		return;
	if (act->parent != npu->parent || ir_op_result(act, 0)->type !=
	    r->type || r->type->u.shaped.elem->kind != IR_TYPE_QUANT)
		return;
	if (!clamp_of(lw, act, r->type->u.shaped.elem, &lo, &hi))
		return;
	/* After a clamp [a, b] already on npu: clamp(clamp(v, a, b), lo,
	 * hi) is clamp(v, max(a, lo), min(b, hi)) unless the two ranges
	 * are disjoint (then it is constant: not fused). */
	if (act_bound(npu, "act_min", &old) && old > lo)
		lo = old;
	if (act_bound(npu, "act_max", &old) && old < hi)
		hi = old;
	if (lo > hi)
		return;
	(void)at;
	ir_op_set_attr(npu, "act_min", int_attr(lw->ctx, lo));
	ir_op_set_attr(npu, "act_max", int_attr(lw->ctx, hi));
	ir_value_replace_all_uses(ir_op_result(act, 0), r);
	ir_ptrmap_put(fused, act, act);
}
