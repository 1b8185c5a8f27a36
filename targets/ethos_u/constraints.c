/* targets/ethos_u/constraints.c: which graph ops the Ethos-U runs, after
 * Vela's operator constraints (tflite_supported_operators.py and
 * tflite_model_semantic.py), plus the few limits of our own lowering
 * (stated with an "npu-ir:" prefix). The first constraint an op breaks
 * is its reason for the CPU. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dialects/dialect.h"
#include "targets/ethos_u/ethos_u.h"

#define DEF(op) ((op)->name->def)

/* Vela's limits (TFLiteSupportedOperators). */
enum {
	DIM_MAX = 65535,
	STRIDE_MAX = 3,
	DILATED_H_MAX = 64,
	DILATED_PRODUCT_MAX = 64 * 64,
	WEIGHTS_LIMIT = 127 * 65536,
	FILTER_MAX = 8,
	FILTER_H_MAX = 256,
	FILTER_PRODUCT_MAX = 256 * 256,
};

/* Graph op -> TFLite operator name, as Vela's messages spell them. */
static const struct {
	const char *graph, *tflite;
} names[] = {
	{"graph.conv2d", "CONV_2D"},
	{"graph.depthwise_conv2d", "DEPTHWISE_CONV_2D"},
	{"graph.transpose_conv2d", "TRANSPOSE_CONV"},
	{"graph.fully_connected", "FULLY_CONNECTED"},
	{"graph.max_pool2d", "MAX_POOL_2D"},
	{"graph.avg_pool2d", "AVERAGE_POOL_2D"},
	{"graph.add", "ADD"},
	{"graph.sub", "SUB"},
	{"graph.mul", "MUL"},
	{"graph.maximum", "MAXIMUM"},
	{"graph.minimum", "MINIMUM"},
	{"graph.relu", "RELU"},
	{"graph.relu6", "RELU6"},
	{"graph.clip", "RELU_N1_TO_1"},
	{"graph.leaky_relu", "LEAKY_RELU"},
	{"graph.sigmoid", "LOGISTIC"},
	{"graph.tanh", "TANH"},
	{"graph.hard_swish", "HARD_SWISH"},
	{"graph.abs", "ABS"},
	{"graph.exp", "EXP"},
	{"graph.rsqrt", "RSQRT"},
	{"graph.softmax", "SOFTMAX"},
	{"graph.reshape", "RESHAPE"},
	{"graph.squeeze", "SQUEEZE"},
	{"graph.unsqueeze", "EXPAND_DIMS"},
	{"graph.concat", "CONCATENATION"},
	{"graph.pad", "PAD"},
	{"graph.resize", "RESIZE_NEAREST_NEIGHBOR"},
	{"graph.reduce_mean", "MEAN"},
	{"graph.transpose", "TRANSPOSE"},
	{"graph.split", "SPLIT"},
	{"graph.slice", "SLICE"},
	{"graph.strided_slice", "STRIDED_SLICE"},
	{"graph.quantize", "QUANTIZE"},
	{"graph.dequantize", "DEQUANTIZE"},
	{"graph.requantize", "QUANTIZE"},
	{"graph.global_avg_pool", "MEAN"},
	{"graph.log_softmax", "LOG_SOFTMAX"},
	{"graph.div", "DIV"},
	{"graph.batch_matmul", "BATCH_MATMUL"},
	{"graph.prelu", "PRELU"},
	{"graph.gelu", "GELU"},
	{"graph.cast", "CAST"},
};

/* Ops we lower (the rest are CPU only). */
static const char *const lowered[] = {
	"graph.conv2d", "graph.depthwise_conv2d", "graph.fully_connected",
	"graph.max_pool2d", "graph.avg_pool2d", "graph.add", "graph.sub",
	"graph.mul", "graph.maximum", "graph.minimum", "graph.relu",
	"graph.relu6", "graph.clip", "graph.leaky_relu", "graph.sigmoid",
	"graph.tanh", "graph.hard_swish", "graph.abs", "graph.exp",
	"graph.rsqrt", "graph.softmax", "graph.reshape", "graph.squeeze",
	"graph.unsqueeze", "graph.concat", "graph.pad", "graph.resize",
	"graph.split", "graph.slice", "graph.reduce_mean",
	"graph.strided_slice", "graph.transpose",
};

/* Unary ops that become a 256-entry table. */
static const char *const lut_ops[] = {
	"graph.relu", "graph.relu6", "graph.clip", "graph.leaky_relu",
	"graph.sigmoid", "graph.tanh", "graph.hard_swish", "graph.abs",
	"graph.exp", "graph.rsqrt",
};

static bool
in_list(const IrOp *op, const char *const *list, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (ir_op_is(op, list[i]))
			return true;
	return false;
}

#define IN_LIST(op, l) in_list(op, l, sizeof l / sizeof l[0])

const char *
eu_tflite_name(const IrOp *op)
{
	const char *n = ir_op_name_str(op);

	if (!strcmp(n, "graph.resize") && !strcmp(dialect_get_str(
	    op->name->def, op->attrs, "mode"), "bilinear"))
		return "RESIZE_BILINEAR";
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
		if (!strcmp(n, names[i].graph))
			return names[i].tflite;
	return n;
}

bool
eu_op_known(const IrOp *op)
{
	return IN_LIST(op, lowered);
}

EuAccel
eu_accel_of(IrOp *module)
{
	const IrAttr *t = ir_op_attr(module, "npu.target");
	const IrAttr *a = NULL;
	EuAccel acc = {"ethos-u55-128", false, false};

	if (t && t->kind == IR_ATTR_DICT) {
		a = ir_dict_get(t, "accel");
		if (!a)
			a = ir_dict_get(t, "accelerator");
	} else if (t && t->kind == IR_ATTR_STRING) {
		a = t;
	}
	if (a && a->kind == IR_ATTR_STRING) {
		acc.name = a->u.string.data;
		acc.u65 = strstr(acc.name, "u65") != NULL;
	}
	return acc;
}

/* ------------------------------------------------------------ helpers */

static const IrType *
type_of(const IrValue *v)
{
	return v->type;
}

static const IrType *
elem_of(const IrValue *v)
{
	const IrType *t = type_of(v);

	return ir_type_is_shaped(t) ? t->u.shaped.elem : t;
}

static int64_t
rank_of(const IrValue *v)
{
	const IrType *t = type_of(v);

	return ir_type_is_shaped(t) ? t->u.shaped.rank : 0;
}

static int64_t
dim(const IrValue *v, int64_t i)
{
	return type_of(v)->u.shaped.dims[i];
}

/* Is v a per-tensor quantized value with 8- or 16-bit storage? */
static bool
is_q(const IrValue *v)
{
	const IrType *e = elem_of(v);

	return e->kind == IR_TYPE_QUANT && e->u.quant.nscales == 1 &&
	    e->u.quant.axis < 0 && ir_type_bitwidth(e->u.quant.storage) <= 16;
}

static unsigned
bits_of(const IrValue *v)
{
	const IrType *e = elem_of(v);

	return e->kind == IR_TYPE_QUANT ? ir_type_bitwidth(e->u.quant.storage) :
	    ir_type_bitwidth(e);
}

static bool
is_mac(const IrOp *op)
{
	return ir_op_is(op, "graph.conv2d") ||
	    ir_op_is(op, "graph.depthwise_conv2d") ||
	    ir_op_is(op, "graph.fully_connected");
}

/* The activations: operand 0 (and 1 of binary ops, all of concat) and
 * the results. Weights and biases are checked by the MAC rules. */
static unsigned
num_ifms(const IrOp *op)
{
	if (is_mac(op))
		return 1;
	return op->noperands;
}

static const char *
say(char *extra, size_t n, const char *fmt, ...) IR_PRINTF(3, 4);

static const char *
say(char *extra, size_t n, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(extra, n, fmt, ap);
	va_end(ap);
	return extra;
}

static const char *
value_name(const IrValue *v, unsigned i, bool result)
{
	static char buf[32];

	(void)v;
	snprintf(buf, sizeof buf, "%s #%u", result ? "result" : "operand", i);
	return buf;
}

static char *
type_str_short(const IrValue *v)
{
	return ir_type_str(type_of(v));
}

/* ------------------------------------------------------------ generic */

/* Vela's constraint_tens_dtype (float tensors) and our int32 limit. */
static const char *
check_types(IrOp *op, char *extra, size_t n)
{
	unsigned i, nin = num_ifms(op);

	for (i = 0; i < nin + op->nresults; i++) {
		bool res = i >= nin;
		const IrValue *v = res ? ir_op_result(op, i - nin) :
		    ir_op_operand(op, i);
		const IrType *e = elem_of(v);
		char *s;

		if (e->kind == IR_TYPE_QUANT && ir_type_bitwidth(
		    e->u.quant.storage) <= 16)
			continue;
		s = type_str_short(v);
		say(extra, n, "%s has type %s", value_name(v, res ? i - nin : i,
		    res), s);
		free(s);
		if (e->kind == IR_TYPE_FLOAT)
			return "Tensors must be of type: int16, int32, int8, "
			    "uint8 (float tensors must be quantized first)";
		return "npu-ir: activations must be quantized 8- or 16-bit "
		    "tensors";
	}
	return NULL;
}

/* Vela's model semantics: static shapes, rank <= 4; then dims in range
 * and per-tensor quantization of activations. */
static const char *
check_shapes(IrOp *op, char *extra, size_t n)
{
	unsigned i, nin = num_ifms(op);

	for (i = 0; i < nin + op->nresults; i++) {
		bool res = i >= nin;
		const IrValue *v = res ? ir_op_result(op, i - nin) :
		    ir_op_operand(op, i);
		unsigned k = res ? i - nin : i;
		int64_t r = rank_of(v), d;

		if (r < 0) {
			say(extra, n, "%s is unranked", value_name(v, k, res));
			return "Input(s) and Output tensors must not be dynamic";
		}
		if (r > 4) {
			say(extra, n, "%s has rank %lld", value_name(v, k, res),
			    (long long)r);
			return "Input(s) and Output tensors must not be greater "
			    "than 4D";
		}
		for (d = 0; d < r; d++)
			if (dim(v, d) == IR_DYNAMIC) {
				say(extra, n, "%s has a dynamic dimension %lld",
				    value_name(v, k, res), (long long)d);
				return "Input(s) and Output tensors must not be "
				    "dynamic";
			}
		for (d = 0; d < r; d++)
			if (dim(v, d) < 1 || dim(v, d) > DIM_MAX) {
				char *s = type_str_short(v);

				say(extra, n, "%s has shape %s",
				    value_name(v, k, res), s);
				free(s);
				return "Tensor dimensions must be in the range "
				    "[1, 65535]";
			}
		if (!is_q(v)) {
			say(extra, n, "%s is quantized per axis",
			    value_name(v, k, res));
			return "Per-axis quantization is only supported for "
			    "the following op types: CONV_2D, "
			    "DEPTHWISE_CONV_2D, TRANSPOSE_CONV";
		}
	}
	return NULL;
}

static const char *
check_batch(IrOp *op, char *extra, size_t n)
{
	const IrValue *v = ir_op_operand(op, 0);

	if (ir_op_is(op, "graph.fully_connected") ||
	    ir_op_is(op, "graph.softmax") || ir_op_is(op, "graph.reshape") ||
	    ir_op_is(op, "graph.squeeze") || ir_op_is(op, "graph.unsqueeze") ||
	    ir_op_is(op, "graph.split") || ir_op_is(op, "graph.slice") ||
	    rank_of(v) < 4 || dim(v, 0) == 1)
		return NULL;
	say(extra, n, "operand #0 has batch size: %lld", (long long)dim(v, 0));
	return "IFM Tensor batch size must be 1";
}

/* ------------------------------------------------------------ MAC ops */

static bool
is_constant(const IrValue *v)
{
	IrOp *d = ir_value_def_op(v);

	return d && ir_op_is(d, "graph.constant");
}

/* Vela's constraint_weights_limit: the largest per-output-channel sum of
 * |w - zp| (reduced over the other axes). Nested loops over the dims
 * before, at and after the channel axis: no division per weight. */
static int64_t
weights_sum_max(IrOp *w, int axis)
{
	const IrAttr *a = ir_op_attr(w, "value");
	const IrType *t = ir_op_result(w, 0)->type;
	const IrType *q = t->u.shaped.elem;
	int64_t total = ir_type_num_elements(t), inner = 1, outer = 1, oc;
	int64_t o, c, k, best = 0, *sum;
	const int8_t *d;
	int r;

	if (!a || a->kind != IR_ATTR_DENSE || total <= 0 ||
	    q->kind != IR_TYPE_QUANT)
		return 0;
	oc = t->u.shaped.dims[axis];
	for (r = 0; r < (int)t->u.shaped.rank; r++)
		if (r < axis)
			outer *= t->u.shaped.dims[r];
		else if (r > axis)
			inner *= t->u.shaped.dims[r];
	sum = calloc((size_t)oc, sizeof *sum);
	d = (const int8_t *)a->u.dense.data;
	for (o = 0; o < outer; o++)
		for (c = 0; c < oc; c++) {
			int64_t zp = q->u.quant.zero_points[
			    q->u.quant.nscales > 1 ? c : 0], acc = 0;
			const int8_t *p = a->u.dense.splat ? d :
			    d + (o * oc + c) * inner;

			for (k = 0; k < inner; k++) {
				int64_t v = p[a->u.dense.splat ? 0 : k] - zp;

				acc += v < 0 ? -v : v;
			}
			sum[c] += acc;
		}
	for (c = 0; c < oc; c++)
		best = sum[c] > best ? sum[c] : best;
	free(sum);
	return best;
}

/* The weight zero points are one value (the NPU takes one). */
static bool
uniform_weight_zp(const IrType *q)
{
	for (size_t i = 1; i < q->u.quant.nscales; i++)
		if (q->u.quant.zero_points[i] != q->u.quant.zero_points[0])
			return false;
	return true;
}

/* 40-bit signed range of an int64 bias (constraint_bias_40bit). */
static bool
bias_fits_40(IrOp *b)
{
	const IrAttr *a = ir_op_attr(b, "value");
	size_t i, es;

	if (!a || a->kind != IR_ATTR_DENSE)
		return true;
	es = ir_dense_elem_size(a->u.dense.type->u.shaped.elem);
	if (es != 8)
		return true;
	for (i = 0; i + 8 <= a->u.dense.size; i += 8) {
		int64_t v;

		memcpy(&v, a->u.dense.data + i, 8);
		if (v >= (int64_t)1 << 39 || v < -((int64_t)1 << 39))
			return false;
	}
	return true;
}

static const char *
check_weights(IrOp *op, char *extra, size_t n)
{
	const IrValue *w = ir_op_operand(op, 1);
	const IrType *q = elem_of(w);
	int axis = ir_op_is(op, "graph.depthwise_conv2d") ? 3 : 0;
	int64_t sum;

	if (q->kind != IR_TYPE_QUANT || bits_of(w) != 8) {
		say(extra, n, "the weights are %u-bit", bits_of(w));
		return "Weight tensor must be 8-bit";
	}
	if (!is_constant(w)) {
		say(extra, n, "the weights are computed at run time");
		return "Weight tensor must be constant";
	}
	if (q->u.quant.nscales > 1 && q->u.quant.axis != axis) {
		say(extra, n, "the weights are quantized along axis %d",
		    (int)q->u.quant.axis);
		return "npu-ir: per-channel weight scales must be along the "
		    "output channels";
	}
	if (!uniform_weight_zp(q)) {
		say(extra, n, "the weight zero points differ per channel");
		return "npu-ir: the weights must have one zero point";
	}
	/* Each |w - zp| is at most 255, so only channels of more than
	 * 127 x 65536 / 255 weights need summing. */
	if (!ir_op_is(op, "graph.fully_connected") && ir_type_num_elements(
	    w->type) / dim(w, axis) * 255 > WEIGHTS_LIMIT) {
		sum = weights_sum_max(ir_value_def_op(w), axis);
		if (sum > WEIGHTS_LIMIT) {
			say(extra, n, "the sum of weights is %lld",
			    (long long)sum);
			return "The sum of the weights cannot exceed 8323072";
		}
	}
	return NULL;
}

static const char *
check_bias(IrOp *op, char *extra, size_t n)
{
	const IrValue *b;
	unsigned bits;

	if (op->noperands < 3)
		return NULL;
	b = ir_op_operand(op, 2);
	if (rank_of(b) != 1) {
		say(extra, n, "the bias has rank %lld", (long long)rank_of(b));
		return "Optional Bias tensor must be of shape: 1D";
	}
	bits = bits_of(b);
	if ((bits != 32 && bits != 64) || elem_of(b)->kind == IR_TYPE_FLOAT) {
		say(extra, n, "the bias is %u-bit", bits);
		return "Optional Bias tensor must be of type: int32, int64";
	}
	if (bits == 64 && bits_of(ir_op_operand(op, 0)) != 16) {
		say(extra, n, "an int64 bias with 8-bit input");
		return "npu-ir: an int64 bias needs 16-bit input";
	}
	if (!is_constant(b)) {
		say(extra, n, "the bias is computed at run time");
		return "npu-ir: the bias must be constant";
	}
	if (!bias_fits_40(ir_value_def_op(b))) {
		say(extra, n, "the bias has values larger than 40 bits");
		return "Optional Bias tensor values must fit within 40-bits";
	}
	return NULL;
}

static void
ints2(IrOp *op, const char *name, int64_t *v)
{
	v[0] = v[1] = 1;
	if (dialect_has_attr(DEF(op), op->attrs, name))
		dialect_get_ints(DEF(op), op->attrs, name, v, 2);
}

static bool
nchw(IrOp *op)
{
	return dialect_attr_spec(DEF(op), "layout") &&
	    !strcmp(dialect_get_str(DEF(op), op->attrs, "layout"), "NCHW");
}

static const char *
check_conv(IrOp *op, char *extra, size_t n)
{
	const IrValue *w = ir_op_operand(op, 1);
	const IrValue *y = ir_op_result(op, 0);
	int64_t s[2], d[2], kh = dim(w, 1), kw = dim(w, 2), eh, ew;
	bool dw = ir_op_is(op, "graph.depthwise_conv2d");
	const char *r;

	if (nchw(op)) {
		say(extra, n, "layout NCHW");
		return "npu-ir: convolutions must be NHWC";
	}
	if (!dw && dialect_get_int(DEF(op), op->attrs, "groups") != 1) {
		say(extra, n, "groups = %lld", (long long)dialect_get_int(
		    DEF(op), op->attrs, "groups"));
		return "npu-ir: grouped convolutions are not supported";
	}
	ints2(op, "strides", s);
	ints2(op, "dilations", d);
	if (dw && (s[0] < 1 || s[0] > STRIDE_MAX || s[1] < 1 ||
	    s[1] > STRIDE_MAX)) {
		say(extra, n, "Op has stride WxH as: %lldx%lld",
		    (long long)s[1], (long long)s[0]);
		return "Stride values for both width and height must be "
		    "between 1 and 3";
	}
	if (!dw && ((dim(y, 1) > 1 && s[0] > STRIDE_MAX) ||
	    (dim(y, 2) > 1 && s[1] > STRIDE_MAX))) {
		say(extra, n, "Op has stride WxH as: %lldx%lld",
		    (long long)s[1], (long long)s[0]);
		return "Strides must fulfil the following criteria: Stride h "
		    "must be between 1 and 3 when ofm height is greater than "
		    "1, stride w between 1 and 3 when ofm width is greater "
		    "than 1";
	}
	eh = d[0] * (kh - 1) + 1;
	ew = d[1] * (kw - 1) + 1;
	if (eh > DILATED_H_MAX) {
		say(extra, n, "Op has dilated kernel height as: %lld",
		    (long long)eh);
		return "Dilated kernel height must be in the range [1, 64]";
	}
	if (eh * ew > DILATED_PRODUCT_MAX) {
		say(extra, n, "Op has product of dilated kernel width and "
		    "height as: %lld", (long long)(eh * ew));
		return "Product of dilated kernel width and height must be in "
		    "the range [1, 4096]";
	}
	if ((r = check_weights(op, extra, n)) || (r = check_bias(op, extra, n)))
		return r;
	if (dw) {
		int64_t m = dialect_get_int(DEF(op), op->attrs,
		    "depth_multiplier");

		if (m > 1 && (dim(ir_op_operand(op, 0), 3) != 1 ||
		    dim(y, 3) != m)) {
			say(extra, n, "Op has ifm_channels=%lld, "
			    "ofm_channels=%lld and depth_multiplier=%lld",
			    (long long)dim(ir_op_operand(op, 0), 3),
			    (long long)dim(y, 3), (long long)m);
			return "For depth multipliers > 1, IFM channels must "
			    "be 1 and OFM channels must be equal to the depth "
			    "multiplier";
		}
	}
	return NULL;
}

static const char *
check_fc(IrOp *op, char *extra, size_t n)
{
	const char *r;

	if ((r = check_weights(op, extra, n)) ||
	    (r = check_bias(op, extra, n)))
		return r;
	if (rank_of(ir_op_operand(op, 1)) != 2) {
		say(extra, n, "the weights have rank %lld",
		    (long long)rank_of(ir_op_operand(op, 1)));
		return "npu-ir: FULLY_CONNECTED weights must be [O, K]";
	}
	return NULL;
}

/* ------------------------------------------------------------ pooling */

static const char *
check_pool(IrOp *op, char *extra, size_t n)
{
	bool mx = ir_op_is(op, "graph.max_pool2d");
	int64_t k[2], s[2], d[2];
	DialectPad p = dialect_get_pad(DEF(op), op->attrs, "padding");

	dialect_get_ints(DEF(op), op->attrs, "kernel", k, 2);
	ints2(op, "strides", s);
	ints2(op, "dilations", d);
	if (nchw(op)) {
		say(extra, n, "layout NCHW");
		return "npu-ir: pooling must be NHWC";
	}
	if (d[0] != 1 || d[1] != 1) {
		say(extra, n, "dilations %lldx%lld", (long long)d[0],
		    (long long)d[1]);
		return "npu-ir: pooling must not be dilated";
	}
	if (!mx && dialect_get_bool(DEF(op), op->attrs, "count_include_pad")) {
		say(extra, n, "count_include_pad = true");
		return "npu-ir: average pooling must not count the padding";
	}
	if (elem_of(ir_op_operand(op, 0)) != elem_of(ir_op_result(op, 0))) {
		say(extra, n, "input and output quantization differ");
		return "npu-ir: pooling must keep its input's quantization "
		    "(as TFLite requires)";
	}
	if (s[0] > STRIDE_MAX || s[1] > STRIDE_MAX) {
		say(extra, n, "Op has stride WxH as: %lldx%lld",
		    (long long)s[1], (long long)s[0]);
		return "Stride values for both width and height must be in "
		    "the range [1, 3]";
	}
	if (!mx && p.kind == DIALECT_PAD_SAME && (k[0] > FILTER_MAX ||
	    (k[1] > FILTER_MAX && s[1] != k[1]))) {
		say(extra, n, "Op has kernel filter WxH as: %lldx%lld",
		    (long long)k[1], (long long)k[0]);
		return "Kernel filter values for both width and height must be "
		    "in the range [1, 8]";
	}
	if (mx || p.kind != DIALECT_PAD_SAME) {
		if (k[0] > FILTER_H_MAX) {
			say(extra, n, "Op has kernel filter height as: %lld",
			    (long long)k[0]);
			return "Kernel filter height must be in the range "
			    "[1, 256]";
		}
		if (k[0] * k[1] > FILTER_PRODUCT_MAX) {
			say(extra, n, "Op has product of kernel filter width "
			    "and height as: %lld", (long long)(k[0] * k[1]));
			return "Product of kernel filter width and height must "
			    "be in the range [1, 65536]";
		}
	}
	if (p.kind == DIALECT_PAD_EXPLICIT) {
		say(extra, n, "explicit padding");
		return "npu-ir: pooling takes \"same\" or \"valid\" padding";
	}
	return NULL;
}

/* ------------------------------------------------------------ elementwise */

static const char *
check_broadcast(IrOp *op, char *extra, size_t n)
{
	const IrValue *a = ir_op_operand(op, 0), *b = ir_op_operand(op, 1);
	const IrValue *y = ir_op_result(op, 0);
	int64_t ra = rank_of(a), rb = rank_of(b), ry = rank_of(y);
	int64_t m = ra < rb ? ra : rb, i;

	for (i = 1; i <= m; i++) {
		int64_t x = dim(a, ra - i), z = dim(b, rb - i);
		int64_t o = dim(y, ry - i), mx = x > z ? x : z;

		if (!(x == z || x == 1 || z == 1) || o != mx) {
			say(extra, n, "the operand shapes do not broadcast "
			    "from one side");
			return "Broadcasting is only allowed for rank indices "
			    "with dimension 1, from either IFM1 or IFM2";
		}
	}
	return NULL;
}

static const char *
check_binary(IrOp *op, char *extra, size_t n)
{
	const char *r = check_broadcast(op, extra, n);
	bool minmax = ir_op_is(op, "graph.maximum") ||
	    ir_op_is(op, "graph.minimum");
	const IrType *y = elem_of(ir_op_result(op, 0));

	if (r)
		return r;
	if (minmax && (elem_of(ir_op_operand(op, 0)) != y ||
	    elem_of(ir_op_operand(op, 1)) != y)) {
		say(extra, n, "Op has tensors with different quantization "
		    "parameters to the OFM");
		return "Both Input quantization parameters must match OFM "
		    "quantization parameters";
	}
	if (!minmax && (bits_of(ir_op_operand(op, 0)) != bits_of(
	    ir_op_result(op, 0)) || bits_of(ir_op_operand(op, 1)) !=
	    bits_of(ir_op_result(op, 0)))) {
		say(extra, n, "inputs %u-bit and %u-bit, output %u-bit",
		    bits_of(ir_op_operand(op, 0)), bits_of(ir_op_operand(op,
		    1)), bits_of(ir_op_result(op, 0)));
		return "npu-ir: ADD, SUB and MUL with mixed 8- and 16-bit "
		    "tensors stay on the CPU (TFLite has no such kernel)";
	}
	return NULL;
}

static const char *
check_lut(IrOp *op, char *extra, size_t n)
{
	/* A 16-bit relu-like op may still be a clamp: a 1x1 max pool. */
	if ((ir_op_is(op, "graph.relu") || ir_op_is(op, "graph.relu6") ||
	    ir_op_is(op, "graph.clip")) && rank_of(ir_op_operand(op, 0)) == 4 &&
	    elem_of(ir_op_operand(op, 0)) == elem_of(ir_op_result(op, 0)))
		return NULL;
	if (bits_of(ir_op_operand(op, 0)) != 8 ||
	    bits_of(ir_op_result(op, 0)) != 8) {
		say(extra, n, "16-bit %s", eu_tflite_name(op));
		return "npu-ir: 16-bit activations stay on the CPU (an NPU "
		    "16-bit table interpolates 512 segments, which does not "
		    "reproduce the CPU kernel bit for bit)";
	}
	return NULL;
}

/* ------------------------------------------------------------ others */

static const char *
check_softmax(IrOp *op, char *extra, size_t n)
{
	const IrValue *x = ir_op_operand(op, 0), *y = ir_op_result(op, 0);
	int64_t axis = dialect_get_int(DEF(op), op->attrs, "axis");
	double beta = dialect_get_float(DEF(op), op->attrs, "beta");

	if (bits_of(x) != bits_of(y)) {
		say(extra, n, "input %u-bit, output %u-bit", bits_of(x),
		    bits_of(y));
		return "IFM and OFM data types must match";
	}
	if (!(beta >= 0)) {
		say(extra, n, "beta = %g", beta);
		return "Beta value needs to be positive";
	}
	if (dialect_norm_axis(axis, rank_of(x)) != rank_of(x) - 1) {
		say(extra, n, "axis = %lld", (long long)axis);
		return "npu-ir: softmax must be along the last axis";
	}
	return NULL;
}

/* ------------------------------------------------------------ mean */

/* "[d0, d1, ...]" of n values into buf. */
static void
list_str(char *buf, size_t size, const int64_t *v, int n)
{
	size_t len = 0;

	buf[0] = '\0';
	for (int i = 0; i < n && len + 24 < size; i++)
		len += (size_t)snprintf(buf + len, size - len, "%s%lld",
		    i ? ", " : "", (long long)v[i]);
}

/* Vela's MEAN constraints in its order (tflite_model_semantic.py, then
 * tflite_supported_operators.py); the axes as TFLite gives them. */
static const char *
check_mean(IrOp *op, char *extra, size_t n)
{
	const IrValue *x = ir_op_operand(op, 0);
	int64_t ax[DIALECT_MAX_RANK + 1], r = rank_of(x), prod = 1, lim;
	int na = dialect_get_ints(DEF(op), op->attrs, "axes", ax,
	    DIALECT_MAX_RANK + 1);
	const int64_t *d = type_of(x)->u.shaped.dims;
	const IrType *e = elem_of(x);
	char sh[160], as[160];
	bool bad = false;

	/* The graph allows negative axes; TFLite's are normalized. */
	for (int i = 0; i < na; i++)
		ax[i] += ax[i] < 0 ? r : 0;
	list_str(sh, sizeof sh, d, (int)r);
	list_str(as, sizeof as, ax, na);
	if (r < 2 || r > 4) {
		say(extra, n, "Input is %lldD", (long long)r);
		return "Input tensor must be at least 2D";
	}
	for (int i = 0; i < na && !bad; i++) {
		if (ax[i] < 0 || ax[i] >= r) {
			say(extra, n, "Axis parameter is out of bounds. axis: "
			    "[%s], dims: %lld. ", as, (long long)r);
			return "Requirements for axis parameter: When IFM "
			    "tensor is 2D: - Reduction in both axes is "
			    "supported. When IFM tensor is 3D or 4D: - "
			    "Reduction in Batch axis is only supported if "
			    "batch size is 1. - Reduction in both Height and "
			    "Width axes is supported. - Reduction in Depth "
			    "axis is supported if at least one of H,W,C are "
			    "of size 1.";
		}
		bad = (r == 4 && ax[i] == 0 && d[0] != 1) ||
		    (r == 3 && ax[i] == 2 && d[0] != 1 && d[1] != 1 &&
		    d[2] != 1) || (r == 4 && ax[i] == 3 && d[1] != 1 &&
		    d[2] != 1 && d[3] != 1);
	}
	if (bad) {
		say(extra, n, "Shape is [%s], Axis is [%s].", sh, as);
		return "Requirements for axis parameter: When IFM tensor is "
		    "2D: - Reduction in both axes is supported. When IFM "
		    "tensor is 3D or 4D: - Reduction in Batch axis is only "
		    "supported if batch size is 1. - Reduction in both Height "
		    "and Width axes is supported. - Reduction in Depth axis "
		    "is supported if at least one of H,W,C are of size 1.";
	}
	for (int i = 0; i < na; i++)
		prod *= d[ax[i]];
	lim = bits_of(x) > 8 ? 1 << 16 : e->u.quant.is_signed ? 1 << 24 :
	    1 << 23;
	if (prod > lim) {
		say(extra, n, "Datatype is %s, product of axes is %lld",
		    bits_of(x) > 8 ? "int16" : e->u.quant.is_signed ? "int8" :
		    "uint8", (long long)prod);
		return "Product of reduced axes must be no greater than: - "
		    "16777216 for signed 8-bit inputs. - 8388608 for unsigned "
		    "8-bit inputs. - 65536 for signed 16-bit inputs.";
	}
	/* Vela reads the width as dim 1 of a 3-D input (dim 2 of 4-D) and
	 * checks it whether or not it is reduced. */
	if (d[r < 4 ? 1 : 2] > 4096) {
		say(extra, n, "Width is %lld", (long long)d[r < 4 ? 1 : 2]);
		return "If Width axis is reduced its shape must be no greater "
		    "than 4096.";
	}
	for (int i = 0; i < na; i++)
		if (ax[i] == r - 1 && d[r - 1] > 4096) {
			say(extra, n, "Depth is %lld, shape is [%s], axis is "
			    "[%s]", (long long)d[r - 1], sh, as);
			return "If Depth axis is reduced its shape must be no "
			    "greater than 4096.";
		}
	return NULL;
}

static const char *
check_same_q(IrOp *op, char *extra, size_t n)
{
	const IrType *y = elem_of(ir_op_result(op, 0));

	for (unsigned i = 1; i < op->nresults; i++)
		if (elem_of(ir_op_result(op, i)) != y) {
			say(extra, n, "result #%u has another quantization "
			    "than result #0", i);
			return "npu-ir: inputs and output must share one "
			    "quantization (no rescale is lowered)";
		}
	for (unsigned i = 0; i < op->noperands; i++)
		if (elem_of(ir_op_operand(op, i)) != y) {
			say(extra, n, "operand #%u has another quantization "
			    "than the result", i);
			return "npu-ir: inputs and output must share one "
			    "quantization (no rescale is lowered)";
		}
	return NULL;
}

/* STRIDED_SLICE: Vela's slice-range rule (on its offsets: masked or
 * given, negatives from the end, a shrunk dim one long), then unit
 * strides; our npu.slice needs one quantization. */
static const char *
check_strided_slice(IrOp *op, char *extra, size_t n)
{
	const IrValue *x = ir_op_operand(op, 0);
	int64_t b[DIALECT_MAX_RANK + 1], e[DIALECT_MAX_RANK + 1];
	int64_t st[DIALECT_MAX_RANK + 1], r = rank_of(x);
	int nb = dialect_get_ints(DEF(op), op->attrs, "begin", b,
	    DIALECT_MAX_RANK + 1);
	int ne = dialect_get_ints(DEF(op), op->attrs, "end", e,
	    DIALECT_MAX_RANK + 1);
	int ns = dialect_get_ints(DEF(op), op->attrs, "strides", st,
	    DIALECT_MAX_RANK + 1);
	int64_t bm = dialect_get_int(DEF(op), op->attrs, "begin_mask");
	int64_t em = dialect_get_int(DEF(op), op->attrs, "end_mask");
	int64_t sm = dialect_get_int(DEF(op), op->attrs, "shrink_axis_mask");
	char bs[160], es[160], ss[160];
	bool ok = nb == r && ne == r;

	list_str(bs, sizeof bs, b, nb);
	list_str(es, sizeof es, e, ne);
	for (int64_t i = 0; ok && i < r; i++) {
		int64_t d = dim(x, i);
		int64_t lo = bm >> i & 1 ? 0 : b[i] + (b[i] < 0 ? d : 0);
		int64_t hi = em >> i & 1 ? d : e[i] + (e[i] < 0 ? d : 0);

		ok = (sm >> i & 1) || hi > lo;
	}
	if (!ok) {
		say(extra, n, "Op has begin_values=[%s] and end_values=[%s]",
		    bs, es);
		return "Slice 'end' values must be greater than 'begin' values";
	}
	for (int i = 0; i < ns; i++)
		if (st[i] != 1) {
			list_str(ss, sizeof ss, st, ns);
			say(extra, n, "Op has strides values [%s]", ss);
			return "All Strides values must be 1";
		}
	return check_same_q(op, extra, n);
}

static const char *
check_pad(IrOp *op, char *extra, size_t n)
{
	const char *r = check_same_q(op, extra, n);

	if (r)
		return r;
	if (strcmp(dialect_get_str(DEF(op), op->attrs, "mode"), "constant")) {
		say(extra, n, "mode = %s", dialect_get_str(DEF(op), op->attrs,
		    "mode"));
		return "npu-ir: only constant padding runs on the NPU";
	}
	if (rank_of(ir_op_operand(op, 0)) < 3) {
		say(extra, n, "The pad tensor has the shape: [%lld,2]",
		    (long long)rank_of(ir_op_operand(op, 0)));
		return "The padding tensor must have the shape [3,2] or [4,2]";
	}
	return NULL;
}

/* An axis of n rows resized to m that ethos-u-codegen runs as bilinear
 * phases: one input row (a broadcast), or m = f n (with align_corners
 * m - 1 = f (n - 1)) for f = 1, 2, 4 or 8, with or without half-pixel
 * centres: TFLite's positions then repeat every f outputs (the code
 * generator checks every phase against TFLite's formula again). */
static bool
phase_axis(int64_t n, int64_t m, bool align)
{
	if (n == 1 || n == m)
		return true;
	for (int64_t f = 2; f <= 8; f *= 2)
		if (align ? m - 1 == f * (n - 1) : m == f * n)
			return true;
	return false;
}

static const char *
check_resize(IrOp *op, char *extra, size_t n, bool vela)
{
	const IrValue *x = ir_op_operand(op, 0), *y = ir_op_result(op, 0);
	bool align = dialect_get_bool(DEF(op), op->attrs, "align_corners");
	bool half = dialect_get_bool(DEF(op), op->attrs, "half_pixel_centers");
	const char *r = check_same_q(op, extra, n);
	int64_t ih, iw, oh, ow;

	if (r)
		return r;
	const char *mode = dialect_get_str(DEF(op), op->attrs, "mode");
	bool bil = !strcmp(mode, "bilinear");

	if ((strcmp(mode, "nearest") && !bil) ||
	    strcmp(dialect_get_str(DEF(op), op->attrs, "coordinate_mode"),
	    "tflite") || nchw(op) || rank_of(x) != 4) {
		say(extra, n, "mode %s", mode);
		return "npu-ir: only TFLite's NHWC nearest-neighbour and "
		    "bilinear resizes are lowered";
	}
	if (align && half) {
		say(extra, n, "Op has both align_corners and "
		    "half_pixel_centers set to True.");
		return "Both align_corners and half_pixel_centers can't be "
		    "True";
	}
	ih = dim(x, 1), iw = dim(x, 2), oh = dim(y, 1), ow = dim(y, 2);
	/* Beyond Vela's rules, the bilinear resizes our phases run exactly
	 * (half-pixel 4x and 8x, a factor per axis). */
	if (bil && !vela && phase_axis(ih, oh, align) &&
	    phase_axis(iw, ow, align))
		return NULL;
	if (bil && half && !(ih == 1 && iw == 1) && !(oh == 2 * ih &&
	    ow == 2 * iw)) {
		say(extra, n, "Op has ifm HxW %lldx%lld and ofm HxW %lldx%lld",
		    (long long)ih, (long long)iw, (long long)oh, (long long)ow);
		return "For half_pixel_centers the width and height of the IFM "
		    "and OFM must match one of the following criteria: IFM W "
		    "and H are both 1, OFM W and H is 2x IFM W and H";
	}
	if ((ih == 1 && iw == 1) || (ih == oh && iw == ow))
		return NULL;
	if (align ? (ih > 1 && iw > 1 && (oh - 1) % (ih - 1) == 0 &&
	    (ow - 1) % (iw - 1) == 0 && (oh - 1) / (ih - 1) ==
	    (ow - 1) / (iw - 1) && ((oh - 1) / (ih - 1) == 2 ||
	    (oh - 1) / (ih - 1) == 4 || (oh - 1) / (ih - 1) == 8)) :
	    (oh % ih == 0 && ow % iw == 0 && oh / ih == ow / iw &&
	    (oh / ih == 2 || oh / ih == 4 || oh / ih == 8)))
		return NULL;
	say(extra, n, "Op has ifm HxW %lldx%lld, ofm HxW %lldx%lld and "
	    "align_corners=%s", (long long)ih, (long long)iw, (long long)oh,
	    (long long)ow, align ? "True" : "False");
	return "The width and height of the IFM and OFM must match one of the "
	    "following criteria: IFM W and H must both be 1, IFM must match "
	    "OFM, W and H scaling must be equal and OFM W and H must be "
	    "2x/4x/8x IFM W and H";
}

/* Vela's constraint_transpose: the permutations its NPU lowering takes.
 * We have no npu op for them yet, so a legal one still stays on the CPU,
 * but the report says which rule a transpose breaks. */
static const char *
check_transpose(IrOp *op, char *extra, size_t n)
{
	const IrValue *x = ir_op_operand(op, 0);
	int64_t p[8] = {0}, r = rank_of(x);
	int np = dialect_get_ints(DEF(op), op->attrs, "perm", p, 8);
	bool ok = r == 2;

	if (np == 3) {
		ok = ok || (p[0] == 1 && p[1] == 0) ||
		    (dim(x, 0) == 1 && p[1] == 2 && p[2] == 1) ||
		    (dim(x, 1) == 1 && p[0] == 2 && p[2] == 0);
	} else if (np == 4) {
		ok = ok || (p[0] == 0 && p[1] == 2 && p[2] == 1) ||
		    (dim(x, 1) == 1 && p[0] == 0 && p[2] == 3 && p[3] == 2) ||
		    (dim(x, 2) == 1 && p[0] == 0 && p[1] == 3 && p[3] == 1);
	}
	if (ok)
		return check_same_q(op, extra, n);
	{
		char buf[200] = "";
		size_t len = 0;

		/* 8 entries of at most 21 characters each fit. */
		for (int i = 0; i < np && i < 8; i++)
			len += (size_t)snprintf(buf + len, sizeof buf - len,
			    "%s%lld", i ? ", " : "", (long long)p[i]);
		say(extra, n, "Op has permutation [%s]", buf);
	}
	return "The following shape/permutations are supported for transpose: "
	    "When ifm rank is 2: WxC -> CxW, When ifm rank is 3: HxWxC -> "
	    "WxHxC, 1xWxC -> 1xCxW, Hx1xC -> Cx1xH, When ifm rank is 4: "
	    "1xHxWxC -> 1xWxHxC, 1x1xWxC -> 1x1xCxW, 1xHx1xC -> 1xCx1xW";
}

/* ------------------------------------------------------------ entry */

const char *
eu_check_op(IrOp *op, const EuAccel *a, char *extra, size_t n)
{
	const char *r;

	extra[0] = '\0';
	if (!eu_op_known(op)) {
		return "is a CPU only op";
	}
	if ((op->nresults != 1 && !ir_op_is(op, "graph.split")) ||
	    op->noperands < 1 || op->nresults < 1)
		return "is a CPU only op";
	if ((r = check_types(op, extra, n)) || (r = check_shapes(op, extra, n)) ||
	    (r = check_batch(op, extra, n)))
		return r;
	if (ir_op_is(op, "graph.conv2d") ||
	    ir_op_is(op, "graph.depthwise_conv2d"))
		return check_conv(op, extra, n);
	if (ir_op_is(op, "graph.fully_connected"))
		return check_fc(op, extra, n);
	if (ir_op_is(op, "graph.max_pool2d") || ir_op_is(op, "graph.avg_pool2d"))
		return check_pool(op, extra, n);
	if (op->noperands == 2 && !ir_op_is(op, "graph.concat"))
		return check_binary(op, extra, n);
	if (IN_LIST(op, lut_ops))
		return check_lut(op, extra, n);
	if (ir_op_is(op, "graph.softmax"))
		return check_softmax(op, extra, n);
	if (ir_op_is(op, "graph.reduce_mean"))
		return check_mean(op, extra, n);
	if (ir_op_is(op, "graph.strided_slice"))
		return check_strided_slice(op, extra, n);
	if (ir_op_is(op, "graph.transpose"))
		return check_transpose(op, extra, n);
	if (ir_op_is(op, "graph.pad"))
		return check_pad(op, extra, n);
	if (ir_op_is(op, "graph.resize"))
		return check_resize(op, extra, n, a->vela_rules);
	return check_same_q(op, extra, n);
}
