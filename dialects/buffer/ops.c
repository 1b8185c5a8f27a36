/* dialects/buffer/ops.c: the buffer dialect's tables, expanded from
 * ops.def. */
#include "dialects/buffer/buffer.h"

#define PURE IR_TRAIT_PURE
#define COMMUTATIVE IR_TRAIT_COMMUTATIVE
#define ELEMENTWISE IR_TRAIT_ELEMENTWISE
#define SAME_SHAPE IR_TRAIT_SAME_SHAPE
#define INF INFINITY

static const DialectAttrSpec buffer_attrs[] = {
#define ATTR(op, nm, kind, req, dflt, lo, hi, count, allowed, doc) \
	{ BUFFER_##op, nm, DIALECT_ATTR_##kind, DIALECT_##req, dflt, lo, hi, \
	  count, allowed, doc },
#include "dialects/buffer/ops.def"
};

static const DialectOpInfo buffer_ops[BUFFER_NUM_OPS] = {
#define OP(oid, oname, lo, hi, nres, nreg, tr, v, i, ins, outs, doc) \
	[BUFFER_##oid] = { \
		.def = { \
			.name = oname, \
			.traits = (tr) & ~DIALECT_NO_INFER, \
			.min_operands = lo, .max_operands = hi, \
			.nresults = nres, .nregions = nreg, \
			.summary = doc, \
			.verify = dialect_verify_op, \
			.infer_types = (tr) & DIALECT_NO_INFER ? NULL : \
			    buffer_infer_##i, \
			.dialect_data = &buffer_ops[BUFFER_##oid], \
		}, \
		.dialect = &buffer_dialect, .id = BUFFER_##oid, \
		.verify = buffer_verify_##v, \
		.kernel = &buffer_kernels[BUFFER_##oid], \
		.operands = ins, .results = outs, \
	},
#include "dialects/buffer/ops.def"
};

const Dialect buffer_dialect = {
	.name = "buffer",
	.doc = "Memory: allocations in memory spaces (\"sram\", "
	    "\"dram\", \"flash\", carried by memref types as a string "
	    "memory space), typed views at byte offsets with strides (reshape, "
	    "slice and concat without copies), copies, and after memory "
	    "planning one `buffer.arena` per memory space with each tensor a "
	    "view at a fixed offset and weights in `buffer.constant` "
	    "read-only data. memrefs hold storage types (i8, i16, i32, f32); "
	    "quantization parameters stay on the ops.",
	.ops = buffer_ops,
	.nops = BUFFER_NUM_OPS,
	.attrs = buffer_attrs,
	.nattrs = sizeof buffer_attrs / sizeof buffer_attrs[0],
};
