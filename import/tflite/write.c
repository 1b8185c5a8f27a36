/* import/tflite/write.c: the TFLite model writer: tensors (types,
 * quantization, constant data), operator codes, operators (graph-dialect
 * ops as builtin operators with their options, schema.fbs field
 * numbers; custom operators as given), the subgraph, buffers and
 * metadata, serialized with the flatbuffer builder (fbb.c). */
#include <stdlib.h>
#include <string.h>

#include "dialects/dialect.h"
#include "import/tflite/tflite.h"
#include "import/tflite/write.h"

/* BuiltinOperator codes and BuiltinOptions union members (schema.fbs). */
enum {
	B_ADD = 0, B_AVERAGE_POOL_2D = 1, B_CONCATENATION = 2, B_CONV_2D = 3,
	B_DEPTHWISE_CONV_2D = 4, B_DEQUANTIZE = 6, B_FULLY_CONNECTED = 9,
	B_LOGISTIC = 14, B_MAX_POOL_2D = 17, B_MUL = 18, B_RELU = 19,
	B_RELU6 = 21, B_RESHAPE = 22, B_SOFTMAX = 25, B_TANH = 28,
	B_CUSTOM = 32, B_TRANSPOSE = 39, B_MEAN = 40, B_SUB = 41,
	B_MAXIMUM = 55, B_MINIMUM = 57, B_QUANTIZE = 114, B_HARD_SWISH = 117,
};
enum {
	O_NONE = 0, O_CONV2D = 1, O_DEPTHWISE = 2, O_POOL2D = 5,
	O_FULLY_CONNECTED = 8, O_SOFTMAX = 9, O_CONCATENATION = 10,
	O_ADD = 11, O_RESHAPE = 17, O_MUL = 21, O_TRANSPOSE = 26,
	O_REDUCER = 27, O_SUB = 28,
};
enum { PADDING_SAME = 0, PADDING_VALID = 1 };

#define MAX_OPT_FIELDS 8
#define MAX_OPT_INTS 8

/* One builtin-options table: scalar fields, and at most one int vector
 * (ReshapeOptions.new_shape). */
typedef struct OptFields {
	unsigned type;            /* BuiltinOptions member, O_NONE: none */
	unsigned n;
	struct { uint8_t idx, size; uint64_t bits; } f[MAX_OPT_FIELDS];
	int vec_idx;              /* -1: no vector */
	int64_t vec[MAX_OPT_INTS];
	unsigned nvec;
} OptFields;

typedef struct WTensor {
	char *name;
	int type;                 /* TensorType */
	int rank;
	int64_t dims[TFL_MAX_RANK];
	const IrType *quant;      /* IR_TYPE_QUANT element, or NULL */
	const uint8_t *data;      /* constant bytes (owned when own) */
	size_t size;
	bool own;
	int64_t offset;           /* arena offset, -1: none */
	IrValue *value;
	uint32_t buffer;          /* set by finish */
	int32_t order;            /* final index, set by finish */
} WTensor;

typedef struct WOp {
	uint32_t opcode;
	int32_t *in, *out;
	int nin, nout;
	OptFields opts;
	uint8_t *custom;
	size_t ncustom;
} WOp;

typedef struct WCode {
	int code;
	char *custom;
} WCode;

typedef struct WMeta {
	char *name;
	uint8_t *data;
	size_t size;
} WMeta;

struct TflWriter {
	IrContext *ctx;
	WTensor *t;
	size_t nt, tcap;
	WOp *ops;
	size_t nops, opcap;
	WCode *codes;
	size_t ncodes;
	WMeta *meta;
	size_t nmeta;
	int32_t *in, *out;
	int nin, nout;
	bool offsets;             /* any tensor has an arena offset */
	struct { IrValue *v; int32_t t; } *alias;
	size_t nalias;
	unsigned unnamed;
};

TflWriter *
tfl_writer_create(IrContext *ctx)
{
	TflWriter *w = ir_xcalloc(1, sizeof(*w));
	w->ctx = ctx;
	return w;
}

void
tfl_writer_destroy(TflWriter *w)
{
	if (!w)
		return;
	for (size_t i = 0; i < w->nt; i++) {
		free(w->t[i].name);
		if (w->t[i].own)
			free((void *)w->t[i].data);
	}
	for (size_t i = 0; i < w->nops; i++) {
		free(w->ops[i].in);
		free(w->ops[i].out);
		free(w->ops[i].custom);
	}
	for (size_t i = 0; i < w->ncodes; i++)
		free(w->codes[i].custom);
	for (size_t i = 0; i < w->nmeta; i++) {
		free(w->meta[i].name);
		free(w->meta[i].data);
	}
	free(w->t);
	free(w->ops);
	free(w->codes);
	free(w->meta);
	free(w->in);
	free(w->out);
	free(w->alias);
	free(w);
}

/* ------------------------------------------------------------ tensors */

static WTensor *
new_tensor(TflWriter *w, char *name)
{
	if (w->nt == w->tcap) {
		w->tcap = w->tcap ? 2 * w->tcap : 32;
		w->t = ir_xrealloc(w->t, w->tcap * sizeof(*w->t));
	}
	WTensor *t = &w->t[w->nt++];
	memset(t, 0, sizeof(*t));
	t->name = name;
	t->offset = -1;
	return t;
}

/* The TensorType of a storage element type, or -1. */
static int
tensor_type(const IrType *e)
{
	if (e->kind == IR_TYPE_QUANT)
		e = e->u.quant.storage;
	if (e->kind == IR_TYPE_FLOAT)
		return e->u.flt.kind == IR_F32 ? TFL_FLOAT32 :
		    e->u.flt.kind == IR_F16 ? TFL_FLOAT16 :
		    e->u.flt.kind == IR_F64 ? TFL_FLOAT64 : -1;
	if (e->kind != IR_TYPE_INTEGER)
		return -1;
	switch (e->u.integer.width) {
	case 1: return TFL_BOOL;
	case 8: return e->u.integer.sign == IR_UNSIGNED ? TFL_UINT8 :
	    TFL_INT8;
	case 16: return TFL_INT16;
	case 32: return TFL_INT32;
	case 64: return TFL_INT64;
	default: return -1;
	}
}

/* The value's name: its location's name, `<name>:<i>` for a later
 * result, else a numbered one. */
static char *
value_name(TflWriter *w, IrValue *v)
{
	const IrLoc *l = v->kind == IR_VALUE_ARG ? ir_value_loc(v) :
	    ir_op_loc(v->owner.op);
	char buf[64];
	if (l && l->kind == IR_LOC_NAME) {
		const IrIdent *n = l->u.name.name;
		size_t len = n->len + 16;
		char *s = ir_xmalloc(len);
		if (v->kind == IR_VALUE_RESULT && v->index > 0)
			snprintf(s, len, "%.*s:%u", (int)n->len, n->str,
			    (unsigned)v->index);
		else
			snprintf(s, len, "%.*s", (int)n->len, n->str);
		return s;
	}
	snprintf(buf, sizeof(buf), "tensor_%u", w->unnamed++);
	return ir_xstrndup(buf, strlen(buf));
}

/* graph.constant's data, when v is one's result. */
static bool
constant_data(IrValue *v, const uint8_t **data, size_t *size, bool *own)
{
	IrOp *d = v->kind == IR_VALUE_RESULT ? v->owner.op : NULL;
	if (!d || strcmp(ir_op_name_str(d), "graph.constant"))
		return false;
	const IrAttr *a = ir_op_attr(d, "value");
	if (!a || a->kind != IR_ATTR_DENSE)
		return false;
	int64_t n = ir_type_num_elements(a->u.dense.type);
	size_t es = ir_dense_elem_size(a->u.dense.type->u.shaped.elem);
	if (n < 0 || !es)
		return false;
	*size = (size_t)n * es;
	*own = a->u.dense.splat && n != 1;
	if (*own) {
		uint8_t *p = ir_xmalloc(*size ? *size : 1);
		for (int64_t i = 0; i < n; i++)
			memcpy(p + (size_t)i * es, a->u.dense.data, es);
		*data = p;
	} else {
		*data = a->u.dense.data;
	}
	return true;
}

int32_t
tfl_writer_value(TflWriter *w, IrValue *v, const IrLoc *loc)
{
	for (size_t i = 0; i < w->nalias; i++)
		if (w->alias[i].v == v)
			return w->alias[i].t;
	for (size_t i = 0; i < w->nt; i++)
		if (w->t[i].value == v)
			return (int32_t)i;
	const IrType *ty = v->type;
	if (ty->kind != IR_TYPE_TENSOR || ty->u.shaped.rank < 0 ||
	    ty->u.shaped.rank > TFL_MAX_RANK) {
		ir_emit_error(w->ctx, loc, "cannot write a value of this type "
		    "to TFLite (ranked tensors of rank <= 8 only)");
		return -1;
	}
	const IrType *e = ty->u.shaped.elem;
	int tt = tensor_type(e);
	if (tt < 0) {
		ir_emit_error(w->ctx, loc, "cannot write this element type to "
		    "TFLite");
		return -1;
	}
	for (int64_t i = 0; i < ty->u.shaped.rank; i++)
		if (ty->u.shaped.dims[i] == IR_DYNAMIC) {
			ir_emit_error(w->ctx, loc, "cannot write a tensor with "
			    "a dynamic shape to TFLite");
			return -1;
		}
	WTensor *t = new_tensor(w, value_name(w, v));
	t->value = v;
	t->type = tt;
	t->rank = (int)ty->u.shaped.rank;
	memcpy(t->dims, ty->u.shaped.dims, (size_t)t->rank * sizeof(int64_t));
	t->quant = e->kind == IR_TYPE_QUANT ? e : NULL;
	constant_data(v, &t->data, &t->size, &t->own);
	return (int32_t)(w->nt - 1);
}

int32_t
tfl_writer_bytes(TflWriter *w, const char *name, const uint8_t *data,
    size_t n)
{
	uint8_t *p = NULL;
	if (data) {
		p = ir_xmalloc(n ? n : 1);
		memcpy(p, data, n);
	}
	int32_t id = tfl_writer_bytes_ref(w, name, p, n);
	w->t[id].own = p != NULL;
	return id;
}

int32_t
tfl_writer_bytes_ref(TflWriter *w, const char *name, const uint8_t *data,
    size_t n)
{
	WTensor *t = new_tensor(w, ir_xstrndup(name, strlen(name)));
	t->type = TFL_UINT8;
	t->rank = 1;
	t->dims[0] = (int64_t)n;
	t->data = data;
	t->size = data ? n : 0;
	return (int32_t)(w->nt - 1);
}

void
tfl_writer_offset(TflWriter *w, int32_t t, int64_t offset)
{
	w->t[t].offset = offset;
	w->offsets = true;
}

void
tfl_writer_metadata(TflWriter *w, const char *name, const uint8_t *data,
    size_t n)
{
	w->meta = ir_xrealloc(w->meta, (w->nmeta + 1) * sizeof(*w->meta));
	WMeta *m = &w->meta[w->nmeta++];
	m->name = ir_xstrndup(name, strlen(name));
	m->data = ir_xmalloc(n ? n : 1);
	memcpy(m->data, data, n);
	m->size = n;
}

void
tfl_writer_io(TflWriter *w, const int32_t *t, int n, bool outputs)
{
	int32_t **p = outputs ? &w->out : &w->in;
	*p = ir_xrealloc(*p, (size_t)(n + 1) * sizeof(*t));
	memcpy(*p, t, (size_t)n * sizeof(*t));
	*(outputs ? &w->nout : &w->nin) = n;
}

int64_t
tfl_writer_get_offset(const TflWriter *w, int32_t t)
{
	return w->t[t].offset;
}

int32_t
tfl_writer_alias(TflWriter *w, IrValue *alias, IrValue *of,
    const IrLoc *loc)
{
	int32_t t = tfl_writer_value(w, of, loc);
	if (t < 0)
		return -1;
	w->alias = ir_xrealloc(w->alias, (w->nalias + 1) * sizeof(*w->alias));
	w->alias[w->nalias].v = alias;
	w->alias[w->nalias++].t = t;
	return t;
}

/* ------------------------------------------------------------ operators */

static uint32_t
opcode(TflWriter *w, int code, const char *custom)
{
	for (size_t i = 0; i < w->ncodes; i++)
		if (w->codes[i].code == code && (!custom ||
		    !strcmp(w->codes[i].custom, custom)))
			return (uint32_t)i;
	w->codes = ir_xrealloc(w->codes, (w->ncodes + 1) * sizeof(*w->codes));
	w->codes[w->ncodes].code = code;
	w->codes[w->ncodes].custom = custom ?
	    ir_xstrndup(custom, strlen(custom)) : NULL;
	return (uint32_t)w->ncodes++;
}

static WOp *
new_op(TflWriter *w, uint32_t code, const int32_t *in, int nin,
    const int32_t *out, int nout)
{
	if (w->nops == w->opcap) {
		w->opcap = w->opcap ? 2 * w->opcap : 16;
		w->ops = ir_xrealloc(w->ops, w->opcap * sizeof(*w->ops));
	}
	WOp *o = &w->ops[w->nops++];
	memset(o, 0, sizeof(*o));
	o->opcode = code;
	o->in = ir_xmalloc((size_t)(nin + 1) * sizeof(*in));
	o->out = ir_xmalloc((size_t)(nout + 1) * sizeof(*out));
	memcpy(o->in, in, (size_t)nin * sizeof(*in));
	memcpy(o->out, out, (size_t)nout * sizeof(*out));
	o->nin = nin;
	o->nout = nout;
	o->opts.vec_idx = -1;
	return o;
}

void
tfl_writer_custom(TflWriter *w, const char *code, const int32_t *in,
    int nin, const int32_t *out, int nout, const uint8_t *opts,
    size_t nopts)
{
	WOp *o = new_op(w, opcode(w, B_CUSTOM, code), in, nin, out, nout);
	o->custom = ir_xmalloc(nopts ? nopts : 1);
	memcpy(o->custom, opts, nopts);
	o->ncustom = nopts;
}

static void
opt(OptFields *f, unsigned idx, uint64_t bits, unsigned size)
{
	f->f[f->n].idx = (uint8_t)idx;
	f->f[f->n].size = (uint8_t)size;
	f->f[f->n].bits = bits;
	f->n++;
}

static void
opt_f32(OptFields *f, unsigned idx, double v)
{
	float x = (float)v;
	uint32_t u;
	memcpy(&u, &x, 4);
	opt(f, idx, u, 4);
}

/* What a graph op becomes. */
typedef struct GRow {
	const char *name;
	int code;
	unsigned opts;
	/* Fills the options; an operator with an extra constant input
	 * (TRANSPOSE's perm, MEAN's axes) sets its *nints values too. */
	bool (*fill)(IrOp *op, OptFields *f, int64_t *ints, int *nints);
} GRow;

static bool
fail(IrOp *op, const char *what)
{
	ir_op_emit_error(op, "cannot be written as a TFLite builtin "
	    "operator: %s", what);
	return false;
}

/* Pads, strides and dilations of a window op, in TFLite's terms. */
static bool
window(IrOp *op, uint8_t *padding, int64_t s[2], int64_t d[2])
{
	const IrOpDef *def = op->name->def;
	DialectPad p = dialect_get_pad(def, op->attrs, "padding");
	if (p.kind == DIALECT_PAD_EXPLICIT)
		return fail(op, "explicit padding (TFLite has SAME and VALID)");
	if (strcmp(dialect_get_str(def, op->attrs, "layout"), "NHWC"))
		return fail(op, "layout other than NHWC");
	*padding = p.kind == DIALECT_PAD_SAME ? PADDING_SAME : PADDING_VALID;
	s[0] = s[1] = d[0] = d[1] = 1;
	dialect_get_ints(def, op->attrs, "strides", s, 2);
	if (dialect_has_attr(def, op->attrs, "dilations"))
		dialect_get_ints(def, op->attrs, "dilations", d, 2);
	return true;
}

static bool
fill_none(IrOp *op, OptFields *f, int64_t *v, int *n)
{
	return true;
}

static bool
fill_conv(IrOp *op, OptFields *f, int64_t *v, int *n)
{
	uint8_t pad;
	int64_t s[2], d[2];
	if (!window(op, &pad, s, d))
		return false;
	bool dw = f->type == O_DEPTHWISE;
	if (!dw && dialect_get_int(op->name->def, op->attrs, "groups") != 1)
		return fail(op, "grouped convolution");
	opt(f, 0, pad, 1);
	opt(f, 1, (uint64_t)s[1], 4);
	opt(f, 2, (uint64_t)s[0], 4);
	if (dw)
		opt(f, 3, (uint64_t)dialect_get_int(op->name->def, op->attrs,
		    "depth_multiplier"), 4);
	opt(f, dw ? 5 : 4, (uint64_t)d[1], 4);
	opt(f, dw ? 6 : 5, (uint64_t)d[0], 4);
	return true;
}

static bool
fill_pool(IrOp *op, OptFields *f, int64_t *v, int *n)
{
	uint8_t pad;
	int64_t s[2], d[2], k[2];
	if (!window(op, &pad, s, d))
		return false;
	if (d[0] != 1 || d[1] != 1)
		return fail(op, "dilated pooling");
	if (dialect_has_attr(op->name->def, op->attrs, "count_include_pad") &&
	    dialect_get_bool(op->name->def, op->attrs, "count_include_pad"))
		return fail(op, "count_include_pad");
	dialect_get_ints(op->name->def, op->attrs, "kernel", k, 2);
	opt(f, 0, pad, 1);
	opt(f, 1, (uint64_t)s[1], 4);
	opt(f, 2, (uint64_t)s[0], 4);
	opt(f, 3, (uint64_t)k[1], 4);
	opt(f, 4, (uint64_t)k[0], 4);
	return true;
}

static bool
fill_fc(IrOp *op, OptFields *f, int64_t *v, int *n)
{
	if (dialect_get_bool(op->name->def, op->attrs, "keep_num_dims"))
		opt(f, 2, 1, 1);
	return true;
}

static bool
fill_softmax(IrOp *op, OptFields *f, int64_t *v, int *n)
{
	const IrOpDef *d = op->name->def;
	int64_t axis = dialect_get_int(d, op->attrs, "axis");
	int64_t rank = ir_op_operand(op, 0)->type->u.shaped.rank;
	if (axis != -1 && axis != rank - 1)
		return fail(op, "softmax over an axis other than the last");
	opt_f32(f, 0, dialect_get_float(d, op->attrs, "beta"));
	return true;
}

static bool
fill_reshape(IrOp *op, OptFields *f, int64_t *v, int *n)
{
	const IrType *t = ir_op_result(op, 0)->type;
	if (t->u.shaped.rank > MAX_OPT_INTS)
		return fail(op, "rank above 8");
	f->vec_idx = 0;
	f->nvec = (unsigned)t->u.shaped.rank;
	memcpy(f->vec, t->u.shaped.dims, f->nvec * sizeof(int64_t));
	return true;
}

static bool
fill_concat(IrOp *op, OptFields *f, int64_t *v, int *n)
{
	int64_t axis = dialect_get_int(op->name->def, op->attrs, "axis");
	opt(f, 0, (uint64_t)(uint32_t)(int32_t)axis, 4);
	return true;
}

/* An extra int32 input (TRANSPOSE's perm, MEAN's axes). */
static bool
fill_ints_input(IrOp *op, const char *attr, int64_t *v, int *n)
{
	*n = dialect_get_ints(op->name->def, op->attrs, attr, v,
	    TFL_MAX_RANK);
	return *n >= 0 || fail(op, "missing attribute");
}

static bool
fill_transpose(IrOp *op, OptFields *f, int64_t *v, int *n)
{
	return fill_ints_input(op, "perm", v, n);
}

static bool
fill_mean(IrOp *op, OptFields *f, int64_t *v, int *n)
{
	if (dialect_get_bool(op->name->def, op->attrs, "keep_dims"))
		opt(f, 0, 1, 1);
	return fill_ints_input(op, "axes", v, n);
}

/* npu.mean: MEAN over its axes; dims are kept when the ranks agree
 * (Vela's lowering keeps them, TFLite's option says so). */
static bool
fill_npu_mean(IrOp *op, OptFields *f, int64_t *v, int *n)
{
	if (ir_op_result(op, 0)->type->u.shaped.rank ==
	    ir_op_operand(op, 0)->type->u.shaped.rank)
		opt(f, 0, 1, 1);
	return fill_ints_input(op, "axes", v, n);
}

static const GRow grows[] = {
	{ "graph.add", B_ADD, O_ADD, fill_none },
	{ "graph.sub", B_SUB, O_SUB, fill_none },
	{ "graph.mul", B_MUL, O_MUL, fill_none },
	{ "graph.maximum", B_MAXIMUM, O_NONE, fill_none },
	{ "graph.minimum", B_MINIMUM, O_NONE, fill_none },
	{ "graph.relu", B_RELU, O_NONE, fill_none },
	{ "graph.relu6", B_RELU6, O_NONE, fill_none },
	{ "graph.sigmoid", B_LOGISTIC, O_NONE, fill_none },
	{ "graph.tanh", B_TANH, O_NONE, fill_none },
	{ "graph.hard_swish", B_HARD_SWISH, O_NONE, fill_none },
	{ "graph.softmax", B_SOFTMAX, O_SOFTMAX, fill_softmax },
	{ "npu.softmax", B_SOFTMAX, O_SOFTMAX, fill_softmax },
	{ "graph.reshape", B_RESHAPE, O_RESHAPE, fill_reshape },
	{ "npu.reshape", B_RESHAPE, O_RESHAPE, fill_reshape },
	{ "graph.quantize", B_QUANTIZE, O_NONE, fill_none },
	{ "graph.requantize", B_QUANTIZE, O_NONE, fill_none },
	{ "graph.dequantize", B_DEQUANTIZE, O_NONE, fill_none },
	{ "graph.concat", B_CONCATENATION, O_CONCATENATION, fill_concat },
	{ "graph.avg_pool2d", B_AVERAGE_POOL_2D, O_POOL2D, fill_pool },
	{ "graph.max_pool2d", B_MAX_POOL_2D, O_POOL2D, fill_pool },
	{ "graph.conv2d", B_CONV_2D, O_CONV2D, fill_conv },
	{ "graph.depthwise_conv2d", B_DEPTHWISE_CONV_2D, O_DEPTHWISE,
	    fill_conv },
	{ "graph.fully_connected", B_FULLY_CONNECTED, O_FULLY_CONNECTED,
	    fill_fc },
	{ "graph.transpose", B_TRANSPOSE, O_TRANSPOSE, fill_transpose },
	{ "graph.reduce_mean", B_MEAN, O_REDUCER, fill_mean },
	{ "npu.mean", B_MEAN, O_REDUCER, fill_npu_mean },
	{ "npu.transpose", B_TRANSPOSE, O_TRANSPOSE, fill_transpose },
};

static const GRow *
grow_of(const IrOp *op)
{
	const char *name = ir_op_name_str(op);
	for (size_t i = 0; i < sizeof(grows) / sizeof(grows[0]); i++)
		if (!strcmp(grows[i].name, name))
			return &grows[i];
	return NULL;
}

bool
tfl_writer_knows(const IrOp *op)
{
	return grow_of(op) || !strcmp(ir_op_name_str(op), "graph.constant");
}

/* A constant int32 vector tensor for an operator's extra input. */
static int32_t
ints_tensor(TflWriter *w, const char *opname, const int64_t *v, int n)
{
	char name[300];
	snprintf(name, sizeof(name), "%s/ints", opname);
	WTensor *t = new_tensor(w, ir_xstrndup(name, strlen(name)));
	t->type = TFL_INT32;
	t->rank = 1;
	t->dims[0] = n;
	uint8_t *p = ir_xmalloc((size_t)n * 4 + 1);
	for (int i = 0; i < n; i++)
		for (int b = 0; b < 4; b++)
			p[4 * i + b] = (uint8_t)((uint64_t)v[i] >> (8 * b));
	t->data = p;
	t->size = (size_t)n * 4;
	t->own = true;
	return (int32_t)(w->nt - 1);
}

bool
tfl_writer_graph_op(TflWriter *w, IrOp *op)
{
	if (!strcmp(ir_op_name_str(op), "graph.constant"))
		return tfl_writer_value(w, ir_op_result(op, 0),
		    ir_op_loc(op)) >= 0;
	const GRow *r = grow_of(op);
	if (!r)
		return fail(op, "no TFLite operator for it here");
	if (ir_op_attr(op, "act_min") || ir_op_attr(op, "act_max"))
		return fail(op, "a fused clamp (act_min/act_max)");
	if (op->noperands > TFL_MAX_IO || op->nresults > TFL_MAX_IO)
		return fail(op, "too many operands");
	OptFields f = { .type = r->opts, .vec_idx = -1 };
	int64_t ints[TFL_MAX_RANK];
	int nints = -1;
	if (!r->fill(op, &f, ints, &nints))
		return false;
	int32_t in[TFL_MAX_IO + 1], out[TFL_MAX_IO];
	int nin = 0;
	for (unsigned i = 0; i < op->noperands; i++)
		if ((in[nin++] = tfl_writer_value(w, ir_op_operand(op, i),
		    ir_op_loc(op))) < 0)
			return false;
	for (unsigned i = 0; i < op->nresults; i++)
		if ((out[i] = tfl_writer_value(w, ir_op_result(op, i),
		    ir_op_loc(op))) < 0)
			return false;
	if (nints >= 0)
		in[nin++] = ints_tensor(w, w->t[out[0]].name, ints, nints);
	WOp *o = new_op(w, opcode(w, r->code, NULL), in, nin, out,
	    (int)op->nresults);
	o->opts = f;
	return true;
}

/* ------------------------------------------------------------ serialize */

static FbRef
write_quant(FbBuilder *b, const IrType *q)
{
	size_t n = q->u.quant.nscales;
	/* The scales as float32 bit patterns. */
	int64_t *s = ir_xmalloc(n * sizeof(*s));
	for (size_t i = 0; i < n; i++) {
		float x = (float)q->u.quant.scales[i];
		uint32_t u;
		memcpy(&u, &x, 4);
		s[i] = u;
	}
	FbRef zp = fbb_ints(b, q->u.quant.zero_points, n, 8);
	FbRef sc = fbb_ints(b, s, n, 4);
	free(s);
	fbb_table_start(b);
	fbb_field_ref(b, 2, sc);
	fbb_field_ref(b, 3, zp);
	if (q->u.quant.axis > 0)
		fbb_field_int(b, 6, (uint64_t)q->u.quant.axis, 4);
	return fbb_table_end(b);
}

static FbRef
write_tensor(FbBuilder *b, const WTensor *t)
{
	FbRef q = t->quant ? write_quant(b, t->quant) : 0;
	FbRef name = fbb_string(b, t->name, strlen(t->name));
	FbRef shape = fbb_ints(b, t->dims, (size_t)t->rank, 4);
	fbb_table_start(b);
	fbb_field_ref(b, 0, shape);
	if (t->type)
		fbb_field_int(b, 1, (uint64_t)t->type, 1);
	if (t->buffer)
		fbb_field_int(b, 2, t->buffer, 4);
	fbb_field_ref(b, 3, name);
	if (q)
		fbb_field_ref(b, 4, q);
	return fbb_table_end(b);
}

static FbRef
write_opts(FbBuilder *b, const OptFields *f)
{
	FbRef vec = 0;
	if (f->vec_idx >= 0)
		vec = fbb_ints(b, f->vec, f->nvec, 4);
	fbb_table_start(b);
	if (f->vec_idx >= 0)
		fbb_field_ref(b, (unsigned)f->vec_idx, vec);
	for (unsigned i = 0; i < f->n; i++)
		fbb_field_int(b, f->f[i].idx, f->f[i].bits, f->f[i].size);
	return fbb_table_end(b);
}

static FbRef
write_op(FbBuilder *b, const TflWriter *w, const WOp *o)
{
	int64_t v[TFL_MAX_IO + 1];
	FbRef custom = 0, opts = 0;
	if (o->custom)
		custom = fbb_bytes(b, o->custom, o->ncustom, 1);
	if (o->opts.type != O_NONE)
		opts = write_opts(b, &o->opts);
	for (int i = 0; i < o->nout; i++)
		v[i] = w->t[o->out[i]].order;
	FbRef outs = fbb_ints(b, v, (size_t)o->nout, 4);
	for (int i = 0; i < o->nin; i++)
		v[i] = o->in[i] < 0 ? -1 : w->t[o->in[i]].order;
	FbRef ins = fbb_ints(b, v, (size_t)o->nin, 4);
	fbb_table_start(b);
	if (o->opcode)
		fbb_field_int(b, 0, o->opcode, 4);
	fbb_field_ref(b, 1, ins);
	fbb_field_ref(b, 2, outs);
	if (opts) {
		fbb_field_int(b, 3, o->opts.type, 1);
		fbb_field_ref(b, 4, opts);
	}
	if (custom)
		fbb_field_ref(b, 5, custom);
	return fbb_table_end(b);
}

static FbRef
write_subgraph(FbBuilder *b, const TflWriter *w, const size_t *perm,
    const char *name)
{
	FbRef *r = ir_xmalloc((w->nt + w->nops + 1) * sizeof(*r));
	int64_t *v = ir_xmalloc((size_t)(w->nin + w->nout + 1) * sizeof(*v));
	for (size_t i = 0; i < w->nops; i++)
		r[i] = write_op(b, w, &w->ops[i]);
	FbRef ops = fbb_refs(b, r, w->nops);
	for (size_t i = 0; i < w->nt; i++)
		r[i] = write_tensor(b, &w->t[perm[i]]);
	FbRef tensors = fbb_refs(b, r, w->nt);
	for (int i = 0; i < w->nout; i++)
		v[i] = w->t[w->out[i]].order;
	FbRef outs = fbb_ints(b, v, (size_t)w->nout, 4);
	for (int i = 0; i < w->nin; i++)
		v[i] = w->t[w->in[i]].order;
	FbRef ins = fbb_ints(b, v, (size_t)w->nin, 4);
	FbRef nm = fbb_string(b, name, strlen(name));
	fbb_table_start(b);
	fbb_field_ref(b, 0, tensors);
	fbb_field_ref(b, 1, ins);
	fbb_field_ref(b, 2, outs);
	fbb_field_ref(b, 3, ops);
	fbb_field_ref(b, 4, nm);
	free(r);
	free(v);
	return fbb_table_end(b);
}

/* The data is referenced: tensors' data lives in the IR or the writer,
 * both alive until the model is finished or written. */
static FbRef
write_buffer(FbBuilder *b, const uint8_t *data, size_t n)
{
	FbRef d = data ? fbb_bytes_ref(b, data, n, 16) : 0;
	fbb_table_start(b);
	if (d)
		fbb_field_ref(b, 0, d);
	return fbb_table_end(b);
}

static FbRef
write_code(FbBuilder *b, const WCode *c)
{
	FbRef s = c->custom ? fbb_string(b, c->custom, strlen(c->custom)) : 0;
	fbb_table_start(b);
	fbb_field_int(b, 0, (uint64_t)(c->code < 127 ? c->code : 127), 1);
	if (s)
		fbb_field_ref(b, 1, s);
	fbb_field_int(b, 3, (uint64_t)c->code, 4);
	return fbb_table_end(b);
}

/* The OfflineMemoryAllocation data: version 0, one subgraph, the tensor
 * count, each tensor's offset (-1: planned by the runtime). */
static uint8_t *
offline_plan(const TflWriter *w, const size_t *perm, size_t *n)
{
	*n = 4 * (3 + w->nt);
	uint8_t *p = ir_xmalloc(*n);
	int32_t v;
	for (size_t i = 0; i < 3 + w->nt; i++) {
		v = i == 0 ? 0 : i == 1 ? 1 : i == 2 ? (int32_t)w->nt :
		    (int32_t)w->t[perm[i - 3]].offset;
		for (int k = 0; k < 4; k++)
			p[4 * i + k] = (uint8_t)((uint32_t)v >> (8 * k));
	}
	return p;
}

static int
by_name(const void *a, const void *b, void *ctx)
{
	const TflWriter *w = ctx;
	size_t x = *(const size_t *)a, y = *(const size_t *)b;
	int c = strcmp(w->t[x].name, w->t[y].name);
	return c ? c : (x > y) - (x < y);
}

/* Insertion sort: stable, deterministic, and the tensor lists are
 * short next to the data they carry. */
static void
sort_tensors(const TflWriter *w, size_t *perm)
{
	for (size_t i = 0; i < w->nt; i++)
		perm[i] = i;
	for (size_t i = 1; i < w->nt; i++) {
		size_t x = perm[i], j = i;
		for (; j > 0 && by_name(&perm[j - 1], &x, (void *)w) > 0; j--)
			perm[j] = perm[j - 1];
		perm[j] = x;
	}
}

/* The model in b; returns the root table. */
static FbRef
serialize(TflWriter *w, FbBuilder *b, const char *subgraph,
    const char *description)
{
	size_t *perm = ir_xmalloc((w->nt + 1) * sizeof(*perm));
	sort_tensors(w, perm);
	uint32_t nbuf = 1;
	for (size_t i = 0; i < w->nt; i++) {
		WTensor *t = &w->t[perm[i]];
		t->order = (int32_t)i;
		t->buffer = t->data ? nbuf++ : 0;
	}
	if (w->offsets) {
		size_t n;
		uint8_t *p = offline_plan(w, perm, &n);
		tfl_writer_metadata(w, "OfflineMemoryAllocation", p, n);
		free(p);
	}
	FbRef *r = ir_xmalloc((nbuf + w->nmeta + w->ncodes + 1) * sizeof(*r));
	for (size_t i = 0; i < w->nmeta; i++) {
		FbRef name = fbb_string(b, w->meta[i].name,
		    strlen(w->meta[i].name));
		fbb_table_start(b);
		fbb_field_ref(b, 0, name);
		fbb_field_int(b, 1, nbuf + i, 4);
		r[i] = fbb_table_end(b);
	}
	FbRef meta = fbb_refs(b, r, w->nmeta);
	/* Buffers: the empty one, the tensors' in tensor order, then the
	 * metadata's; written last to first so the big data comes first
	 * in the file, as Vela's files have it. */
	size_t nb = nbuf + w->nmeta;
	for (size_t k = nb; k-- > 0;) {
		if (k == 0) {
			r[k] = write_buffer(b, NULL, 0);
		} else if (k >= nbuf) {
			const WMeta *m = &w->meta[k - nbuf];
			r[k] = write_buffer(b, m->data, m->size);
		} else {
			for (size_t i = 0; i < w->nt; i++)
				if (w->t[i].buffer == k)
					r[k] = write_buffer(b, w->t[i].data,
					    w->t[i].size);
		}
	}
	FbRef bufs = fbb_refs(b, r, nb);
	FbRef sg = write_subgraph(b, w, perm, subgraph);
	FbRef sgs = fbb_refs(b, &sg, 1);
	for (size_t i = 0; i < w->ncodes; i++)
		r[i] = write_code(b, &w->codes[i]);
	FbRef codes = fbb_refs(b, r, w->ncodes);
	FbRef desc = fbb_string(b, description, strlen(description));
	fbb_table_start(b);
	fbb_field_int(b, 0, 3, 4);
	fbb_field_ref(b, 1, codes);
	fbb_field_ref(b, 2, sgs);
	fbb_field_ref(b, 3, desc);
	fbb_field_ref(b, 4, bufs);
	fbb_field_ref(b, 6, meta);
	FbRef root = fbb_table_end(b);
	free(r);
	free(perm);
	return root;
}

uint8_t *
tfl_writer_finish(TflWriter *w, const char *subgraph,
    const char *description, size_t *len)
{
	FbBuilder b;
	fbb_init(&b);
	FbRef root = serialize(w, &b, subgraph, description);
	uint8_t *out = fbb_finish(&b, root, "TFL3", len);
	fbb_free(&b);
	return out;
}

bool
tfl_writer_write(TflWriter *w, const char *subgraph,
    const char *description, FILE *f, size_t *len)
{
	FbBuilder b;
	fbb_init(&b);
	FbRef root = serialize(w, &b, subgraph, description);
	*len = fbb_close(&b, root, "TFL3");
	bool ok = fbb_write(&b, f);
	fbb_free(&b);
	return ok;
}
