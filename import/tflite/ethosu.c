/* import/tflite/ethosu.c: a Vela-compiled `ethos-u` custom operator
 * becomes one ethos_u.stream op carrying its command stream, its flash
 * blob, the arena sizes and where each input and output lies in the
 * scratch arena (from the model's OfflineMemoryAllocation metadata). */
#include <string.h>

#include "import/tflite/tflite.h"
#include "interp/tensor.h"

/* Model table fields (TFLite schema). */
enum { M_BUFFERS = 4, M_METADATA = 6 };
enum { MD_NAME = 0, MD_BUFFER = 1 };
enum { BUF_DATA = 0 };

/* Vela's inputs: command stream, flash, scratch, fast scratch, then the
 * operator's feature maps. */
enum { IN_STREAM, IN_FLASH, IN_SCRATCH, IN_FAST, IN_FIRST_FM };

static bool
ethosu_error(TflModel *m, const TflOp *op, const char *msg)
{
	ir_emit_error(m->ctx, op->loc, "ethos-u operator: %s", msg);
	return false;
}

/* The OfflineMemoryAllocation metadata: [version, subgraph, ntensors,
 * offset per tensor (-1: not planned)]; *n = 0 when absent. */
static bool
offline_plan(TflModel *m, FbVec *out)
{
	const ImportFile *f = m->f;
	FbTable model, md, buf;
	FbVec mds, bufs;
	out->n = 0;
	if (!fb_root(f, "TFL3", &model) ||
	    !fb_vec(&model, M_METADATA, 4, &mds) ||
	    !fb_vec(&model, M_BUFFERS, 4, &bufs))
		return false;
	for (uint32_t i = 0; i < mds.n; i++) {
		const char *s;
		uint32_t len, bi;
		if (!fb_vec_table(f, &mds, i, &md) ||
		    !fb_str(&md, MD_NAME, &s, &len) ||
		    !fb_u32(&md, MD_BUFFER, 0, &bi))
			return false;
		if (len != 23 || memcmp(s, "OfflineMemoryAllocation", 23))
			continue;
		if (bi >= bufs.n || !fb_vec_table(f, &bufs, bi, &buf) ||
		    !fb_vec(&buf, BUF_DATA, 1, out))
			return false;
		out->n /= 4;
		return true;
	}
	return true;
}

/* Tensor t's byte offset in the arena from the plan, or -1. */
static int64_t
plan_offset(TflModel *m, const FbVec *plan, int32_t t)
{
	if (plan->n < 3 || t < 0 || (uint32_t)t + 3 >= plan->n)
		return -1;
	int32_t v = fb_vec_i32(m->f, plan, (uint32_t)t + 3);
	return v < 0 ? -1 : v;
}

static int64_t
tensor_bytes(const TflTensor *t)
{
	const IrType *e = dialect_storage_type(t->irtype->u.shaped.elem);
	int64_t n = ir_type_num_elements(t->irtype);
	size_t es = ir_tensor_elem_bytes(e);
	return n < 0 || !es ? -1 : n * (int64_t)es;
}

static const IrAttr *
bytes_attr(TflModel *m, const TflTensor *t)
{
	int64_t n = (int64_t)t->size;
	const IrType *ty = ir_type_tensor(m->ctx, 1, &n,
	    ir_type_int(m->ctx, 8, IR_UNSIGNED), NULL);
	return ir_attr_dense(m->ctx, ty, false, t->data, t->size);
}

static const IrAttr *
ints_attr(TflModel *m, const int64_t *v, size_t n)
{
	const IrAttr *e[TFL_MAX_IO];
	const IrType *i64 = ir_type_int(m->ctx, 64, IR_SIGNLESS);
	for (size_t i = 0; i < n; i++)
		e[i] = ir_attr_int(m->ctx, i64, v[i]);
	return ir_attr_array(m->ctx, n, e);
}

/* The arena offsets of op's feature-map inputs (or outputs). */
static bool
offsets(TflModel *m, const TflOp *op, const FbVec *plan, bool outs,
    int64_t *off, size_t *n, IrValue **vals)
{
	/* Offsets count from the scratch tensor, region 1's start. */
	int64_t base = plan_offset(m, plan, op->in[IN_SCRATCH]);
	int first = outs ? 0 : IN_FIRST_FM, last = outs ? op->nout : op->nin;
	*n = 0;
	for (int i = first; i < last; i++) {
		int32_t t = outs ? op->out[i] : op->in[i];
		if (t < 0)
			return ethosu_error(m, op, "omitted feature map");
		off[*n] = plan_offset(m, plan, t) - base;
		if (base < 0 || off[*n] < 0) {
			char nm[256], msg[400];
			tfl_name(&m->tensors[t], nm, sizeof(nm));
			snprintf(msg, sizeof(msg), "tensor '%s' has no offset "
			    "in the scratch arena (OfflineMemoryAllocation "
			    "metadata)", nm);
			return ethosu_error(m, op, msg);
		}
		if (!outs && !(vals[*n] = tfl_value(m, t, op->loc)))
			return false;
		(*n)++;
	}
	return true;
}

bool
tfl_convert_ethosu(TflModel *m, const TflOp *op)
{
	if (op->nin < IN_FIRST_FM)
		return ethosu_error(m, op, "fewer than 4 inputs (command "
		    "stream, flash, scratch, fast scratch)");
	for (int i = 0; i < IN_FIRST_FM; i++)
		if (op->in[i] < 0)
			return ethosu_error(m, op, "omitted stream or arena "
			    "input");
	const TflTensor *cs = &m->tensors[op->in[IN_STREAM]];
	const TflTensor *fl = &m->tensors[op->in[IN_FLASH]];
	if (!cs->data || cs->size == 0)
		return ethosu_error(m, op, "the command stream input has no "
		    "data");
	int64_t scratch = tensor_bytes(&m->tensors[op->in[IN_SCRATCH]]);
	int64_t fast = tensor_bytes(&m->tensors[op->in[IN_FAST]]);
	if (scratch < 0 || fast < 0)
		return ethosu_error(m, op, "scratch tensors need static "
		    "shapes");
	FbVec plan;
	if (!offline_plan(m, &plan))
		return false;
	int64_t ioff[TFL_MAX_IO], ooff[TFL_MAX_IO];
	IrValue *in[TFL_MAX_IO];
	size_t nin, nout;
	if (!offsets(m, op, &plan, false, ioff, &nin, in) ||
	    !offsets(m, op, &plan, true, ooff, &nout, NULL))
		return false;
	const IrType *rt[TFL_MAX_IO];
	for (int i = 0; i < op->nout; i++)
		rt[i] = m->tensors[op->out[i]].irtype;
	const IrType *i64 = ir_type_int(m->ctx, 64, IR_SIGNLESS);
	IrNamedAttr a[6];
	size_t na = 0;
#define SET(nm, v) a[na++] = (IrNamedAttr){ ir_ident_cstr(m->ctx, nm), v }
	SET("command_stream", bytes_attr(m, cs));
	if (fl->data && fl->size)
		SET("flash", bytes_attr(m, fl));
	SET("scratch_size", ir_attr_int(m->ctx, i64, scratch));
	SET("fast_scratch_size", ir_attr_int(m->ctx, i64, fast));
	SET("input_offsets", ints_attr(m, ioff, nin));
	SET("output_offsets", ints_attr(m, ooff, nout));
#undef SET
	IrOpState s = {
		.name = ir_op_name_get(m->ctx, "ethos_u.stream", 14),
		.loc = op->loc,
		.noperands = nin,
		.operands = in,
		.nresults = nout,
		.result_types = rt,
		.attrs = ir_attr_dict(m->ctx, na, a),
	};
	IrOp *o = ir_builder_create(&m->b, &s);
	for (int i = 0; i < op->nout; i++)
		m->tensors[op->out[i]].value = ir_op_result(o, (unsigned)i);
	return true;
}
