/* targets/ethos_u/dialect.c: the ethos_u dialect (one op, ethos_u.stream:
 * a compiled command stream with its blobs), its verifier and the kernel
 * that runs it in the functional simulator. */
#include <stdlib.h>
#include <string.h>

#include "targets/ethos_u/ethos_u.h"
#include "targets/ethos_u/sim.h"

/* The most operands (or results) an ethos_u.stream has. */
#define ETHOSU_MAX_IO 64

typedef enum EthosuOpsId {
#define OP(id, ...) ETHOSU_OPS_##id,
#include "targets/ethos_u/ops.def"
	ETHOSU_OPS_NUM_OPS
} EthosuOpsId;

static bool ethosu_ops_verify_stream(IrOp *op);
#define ethosu_ops_infer_none dialect_infer_none
static bool ethosu_ops_interpret_stream(IrInterp *it, IrOp *op,
    IrTensor *const *in, IrTensor **out);
#define ethosu_ops_fold_none NULL
extern const Dialect ethosu_dialect;
#define ethosu_ops_dialect ethosu_dialect

#define OPS_UPPER ETHOSU_OPS
#define OPS_LOWER ethosu_ops
#define OPS_DEF "targets/ethos_u/ops.def"
#include "dialects/ops_expand.h"

const Dialect ethosu_dialect = {
	.name = "ethos_u",
	.doc = "Arm Ethos-U55/U65 command streams as compiled code: "
	    "`ethos_u.stream` holds what a Vela-compiled TFLite `ethos-u` "
	    "operator holds (the driver payload, the flash blob, the arena "
	    "sizes), imported by `npu-translate --import-tflite` and run by "
	    "npu-run through the functional simulator.",
	.ops = ethosu_ops_ops,
	.nops = ETHOSU_OPS_NUM_OPS,
	.attrs = ethosu_ops_attrs,
	.nattrs = sizeof ethosu_ops_attrs / sizeof ethosu_ops_attrs[0],
};

void
ethosu_register_dialect(IrContext *ctx)
{
	if (ir_lookup_op(ctx, "ethos_u.stream"))
		return;
	if (!dialect_register(ctx, &ethosu_dialect))
		ir_unreachable("ethos_u.stream is registered twice");
}

/* Is a a dense attribute of one-byte integers? */
static bool
is_bytes(const IrAttr *a)
{
	if (!a || a->kind != IR_ATTR_DENSE)
		return false;
	const IrType *e = a->u.dense.type->u.shaped.elem;
	return e->kind == IR_TYPE_INTEGER && e->u.integer.width == 8;
}

/* The bytes of a one-byte dense attribute, a splat expanded: a malloc'd
 * copy (caller frees), or NULL with *n = 0 for none. */
static uint8_t *
dense_copy(const IrAttr *a, size_t *n)
{
	*n = 0;
	if (!is_bytes(a))
		return NULL;
	int64_t ne = ir_type_num_elements(a->u.dense.type);
	if (ne <= 0)
		return NULL;
	*n = (size_t)ne;
	uint8_t *p = ir_xmalloc(*n);
	if (a->u.dense.splat)
		memset(p, a->u.dense.data[0], *n);
	else
		memcpy(p, a->u.dense.data, *n);
	return p;
}

/* Bytes of a static tensor type, or -1. */
static int64_t
type_bytes(const IrType *t)
{
	if (t->kind != IR_TYPE_TENSOR)
		return -1;
	int64_t n = ir_type_num_elements(t);
	size_t e = ir_tensor_elem_bytes(t->u.shaped.elem);
	return n < 0 || !e ? -1 : n * (int64_t)e;
}

/* Checks one operand or result's offset against the arena. */
static bool
check_place(IrOp *op, const char *what, unsigned i, const IrType *t,
    int64_t off, int64_t scratch)
{
	int64_t n = type_bytes(t);
	if (n < 0) {
		ir_op_emit_error(op, "%s %u must be a static tensor", what, i);
		return false;
	}
	if (off + n > scratch) {
		ir_op_emit_error(op, "%s %u (%lld bytes at offset %lld) does "
		    "not fit in the %lld-byte scratch arena", what, i,
		    (long long)n, (long long)off, (long long)scratch);
		return false;
	}
	return true;
}

static bool
ethosu_ops_verify_stream(IrOp *op)
{
	const IrOpDef *d = op->name->def;
	if (!is_bytes(ir_op_attr(op, "command_stream"))) {
		ir_op_emit_error(op, "'command_stream' must hold 8-bit "
		    "integers");
		return false;
	}
	if (ir_op_attr(op, "flash") && !is_bytes(ir_op_attr(op, "flash"))) {
		ir_op_emit_error(op, "'flash' must hold 8-bit integers");
		return false;
	}
	size_t n;
	uint8_t *p = dense_copy(ir_op_attr(op, "command_stream"), &n);
	EthosuPayload pl;
	char err[256];
	bool ok = ethosu_payload_decode(p, n, &pl, err, sizeof(err));
	free(p);
	if (!ok) {
		ir_op_emit_error(op, "bad command stream: %s", err);
		return false;
	}
	ethosu_payload_free(&pl);
	int64_t in[ETHOSU_MAX_IO], out[ETHOSU_MAX_IO];
	if (op->noperands > ETHOSU_MAX_IO || op->nresults > ETHOSU_MAX_IO) {
		ir_op_emit_error(op, "has more than %d operands or results",
		    ETHOSU_MAX_IO);
		return false;
	}
	int nin = dialect_get_ints(d, op->attrs, "input_offsets", in,
	    ETHOSU_MAX_IO);
	int nout = dialect_get_ints(d, op->attrs, "output_offsets", out,
	    ETHOSU_MAX_IO);
	if (nin != (int)op->noperands || nout != (int)op->nresults) {
		ir_op_emit_error(op, "has %u operands and %u results but %d "
		    "input and %d output offsets", op->noperands,
		    op->nresults, nin, nout);
		return false;
	}
	int64_t scratch = dialect_get_int(d, op->attrs, "scratch_size");
	for (unsigned i = 0; i < op->noperands; i++)
		if (!check_place(op, "operand", i,
		    ir_op_operand(op, i)->type, in[i], scratch))
			return false;
	for (unsigned i = 0; i < op->nresults; i++)
		if (!check_place(op, "result", i, ir_op_result(op, i)->type,
		    out[i], scratch))
			return false;
	return true;
}

/* ------------------------------------------------------------ kernel */

static void
free_regions(EthosuRegion *r)
{
	for (unsigned i = 0; i < ETHOSU_NUM_REGIONS; i++)
		free(r[i].data);
}

/* Runs the op: the regions are made, the operands copied into the
 * arena, the stream simulated, the results copied out. */
static bool
ethosu_ops_interpret_stream(IrInterp *it, IrOp *op, IrTensor *const *in,
    IrTensor **out)
{
	const IrOpDef *d = op->name->def;
	EthosuRegion r[ETHOSU_NUM_REGIONS];
	memset(r, 0, sizeof(r));
	size_t n, nflash;
	uint8_t *p = dense_copy(ir_op_attr(op, "command_stream"), &n);
	r[0].data = dense_copy(ir_op_attr(op, "flash"), &nflash);
	r[0].size = nflash;
	r[1].size = (size_t)dialect_get_int(d, op->attrs, "scratch_size");
	r[2].size = (size_t)dialect_get_int(d, op->attrs,
	    "fast_scratch_size");
	for (unsigned i = 1; i < 3; i++) {
		r[i].data = calloc(r[i].size ? r[i].size : 1, 1);
		if (!r[i].data)
			ir_unreachable("out of memory for an arena");
	}
	int64_t ioff[ETHOSU_MAX_IO], ooff[ETHOSU_MAX_IO];
	dialect_get_ints(d, op->attrs, "input_offsets", ioff, ETHOSU_MAX_IO);
	dialect_get_ints(d, op->attrs, "output_offsets", ooff,
	    ETHOSU_MAX_IO);
	for (unsigned i = 0; i < op->noperands; i++)
		memcpy(r[1].data + ioff[i], in[i]->data,
		    (size_t)in[i]->n * in[i]->elem_size);
	EthosuPayload pl;
	char err[300];
	bool decoded = ethosu_payload_decode(p, n, &pl, err, sizeof(err));
	const EthosuStream *s = decoded ? ethosu_payload_stream(&pl) : NULL;
	EthosuSimOptions so = {
		.arith = ir_interp_options(it)->arith,
		.config = decoded ? ethosu_payload_config(&pl) : 0,
	};
	bool ok = s && ethosu_sim_run(s, r, &so, err, sizeof(err));
	if (decoded && !s)
		snprintf(err, sizeof(err), "the payload has no command stream");
	if (decoded)
		ethosu_payload_free(&pl);
	free(p);
	if (!ok) {
		ir_op_emit_error(op, "%s", err);
		free_regions(r);
		return false;
	}
	for (unsigned i = 0; i < op->nresults; i++) {
		out[i] = ir_tensor_create(ir_op_result(op, i)->type);
		memcpy(out[i]->data, r[1].data + ooff[i],
		    (size_t)out[i]->n * out[i]->elem_size);
	}
	free_regions(r);
	return true;
}

