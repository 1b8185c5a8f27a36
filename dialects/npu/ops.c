/* dialects/npu/ops.c: the npu dialect's tables, expanded from
 * ops.def. */
#include "dialects/npu/npu.h"

#define PURE IR_TRAIT_PURE
#define COMMUTATIVE IR_TRAIT_COMMUTATIVE
#define ELEMENTWISE IR_TRAIT_ELEMENTWISE
#define SAME_SHAPE IR_TRAIT_SAME_SHAPE
#define TERMINATOR IR_TRAIT_TERMINATOR
#define RETURN_LIKE IR_TRAIT_RETURN_LIKE
#define ISOLATED IR_TRAIT_ISOLATED
#define SINGLE_BLOCK IR_TRAIT_SINGLE_BLOCK
#define INF INFINITY

static const DialectAttrSpec npu_attrs[] = {
#define ATTR(op, nm, kind, req, dflt, lo, hi, count, allowed, doc) \
	{ NPU_##op, nm, DIALECT_ATTR_##kind, DIALECT_##req, dflt, lo, hi, \
	  count, allowed, doc },
#include "dialects/npu/ops.def"
};

static const DialectOpInfo npu_ops[NPU_NUM_OPS] = {
#define OP(oid, oname, lo, hi, nres, nreg, tr, v, i, ins, outs, doc) \
	[NPU_##oid] = { \
		.def = { \
			.name = oname, \
			.traits = (tr) & ~DIALECT_NO_INFER, \
			.min_operands = lo, .max_operands = hi, \
			.nresults = nres, .nregions = nreg, \
			.summary = doc, \
			.verify = dialect_verify_op, \
			.infer_types = (tr) & DIALECT_NO_INFER ? NULL : \
			    npu_infer_##i, \
			.dialect_data = &npu_ops[NPU_##oid], \
		}, \
		.dialect = &npu_dialect, .id = NPU_##oid, \
		.verify = npu_verify_##v, \
		.kernel = &npu_kernels[NPU_##oid], \
		.operands = ins, .results = outs, \
	},
#include "dialects/npu/ops.def"
};

const Dialect npu_dialect = {
	.name = "npu",
	.doc = "What an NPU executes: integer ops on i8/i16 storage "
	    "(quantization on the types, `!quant.uniform` or plain storage "
	    "integers) with TFLite's fused requantization epilogue: int32 "
	    "accumulators, per-channel `multiplier`/`shift` "
	    "(QuantizeMultiplier "
	    "pairs), input/weight/output zero points and an activation clamp "
	    "`act_min`/`act_max`. The reference interpreter runs them bit "
	    "exact with TFLite's reference kernels (double rounding). Layout "
	    "is NHWC, weights OHWI (1HWO for depthwise). What the NPU cannot "
	    "run stays as graph ops inside `npu.cpu` regions.",
	.ops = npu_ops,
	.nops = NPU_NUM_OPS,
	.attrs = npu_attrs,
	.nattrs = sizeof npu_attrs / sizeof npu_attrs[0],
};
