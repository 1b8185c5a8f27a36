/* targets/ethos_u/layers.c: reads npu ops (and quantized graph ops) as
 * the NPU operations Vela would run for them, its own lowerings included
 * (strided-conv folding, 1x1 convs as fully connected, copies, the int8
 * softmax, table lookups, concatenations), and resize and pad as our
 * code generator runs them. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dialects/dialect.h"
#include "interp/qmath.h"
#include "interp/tensor.h"
#include "targets/ethos_u/layers.h"
#include "targets/ethos_u/schedule.h"
#include "targets/ethos_u/weights.h"

/* ------------------------------------------------------------ types */

static const IrType *
elem_type(const IrValue *v)
{
	const IrType *t = v ? v->type : NULL;
	return t && ir_type_is_shaped(t) ? t->u.shaped.elem : NULL;
}

/* Storage bits of a feature map or constant (0 when not integer). */
static int
storage_bits(const IrValue *v)
{
	const IrType *e = elem_type(v);
	if (e && e->kind == IR_TYPE_QUANT)
		e = e->u.quant.storage;
	return e && e->kind == IR_TYPE_INTEGER ? (int)e->u.integer.width : 0;
}

static int64_t
dim(const IrType *t, int64_t i)
{
	int64_t d = t->u.shaped.dims[i];
	return d == IR_DYNAMIC ? 1 : d;  /* a dynamic batch runs as 1 */
}

/* The NHWC shape of a value: leading dims fold into N, missing ones
 * are 1 (Vela's Shape4D of a lower-rank tensor). */
static bool
shape_of(const IrValue *v, EthosUShape *s)
{
	const IrType *t = v ? v->type : NULL;
	if (!t || !ir_type_is_shaped(t) || t->u.shaped.rank < 0)
		return false;
	int64_t r = t->u.shaped.rank, d[4] = { 1, 1, 1, 1 };
	for (int64_t i = 0; i < r; i++) {
		int64_t slot = 4 - r + i;
		d[slot < 0 ? 0 : slot] *= dim(t, i);
	}
	*s = (EthosUShape){ d[0], d[1], d[2], d[3] };
	return true;
}

static const char *
loc_name(const IrLoc *loc)
{
	while (loc) {
		if (loc->kind == IR_LOC_NAME)
			return loc->u.name.name->str;
		if (loc->kind == IR_LOC_FUSED && loc->u.fused.n)
			loc = loc->u.fused.locs[0];
		else if (loc->kind == IR_LOC_CALLSITE)
			loc = loc->u.callsite.callee;
		else
			return NULL;
	}
	return NULL;
}

static int64_t
int_list(const IrOp *op, const char *name, int i, int64_t def)
{
	const IrAttr *a = ir_op_attr(op, name);
	if (a && a->kind == IR_ATTR_ARRAY && (size_t)i < a->u.array.n &&
	    a->u.array.elems[i]->kind == IR_ATTR_INTEGER)
		return a->u.array.elems[i]->u.integer.value;
	return def;
}

static int64_t
int_attr(const IrOp *op, const char *name, int64_t def)
{
	const IrAttr *a = ir_op_attr(op, name);
	return a && a->kind == IR_ATTR_INTEGER ? a->u.integer.value : def;
}

static bool
str_is(const IrOp *op, const char *name, const char *s)
{
	const IrAttr *a = ir_op_attr(op, name);
	return a && a->kind == IR_ATTR_STRING && !strcmp(a->u.string.data, s);
}

/* ------------------------------------------------------------ layers */


static EthosULayer *
new_layer(EthosULayers *ls)
{
	if (ls->n == ls->cap) {
		ls->cap = ls->cap ? ls->cap * 2 : 16;
		ls->v = ir_xrealloc(ls->v, ls->cap * sizeof *ls->v);
	}
	EthosULayer *l = &ls->v[ls->n++];
	memset(l, 0, sizeof *l);
	l->q.stride_h = l->q.stride_w = 1;
	l->q.dilation_h = l->q.dilation_w = 1;
	l->q.kernel_h = l->q.kernel_w = 1;
	l->q.act = ETHOS_U_ACT_NONE;
	return l;
}

bool
ethos_u_is_relu(const IrOp *op)
{
	return ir_op_is(op, "graph.relu") || ir_op_is(op, "graph.relu6") ||
	    ir_op_is(op, "graph.relu_n1_to_1");
}

/* A graph activation that is the only user of v fuses into its
 * producer: returns it, or NULL. */
IrOp *
ethos_u_fused_activation(IrValue *v)
{
	if (!v->uses || v->uses->next)
		return NULL;
	IrOp *user = v->uses->owner;
	return ethos_u_is_relu(user) || ir_op_is(user, "graph.tanh") ||
	    ir_op_is(user, "graph.sigmoid") ? user : NULL;
}

/* Fills the weights of a MAC layer from its weight and bias operands;
 * encoded_weights_size (set by a weight encoder) gives the exact DMA
 * size, else it is estimated from the raw sizes. */
static void
set_weights(EthosULayer *l, const IrOp *op)
{
	IrValue *w = ir_op_operand(op, 1);
	IrValue *b = op->noperands > 2 ? ir_op_operand(op, 2) : NULL;
	int64_t n = ir_type_num_elements(w->type);
	int64_t depth = l->q.ofm.shape.c;
	l->w.present = true;
	l->w.elements = n > 0 ? n : 0;
	l->w.bias_bytes = b && storage_bits(b) == 64 ? 8 : 4;
	/* Without an encoder: raw weights plus Vela's 10 bytes of scale
	 * and bias per channel, each stream padded to 16 bytes. */
	int64_t est = (l->w.elements + 15) / 16 * 16 + (10 * depth + 15) /
	    16 * 16;
	l->w.encoded_bytes = int_attr(op, "encoded_weights_size", est);
	IrOp *def = ir_value_def_op(w);
	l->weights_name = def ? loc_name(ir_op_loc(def)) : NULL;
	l->q.has_bias = true;
	l->q.scaled = true;
	const IrType *e = elem_type(w);
	l->weights = w;
	l->weights_1hwo = ir_op_is(op, "npu.depthwise_conv2d") ||
	    ir_op_is(op, "graph.depthwise_conv2d");
	l->weight_zp = int_attr(op, "weight_zp", e && e->kind ==
	    IR_TYPE_QUANT ? e->u.quant.zero_points[0] : 0);
}

/* Kernel and window attributes of a conv or pool. */
static void
set_window(EthosULayer *l, const IrOp *op)
{
	l->q.stride_h = int_list(op, "strides", 0, 1);
	l->q.stride_w = int_list(op, "strides", 1, 1);
	l->q.dilation_h = int_list(op, "dilations", 0, 1);
	l->q.dilation_w = int_list(op, "dilations", 1, 1);
}

static bool
set_fms(EthosULayer *l, IrValue *in, IrValue *in2, IrValue *out)
{
	l->in = in, l->in2 = in2, l->out = out;
	if (!shape_of(in, &l->q.ifm.shape) || !shape_of(out,
	    &l->q.ofm.shape))
		return false;
	l->q.ifm.bits = storage_bits(in);
	l->q.ofm.bits = storage_bits(out);
	if (in2) {
		l->q.has_ifm2 = true;
		if (!shape_of(in2, &l->q.ifm2.shape))
			return false;
		l->q.ifm2.bits = storage_bits(in2);
		l->q.scalar_ifm2 = ir_type_num_elements(in2->type) == 1;
	}
	return l->q.ifm.bits >= 8 && l->q.ofm.bits >= 8;
}

/* Hardware padding along one axis of a "same" window (Vela's). */
static int64_t
total_padding(int64_t size, int64_t stride, int64_t filter)
{
	int64_t r = size % stride == 0 ? stride : size % stride;
	return filter > r ? filter - r : 0;
}

/* Vela's resize factor for a strided conv: the stride folded into the
 * depth, keeping a stride of 2 or 3 when the width is not divisible. */
static int64_t
resize_factor(int64_t width, int64_t stride)
{
	if (width % stride == 0)
		return stride;
	static const int64_t hw[] = { 2, 3 };
	for (int i = 0; i < 2; i++)
		if (stride % hw[i] == 0 && width % (stride / hw[i]) == 0)
			return stride / hw[i] != stride ? stride / hw[i] : 1;
	return 1;
}

/* Zero columns Vela adds to the filter so the folded conv pads as the
 * original did: *left and *right. */
static void
filter_padding(bool same, int64_t pad, int64_t stride, int64_t factor,
    int64_t kw, int64_t width, int64_t *left, int64_t *right)
{
	int64_t size = 0;
	*left = *right = 0;
	if (same) {
		int64_t expect = width % (stride * factor) == 0 ? pad + stride :
		    pad + (width / factor) % stride;
		size = expect * factor - kw;
		*left = pad == 0 ? size / 2 : size / pad * (pad / 2);
		*right = size - *left;
	}
	if (kw % factor && (size == 0 || pad == 0)) {
		*left = 0;
		*right = factor - kw % factor;
	}
}

/* ethos-u-schedule writes a stripe's padding out. Along the width,
 * all the fold reads, a stripe of a same-padded op keeps the op's
 * padding: it folds as its op does. */
static bool
same_in_width(const IrOp *op, const EthosUQuery *q)
{
	int64_t st[3];
	DialectPad p = dialect_get_pad(op->name->def, op->attrs, "padding");
	if (p.kind != DIALECT_PAD_EXPLICIT || !ethos_u_stripe_of(op, st))
		return false;
	int64_t ke = (q->kernel_w - 1) * q->dilation_w + 1;
	int64_t total = (q->ofm.shape.w - 1) * q->stride_w + ke -
	    q->ifm.shape.w;
	int64_t before = dialect_same_pad_before(q->ifm.shape.w, q->kernel_w,
	    q->stride_w, q->dilation_w);
	return p.left == before && p.right == (total > 0 ? total : 0) -
	    before;
}

/* Vela's strided-conv rewrite of the network's first conv (or any with
 * a stride of 4 or more): the x stride folds into the IFM depth, the
 * filter is padded and reshaped. Then a 1-high or 1-wide output needs
 * no stride on that axis. */
static void
fold_stride(EthosULayer *l, const IrOp *op, bool first)
{
	EthosUQuery *q = &l->q;
	if (!first && q->stride_w < 4)
		return;
	int64_t f = resize_factor(q->ifm.shape.w, q->stride_w);
	int64_t final_stride = q->stride_w / f;
	bool same = str_is(op, "padding", "same") || same_in_width(op, q);
	bool explicit_pad = !same && !str_is(op, "padding", "valid") &&
	    ir_op_attr(op, "padding");
	if (q->stride_w > 1 && (q->ifm.shape.c * f <= 8 || q->stride_w > 3) &&
	    f != 1 && !explicit_pad) {
		int64_t kw = q->kernel_w, left, right;
		int64_t pad = total_padding(q->ifm.shape.w, q->stride_w, kw);
		filter_padding(same, pad, final_stride, f, kw,
		    q->ifm.shape.w, &left, &right);
		if (!same || pad == total_padding(q->ifm.shape.w / f,
		    final_stride, (kw + 1 + left + right) / f)) {
			q->ifm.shape.w /= f;
			q->ifm.shape.c *= f;
			q->kernel_w = (kw + left + right) / f;
			q->stride_w = final_stride;
			l->w.elements = l->w.elements / kw *
			    (kw + left + right);
		}
	}
	if (q->ofm.shape.h == 1)
		q->stride_h = 1;
	if (q->ofm.shape.w == 1)
		q->stride_w = 1;
}

/* Is op the model's first operator (constants aside)? A stripe
 * (ethos-u-schedule) is when its op's first stripe is, views aside. */
static bool
first_op(const IrOp *op)
{
	int64_t st[3], other[3];
	if (ethos_u_stripe_of(op, st))
		for (const IrOp *p = op->prev; p; p = p->prev)
			if (ethos_u_stripe_of(p, other) && other[0] == st[0])
				op = p;
	for (IrOp *p = op->prev; p; p = p->prev)
		if (!ir_op_is(p, "graph.constant") && !ir_op_is(p,
		    "npu.constant") && !ethos_u_is_view(p))
			return false;
	return true;
}

/* conv2d, depthwise_conv2d (graph or npu): OHWI or 1HWO weights. */
static bool
add_conv(EthosULayers *ls, IrOp *op, bool depthwise, IrValue *out)
{
	EthosULayer *l = new_layer(ls);
	const IrType *wt = ir_op_operand(op, 1)->type;
	if (!ir_type_is_shaped(wt) || wt->u.shaped.rank != 4 ||
	    !set_fms(l, ir_op_operand(op, 0), NULL, out))
		return false;
	l->q.kernel_h = dim(wt, 1), l->q.kernel_w = dim(wt, 2);
	set_window(l, op);
	l->tflite_op = depthwise ? "DEPTHWISE_CONV_2D" : "CONV_2D";
	l->q.block = depthwise ? ETHOS_U_DEPTHWISE : ETHOS_U_CONV;
	l->nng_op = depthwise ? "DepthwiseConv2DBias" : "Conv2DBias";
	/* Vela runs a depthwise conv of a 1-channel input as a conv, and
	 * a 1x1 conv over a 1x1 input as a fully connected layer. */
	if (depthwise && l->q.ifm.shape.c == 1 && l->q.ofm.shape.c > 1) {
		l->q.block = ETHOS_U_CONV;
		l->nng_op = "Conv2DBias";
	}
	if (l->q.kernel_h == 1 && l->q.kernel_w == 1 &&
	    l->q.ifm.shape.h == 1 && l->q.ifm.shape.w == 1 &&
	    l->q.block == ETHOS_U_CONV) {
		l->q.block = ETHOS_U_VECTOR;
		l->nng_op = "FullyConnected";
	}
	set_weights(l, op);
	if (l->q.block == ETHOS_U_CONV)
		fold_stride(l, op, first_op(op));
	return true;
}

static bool
add_fc(EthosULayers *ls, IrOp *op, IrValue *out)
{
	EthosULayer *l = new_layer(ls);
	if (!set_fms(l, ir_op_operand(op, 0), NULL, out))
		return false;
	l->tflite_op = "FULLY_CONNECTED";
	l->nng_op = "FullyConnected";
	l->q.block = ETHOS_U_VECTOR;
	set_weights(l, op);
	return true;
}

static bool
add_pool(EthosULayers *ls, IrOp *op, bool max, IrValue *out)
{
	EthosULayer *l = new_layer(ls);
	if (!set_fms(l, ir_op_operand(op, 0), NULL, out))
		return false;
	const char *k = ir_op_attr(op, "kernel") ? "kernel" : "filter";
	l->q.kernel_h = int_list(op, k, 0, 1);
	l->q.kernel_w = int_list(op, k, 1, 1);
	set_window(l, op);
	l->q.block = ETHOS_U_POOLING;
	l->q.kind = max ? ETHOS_U_KIND_MAXPOOL : ETHOS_U_KIND_OTHER;
	l->tflite_op = max ? "MAX_POOL_2D" : "AVERAGE_POOL_2D";
	l->nng_op = max ? "MaxPool" : "AvgPool";
	l->q.scaled = !max;
	return true;
}

static bool
add_elementwise(EthosULayers *ls, IrOp *op, const char *kind, IrValue *out)
{
	EthosULayer *l = new_layer(ls);
	IrValue *b = op->noperands > 1 ? ir_op_operand(op, 1) : NULL;
	if (!set_fms(l, ir_op_operand(op, 0), b, out))
		return false;
	static const struct {
		const char *op, *tflite, *nng;
		EthosUKind kind;
	} map[] = {
		{ "add", "ADD", "Add", ETHOS_U_KIND_ADD_SUB },
		{ "sub", "SUB", "Sub", ETHOS_U_KIND_ADD_SUB },
		{ "mul", "MUL", "Mul", ETHOS_U_KIND_MUL },
		{ "min", "MINIMUM", "Minimum", ETHOS_U_KIND_OTHER },
		{ "max", "MAXIMUM", "Maximum", ETHOS_U_KIND_OTHER },
		{ "abs", "ABS", "Abs", ETHOS_U_KIND_OTHER },
		{ "leaky_relu", "LEAKY_RELU", "LeakyRelu", ETHOS_U_KIND_OTHER },
	};
	l->q.block = ETHOS_U_ELEMENTWISE;
	l->tflite_op = "ELEMENTWISE";
	l->nng_op = kind;
	for (size_t i = 0; i < sizeof map / sizeof map[0]; i++)
		if (!strcmp(map[i].op, kind)) {
			l->tflite_op = map[i].tflite;
			l->nng_op = map[i].nng;
			l->q.kind = map[i].kind;
		}
	l->q.scaled = true;
	return true;
}

/* A table lookup (npu.lut, or a sigmoid or tanh left standing): Vela
 * runs it as an add of a scalar zero with the table as activation, the
 * 256-byte table DMA'd into SHRAM first. */
static bool
add_lut(EthosULayers *ls, IrOp *op, IrValue *out)
{
	EthosULayer *l = new_layer(ls);
	if (!set_fms(l, ir_op_operand(op, 0), NULL, out))
		return false;
	l->q.block = ETHOS_U_ELEMENTWISE;
	l->q.kind = ETHOS_U_KIND_ADD_SUB;
	l->q.has_ifm2 = l->q.scalar_ifm2 = true;
	l->q.ifm2 = (EthosUFm){ { 1, 1, 1, 1 }, l->q.ifm.bits, ETHOS_U_NHWC,
	    ETHOS_U_SRAM };
	l->q.uses_lut = true;
	l->q.lut_bytes = l->q.ofm.bits == 8 ? 256 : 2048;
	l->q.scaled = true;
	l->tflite_op = ir_op_is(op, "graph.tanh") ? "TANH" :
	    ir_op_is(op, "graph.sigmoid") ? "LOGISTIC" : "LUT";
	l->nng_op = "Add";
	return true;
}

/* A concatenation: Vela writes each input into its slice of the output
 * with a 1x1 average pool that does nothing else. */
static bool
add_concat(EthosULayers *ls, IrOp *op, IrValue *out)
{
	for (uint32_t i = 0; i < op->noperands; i++) {
		EthosULayer *l = new_layer(ls);
		if (!set_fms(l, ir_op_operand(op, i), NULL, out))
			return false;
		l->q.ofm.shape = l->q.ifm.shape;   /* its slice */
		/* The first pool's layer counts the output's SRAM. */
		shape_of(out, &l->whole);
		l->part = i > 0;
		l->q.block = ETHOS_U_POOLING;
		l->tflite_op = "CONCATENATION";
		l->nng_op = "AvgPool";
		if (i + 1 < op->noperands) {
			const char *n = loc_name(ir_op_loc(op));
			l->name = n ? n : "";
		}
	}
	return true;
}

bool
ethos_u_is_reshape(const IrOp *op)
{
	return ir_op_is(op, "graph.reshape") || ir_op_is(op, "graph.squeeze") ||
	    ir_op_is(op, "graph.unsqueeze") || ir_op_is(op, "npu.reshape");
}

/* A reshape is free unless its input is a network input or has other
 * users: Vela then copies it (a Memcpy, a DMA between memories). */
static bool
add_reshape(EthosULayers *ls, IrOp *op, bool *skip)
{
	IrValue *in = ir_op_operand(op, 0);
	if (ir_value_def_op(in) && ir_value_num_uses(in) == 1) {
		*skip = true;
		return true;
	}
	EthosULayer *l = new_layer(ls);
	if (!set_fms(l, in, NULL, ir_op_result(op, 0)))
		return false;
	l->q.block = ETHOS_U_DMA;
	l->tflite_op = !ir_op_is(op, "graph.squeeze") &&
	    !ir_op_is(op, "graph.unsqueeze") ? "RESHAPE" :
	    ir_op_is(op, "graph.squeeze") ? "SQUEEZE" : "EXPAND_DIMS";
	l->nng_op = "Memcpy";
	return true;
}

/* ------------------------------------------------------------ softmax */

/* The steps of Vela's int8 softmax (softmax.py): exp through a table,
 * a sum, a reciprocal by Newton-Raphson in int32 and the final scaling,
 * as 31 NPU operations. Each row: the op, its two inputs and its output,
 * as tensors of the lowering: 'i' the softmax input (N,H,W,C), 'o' its
 * output, 'x' int32 maps of the input's shape ('y' in NHWC: the sum
 * reads it), 'r' int32 maps of one value per row (N,H,W,1) in NHWC ('R'
 * in bricks), 'k' an int32 constant, 'm' the int8 row maxima; '-' no
 * second input. A constant first operand is read as the second (Vela
 * reverses the operands). Vela keeps a map in NHWC when an elementwise op could
 * write it over an NHWC input of its shape (constants are NHWC). */
static const struct SoftmaxStep {
	const char *nng;
	EthosUKind kind;
	char in, in2, out;
} softmax_steps[] = {
	{ "MaxPool", ETHOS_U_KIND_MAXPOOL, 'i', '-', 'm' },
	{ "Sub", ETHOS_U_KIND_ADD_SUB, 'i', 'm', 'x' },     /* + exp LUT */
	{ "SHR", ETHOS_U_KIND_OTHER, 'x', 'k', 'y' },
	{ "ReduceSum", ETHOS_U_KIND_OTHER, 'y', '-', 'R' },
	{ "CLZ", ETHOS_U_KIND_OTHER, 'R', '-', 'R' },
	{ "Sub", ETHOS_U_KIND_ADD_SUB, 'R', 'k', 'r' },  /* k - R, swapped */
	{ "Sub", ETHOS_U_KIND_ADD_SUB, 'R', 'k', 'r' },
	{ "SHL", ETHOS_U_KIND_OTHER, 'R', 'r', 'r' },
	{ "Sub", ETHOS_U_KIND_ADD_SUB, 'r', 'k', 'r' },
	{ "SHL", ETHOS_U_KIND_OTHER, 'r', 'k', 'r' },
	{ "Add", ETHOS_U_KIND_ADD_SUB, 'r', 'k', 'r' },
	{ "Mul", ETHOS_U_KIND_MUL, 'r', 'k', 'r' },
	{ "Add", ETHOS_U_KIND_ADD_SUB, 'r', 'k', 'r' },
#define NEWTON_STEP \
	{ "Mul", ETHOS_U_KIND_MUL, 'r', 'r', 'r' }, \
	{ "Sub", ETHOS_U_KIND_ADD_SUB, 'r', 'k', 'r' }, \
	{ "Mul", ETHOS_U_KIND_MUL, 'r', 'r', 'r' }, \
	{ "Mul", ETHOS_U_KIND_MUL, 'r', 'k', 'r' }, \
	{ "Add", ETHOS_U_KIND_ADD_SUB, 'r', 'r', 'r' },
	NEWTON_STEP NEWTON_STEP NEWTON_STEP
#undef NEWTON_STEP
	{ "Mul", ETHOS_U_KIND_MUL, 'r', 'k', 'r' },
	{ "Mul", ETHOS_U_KIND_MUL, 'x', 'r', 'x' },
	{ "SHR", ETHOS_U_KIND_OTHER, 'x', 'r', 'o' },
};

/* A tensor of the softmax lowering as a feature map; the input and
 * output are placed later from their values. */
static EthosUFm
softmax_fm(const EthosUTarget *t, char what, EthosUShape s)
{
	EthosUShape row = { s.n, s.h, s.w, 1 };
	switch (what) {
	case 'm':
		return (EthosUFm){ { 1, s.n * s.h * s.w, 1, 1 }, 8,
		    ETHOS_U_NHCWB16, t->cache_mem };
	case 'x':
		return (EthosUFm){ s, 32, ETHOS_U_NHCWB16, t->cache_mem };
	case 'y':
		return (EthosUFm){ s, 32, ETHOS_U_NHWC, t->cache_mem };
	case 'R':
		return (EthosUFm){ row, 32, ETHOS_U_NHCWB16, t->cache_mem };
	case 'r':
		return (EthosUFm){ row, 32, ETHOS_U_NHWC, t->cache_mem };
	case 'k':
		return (EthosUFm){ { 1, 1, 1, 1 }, 32, ETHOS_U_NHWC,
		    t->const_mem };
	default:
		return (EthosUFm){ s, 8, ETHOS_U_NHWC, t->arena_mem };
	}
}

/* One op of the lowering. */
static void
softmax_step(const EthosUTarget *t, EthosULayer *l, int i, IrOp *op,
    EthosUShape s, const char *name)
{
	const struct SoftmaxStep *st = &softmax_steps[i];
	IrValue *in = ir_op_operand(op, 0), *out = ir_op_result(op, 0);
	EthosUQuery *q = &l->q;
	l->fixed = true;
	l->tflite_op = "SOFTMAX";
	l->nng_op = st->nng;
	q->kind = st->kind;
	q->block = i == 0 ? ETHOS_U_POOLING : i == 3 ? ETHOS_U_REDUCE_SUM :
	    ETHOS_U_ELEMENTWISE;
	q->ifm = softmax_fm(t, st->in, s);
	q->ofm = softmax_fm(t, st->out, s);
	if (st->in2 != '-') {
		q->has_ifm2 = true;
		q->ifm2 = softmax_fm(t, st->in2, s);
	}
	/* The max pool runs over rows of C, the table converts to int32. */
	if (i == 0)
		q->ifm.shape = (EthosUShape){ 1, s.n * s.h * s.w, s.c, 1 },
		q->kernel_w = s.c;
	if (i == 1) {
		q->ifm2.shape.n = 1;
		q->act = ETHOS_U_ACT_LUT;
		q->uses_lut = true;
		q->lut_bytes = 256 * 4;
	}
	/* Its input and output are the softmax's own values. */
	l->in = st->in == 'i' ? in : NULL;
	l->out = st->out == 'o' ? out : NULL;
	q->scaled = true;
	static const char *const lower[] = { "MaxPool", "maxpool", "Sub",
	    "sub", "SHR", "shr", "ReduceSum", "reduce_sum", "CLZ", "clz",
	    "SHL", "shl", "Add", "add", "Mul", "mul" };
	const char *suffix = "";
	for (size_t k = 0; k < sizeof lower / sizeof lower[0]; k += 2)
		if (!strcmp(lower[k], st->nng))
			suffix = lower[k + 1];
	char buf[512];
	snprintf(buf, sizeof buf, "%s_%s%d", name, suffix, i);
	/* Interned: the layer array moves as it grows. */
	l->name = ir_ident_cstr(ir_op_context(op), buf)->str;
}

/* Vela's lowering of an int8 softmax over the last axis; other
 * softmaxes are left to the CPU (no layer). */
static bool
add_softmax(const EthosUTarget *t, EthosULayers *ls, IrOp *op, bool *skip)
{
	IrValue *in = ir_op_operand(op, 0), *out = ir_op_result(op, 0);
	EthosUShape s;
	if (!shape_of(in, &s) || storage_bits(in) != 8 ||
	    storage_bits(out) != 8) {
		*skip = true;
		return true;
	}
	/* A batch folds into the height, as Vela does. */
	s.h *= s.n, s.n = 1;
	const char *name = loc_name(ir_op_loc(op));
	for (int i = 0; i < (int)(sizeof softmax_steps /
	    sizeof softmax_steps[0]); i++) {
		EthosULayer *l = new_layer(ls);
		softmax_step(t, l, i, op, s, name ? name : "softmax");
	}
	return true;
}

/* The activation of an npu op from its clamp: a clamp narrower than
 * the output type is a fused ReLU. */
static EthosUAct
npu_act(const IrOp *op, const IrValue *out)
{
	int bits = storage_bits(out);
	int64_t lo = -((int64_t)1 << (bits - 1)), hi = ((int64_t)1 <<
	    (bits - 1)) - 1;
	const IrType *e = elem_type(out);
	if (e && e->kind == IR_TYPE_QUANT)
		lo = e->u.quant.storage_min, hi = e->u.quant.storage_max;
	return int_attr(op, "act_min", lo) > lo ||
	    int_attr(op, "act_max", hi) < hi ? ETHOS_U_ACT_RELU :
	    ETHOS_U_ACT_NONE;
}

/* ------------------------------------------------------------ mean */

/* One layer of Vela's MEAN lowering, named after the op. */
static EthosULayer *
mean_layer(EthosULayers *ls, IrOp *op, const char *nng, const char *suffix,
    int i)
{
	EthosULayer *l = new_layer(ls);
	const char *base = loc_name(ir_op_loc(op));
	char buf[512];

	l->fixed = true;
	l->tflite_op = "MEAN";
	l->nng_op = nng;
	l->q.scaled = true;
	if (i >= 0)
		snprintf(buf, sizeof buf, "%s_%s_%d", base ? base : "mean",
		    suffix, i);
	else
		snprintf(buf, sizeof buf, "%s_%s", base ? base : "mean",
		    suffix);
	l->name = ir_ident_cstr(ir_op_context(op), buf)->str;
	return l;
}

/* Vela's MEAN (convert_mean_to_depthwise_conv): the input as 4-D (a
 * reduced depth moves into the width or height), depthwise convolutions
 * of unit weights summing into int32, at most 4096 kernel elements and
 * 64 rows each (a tall H x W mean over both axes first becomes 1 x HW),
 * int32 adds of the partial sums, and a Mul by the scalar multiplier. */
static bool
add_mean(const EthosUTarget *t, EthosULayers *ls, IrOp *op, bool *skip)
{
	IrValue *in = ir_op_operand(op, 0), *out = ir_op_result(op, 0);
	const IrType *xt = in->type;
	int64_t r = ir_type_is_shaped(xt) ? xt->u.shaped.rank : -1;
	int64_t d[5] = {1, 1, 1, 1, 1};
	bool red[5] = {false};
	int n = 4, bits = storage_bits(in);

	if (r < 1 || r > 4 || bits < 8)
		return false;
	for (int64_t i = 0; i < r; i++) {
		d[4 - r + i] = dim(xt, i);
		for (int k = 0; k < 8; k++) {
			int64_t a = int_list(op, "axes", k, -100);
			if (a == i || a + r == i)
				red[4 - r + i] = true;
		}
	}
	bool any = false;
	for (int i = 0; i < 4; i++)
		any = any || (red[i] && d[i] > 1);
	if (!any) {  /* a copy Vela removes */
		*skip = true;
		return true;
	}
	if (red[3] && d[3] > 1) {
		int del = d[2] == 1 ? 2 : 1;
		for (int i = del; i < n; i++)
			d[i] = d[i + 1], red[i] = red[i + 1];
		d[3] = 1, red[3] = false;
	}
	int64_t h = red[1] ? d[1] : 1, w = red[2] ? d[2] : 1;
	int64_t ih = d[1], iw = d[2], c = d[3];
	if (h > 64 && h * w <= 4096 && red[1] && red[2]) {
		iw = w = h * w;
		ih = h = 1;
	}
	int64_t per = 4096 / w < h ? 4096 / w : h;
	per = per < 64 ? per : 64;
	per = per > 0 ? per : 1;
	int64_t nconv = (h + per - 1) / per;
	EthosUShape mid = {1, red[1] ? 1 : ih, red[2] ? 1 : iw, c};
	EthosUFm acc = {mid, 32, ETHOS_U_NHCWB16, t->cache_mem};
	for (int64_t i = 0; i < nconv; i++) {
		int64_t wh = i == nconv - 1 && h % per ? h % per : per;
		EthosULayer *l = mean_layer(ls, op, "DepthwiseConv2DBias",
		    "conv", (int)i);
		l->q.block = ETHOS_U_DEPTHWISE;
		l->q.ifm = (EthosUFm){{1, red[1] ? wh : ih, red[2] ? w : iw, c},
		    bits, ETHOS_U_NHWC, t->arena_mem};
		l->q.ofm = acc;
		l->q.kernel_h = wh;
		l->q.kernel_w = w;
		l->in = in;
		l->w.present = true;
		l->w.elements = wh * w * c;
		l->w.bias_bytes = bits > 8 ? 8 : 4;
		l->w.encoded_bytes = (l->w.elements + 15) / 16 * 16 +
		    (10 * c + 15) / 16 * 16;
		l->q.has_bias = true;
	}
	for (int64_t i = 0; nconv > 1 && i < nconv - 1; i++) {
		EthosULayer *l = mean_layer(ls, op, "Add", "add", (int)i);
		l->q.block = ETHOS_U_ELEMENTWISE;
		l->q.kind = ETHOS_U_KIND_ADD_SUB;
		l->q.ifm = l->q.ifm2 = l->q.ofm = acc;
		l->q.has_ifm2 = true;
	}
	EthosULayer *l = mean_layer(ls, op, "Mul", "mul", -1);
	l->q.block = ETHOS_U_ELEMENTWISE;
	l->q.kind = ETHOS_U_KIND_MUL;
	l->q.ifm = acc;
	l->q.has_ifm2 = true;
	l->q.scalar_ifm2 = true;
	l->q.ifm2 = (EthosUFm){{1, 1, 1, 1}, 32, ETHOS_U_NHWC, t->const_mem};
	l->q.ofm = (EthosUFm){mid, storage_bits(out), ETHOS_U_NHWC,
	    t->arena_mem};
	l->out = out;
	return true;
}

/* ------------------------------------------------------------ transpose */

/* Vela's transpose (convert_transpose): a 1x1 average pool over the
 * input as 4-D (rank 2 WxC as 1xWxCx1; the two swapped dims as H and W),
 * the OFM the same shape written in NHWC with swapped strides. */
static bool
add_transpose(EthosULayers *ls, IrOp *op)
{
	IrValue *in = ir_op_operand(op, 0), *out = ir_op_result(op, 0);
	const IrType *t = in->type;
	int64_t r = ir_type_is_shaped(t) ? t->u.shaped.rank : -1;
	int64_t p1 = int_list(op, "perm", 1, 1);
	int64_t p0 = int_list(op, "perm", 0, 0);
	EthosUShape s;

	if (r < 2 || r > 4)
		return false;
	if (r == 2)
		s = (EthosUShape){1, dim(t, 0), dim(t, 1), 1};
	else if (r == 3 && p0 == 1 && p1 == 0)
		s = (EthosUShape){1, dim(t, 0), dim(t, 1), dim(t, 2)};
	else if (r == 3 && dim(t, 0) == 1)
		s = (EthosUShape){1, dim(t, 1), dim(t, 2), 1};
	else if (r == 3)
		s = (EthosUShape){1, dim(t, 0), dim(t, 2), 1};
	else if (p1 == 2)
		s = (EthosUShape){dim(t, 0), dim(t, 1), dim(t, 2), dim(t, 3)};
	else if (dim(t, 1) == 1)
		s = (EthosUShape){1, dim(t, 2), dim(t, 3), 1};
	else
		s = (EthosUShape){1, dim(t, 1), dim(t, 3), 1};
	EthosULayer *l = new_layer(ls);
	if (!set_fms(l, in, NULL, out))
		return false;
	l->q.ifm.shape = l->q.ofm.shape = s;
	l->tflite_op = "TRANSPOSE";
	l->nng_op = "AvgPool";
	l->q.block = ETHOS_U_POOLING;
	l->q.scaled = true;
	l->fixed = true;
	l->linear = true;
	return true;
}

/* ------------------------------------------------------------ resize, pad */

/* One layer of an op ethos-u-codegen runs as several NPU operations
 * (resize, pad), named after the op with a suffix, as the softmax's
 * steps are. part: it writes a part of out, whose SRAM the op's first
 * layer counts (whole is out's shape). */
static EthosULayer *
part_layer(EthosULayers *ls, IrOp *op, const char *tflite, const char *nng,
    const char *suffix, bool part)
{
	EthosULayer *l = new_layer(ls);
	const char *base = loc_name(ir_op_loc(op));
	IrValue *out = ir_op_result(op, 0);
	char buf[512];

	l->tflite_op = tflite;
	l->nng_op = nng;
	l->out = out;
	l->part = part;
	shape_of(out, &l->whole);
	snprintf(buf, sizeof buf, "%s_%s", base ? base : "", suffix);
	/* Interned: the layer array moves as it grows. */
	l->name = ir_ident_cstr(ir_op_context(op), buf)->str;
	l->q.act = npu_act(op, out);
	return l;
}

/* A copy as ethos-u-codegen emits it: a 1x1 average pool of scale 1. */
static void
copy_query(EthosUQuery *q, EthosUShape ifm, EthosUShape ofm, int bits)
{
	q->block = ETHOS_U_POOLING;
	q->scaled = true;
	q->ifm = (EthosUFm){ ifm, bits, ETHOS_U_NHWC, ETHOS_U_SRAM };
	q->ofm = (EthosUFm){ ofm, bits, ETHOS_U_NHWC, ETHOS_U_SRAM };
}

/* One axis of a bilinear resize of n rows to m as ethos-u-codegen cuts
 * it (codegen_ops.c, "Bilinear resize" in the docs): the smallest period
 * f of 1, 2, 4 or 8 after which TFLite's positions repeat a whole row
 * further at the same fraction; phase r has cnt[r] outputs and reads
 * rows[r] input rows (its kernel is taps[r] high: 2 unless the fraction
 * is 0). One input row is read for every output through a zero stride.
 * False without such a period: the op then stays with the interpreter. */
typedef struct ResizeAxis {
	int f;
	int64_t cnt[8], taps[8], rows[8];
	int64_t w[8][2];        /* the two weights over their common power
	                           of two (the kernel's integer weights) */
} ResizeAxis;

static int64_t
clamp_row(int64_t y, int64_t n)
{
	return y < 0 ? 0 : y >= n ? n - 1 : y;
}

/* Row y weighted wy and row z weighted wz: the weight each of the two
 * distinct rows gets (a row read twice adds up). */
static void
row_weights(int64_t y, int64_t wy, int64_t z, int64_t wz, int64_t r[2],
    int64_t w[2])
{
	r[0] = y, w[0] = wy, r[1] = z, w[1] = wz;
	if (y == z)
		w[0] += wz, w[1] = 0;
	if (w[1] && r[1] < r[0]) {
		int64_t t = r[0], u = w[0];
		r[0] = r[1], w[0] = w[1], r[1] = t, w[1] = u;
	}
}

/* Do TFLite's two rows (lo, hi at position pos) weigh the input rows as
 * the phase's clamped rows fl and fl + 1 at fraction frac do? */
static bool
same_rows(int64_t pos, int64_t lo, int64_t hi, int64_t fl, int64_t frac,
    int64_t n)
{
	int64_t ra[2], wa[2], rb[2], wb[2];
	row_weights(lo, 1024 - (pos - 1024 * lo), hi, pos - 1024 * lo, ra, wa);
	row_weights(clamp_row(fl, n), 1024 - frac, clamp_row(fl + 1, n), frac,
	    rb, wb);
	return ra[0] == rb[0] && wa[0] == wb[0] && wa[1] == wb[1] &&
	    (!wa[1] || ra[1] == rb[1]);
}

/* Period f: every phase's outputs one row apart at one fraction, each
 * weighing rows as TFLite does, reading at most one repeated edge row
 * and starting at row -1 or 0 (the code generator's conditions). */
static bool
resize_period(int64_t n, int64_t m, bool align, bool half, int f,
    ResizeAxis *a)
{
	int64_t c[8], frac[8], s = qmath_resize_scale10(n, m, align);
	memset(a, 0, sizeof *a);
	a->f = f;
	for (int64_t v = 0; v < m; v++) {
		int64_t r = v % f, pos, lo, hi;
		qmath_resize_pos10(v, s, half, n, &pos, &lo, &hi);
		int64_t fl = pos >= 0 ? pos / 1024 : -((-pos + 1023) / 1024);
		if (a->cnt[r] && (fl - v / f != c[r] || pos - 1024 * fl !=
		    frac[r]))
			return false;
		c[r] = fl - v / f;
		frac[r] = pos - 1024 * fl;
		a->cnt[r]++;
		if (lo >= n || !same_rows(pos, lo, hi, fl, frac[r], n))
			return false;
	}
	int64_t g = 1024;
	for (int r = 0; r < f; r++)
		while (a->cnt[r] && frac[r] % g)
			g /= 2;
	for (int r = 0; r < f; r++) {
		a->w[r][0] = a->cnt[r] ? (1024 - frac[r]) / g : 0;
		a->w[r][1] = a->cnt[r] ? frac[r] / g : 0;
		a->taps[r] = a->cnt[r] && frac[r] ? 2 : 1;
		a->rows[r] = a->cnt[r] + a->taps[r] - 1;
		int64_t last = c[r] + a->rows[r] - 1;
		if (a->cnt[r] && (c[r] < -1 || c[r] > 0 || last > n ||
		    (c[r] < 0 && last >= n)))
			return false;
	}
	return true;
}

static bool
resize_axis(int64_t n, int64_t m, bool align, bool half, ResizeAxis *a)
{
	if (n == 1) {
		memset(a, 0, sizeof *a);
		a->f = 1;
		a->cnt[0] = a->rows[0] = m;
		a->taps[0] = 1;
		a->w[0][0] = 1;
		return true;
	}
	for (int f = 1; f <= 8 && f <= m; f *= 2)
		if (resize_period(n, m, align, half, f, a))
			return true;
	return false;
}

/* Bilinear: one depthwise convolution per output phase (ry, rx), stride
 * 1, its 2x2 (or smaller) kernel of the phase's weights and their scales
 * read from flash where they live (the code generator does not buffer
 * them), the output written through strides f times the map's. */
static bool
add_bilinear(EthosULayers *ls, IrOp *op, EthosUShape in, EthosUShape out,
    int bits)
{
	const IrOpDef *d = op->name->def;
	bool align = dialect_get_bool(d, op->attrs, "align_corners");
	bool half = dialect_get_bool(d, op->attrs, "half_pixel_centers");
	ResizeAxis ay, ax;
	if (!resize_axis(in.h, out.h, align, half, &ay) ||
	    !resize_axis(in.w, out.w, align, half, &ax))
		return false;
	/* The weight encoder's 9 bits hold every product of the axes'. */
	for (int ry = 0; ry < ay.f; ry++)
		for (int rx = 0; rx < ax.f; rx++)
			for (int k = 0; k < 4; k++)
				if (ay.w[ry][k / 2] * ax.w[rx][k % 2] > 255)
					return false;
	bool first = true;
	for (int ry = 0; ry < ay.f; ry++)
		for (int rx = 0; rx < ax.f; rx++) {
			if (!ay.cnt[ry] || !ax.cnt[rx])
				continue;
			char sfx[32];
			snprintf(sfx, sizeof sfx, "phase%d_%d", ry, rx);
			EthosULayer *l = part_layer(ls, op, "RESIZE_BILINEAR",
			    "DepthwiseConv2DBias", sfx, !first);
			EthosUQuery *q = &l->q;
			first = false;
			q->block = ETHOS_U_DEPTHWISE;
			q->ifm = (EthosUFm){ { 1, ay.rows[ry], ax.rows[rx],
			    in.c }, bits, ETHOS_U_NHWC, ETHOS_U_SRAM };
			q->ofm = (EthosUFm){ { 1, ay.cnt[ry], ax.cnt[rx],
			    out.c }, bits, ETHOS_U_NHWC, ETHOS_U_SRAM };
			q->kernel_h = ay.taps[ry];
			q->kernel_w = ax.taps[rx];
			q->has_bias = q->scaled = true;
			l->in = ir_op_operand(op, 0);
			l->unbuffered = true;
			l->w.present = true;
			l->w.elements = q->kernel_h * q->kernel_w * out.c;
			l->w.bias_bytes = bits > 8 ? 8 : 4;
			l->w.encoded_bytes = (l->w.elements + 15) / 16 * 16 +
			    (10 * out.c + 15) / 16 * 16;
		}
	return !first;
}

/* Nearest by 2, 4 or 8 in H and W alike (not align_corners): one copy
 * per doubling reading its IFM through the NEAREST upscale, as Vela
 * runs it; the copies before the last write maps of their own. */
static bool
add_nearest(const EthosUTarget *t, EthosULayers *ls, IrOp *op,
    EthosUShape in, EthosUShape out, int bits)
{
	int k = 0;
	if (dialect_get_bool(op->name->def, op->attrs, "align_corners"))
		return false;
	while (k < 3 && in.h << k < out.h)
		k++;
	if (k == 0 || in.h << k != out.h || in.w << k != out.w)
		return false;
	for (int i = 0; i < k; i++) {
		char sfx[16];
		snprintf(sfx, sizeof sfx, "x%d", 2 << i);
		EthosULayer *l = part_layer(ls, op, "RESIZE_NEAREST_NEIGHBOR",
		    "AvgPool", sfx, false);
		EthosUShape a = { 1, in.h << i, in.w << i, in.c };
		EthosUShape b = { 1, in.h << (i + 1), in.w << (i + 1), in.c };
		copy_query(&l->q, a, b, bits);
		l->q.upscale = 2;
		l->in = i ? NULL : ir_op_operand(op, 0);
		if (i + 1 < k) { /* a map inside the lowering */
			l->out = NULL;
			l->fixed = true;
			l->q.ofm.format = ETHOS_U_NHCWB16;
			l->q.ofm.mem = t->cache_mem;
		}
		if (i) {
			l->q.ifm.format = ETHOS_U_NHCWB16;
			l->q.ifm.mem = t->cache_mem;
		}
	}
	return true;
}

/* npu.resize as ethos-u-codegen runs it; what it leaves to the
 * interpreter (a bilinear resize without a period, other nearest
 * factors, a batch, 32-bit maps) has no layer. */
static bool
add_resize(const EthosUTarget *t, EthosULayers *ls, IrOp *op, bool *skip)
{
	IrValue *x = ir_op_operand(op, 0), *y = ir_op_result(op, 0);
	EthosUShape in, out;
	int bits = storage_bits(x);
	size_t before = ls->n;
	if (!shape_of(x, &in) || !shape_of(y, &out))
		return false;
	bool bil = !strcmp(dialect_get_str(op->name->def, op->attrs, "mode"),
	    "bilinear");
	bool ok = x->type->u.shaped.rank == 4 && in.n == 1 && out.n == 1 &&
	    in.c == out.c && (bits == 8 || bits == 16) &&
	    storage_bits(y) == bits;
	ok = ok && (bil ? add_bilinear(ls, op, in, out, bits) :
	    add_nearest(t, ls, op, in, out, bits));
	if (!ok) {
		ls->n = before;
		*skip = true;
	}
	return true;
}

/* Constant padding: the output filled with pad_value (a copy reading one
 * flash element through zero strides, counted as reads of the whole map
 * from where constants live), then the input copied into its middle. */
static bool
add_pad(const EthosUTarget *t, EthosULayers *ls, IrOp *op, bool *skip)
{
	IrValue *x = ir_op_operand(op, 0), *y = ir_op_result(op, 0);
	EthosUShape in, out;
	int64_t p[8];
	int bits = storage_bits(x);
	const IrType *yt = y->type;
	if (!shape_of(x, &in) || !shape_of(y, &out))
		return false;
	int64_t r = yt->u.shaped.rank;
	int np = dialect_get_ints(op->name->def, op->attrs, "paddings", p, 8);
	IrOp *def = ir_value_def_op(x);
	bool constant = def && (ir_op_is(def, "npu.constant") ||
	    ir_op_is(def, "graph.constant"));
	if (r < 1 || r > 4 || np != 2 * r || out.n != 1 || (r == 4 &&
	    p[0] != 0) || bits < 8 || bits > 16 || constant) {
		*skip = true;
		return true;
	}
	EthosULayer *f = part_layer(ls, op, "PAD", "AvgPool", "fill", false);
	copy_query(&f->q, out, out, bits);
	f->q.ifm.mem = t->const_mem;
	EthosULayer *c = part_layer(ls, op, "PAD", "AvgPool", "copy", true);
	copy_query(&c->q, in, in, bits);
	c->in = x;
	return true;
}

/* Recognises op as a layer; *skip says the op is not an NPU operation
 * (a constant, a reshape, an activation fused into its producer). False
 * when an op that should be a layer cannot be read. */
/* An NPU op the model does not cover: said, not hidden. */
static void
warn_unmodelled(IrOp *op, const char *name)
{
	if (strncmp(name, "npu.", 4) || ethos_u_is_reshape(op) ||
	    ir_op_is(op, "npu.cpu") || ir_op_is(op, "npu.yield") ||
	    ir_op_is(op, "npu.constant"))
		return;
	ir_emit(ir_op_context(op), IR_SEV_WARNING, ir_op_loc(op), "'%s' is "
	    "not estimated (no Ethos-U performance model for it yet)", name);
}

bool
ethos_u_add_op(const EthosUTarget *t, EthosULayers *ls, IrOp *op,
    bool *skip)
{
	const char *name = ir_op_name_str(op);
	size_t before = ls->n;
	*skip = false;
	IrValue *out = op->nresults ? ir_op_result(op, 0) : NULL;
	IrOp *act = out ? ethos_u_fused_activation(out) : NULL;
	bool graph = !strncmp(name, "graph.", 6);
	if (graph && act && strcmp(name, "graph.constant"))
		out = ir_op_result(act, 0);
	bool ok = true;
	if (!strcmp(name, "graph.conv2d") || !strcmp(name, "npu.conv2d"))
		ok = add_conv(ls, op, false, out);
	else if (!strcmp(name, "graph.depthwise_conv2d") ||
	    !strcmp(name, "npu.depthwise_conv2d"))
		ok = add_conv(ls, op, true, out);
	else if (!strcmp(name, "graph.fully_connected") ||
	    !strcmp(name, "npu.fully_connected"))
		ok = add_fc(ls, op, out);
	else if (!strcmp(name, "graph.max_pool2d") ||
	    !strcmp(name, "graph.avg_pool2d"))
		ok = add_pool(ls, op, !strcmp(name, "graph.max_pool2d"), out);
	else if (!strcmp(name, "npu.pool"))
		ok = add_pool(ls, op, str_is(op, "mode", "max"), out);
	else if (!strcmp(name, "npu.elementwise")) {
		const IrAttr *k = ir_op_attr(op, "op");
		ok = add_elementwise(ls, op, k ? k->u.string.data : "?", out);
	} else if (!strcmp(name, "graph.add") || !strcmp(name, "graph.sub") ||
	    !strcmp(name, "graph.mul"))
		ok = add_elementwise(ls, op, name + 6, out);
	else if (ethos_u_is_reshape(op))
		ok = add_reshape(ls, op, skip);
	else if (!strcmp(name, "npu.lut") || (graph && (!strcmp(name,
	    "graph.sigmoid") || !strcmp(name, "graph.tanh"))))
		ok = add_lut(ls, op, out);
	else if (!strcmp(name, "npu.concat"))
		ok = add_concat(ls, op, out);
	else if (!strcmp(name, "graph.softmax") ||
	    !strcmp(name, "npu.softmax")) {
		/* The lowering names its own ops. */
		return add_softmax(t, ls, op, skip);
	}
	else if (!strcmp(name, "npu.mean"))
		return add_mean(t, ls, op, skip);
	else if (!strcmp(name, "npu.resize"))
		return add_resize(t, ls, op, skip);
	else if (!strcmp(name, "npu.pad"))
		return add_pad(t, ls, op, skip);
	else if (!strcmp(name, "npu.transpose"))
		ok = add_transpose(ls, op);
	else if (!strcmp(name, "graph.maximum") ||
	    !strcmp(name, "graph.minimum"))
		ok = add_elementwise(ls, op, name[8] == 'a' ? "max" : "min",
		    out);
	else {
		*skip = true;
		warn_unmodelled(op, name);
	}
	if (!ok || ls->n == before)
		return ok;
	EthosULayer *l = &ls->v[ls->n - 1];
	const char *n = loc_name(ir_op_loc(act ? act : op));
	l->name = n ? n : "";
	if (graph && act)
		l->q.act = ethos_u_is_relu(act) ? ETHOS_U_ACT_RELU :
		    ETHOS_U_ACT_LUT;
	else if (!graph)
		l->q.act = npu_act(op, out);
	return true;
}


/* ------------------------------------------------------------ encoding */

/* The layer's weights minus their zero point in the encoder's OHWI
 * order (a depthwise 1HWO becomes OHW1), or NULL when they are not a
 * dense constant of n values. Caller frees. */
static int16_t *
layer_ohwi(const EthosULayer *l, int64_t oc, int64_t khw, size_t n)
{
	IrOp *d = ir_value_def_op(l->weights);
	const IrAttr *a = d && ir_op_is(d, "graph.constant") ?
	    ir_op_attr(d, "value") : NULL;
	if (!a || a->kind != IR_ATTR_DENSE || !ir_tensor_type_ok(
	    l->weights->type))
		return NULL;
	IrTensor *w = ir_tensor_from_dense(l->weights->type, a);
	if (!w)
		return NULL;
	int16_t *ohwi = NULL;
	if ((size_t)w->n == n) {
		ohwi = ir_xmalloc(n * sizeof *ohwi);
		for (size_t i = 0; i < n; i++) {
			size_t src = i;
			if (l->weights_1hwo)
				src = i % (size_t)khw * (size_t)oc + i /
				    (size_t)khw;
			ohwi[i] = (int16_t)(ir_tensor_get_int(w, (int64_t)src) -
			    l->weight_zp);
		}
	}
	ir_tensor_release(w);
	return ohwi;
}

/* EthosUSliceSizes of a layer: Vela's encoding of its weights for the
 * slices (per core, the 10-byte scale records padded to 16 bytes and
 * the weight stream), from our encoder, which gives Vela's bytes. */
static bool
encoded_slices(const void *ctx, const EthosUBlockConfig *cfg,
    const int64_t *off, int n, int64_t *bytes)
{
	const EthosULayer *l = ctx;
	const EthosUQuery *q = &l->q;
	bool dw = q->block == ETHOS_U_DEPTHWISE;
	const IrType *wt = l->weights->type;
	int64_t oc = q->ofm.shape.c, ic = dw ? 1 : q->ifm.shape.c;
	EthosuWeightGeom g = {
		.kind = dw ? ETHOSU_WEIGHTS_DEPTHWISE : ETHOSU_WEIGHTS_CONV,
		.part_kernel = !dw && ethosu_weights_prefer_part_kernel(
		    ETHOSU_WEIGHTS_CONV, (int)q->kernel_h, (int)q->kernel_w,
		    (int)ic, q->ifm.bits),
		.ofm_depth = (int)oc, .ifm_depth = (int)ic,
		.kernel_h = (int)q->kernel_h, .kernel_w = (int)q->kernel_w,
		.dilation_x = (int)q->dilation_w,
		.dilation_y = (int)q->dilation_h,
		.ofm_block_depth = (int)cfg->ofm_block.c,
		.ifm_bits = q->ifm.bits,
	};
	EthosuWeightError e;
	if (!ethosu_weight_geom_set_accel(&g, (int)l->target->macs,
	    (int)l->target->cores) || !ethosu_weight_geom_check(&g, &e))
		return false;
	/* Only weights the layer reads as they are (not refolded). */
	int64_t wo = l->weights_1hwo ? dim(wt, 3) : dim(wt, 0);
	int64_t wi = l->weights_1hwo ? 1 : dim(wt, 3);
	if (wo != oc || wi != ic || dim(wt, 1) != q->kernel_h ||
	    dim(wt, 2) != q->kernel_w)
		return false;
	size_t vol = ethosu_weights_volume(&g);
	int16_t *ohwi = layer_ohwi(l, oc, q->kernel_h * q->kernel_w, vol);
	int *o = ir_xmalloc((size_t)(n + 1) * sizeof *o);
	for (int i = 0; i <= n; i++)
		o[i] = (int)off[i];
	uint8_t *out = NULL;
	size_t nout = 0, nr = 0;
	EthosuWeightRange *r = NULL;
	bool ok = ohwi && ethosu_weights_pack(&g, ohwi, NULL, o, n, &out,
	    &nout, &r, &nr, &e);
	for (int i = 0; ok && i < n; i++) {
		bytes[i] = 0;
		for (size_t k = 0; k < nr; k++)
			if (r[k].depth == o[i])
				bytes[i] += (10 * ethosu_core_depth(o[i + 1] -
				    o[i], r[k].core, g.ncores) + 15) / 16 * 16 +
				    (int64_t)r[k].weight_bytes;
	}
	free(out);
	free(r);
	free(o);
	free(ohwi);
	return ok;
}

void
ethos_u_encode_weights(const EthosUTarget *t, EthosULayers *ls)
{
	for (size_t i = 0; i < ls->n; i++) {
		EthosULayer *l = &ls->v[i];
		const IrType *wt = l->weights ? l->weights->type : NULL;
		if (!l->w.present || !wt || !ir_type_is_shaped(wt) ||
		    wt->u.shaped.rank != 4 || (l->q.block != ETHOS_U_CONV &&
		    l->q.block != ETHOS_U_DEPTHWISE))
			continue;
		l->target = t;
		l->w.slice_sizes = encoded_slices;
		l->w.slice_ctx = l;
	}
}
