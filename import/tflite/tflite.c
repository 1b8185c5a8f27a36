/* import/tflite/tflite.c: the TFLite importer's driver: decodes the model
 * (schema.fbs: Model, SubGraph, Tensor, Buffer, OperatorCode, Operator),
 * types every tensor, then converts subgraph 0's operators in order into
 * func.func @main. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "import/tflite/tflite.h"

/* Field numbers of schema.fbs's tables. */
enum { MODEL_VERSION = 0, MODEL_OPCODES = 1, MODEL_SUBGRAPHS = 2,
	MODEL_BUFFERS = 4 };
enum { SG_TENSORS = 0, SG_INPUTS = 1, SG_OUTPUTS = 2, SG_OPERATORS = 3 };
enum { T_SHAPE = 0, T_TYPE = 1, T_BUFFER = 2, T_NAME = 3, T_QUANT = 4,
	T_SPARSITY = 6, T_SIGNATURE = 7 };
enum { Q_SCALE = 2, Q_ZERO_POINT = 3, Q_DETAILS_TYPE = 4, Q_AXIS = 6 };
enum { B_DATA = 0, B_OFFSET = 1, B_SIZE = 2 };
enum { OC_DEPRECATED = 0, OC_CUSTOM = 1, OC_BUILTIN = 3 };
enum { OP_OPCODE = 0, OP_INPUTS = 1, OP_OUTPUTS = 2, OP_OPTIONS = 4 };

/* The decoded top level. */
typedef struct Top {
	FbTable model, sg;
	FbVec opcodes, buffers, tensors, inputs, outputs, operators;
} Top;

void
tfl_name(const TflTensor *t, char *buf, size_t n)
{
	snprintf(buf, n, "%.*s", (int)(t->namelen > 200 ? 200 : t->namelen),
	    t->name);
}

static bool
tensor_error(TflModel *m, uint32_t k, const char *what)
{
	char nm[256];
	tfl_name(&m->tensors[k], nm, sizeof(nm));
	import_file_error(m->f, "tensor %u ('%s'): %s", k, nm, what);
	return false;
}

/* ------------------------------------------------------------ types */

static const IrType *
storage_type(IrContext *ctx, int type)
{
	switch (type) {
	case TFL_FLOAT32: return ir_type_float(ctx, IR_F32);
	case TFL_FLOAT16: return ir_type_float(ctx, IR_F16);
	case TFL_FLOAT64: return ir_type_float(ctx, IR_F64);
	case TFL_INT32: return ir_type_int(ctx, 32, IR_SIGNLESS);
	case TFL_INT64: return ir_type_int(ctx, 64, IR_SIGNLESS);
	case TFL_INT16: return ir_type_int(ctx, 16, IR_SIGNLESS);
	case TFL_INT8: return ir_type_int(ctx, 8, IR_SIGNLESS);
	case TFL_UINT8: return ir_type_int(ctx, 8, IR_UNSIGNED);
	case TFL_BOOL: return ir_type_int(ctx, 1, IR_SIGNLESS);
	default: return NULL;
	}
}

/* The storage range of a quantized type stored as `type`. */
static void
storage_range(int type, int64_t *lo, int64_t *hi)
{
	switch (type) {
	case TFL_INT8: *lo = -128; *hi = 127; break;
	case TFL_UINT8: *lo = 0; *hi = 255; break;
	case TFL_INT16: *lo = -32768; *hi = 32767; break;
	case TFL_INT32: *lo = INT32_MIN; *hi = INT32_MAX; break;
	default: *lo = INT64_MIN; *hi = INT64_MAX; break;
	}
}

/* Per-tensor or per-axis quantization parameters into a quant type. */
static bool
quant_type(TflModel *m, uint32_t k, const IrType *storage,
    const IrType **out)
{
	TflTensor *t = &m->tensors[k];
	const ImportFile *f = m->f;
	FbVec sc, zp;
	int32_t axis;
	uint8_t details;
	*out = NULL;
	if (!fb_vec(&t->quant, Q_SCALE, 4, &sc) ||
	    !fb_vec(&t->quant, Q_ZERO_POINT, 8, &zp) ||
	    !fb_i32(&t->quant, Q_AXIS, 0, &axis) ||
	    !fb_u8(&t->quant, Q_DETAILS_TYPE, 0, &details))
		return false;
	if (details != 0)
		return tensor_error(m, k, "custom quantization details are "
		    "not supported");
	if (sc.n == 0)
		return true; /* min/max only: not quantized */
	if (storage->kind != IR_TYPE_INTEGER)
		return tensor_error(m, k, "quantization parameters on a "
		    "non-integer tensor");
	if (zp.n != sc.n && zp.n > 1)
		return tensor_error(m, k, "scale and zero_point counts differ");
	if (sc.n > 1) {
		/* A per-channel rank-1 tensor is quantized along axis 0
		 * whatever quantized_dimension says (person_detect's
		 * depthwise biases say 3). */
		if (t->rank == 1)
			axis = 0;
		if (axis < 0 || axis >= t->rank || t->dims[axis] != sc.n)
			return tensor_error(m, k, "per-axis quantization does "
			    "not match the shape");
	} else {
		axis = -1;
	}
	double *s = ir_xmalloc(sc.n * sizeof(*s));
	int64_t *z = ir_xmalloc(sc.n * sizeof(*z));
	int64_t lo, hi;
	storage_range(t->type, &lo, &hi);
	bool ok = true;
	for (uint32_t i = 0; i < sc.n; i++) {
		s[i] = fb_vec_f32(f, &sc, i);
		z[i] = zp.n ? fb_vec_i64(f, &zp, zp.n == 1 ? 0 : i) : 0;
		if (!(s[i] > 0) || !isfinite(s[i]) || z[i] < lo || z[i] > hi)
			ok = false;
	}
	if (ok)
		*out = ir_type_quant(m->ctx, t->type != TFL_UINT8, storage,
		    ir_type_float(m->ctx, IR_F32), lo, hi, axis, sc.n, s, z);
	free(s);
	free(z);
	return ok || tensor_error(m, k, "quantization scale must be positive "
	    "and finite, zero point in the storage range");
}

/* shape (and shape_signature's -1 entries) into t->dims. */
static bool
tensor_shape(TflModel *m, uint32_t k, const FbTable *tt)
{
	TflTensor *t = &m->tensors[k];
	FbVec sh, sig;
	if (!fb_vec(tt, T_SHAPE, 4, &sh) || !fb_vec(tt, T_SIGNATURE, 4, &sig))
		return false;
	if (sh.n > TFL_MAX_RANK)
		return tensor_error(m, k, "rank above 8");
	if (sig.n && sig.n != sh.n)
		return tensor_error(m, k, "shape_signature and shape ranks "
		    "differ");
	t->rank = (int)sh.n;
	for (uint32_t i = 0; i < sh.n; i++) {
		int32_t d = fb_vec_i32(m->f, &sh, i);
		int32_t s = sig.n ? fb_vec_i32(m->f, &sig, i) : d;
		if (d == -1 || s == -1)
			t->dims[i] = IR_DYNAMIC;
		else if (d < 0)
			return tensor_error(m, k, "negative dimension");
		else
			t->dims[i] = d;
		/* Unused placeholders (LSTM intermediates) may be empty:
		 * only a tensor an op uses is rejected for it. */
		t->zero |= d == 0;
	}
	return true;
}

/* The tensor's constant data, from its buffer. */
static bool
tensor_data(TflModel *m, uint32_t k, const FbTable *tt, const Top *top)
{
	TflTensor *t = &m->tensors[k];
	uint32_t bi;
	FbTable buf;
	FbVec data;
	if (!fb_u32(tt, T_BUFFER, 0, &bi))
		return false;
	if (bi == 0)
		return true;
	if (bi >= top->buffers.n)
		return tensor_error(m, k, "buffer index out of range");
	if (!fb_vec_table(m->f, &top->buffers, bi, &buf) ||
	    !fb_vec(&buf, B_DATA, 1, &data))
		return false;
	uint64_t off = 0, size = 0;
	uint32_t p = fb_field(&buf, B_OFFSET), q = fb_field(&buf, B_SIZE);
	if (p && q && (!import_read_u64(m->f, p, &off) ||
	    !import_read_u64(m->f, q, &size)))
		return tensor_error(m, k, "bad buffer offset");
	if (off > 1) {
		if (!import_in_bounds(m->f, off, size))
			return tensor_error(m, k, "buffer data outside the "
			    "file");
		t->data = m->f->data + off;
		t->size = size;
	} else if (data.n) {
		t->data = m->f->data + data.pos;
		t->size = data.n;
	}
	return true;
}

static bool
decode_tensor(TflModel *m, uint32_t k, const Top *top)
{
	TflTensor *t = &m->tensors[k];
	FbTable tt, sp;
	uint8_t type;
	if (!fb_vec_table(m->f, &top->tensors, k, &tt) ||
	    !fb_str(&tt, T_NAME, &t->name, &t->namelen) ||
	    !fb_u8(&tt, T_TYPE, 0, &type) || !fb_sub(&tt, T_QUANT, &t->quant) ||
	    !fb_sub(&tt, T_SPARSITY, &sp) || !tensor_shape(m, k, &tt) ||
	    !tensor_data(m, k, &tt, top))
		return false;
	t->type = type;
	if (sp.pos)
		return tensor_error(m, k, "sparse tensors are not supported");
	const IrType *st = storage_type(m->ctx, type), *q;
	if (!st) {
		char msg[64];
		snprintf(msg, sizeof(msg), "unsupported element type %u", type);
		return tensor_error(m, k, msg);
	}
	if (!quant_type(m, k, st, &q))
		return false;
	t->irtype = ir_type_tensor(m->ctx, t->rank, t->dims, q ? q : st,
	    NULL);
	if (t->data) {
		int64_t n = ir_type_num_elements(t->irtype);
		/* n <= size first: n * 8 could wrap around to the size. */
		if (n < 0 || (uint64_t)n > t->size ||
		    (uint64_t)n * ir_dense_elem_size(st) != t->size)
			return tensor_error(m, k, "constant data size does not "
			    "match the shape");
	}
	return true;
}

/* ------------------------------------------------------------ values */

bool
tfl_check_nonzero(TflModel *m, int32_t k)
{
	return !m->tensors[k].zero || tensor_error(m, (uint32_t)k,
	    "zero-size dimension");
}

IrValue *
tfl_value(TflModel *m, int32_t k, const IrLoc *loc)
{
	if (k < 0 || (uint32_t)k >= m->ntensors) {
		import_file_error(m->f, "tensor index %d out of range", k);
		return NULL;
	}
	TflTensor *t = &m->tensors[k];
	if (!tfl_check_nonzero(m, k))
		return NULL;
	if (t->value)
		return t->value;
	if (!t->data) {
		tensor_error(m, (uint32_t)k, "used before any operator "
		    "defines it");
		return NULL;
	}
	if (ir_type_num_elements(t->irtype) < 0) {
		tensor_error(m, (uint32_t)k, "constant with a dynamic shape");
		return NULL;
	}
	t->value = import_file_constant(m->f, &m->b, import_loc(m->f,
	    t->name, t->namelen), t->irtype, t->data, t->size);
	/* The constant holds a copy, or borrows pages that come back from
	 * the file when a pass reads them: either way they can go now. */
	import_file_drop(m->f, t->data, t->size);
	(void)loc;
	return t->value;
}

/* ------------------------------------------------------------ top level */

static bool
decode_top(TflModel *m, Top *top)
{
	const ImportFile *f = m->f;
	uint32_t version;
	FbVec sgs;
	if (!fb_root(f, "TFL3", &top->model) ||
	    !fb_u32(&top->model, MODEL_VERSION, 0, &version))
		return false;
	if (version != 3) {
		import_file_error(f, "unsupported TFLite schema version %u "
		    "(expected 3)", version);
		return false;
	}
	if (!fb_vec(&top->model, MODEL_OPCODES, 4, &top->opcodes) ||
	    !fb_vec(&top->model, MODEL_SUBGRAPHS, 4, &sgs) ||
	    !fb_vec(&top->model, MODEL_BUFFERS, 4, &top->buffers))
		return false;
	if (sgs.n == 0) {
		import_file_error(f, "the model has no subgraph");
		return false;
	}
	return fb_vec_table(f, &sgs, 0, &top->sg) &&
	    fb_vec(&top->sg, SG_TENSORS, 4, &top->tensors) &&
	    fb_vec(&top->sg, SG_INPUTS, 4, &top->inputs) &&
	    fb_vec(&top->sg, SG_OUTPUTS, 4, &top->outputs) &&
	    fb_vec(&top->sg, SG_OPERATORS, 4, &top->operators);
}

/* Applies --input-shape to input tensor t. */
static bool
fix_shape(TflModel *m, uint32_t k, const ImportShape *s)
{
	TflTensor *t = &m->tensors[k];
	if ((int)s->rank != t->rank)
		return tensor_error(m, k, "--input-shape has the wrong rank");
	for (int i = 0; i < t->rank; i++) {
		if (t->dims[i] != IR_DYNAMIC && t->dims[i] != s->dims[i])
			return tensor_error(m, k, "--input-shape contradicts a "
			    "static dimension");
		t->dims[i] = s->dims[i];
	}
	t->irtype = ir_type_tensor(m->ctx, t->rank, t->dims,
	    t->irtype->u.shaped.elem, NULL);
	return true;
}

static bool
apply_shapes(TflModel *m, const Top *top)
{
	const ImportOptions *o = m->opts;
	for (size_t i = 0; o && i < o->nshapes; i++) {
		const ImportShape *s = &o->shapes[i];
		bool found = false;
		for (uint32_t j = 0; j < top->inputs.n && !found; j++) {
			int32_t k = fb_vec_i32(m->f, &top->inputs, j);
			TflTensor *t = &m->tensors[k];
			if (strlen(s->name) != t->namelen ||
			    memcmp(s->name, t->name, t->namelen))
				continue;
			found = true;
			if (!fix_shape(m, (uint32_t)k, s))
				return false;
		}
		if (!found) {
			import_file_error(m->f, "--input-shape: the model has "
			    "no input named '%s'", s->name);
			return false;
		}
	}
	return true;
}

static bool
check_io(TflModel *m, const FbVec *v, const char *what)
{
	for (uint32_t j = 0; j < v->n; j++) {
		int32_t k = fb_vec_i32(m->f, v, j);
		if (k < 0 || (uint32_t)k >= m->ntensors) {
			import_file_error(m->f, "subgraph %s %u: tensor index "
			    "%d out of range", what, j, k);
			return false;
		}
	}
	return true;
}

static bool
decode_opcode(TflModel *m, const Top *top, uint32_t idx, TflOp *op)
{
	FbTable oc;
	uint8_t dep;
	int32_t code;
	if (idx >= top->opcodes.n) {
		import_file_error(m->f, "opcode index %u out of range", idx);
		return false;
	}
	if (!fb_vec_table(m->f, &top->opcodes, idx, &oc) ||
	    !fb_u8(&oc, OC_DEPRECATED, 0, &dep) ||
	    !fb_i32(&oc, OC_BUILTIN, 0, &code) ||
	    !fb_str(&oc, OC_CUSTOM, &op->custom, &op->customlen))
		return false;
	/* The larger of the two fields is the real code (schema.fbs). */
	op->code = (int8_t)dep > code ? (int8_t)dep : code;
	return true;
}

static bool
decode_ints(TflModel *m, const FbTable *t, unsigned field, int32_t *out,
    int *n)
{
	FbVec v;
	if (!fb_vec(t, field, 4, &v))
		return false;
	if (v.n > TFL_MAX_IO) {
		import_file_error(m->f, "operator with %u inputs or outputs "
		    "(at most %d)", v.n, TFL_MAX_IO);
		return false;
	}
	for (uint32_t i = 0; i < v.n; i++)
		out[i] = fb_vec_i32(m->f, &v, i);
	*n = (int)v.n;
	return true;
}

static bool
decode_op(TflModel *m, const Top *top, uint32_t i, TflOp *op)
{
	FbTable t;
	uint32_t idx;
	memset(op, 0, sizeof(*op));
	if (!fb_vec_table(m->f, &top->operators, i, &t) ||
	    !fb_u32(&t, OP_OPCODE, 0, &idx) ||
	    !decode_opcode(m, top, idx, op) ||
	    !decode_ints(m, &t, OP_INPUTS, op->in, &op->nin) ||
	    !decode_ints(m, &t, OP_OUTPUTS, op->out, &op->nout) ||
	    !fb_sub(&t, OP_OPTIONS, &op->opts))
		return false;
	for (int k = 0; k < op->nin + op->nout; k++) {
		int32_t x = k < op->nin ? op->in[k] : op->out[k - op->nin];
		if (x < -1 || x >= (int32_t)m->ntensors ||
		    (x < 0 && k >= op->nin)) {
			import_file_error(m->f, "operator %u: tensor index %d "
			    "out of range", i, x);
			return false;
		}
	}
	if (op->nout == 0) {
		import_file_error(m->f, "operator %u has no outputs", i);
		return false;
	}
	const TflTensor *o = &m->tensors[op->out[0]];
	if (o->namelen) {
		op->loc = import_loc(m->f, o->name, o->namelen);
	} else {
		/* An unnamed output: "<OP>#<operator index>". */
		char nm[64];
		const char *s = tfl_op_name(op->code);
		int n = snprintf(nm, sizeof(nm), "%s#%u", s ? s : "op", i);
		op->loc = import_loc(m->f, nm, (size_t)n);
	}
	return true;
}

static bool
convert_ops(TflModel *m, const Top *top)
{
	bool ok = true;
	for (uint32_t i = 0; i < top->operators.n && ok; i++) {
		TflOp op;
		ok = decode_op(m, top, i, &op) && tfl_convert_op(m, &op);
	}
	return ok;
}

static IrOp *
build(TflModel *m, const Top *top)
{
	IrContext *ctx = m->ctx;
	uint32_t nin = top->inputs.n, nout = top->outputs.n;
	const IrType **in = ir_xmalloc((nin + 1) * sizeof(*in));
	IrValue **res = ir_xmalloc((nout + 1) * sizeof(*res));
	IrOp *func;
	for (uint32_t j = 0; j < nin; j++) {
		int32_t k = fb_vec_i32(m->f, &top->inputs, j);
		in[j] = m->tensors[k].irtype;
		if (!tfl_check_nonzero(m, k)) {
			free(in);
			free(res);
			return NULL;
		}
	}
	IrOp *module = import_main_begin(ctx, import_loc(m->f, NULL, 0), nin,
	    in, &func);
	/* npu-run's default arithmetic for this model: LiteRT's on CPU
	 * (the XNNPack delegate), what the model's users compare with. */
	ir_op_set_attr(module, "npuir.arith", ir_attr_string(ctx, "xnnpack",
	    7, NULL));
	IrBlock *entry = ir_func_entry(func);
	for (uint32_t j = 0; j < nin; j++) {
		TflTensor *t = &m->tensors[fb_vec_i32(m->f, &top->inputs, j)];
		t->value = entry->args[j];
		ir_value_set_loc(t->value,
		    import_loc(m->f, t->name, t->namelen));
	}
	ir_builder_init(&m->b, ctx);
	ir_builder_set_end(&m->b, entry);
	bool ok = convert_ops(m, top);
	for (uint32_t j = 0; ok && j < nout; j++)
		ok = (res[j] = tfl_value(m, fb_vec_i32(m->f, &top->outputs, j),
		    NULL)) != NULL;
	ok = import_unsupported_report(m->f, &m->unsupported) && ok;
	if (ok)
		import_main_finish(func, import_loc(m->f, NULL, 0), nout, res);
	free(in);
	free(res);
	if (!ok) {
		ir_op_destroy(module);
		return NULL;
	}
	return module;
}

static IrOp *
import_model(TflModel *m)
{
	Top top;
	if (!decode_top(m, &top))
		return NULL;
	m->ntensors = top.tensors.n;
	m->tensors = ir_xcalloc(m->ntensors + 1, sizeof(*m->tensors));
	for (uint32_t k = 0; k < m->ntensors; k++)
		if (!decode_tensor(m, k, &top))
			return NULL;
	if (!check_io(m, &top.inputs, "input") ||
	    !check_io(m, &top.outputs, "output") || !apply_shapes(m, &top))
		return NULL;
	IrOp *module = build(m, &top);
	if (module && !ir_verify(module)) {
		ir_op_destroy(module);
		return NULL;
	}
	return module;
}

/* Imports from an already open file (the fuzzer's entry as well). */
IrOp *
tfl_import_file(IrContext *ctx, const ImportFile *f,
    const ImportOptions *opts)
{
	TflModel m = { .ctx = ctx, .f = f, .opts = opts };
	IrOp *module = import_model(&m);
	free(m.tensors);
	import_unsupported_free(&m.unsupported);
	return module;
}

IrOp *
import_tflite(IrContext *ctx, const char *path, const ImportOptions *opts)
{
	return import_path(ctx, path, opts, tfl_import_file);
}
