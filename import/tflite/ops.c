/* import/tflite/ops.c: TFLite builtin operators to graph-dialect ops, with
 * their options (schema.fbs field numbers), fused activations and the
 * model's declared (quantized) result types. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "import/tflite/tflite.h"

/* BuiltinOperator codes (schema.fbs) of the operators handled here. */
enum {
	ADD = 0, AVERAGE_POOL_2D = 1, CONCATENATION = 2, CONV_2D = 3,
	DEPTHWISE_CONV_2D = 4, DEQUANTIZE = 6, FULLY_CONNECTED = 9,
	LOGISTIC = 14, MAX_POOL_2D = 17, MUL = 18, RELU = 19,
	RELU_N1_TO_1 = 20, RELU6 = 21, RESHAPE = 22, RESIZE_BILINEAR = 23,
	SOFTMAX = 25, TANH = 28, CUSTOM = 32, PAD = 34, TRANSPOSE = 39,
	MEAN = 40, SUB = 41, DIV = 42, SQUEEZE = 43, STRIDED_SLICE = 45,
	SPLIT = 49, PRELU = 54, MAXIMUM = 55, MINIMUM = 57, PADV2 = 60,
	SLICE = 65, TRANSPOSE_CONV = 67, RESIZE_NEAREST_NEIGHBOR = 97,
	LEAKY_RELU = 98, QUANTIZE = 114, HARD_SWISH = 117,
};

/* ActivationFunctionType and Padding. */
enum { ACT_NONE = 0, ACT_RELU = 1, ACT_RELU_N1_TO_1 = 2, ACT_RELU6 = 3,
	ACT_TANH = 4 };
enum { PAD_SAME = 0, PAD_VALID = 1 };

static const char *const op_names[] = {
	"ADD", "AVERAGE_POOL_2D", "CONCATENATION", "CONV_2D",
	"DEPTHWISE_CONV_2D", "DEPTH_TO_SPACE", "DEQUANTIZE",
	"EMBEDDING_LOOKUP", "FLOOR", "FULLY_CONNECTED", "HASHTABLE_LOOKUP",
	"L2_NORMALIZATION", "L2_POOL_2D", "LOCAL_RESPONSE_NORMALIZATION",
	"LOGISTIC", "LSH_PROJECTION", "LSTM", "MAX_POOL_2D", "MUL", "RELU",
	"RELU_N1_TO_1", "RELU6", "RESHAPE", "RESIZE_BILINEAR", "RNN",
	"SOFTMAX", "SPACE_TO_DEPTH", "SVDF", "TANH", "CONCAT_EMBEDDINGS",
	"SKIP_GRAM", "CALL", "CUSTOM", "EMBEDDING_LOOKUP_SPARSE", "PAD",
	"UNIDIRECTIONAL_SEQUENCE_RNN", "GATHER", "BATCH_TO_SPACE_ND",
	"SPACE_TO_BATCH_ND", "TRANSPOSE", "MEAN", "SUB", "DIV", "SQUEEZE",
	"UNIDIRECTIONAL_SEQUENCE_LSTM", "STRIDED_SLICE",
	"BIDIRECTIONAL_SEQUENCE_RNN", "EXP", "TOPK_V2", "SPLIT",
	"LOG_SOFTMAX", "DELEGATE", "BIDIRECTIONAL_SEQUENCE_LSTM", "CAST",
	"PRELU", "MAXIMUM", "ARG_MAX", "MINIMUM", "LESS", "NEG", "PADV2",
	"GREATER", "GREATER_EQUAL", "LESS_EQUAL", "SELECT", "SLICE", "SIN",
	"TRANSPOSE_CONV", "SPARSE_TO_DENSE", "TILE", "EXPAND_DIMS", "EQUAL",
	"NOT_EQUAL", "LOG", "SUM", "SQRT", "RSQRT", "SHAPE", "POW",
	"ARG_MIN", "FAKE_QUANT", "REDUCE_PROD", "REDUCE_MAX", "PACK",
	"LOGICAL_OR", "ONE_HOT", "LOGICAL_AND", "LOGICAL_NOT", "UNPACK",
	"REDUCE_MIN", "FLOOR_DIV", "REDUCE_ANY", "SQUARE", "ZEROS_LIKE",
	"FILL", "FLOOR_MOD", "RANGE", "RESIZE_NEAREST_NEIGHBOR",
	"LEAKY_RELU", "SQUARED_DIFFERENCE", "MIRROR_PAD", "ABS", "SPLIT_V",
	"UNIQUE", "CEIL", "REVERSE_V2", "ADD_N", "GATHER_ND", "COS",
	"WHERE", "RANK", "ELU", "REVERSE_SEQUENCE", "MATRIX_DIAG",
	"QUANTIZE", "MATRIX_SET_DIAG", "ROUND", "HARD_SWISH", "IF", "WHILE",
	"NON_MAX_SUPPRESSION_V4", "NON_MAX_SUPPRESSION_V5", "SCATTER_ND",
	"SELECT_V2", "DENSIFY", "SEGMENT_SUM", "BATCH_MATMUL",
};

const char *
tfl_op_name(int code)
{
	if (code < 0 || (size_t)code >= sizeof(op_names) / sizeof(op_names[0]))
		return NULL;
	return op_names[code];
}

/* The op's printable name: "CONV_2D", "CUSTOM:ethos-u", "BUILTIN_200". */
static void
op_label(const TflOp *op, char *buf, size_t n)
{
	const char *s = tfl_op_name(op->code);
	if (op->code == CUSTOM)
		snprintf(buf, n, "CUSTOM:%.*s", (int)(op->customlen > 100 ?
		    100 : op->customlen), op->custom);
	else if (s)
		snprintf(buf, n, "%s", s);
	else
		snprintf(buf, n, "BUILTIN_%d", op->code);
}

/* ------------------------------------------------------------ helpers */

/* Input k's value, or NULL when omitted (-1) or on error (*ok false). */
static IrValue *
input(TflModel *m, const TflOp *op, int k, bool *ok)
{
	if (k >= op->nin || op->in[k] < 0)
		return NULL;
	IrValue *v = tfl_value(m, op->in[k], op->loc);
	if (!v)
		*ok = false;
	return v;
}

static bool
op_error(TflModel *m, const TflOp *op, const char *msg)
{
	char l[128];
	op_label(op, l, sizeof(l));
	ir_emit_error(m->ctx, op->loc, "%s: %s", l, msg);
	return false;
}

/* The integer elements of constant input k into out (at most max);
 * returns the count or -1 after an error. */
static int
const_ints(TflModel *m, const TflOp *op, int k, int64_t *out, int max)
{
	if (k >= op->nin || op->in[k] < 0) {
		op_error(m, op, "missing constant input");
		return -1;
	}
	const TflTensor *t = &m->tensors[op->in[k]];
	size_t es = t->type == TFL_INT64 ? 8 : 4;
	if (!t->data || (t->type != TFL_INT32 && t->type != TFL_INT64)) {
		op_error(m, op, "this input must be a constant int32 or int64 "
		    "tensor");
		return -1;
	}
	size_t n = t->size / es;
	if (n > (size_t)max) {
		op_error(m, op, "constant input too long");
		return -1;
	}
	for (size_t i = 0; i < n; i++) {
		const uint8_t *p = t->data + i * es;
		uint64_t u = 0;
		for (size_t b = 0; b < es; b++)
			u |= (uint64_t)p[b] << (8 * b);
		out[i] = es == 4 ? (int32_t)(uint32_t)u : (int64_t)u;
	}
	return (int)n;
}

/* The result type the model declares for output tensor k, merged with
 * the inferred one: static dims win, the model's element type (its
 * quantization parameters) is kept. */
static bool
declare_type(TflModel *m, const TflOp *op, IrValue *res, int32_t k,
    bool *elem_mismatch)
{
	const IrType *inf = res->type, *decl = m->tensors[k].irtype;
	int64_t dims[TFL_MAX_RANK];
	if (inf->kind != IR_TYPE_TENSOR ||
	    inf->u.shaped.rank != decl->u.shaped.rank)
		goto bad;
	for (int64_t i = 0; i < decl->u.shaped.rank; i++) {
		int64_t a = inf->u.shaped.dims[i], b = decl->u.shaped.dims[i];
		if (a != IR_DYNAMIC && b != IR_DYNAMIC && a != b)
			goto bad;
		dims[i] = a != IR_DYNAMIC ? a : b;
	}
	const IrType *t = ir_type_tensor(m->ctx, decl->u.shaped.rank, dims,
	    decl->u.shaped.elem, NULL);
	if (!dialect_type_compatible(inf, t)) {
		*elem_mismatch = true;
		return false;
	}
	res->type = t;
	return true;
bad:;
	char *a = ir_type_str(inf), *b = ir_type_str(decl);
	char nm[256];
	tfl_name(&m->tensors[k], nm, sizeof(nm));
	ir_emit_error(m->ctx, op->loc, "the model declares tensor '%s' as "
	    "%s, but the op computes %s", nm, b, a);
	free(a);
	free(b);
	return false;
}

static IrOp *custom(TflModel *m, const TflOp *op, const char *why);

/* An op whose declared element types the graph op cannot produce. */
static IrOp *
unsupported_mix(TflModel *m, const TflOp *op)
{
	char l[128], why[256];
	op_label(op, l, sizeof(l));
	char *t = ir_type_str(m->tensors[op->out[0]].irtype);
	snprintf(why, sizeof(why), "%s with result type %s", l, t);
	free(t);
	return custom(m, op, why);
}

/* Creates graph op `name` with `nres` results typed as the op's outputs
 * and binds them to the output tensors. */
static IrOp *
build(TflModel *m, const TflOp *op, const char *name, size_t n,
    IrValue *const *operands, const IrAttr *attrs, int nres)
{
	const IrLoc *saved = m->b.loc;
	m->b.loc = op->loc;
	IrOp *o = dialect_create(&m->b, name, n, operands, attrs,
	    (size_t)nres);
	m->b.loc = saved;
	if (!o)
		return NULL;
	for (int i = 0; i < nres && i < op->nout; i++) {
		bool mismatch = false;
		if (!tfl_check_nonzero(m, op->out[i]))
			return NULL;
		if (declare_type(m, op, ir_op_result(o, i), op->out[i],
		    &mismatch))
			continue;
		if (!mismatch)
			return NULL;
		/* The graph dialect cannot express this mix of element types
		 * (an i8 -> i16 fully connected layer, say): unsupported. */
		ir_op_destroy(o);
		return unsupported_mix(m, op);
	}
	for (int i = 0; i < nres && i < op->nout; i++)
		m->tensors[op->out[i]].value = ir_op_result(o, i);
	return o;
}

/* One-result op followed by the fused activation `act`. */
static bool
build_act(TflModel *m, const TflOp *op, const char *name, size_t n,
    IrValue *const *operands, const IrAttr *attrs, int act)
{
	IrOp *o = build(m, op, name, n, operands, attrs, 1);
	if (!o)
		return false;
	IrValue *v = ir_op_result(o, 0);
	ImportAttrs a;
	import_attrs_init(&a, m->ctx);
	const char *an = NULL;
	switch (act) {
	case ACT_NONE: return true;
	case ACT_RELU: an = "graph.relu"; break;
	case ACT_RELU6: an = "graph.relu6"; break;
	case ACT_TANH: an = "graph.tanh"; break;
	case ACT_RELU_N1_TO_1:
		an = "graph.clip";
		import_attrs_float(&a, "min", -1.0);
		import_attrs_float(&a, "max", 1.0);
		break;
	default:
		return op_error(m, op, "unsupported fused activation");
	}
	IrOp *ao = import_graph_op(&m->b, op->loc, an, 1, &v,
	    import_attrs_dict(&a));
	if (!ao)
		return false;
	ir_op_result(ao, 0)->type = v->type;
	m->tensors[op->out[0]].value = ir_op_result(ao, 0);
	return true;
}

static const char *
padding(uint8_t p)
{
	return p == PAD_SAME ? "same" : "valid";
}

/* ------------------------------------------------------------ converters */

typedef bool (*Conv)(TflModel *m, const TflOp *op, const char *gname);

/* An int64 bias: with a 16-bit input (TFLite's 16x8 scheme) a plain i64
 * constant, its scale implied (s_in * s_w[c]), as the graph verifier and
 * `quantize` take it (a !quant.uniform holds at most 32 bits), so values
 * beyond int32 keep their bits; otherwise an i32 constant, every value
 * fitting. */
static IrValue *
narrow_bias(TflModel *m, const TflOp *op, int k, bool *ok)
{
	if (k >= op->nin || op->in[k] < 0)
		return NULL;
	const TflTensor *t = &m->tensors[op->in[k]];
	const IrType *e = t->irtype->u.shaped.elem;
	if (t->type != TFL_INT64 || !t->data || e->kind != IR_TYPE_QUANT)
		return input(m, op, k, ok);
	size_t n = t->size / 8;
	if (op->nin > 0 && op->in[0] >= 0 &&
	    m->tensors[op->in[0]].type == TFL_INT16) {
		/* little endian in the file and in a dense attribute */
		return import_constant(&m->b, import_loc(m->f, t->name,
		    t->namelen), ir_type_tensor(m->ctx, t->rank, t->dims,
		    ir_type_int(m->ctx, 64, IR_SIGNLESS), NULL), t->data,
		    n * 8);
	}
	int32_t *d = ir_xmalloc((n ? n : 1) * 4);
	for (size_t i = 0; i < n && *ok; i++) {
		uint64_t u = 0;
		for (int b = 0; b < 8; b++)
			u |= (uint64_t)t->data[8 * i + b] << (8 * b);
		int64_t v = (int64_t)u;
		if (v < INT32_MIN || v > INT32_MAX)
			*ok = op_error(m, op, "int64 bias value beyond int32");
		d[i] = (int32_t)v;
	}
	IrValue *r = NULL;
	if (*ok) {
		const IrType *i32 = ir_type_int(m->ctx, 32, IR_SIGNLESS);
		const IrType *q = ir_type_quant(m->ctx, true, i32,
		    e->u.quant.expressed, INT32_MIN, INT32_MAX,
		    e->u.quant.axis, e->u.quant.nscales, e->u.quant.scales,
		    e->u.quant.zero_points);
		r = import_constant(&m->b, import_loc(m->f, t->name,
		    t->namelen), ir_type_tensor(m->ctx, t->rank, t->dims, q,
		    NULL), d, n * 4);
	}
	free(d);
	return r;
}

/* CONV_2D, DEPTHWISE_CONV_2D: input, filter, bias? */
static bool
conv(TflModel *m, const TflOp *op, const char *gname)
{
	bool ok = true, dw = op->code == DEPTHWISE_CONV_2D;
	IrValue *v[3] = { input(m, op, 0, &ok), input(m, op, 1, &ok),
	    narrow_bias(m, op, 2, &ok) };
	uint8_t pad, act;
	int32_t sw, sh, dlw, dlh, mult;
	const FbTable *o = &op->opts;
	if (!ok || !v[0] || !v[1] ||
	    !fb_u8(o, 0, 0, &pad) || !fb_i32(o, 1, 0, &sw) ||
	    !fb_i32(o, 2, 0, &sh) || !fb_i32(o, dw ? 3 : 5, 1, &mult) ||
	    !fb_u8(o, dw ? 4 : 3, 0, &act) || !fb_i32(o, dw ? 5 : 4, 1, &dlw) ||
	    !fb_i32(o, dw ? 6 : 5, 1, &dlh))
		return ok && v[0] && v[1] ? false :
		    ok ? op_error(m, op, "missing input or filter") : false;
	ImportAttrs a;
	import_attrs_init(&a, m->ctx);
	int64_t s[2] = { sh, sw }, d[2] = { dlh, dlw };
	import_attrs_ints(&a, "strides", 2, s);
	import_attrs_ints(&a, "dilations", 2, d);
	import_attrs_str(&a, "padding", padding(pad));
	if (dw) {
		/* The multiplier follows from the shapes; old files carry
		 * stale values in the option. */
		const IrType *x = v[0]->type, *w = v[1]->type;
		int64_t c = x->u.shaped.rank == 4 ? x->u.shaped.dims[3] : 0;
		int64_t oc = w->u.shaped.rank == 4 ? w->u.shaped.dims[3] : 0;
		if (c > 0 && oc > 0 && oc % c == 0)
			import_attrs_int(&a, "depth_multiplier", oc / c);
	}
	return build_act(m, op, gname, v[2] ? 3 : 2, v, import_attrs_dict(&a),
	    act);
}

/* TRANSPOSE_CONV: output_shape, weights, input, bias? */
static bool
tconv(TflModel *m, const TflOp *op, const char *gname)
{
	bool ok = true;
	IrValue *v[3] = { input(m, op, 2, &ok), input(m, op, 1, &ok),
	    input(m, op, 3, &ok) };
	uint8_t pad, act;
	int32_t sw, sh;
	const FbTable *o = &op->opts;
	if (!ok || !fb_u8(o, 0, 0, &pad) || !fb_i32(o, 1, 0, &sw) ||
	    !fb_i32(o, 2, 0, &sh) || !fb_u8(o, 3, 0, &act))
		return false;
	if (!v[0] || !v[1])
		return op_error(m, op, "missing input or weights");
	ImportAttrs a;
	import_attrs_init(&a, m->ctx);
	int64_t s[2] = { sh, sw };
	import_attrs_ints(&a, "strides", 2, s);
	import_attrs_str(&a, "padding", padding(pad));
	return build_act(m, op, gname, v[2] ? 3 : 2, v, import_attrs_dict(&a),
	    act);
}

/* TFLite's FULLY_CONNECTED reads its input as [N, K] whatever its
 * shape; graph.fully_connected wants K last, so other inputs are
 * reshaped to [-1, K] first. */
static IrValue *
flatten(TflModel *m, const TflOp *op, IrValue *x, IrValue *w)
{
	const IrType *xt = x->type, *wt = w->type;
	if (wt->u.shaped.rank != 2 || xt->u.shaped.rank < 1)
		return x;
	int64_t k = wt->u.shaped.dims[1];
	int64_t r = xt->u.shaped.rank;
	if (r == 2 && xt->u.shaped.dims[1] == k)
		return x;
	ImportAttrs a;
	import_attrs_init(&a, m->ctx);
	int64_t shape[2] = { -1, k };
	import_attrs_ints(&a, "shape", 2, shape);
	IrOp *o = import_graph_op(&m->b, op->loc, "graph.reshape", 1, &x,
	    import_attrs_dict(&a));
	return o ? ir_op_result(o, 0) : NULL;
}

/* FULLY_CONNECTED: input, weights, bias? */
static bool
fc(TflModel *m, const TflOp *op, const char *gname)
{
	bool ok = true;
	IrValue *v[3] = { input(m, op, 0, &ok), input(m, op, 1, &ok),
	    narrow_bias(m, op, 2, &ok) };
	uint8_t act, fmt, keep;
	const FbTable *o = &op->opts;
	if (!ok || !fb_u8(o, 0, 0, &act) || !fb_u8(o, 1, 0, &fmt) ||
	    !fb_u8(o, 2, 0, &keep))
		return false;
	if (!v[0] || !v[1])
		return op_error(m, op, "missing input or weights");
	if (fmt != 0)
		return op_error(m, op, "shuffled weights are not supported");
	if (!keep && !(v[0] = flatten(m, op, v[0], v[1])))
		return false;
	ImportAttrs a;
	import_attrs_init(&a, m->ctx);
	if (keep)
		import_attrs_bool(&a, "keep_num_dims", true);
	return build_act(m, op, gname, v[2] ? 3 : 2, v, import_attrs_dict(&a),
	    act);
}

/* ADD, SUB, MUL, DIV (fused activation at field 0), MAXIMUM, MINIMUM. */
static bool
binary(TflModel *m, const TflOp *op, const char *gname)
{
	bool ok = true;
	IrValue *v[2] = { input(m, op, 0, &ok), input(m, op, 1, &ok) };
	uint8_t act = 0;
	if (!ok || !v[0] || !v[1])
		return ok ? op_error(m, op, "needs two inputs") : false;
	if (op->code != MAXIMUM && op->code != MINIMUM &&
	    !fb_u8(&op->opts, 0, 0, &act))
		return false;
	return build_act(m, op, gname, 2, v, NULL, act);
}

/* One-input ops without options: RELU, RELU6, LOGISTIC, TANH,
 * HARD_SWISH, and the RELU_N1_TO_1 / LEAKY_RELU / SOFTMAX variants. */
static bool
unary(TflModel *m, const TflOp *op, const char *gname)
{
	bool ok = true;
	IrValue *v = input(m, op, 0, &ok);
	if (!ok || !v)
		return ok ? op_error(m, op, "missing input") : false;
	ImportAttrs a;
	import_attrs_init(&a, m->ctx);
	float f;
	if (op->code == RELU_N1_TO_1) {
		import_attrs_float(&a, "min", -1.0);
		import_attrs_float(&a, "max", 1.0);
	} else if (op->code == LEAKY_RELU) {
		if (!fb_f32(&op->opts, 0, 0.0f, &f))
			return false;
		import_attrs_float(&a, "alpha", f);
	} else if (op->code == SOFTMAX) {
		if (!fb_f32(&op->opts, 0, 0.0f, &f))
			return false;
		import_attrs_float(&a, "beta", f);
	}
	return build(m, op, gname, 1, &v, import_attrs_dict(&a), 1) != NULL;
}

/* PRELU: input, alpha. */
static bool
prelu(TflModel *m, const TflOp *op, const char *gname)
{
	bool ok = true;
	IrValue *v[2] = { input(m, op, 0, &ok), input(m, op, 1, &ok) };
	if (!ok || !v[0] || !v[1])
		return ok ? op_error(m, op, "needs two inputs") : false;
	/* A scalar PRELU is not a layer; graph.prelu's inference expects a
	 * ranked input of rank 1 or more. */
	if (v[0]->type->u.shaped.rank < 1)
		return custom(m, op, "PRELU on a scalar") != NULL;
	return build(m, op, gname, 2, v, NULL, 1) != NULL;
}

/* AVERAGE_POOL_2D, MAX_POOL_2D. */
static bool
pool(TflModel *m, const TflOp *op, const char *gname)
{
	bool ok = true;
	IrValue *v = input(m, op, 0, &ok);
	uint8_t pad, act;
	int32_t sw, sh, fw, fh;
	const FbTable *o = &op->opts;
	if (!ok || !fb_u8(o, 0, 0, &pad) || !fb_i32(o, 1, 0, &sw) ||
	    !fb_i32(o, 2, 0, &sh) || !fb_i32(o, 3, 0, &fw) ||
	    !fb_i32(o, 4, 0, &fh) || !fb_u8(o, 5, 0, &act))
		return false;
	if (!v)
		return op_error(m, op, "missing input");
	ImportAttrs a;
	import_attrs_init(&a, m->ctx);
	int64_t k[2] = { fh, fw }, s[2] = { sh, sw };
	import_attrs_ints(&a, "kernel", 2, k);
	import_attrs_ints(&a, "strides", 2, s);
	import_attrs_str(&a, "padding", padding(pad));
	return build_act(m, op, gname, 1, &v, import_attrs_dict(&a), act);
}

/* MEAN: input, axes (constant); keep_dims. */
static bool
mean(TflModel *m, const TflOp *op, const char *gname)
{
	bool ok = true;
	IrValue *v = input(m, op, 0, &ok);
	int64_t axes[TFL_MAX_RANK];
	uint8_t keep;
	int n;
	if (!ok || !v || (n = const_ints(m, op, 1, axes, TFL_MAX_RANK)) < 0 ||
	    !fb_u8(&op->opts, 0, 0, &keep))
		return ok && v ? false : op_error(m, op, "missing input");
	ImportAttrs a;
	import_attrs_init(&a, m->ctx);
	import_attrs_ints(&a, "axes", (size_t)n, axes);
	import_attrs_bool(&a, "keep_dims", keep != 0);
	return build(m, op, gname, 1, &v, import_attrs_dict(&a), 1) != NULL;
}

/* RESHAPE: the output tensor's shape (-1 for a dynamic dimension). */
static bool
reshape(TflModel *m, const TflOp *op, const char *gname)
{
	bool ok = true;
	IrValue *v = input(m, op, 0, &ok);
	if (!ok || !v)
		return ok ? op_error(m, op, "missing input") : false;
	const TflTensor *t = &m->tensors[op->out[0]];
	int64_t shape[TFL_MAX_RANK];
	int64_t shp[TFL_MAX_RANK];
	int n = t->rank, ndyn = 0;
	for (int i = 0; i < n; i++) {
		shape[i] = t->dims[i] == IR_DYNAMIC ? -1 : t->dims[i];
		ndyn += t->dims[i] == IR_DYNAMIC;
	}
	/* Several dynamic dimensions: take the shape input when given. */
	if (ndyn > 1 && op->nin > 1 && op->in[1] >= 0 &&
	    m->tensors[op->in[1]].data &&
	    const_ints(m, op, 1, shp, TFL_MAX_RANK) == n)
		memcpy(shape, shp, sizeof(shape));
	ImportAttrs a;
	import_attrs_init(&a, m->ctx);
	import_attrs_ints(&a, "shape", (size_t)n, shape);
	return build(m, op, gname, 1, &v, import_attrs_dict(&a), 1) != NULL;
}

/* TRANSPOSE: input, perm (constant). */
static bool
transpose(TflModel *m, const TflOp *op, const char *gname)
{
	bool ok = true;
	IrValue *v = input(m, op, 0, &ok);
	int64_t perm[TFL_MAX_RANK];
	int n;
	if (!ok || !v || (n = const_ints(m, op, 1, perm, TFL_MAX_RANK)) < 0)
		return ok && v ? false : op_error(m, op, "missing input");
	ImportAttrs a;
	import_attrs_init(&a, m->ctx);
	import_attrs_ints(&a, "perm", (size_t)n, perm);
	return build(m, op, gname, 1, &v, import_attrs_dict(&a), 1) != NULL;
}

/* CONCATENATION: inputs...; axis, fused activation. */
static bool
concat(TflModel *m, const TflOp *op, const char *gname)
{
	bool ok = true;
	IrValue *v[TFL_MAX_IO];
	int32_t axis;
	uint8_t act;
	if (op->nin == 0)
		return op_error(m, op, "needs inputs");
	for (int i = 0; i < op->nin && ok; i++)
		if (!(v[i] = input(m, op, i, &ok)) && ok)
			return op_error(m, op, "omitted input");
	if (!ok || !fb_i32(&op->opts, 0, 0, &axis) ||
	    !fb_u8(&op->opts, 1, 0, &act))
		return false;
	ImportAttrs a;
	import_attrs_init(&a, m->ctx);
	import_attrs_int(&a, "axis", axis);
	return build_act(m, op, gname, (size_t)op->nin, v,
	    import_attrs_dict(&a), act);
}

/* SPLIT: axis (constant), input; num_splits equal pieces. */
static bool
split(TflModel *m, const TflOp *op, const char *gname)
{
	bool ok = true;
	IrValue *v = input(m, op, 1, &ok);
	int64_t axis;
	if (!ok || !v || const_ints(m, op, 0, &axis, 1) != 1)
		return ok && v ? false : op_error(m, op, "missing input");
	ImportAttrs a;
	import_attrs_init(&a, m->ctx);
	import_attrs_int(&a, "axis", axis);
	return build(m, op, gname, 1, &v, import_attrs_dict(&a), op->nout) !=
	    NULL;
}

/* SLICE: input, begin, size (constants). */
static bool
slice(TflModel *m, const TflOp *op, const char *gname)
{
	bool ok = true;
	IrValue *v = input(m, op, 0, &ok);
	int64_t b[TFL_MAX_RANK], s[TFL_MAX_RANK];
	int nb, ns;
	if (!ok || !v || (nb = const_ints(m, op, 1, b, TFL_MAX_RANK)) < 0 ||
	    (ns = const_ints(m, op, 2, s, TFL_MAX_RANK)) < 0)
		return ok && v ? false : op_error(m, op, "missing input");
	ImportAttrs a;
	import_attrs_init(&a, m->ctx);
	import_attrs_ints(&a, "begin", (size_t)nb, b);
	import_attrs_ints(&a, "size", (size_t)ns, s);
	return build(m, op, gname, 1, &v, import_attrs_dict(&a), 1) != NULL;
}

/* A STRIDED_SLICE spec made dense: TF's sparse spec (with an ellipsis
 * and new axes) resolved to one entry per input dimension, and `out`,
 * the result shape's source per entry: -1 a new axis of size 1, else
 * the next dimension of the dense slice's result. */
typedef struct SliceSpec {
	int64_t b[TFL_MAX_RANK], e[TFL_MAX_RANK], s[TFL_MAX_RANK];
	int32_t bm, em, sam;   /* dense masks */
	int r;                 /* the input's rank */
	int nout, out[2 * TFL_MAX_RANK];
} SliceSpec;

/* Adds dense dimension d (from sparse entry i, or a full range when i
 * is -1) to the spec. */
static void
dense_dim(SliceSpec *d, int k, int i, const int64_t *b, const int64_t *e,
    const int64_t *s, int32_t bm, int32_t em, int32_t sam)
{
	d->b[k] = i < 0 ? 0 : b[i];
	d->e[k] = i < 0 ? 0 : e[i];
	d->s[k] = i < 0 || !s ? 1 : s[i];
	if (i < 0 || bm >> i & 1)
		d->bm |= 1 << k;
	if (i < 0 || em >> i & 1)
		d->em |= 1 << k;
	if (i >= 0 && sam >> i & 1)
		d->sam |= 1 << k;
	else
		d->out[d->nout++] = k;
}

/* Resolves the sparse spec of n entries over rank r (TF's rules: the
 * ellipsis covers the dimensions no other entry names, missing trailing
 * entries are full ranges, a new axis ignores its other bits). */
static bool
dense_spec(TflModel *m, const TflOp *op, int r, int n, const int64_t *b,
    const int64_t *e, const int64_t *s, const int32_t *mask, SliceSpec *d)
{
	int32_t bm = mask[0], em = mask[1], elm = mask[2], nam = mask[3];
	int real = 0, k = 0;
	memset(d, 0, sizeof *d);
	d->r = r;
	for (int i = 0; i < n; i++)
		if (!(elm >> i & 1) && !(nam >> i & 1))
			real++;
	if ((elm & (elm - 1)) & ((1 << n) - 1))
		return op_error(m, op, "more than one ellipsis");
	if (real > r)
		return op_error(m, op, "more slice entries than input "
		    "dimensions");
	for (int i = 0; i < n; i++) {
		if (elm >> i & 1) {
			for (int j = 0; j < r - real; j++)
				dense_dim(d, k++, -1, b, e, s, 0, 0, 0);
		} else if (nam >> i & 1) {
			d->out[d->nout++] = -1;
		} else {
			dense_dim(d, k++, i, b, e, s, bm, em, mask[4]);
		}
	}
	while (k < r)
		dense_dim(d, k++, -1, b, e, s, 0, 0, 0);
	return true;
}

/* STRIDED_SLICE with an ellipsis or new axes: graph.strided_slice of the
 * dense spec, then (for new axes) graph.reshape inserting them. */
static bool
strided_slice_sparse(TflModel *m, const TflOp *op, IrValue *v,
    const SliceSpec *d)
{
	ImportAttrs a;
	import_attrs_init(&a, m->ctx);
	import_attrs_ints(&a, "begin", (size_t)d->r, d->b);
	import_attrs_ints(&a, "end", (size_t)d->r, d->e);
	import_attrs_ints(&a, "strides", (size_t)d->r, d->s);
	import_attrs_int(&a, "begin_mask", d->bm);
	import_attrs_int(&a, "end_mask", d->em);
	import_attrs_int(&a, "shrink_axis_mask", d->sam);
	if (d->nout == d->r - __builtin_popcount((unsigned)d->sam))
		return build(m, op, "graph.strided_slice", 1, &v,
		    import_attrs_dict(&a), 1) != NULL;
	const IrLoc *saved = m->b.loc;
	m->b.loc = op->loc;
	IrOp *o = dialect_create(&m->b, "graph.strided_slice", 1, &v,
	    import_attrs_dict(&a), 1);
	m->b.loc = saved;
	if (!o)
		return false;
	IrValue *y = ir_op_result(o, 0);
	int64_t shape[2 * TFL_MAX_RANK];
	int nd = 0, dyn = 0;
	for (int i = 0; i < d->nout; i++) {
		shape[i] = d->out[i] < 0 ? 1 : y->type->u.shaped.dims[nd++];
		if (shape[i] == IR_DYNAMIC) {
			shape[i] = -1;
			dyn++;
		}
	}
	if (dyn > 1)
		return op_error(m, op, "new axes on a slice with more than "
		    "one dynamic dimension");
	import_attrs_init(&a, m->ctx);
	import_attrs_ints(&a, "shape", (size_t)d->nout, shape);
	return build(m, op, "graph.reshape", 1, &y, import_attrs_dict(&a),
	    1) != NULL;
}

/* STRIDED_SLICE: input, begin, end, strides (constants) and masks. */
static bool
strided_slice(TflModel *m, const TflOp *op, const char *gname)
{
	bool ok = true;
	IrValue *v = input(m, op, 0, &ok);
	int64_t b[TFL_MAX_RANK], e[TFL_MAX_RANK], s[TFL_MAX_RANK];
	int nb, ne, ns = 0;
	int32_t bm, em, elm, nam, sam;
	uint8_t off;
	const FbTable *o = &op->opts;
	if (!ok || !v || (nb = const_ints(m, op, 1, b, TFL_MAX_RANK)) < 0 ||
	    (ne = const_ints(m, op, 2, e, TFL_MAX_RANK)) < 0 ||
	    (op->nin > 3 && (ns = const_ints(m, op, 3, s, TFL_MAX_RANK)) < 0))
		return ok && v ? false : op_error(m, op, "missing input");
	if (!fb_i32(o, 0, 0, &bm) || !fb_i32(o, 1, 0, &em) ||
	    !fb_i32(o, 2, 0, &elm) || !fb_i32(o, 3, 0, &nam) ||
	    !fb_i32(o, 4, 0, &sam) || !fb_u8(o, 5, 0, &off))
		return false;
	if (off)
		return custom(m, op, "STRIDED_SLICE with offset") != NULL;
	if (elm || nam) {
		int32_t mask[5] = { bm, em, elm, nam, sam };
		SliceSpec d;
		int64_t r = v->type->kind == IR_TYPE_TENSOR ?
		    v->type->u.shaped.rank : -1;
		if (r < 0 || nb != ne || (ns && ns != nb))
			return op_error(m, op, "begin, end and strides must "
			    "have one length, on a ranked input");
		return dense_spec(m, op, (int)r, nb, b, e, ns ? s : NULL,
		    mask, &d) && strided_slice_sparse(m, op, v, &d);
	}
	ImportAttrs a;
	import_attrs_init(&a, m->ctx);
	import_attrs_ints(&a, "begin", (size_t)nb, b);
	import_attrs_ints(&a, "end", (size_t)ne, e);
	if (ns)
		import_attrs_ints(&a, "strides", (size_t)ns, s);
	import_attrs_int(&a, "begin_mask", bm);
	import_attrs_int(&a, "end_mask", em);
	import_attrs_int(&a, "shrink_axis_mask", sam);
	return build(m, op, gname, 1, &v, import_attrs_dict(&a), 1) != NULL;
}

/* The real value of a scalar constant input (PADV2's fill). */
static bool
scalar_value(TflModel *m, const TflOp *op, int k, double *out)
{
	const TflTensor *t = &m->tensors[op->in[k]];
	const IrType *e = t->irtype->u.shaped.elem;
	if (!t->data || t->size == 0)
		return op_error(m, op, "the fill value must be a constant");
	if (t->type == TFL_FLOAT32 && t->size >= 4) {
		float f;
		memcpy(&f, t->data, 4);
		*out = f;
	} else if (e->kind == IR_TYPE_QUANT && t->type == TFL_INT8) {
		*out = e->u.quant.scales[0] * ((int8_t)t->data[0] -
		    e->u.quant.zero_points[0]);
	} else if (e->kind == IR_TYPE_QUANT && t->type == TFL_UINT8) {
		*out = e->u.quant.scales[0] * (t->data[0] -
		    e->u.quant.zero_points[0]);
	} else {
		return op_error(m, op, "unsupported fill value type");
	}
	return true;
}

/* PAD, PADV2: input, paddings [rank, 2] (constant), fill value? */
static bool
pad(TflModel *m, const TflOp *op, const char *gname)
{
	bool ok = true;
	IrValue *v = input(m, op, 0, &ok);
	int64_t p[2 * TFL_MAX_RANK];
	int n;
	double fill = 0;
	if (!ok || !v || (n = const_ints(m, op, 1, p, 2 * TFL_MAX_RANK)) < 0)
		return ok && v ? false : op_error(m, op, "missing input");
	if (op->code == PADV2 && op->nin > 2 && op->in[2] >= 0 &&
	    !scalar_value(m, op, 2, &fill))
		return false;
	ImportAttrs a;
	import_attrs_init(&a, m->ctx);
	import_attrs_ints(&a, "paddings", (size_t)n, p);
	if (fill != 0)
		import_attrs_float(&a, "constant_value", fill);
	return build(m, op, gname, 1, &v, import_attrs_dict(&a), 1) != NULL;
}

/* RESIZE_BILINEAR, RESIZE_NEAREST_NEIGHBOR: input, size (constant). */
static bool
resize(TflModel *m, const TflOp *op, const char *gname)
{
	bool ok = true, bil = op->code == RESIZE_BILINEAR;
	IrValue *v = input(m, op, 0, &ok);
	int64_t size[2];
	uint8_t align, half;
	if (!ok || !v || const_ints(m, op, 1, size, 2) != 2)
		return ok && v ? false : op_error(m, op, "missing input");
	if (!fb_u8(&op->opts, bil ? 2 : 0, 0, &align) ||
	    !fb_u8(&op->opts, bil ? 3 : 1, 0, &half))
		return false;
	ImportAttrs a;
	import_attrs_init(&a, m->ctx);
	import_attrs_ints(&a, "size", 2, size);
	import_attrs_str(&a, "mode", bil ? "bilinear" : "nearest");
	import_attrs_bool(&a, "align_corners", align != 0);
	import_attrs_bool(&a, "half_pixel_centers", half != 0);
	return build(m, op, gname, 1, &v, import_attrs_dict(&a), 1) != NULL;
}

/* SQUEEZE: squeeze_dims, or every size-1 dimension. */
static bool
squeeze(TflModel *m, const TflOp *op, const char *gname)
{
	bool ok = true;
	IrValue *v = input(m, op, 0, &ok);
	FbVec d;
	if (!ok || !v || !fb_vec(&op->opts, 0, 4, &d))
		return ok && v ? false : op_error(m, op, "missing input");
	if (d.n > TFL_MAX_RANK)
		return op_error(m, op, "too many squeeze_dims");
	ImportAttrs a;
	import_attrs_init(&a, m->ctx);
	int64_t axes[TFL_MAX_RANK];
	for (uint32_t i = 0; i < d.n; i++)
		axes[i] = fb_vec_i32(m->f, &d, i);
	if (d.n)
		import_attrs_ints(&a, "axes", d.n, axes);
	return build(m, op, gname, 1, &v, import_attrs_dict(&a), 1) != NULL;
}

/* DEQUANTIZE of an f16 constant: folded into an f32 constant. */
static bool
dequantize_f16(TflModel *m, const TflOp *op, const TflTensor *t)
{
	int64_t n = ir_type_num_elements(t->irtype);
	if (n < 0)
		return op_error(m, op, "dynamic f16 constant");
	float *d = ir_xmalloc((size_t)(n ? n : 1) * 4);
	for (int64_t i = 0; i < n; i++)
		d[i] = ir_f16_to_f32((uint16_t)(t->data[2 * i] |
		    t->data[2 * i + 1] << 8));
	const IrType *ty = ir_type_tensor(m->ctx, t->rank, t->dims,
	    ir_type_float(m->ctx, IR_F32), NULL);
	m->tensors[op->out[0]].value = import_constant(&m->b, op->loc, ty, d,
	    (size_t)n * 4);
	free(d);
	return true;
}

/* QUANTIZE (float -> quantized, or requantize), DEQUANTIZE. */
static bool
quantize(TflModel *m, const TflOp *op, const char *gname)
{
	if (op->nin < 1 || op->in[0] < 0)
		return op_error(m, op, "missing input");
	const TflTensor *t = &m->tensors[op->in[0]];
	if (op->code == DEQUANTIZE && t->type == TFL_FLOAT16 && t->data &&
	    !t->value)
		return dequantize_f16(m, op, t);
	bool ok = true;
	IrValue *v = input(m, op, 0, &ok);
	if (!ok)
		return false;
	const IrType *in = v->type->u.shaped.elem;
	const IrType *out = m->tensors[op->out[0]].irtype->u.shaped.elem;
	ImportAttrs a;
	import_attrs_init(&a, m->ctx);
	if (op->code == QUANTIZE) {
		import_attrs_type(&a, "qtype", out);
		if (in->kind == IR_TYPE_QUANT)
			gname = "graph.requantize";
	} else if (in->kind == IR_TYPE_FLOAT && in->u.flt.kind == IR_F16) {
		/* An f16 activation: a conversion to f32. */
		import_attrs_type(&a, "to", ir_type_float(m->ctx, IR_F32));
		gname = "graph.cast";
	} else if (in->kind != IR_TYPE_QUANT) {
		return op_error(m, op, "input is neither quantized nor f16");
	}
	return build(m, op, gname, 1, &v, import_attrs_dict(&a), 1) != NULL;
}

/* ------------------------------------------------------------ dispatch */

typedef struct OpRow {
	int code;
	const char *gname;
	Conv fn;
} OpRow;

static const OpRow rows[] = {
	{ ADD, "graph.add", binary },
	{ SUB, "graph.sub", binary },
	{ MUL, "graph.mul", binary },
	{ DIV, "graph.div", binary },
	{ MAXIMUM, "graph.maximum", binary },
	{ MINIMUM, "graph.minimum", binary },
	{ CONV_2D, "graph.conv2d", conv },
	{ DEPTHWISE_CONV_2D, "graph.depthwise_conv2d", conv },
	{ TRANSPOSE_CONV, "graph.transpose_conv2d", tconv },
	{ FULLY_CONNECTED, "graph.fully_connected", fc },
	{ RELU, "graph.relu", unary },
	{ RELU6, "graph.relu6", unary },
	{ RELU_N1_TO_1, "graph.clip", unary },
	{ LEAKY_RELU, "graph.leaky_relu", unary },
	{ LOGISTIC, "graph.sigmoid", unary },
	{ TANH, "graph.tanh", unary },
	{ HARD_SWISH, "graph.hard_swish", unary },
	{ SOFTMAX, "graph.softmax", unary },
	{ PRELU, "graph.prelu", prelu },
	{ AVERAGE_POOL_2D, "graph.avg_pool2d", pool },
	{ MAX_POOL_2D, "graph.max_pool2d", pool },
	{ MEAN, "graph.reduce_mean", mean },
	{ RESHAPE, "graph.reshape", reshape },
	{ TRANSPOSE, "graph.transpose", transpose },
	{ CONCATENATION, "graph.concat", concat },
	{ SPLIT, "graph.split", split },
	{ SLICE, "graph.slice", slice },
	{ STRIDED_SLICE, "graph.strided_slice", strided_slice },
	{ PAD, "graph.pad", pad },
	{ PADV2, "graph.pad", pad },
	{ RESIZE_BILINEAR, "graph.resize", resize },
	{ RESIZE_NEAREST_NEIGHBOR, "graph.resize", resize },
	{ SQUEEZE, "graph.squeeze", squeeze },
	{ QUANTIZE, "graph.quantize", quantize },
	{ DEQUANTIZE, "graph.dequantize", quantize },
};

/* An unsupported op: recorded, and a graph.custom stands in for it so the
 * rest of the model still converts (and, with --allow-unsupported, is
 * kept). */
static IrOp *
custom(TflModel *m, const TflOp *op, const char *why)
{
	char l[128];
	op_label(op, l, sizeof(l));
	if (!m->opts || !m->opts->allow_unsupported)
		import_unsupported_add(&m->unsupported, why ? why : l,
		    op->loc);
	IrValue *in[TFL_MAX_IO];
	const IrType *rt[TFL_MAX_IO];
	size_t n = 0;
	bool ok = true;
	for (int i = 0; i < op->nin; i++) {
		const TflTensor *t = op->in[i] >= 0 ? &m->tensors[op->in[i]] :
		    NULL;
		if (!t || (!t->value && !t->data))
			continue; /* omitted, or scratch memory */
		IrValue *v = input(m, op, i, &ok);
		if (!ok)
			return NULL;
		if (v)
			in[n++] = v;
	}
	for (int i = 0; i < op->nout; i++)
		rt[i] = m->tensors[op->out[i]].irtype;
	IrOp *o = import_custom_op(&m->b, op->loc, l, n, in,
	    (size_t)op->nout, rt);
	for (int i = 0; i < op->nout; i++)
		m->tensors[op->out[i]].value = ir_op_result(o, i);
	return o;
}

bool
tfl_convert_op(TflModel *m, const TflOp *op)
{
	for (int i = 0; i < op->nout; i++)
		if (m->tensors[op->out[i]].value ||
		    m->tensors[op->out[i]].data)
			return op_error(m, op, "writes a tensor that is "
			    "already defined");
	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++)
		if (rows[i].code == op->code)
			return rows[i].fn(m, op, rows[i].gname);
	/* Vela's operator, when the tool registered the ethos_u dialect. */
	if (op->code == CUSTOM && op->customlen == 7 &&
	    !memcmp(op->custom, "ethos-u", 7) &&
	    ir_lookup_op(m->ctx, "ethos_u.stream"))
		return tfl_convert_ethosu(m, op);
	return custom(m, op, NULL) != NULL;
}
