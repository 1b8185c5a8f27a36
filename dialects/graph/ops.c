/* dialects/graph/ops.c: the graph dialect's tables, expanded from
 * ops.def. */
#include "dialects/graph/graph.h"

#define PURE IR_TRAIT_PURE
#define COMMUTATIVE IR_TRAIT_COMMUTATIVE
#define ELEMENTWISE IR_TRAIT_ELEMENTWISE
#define SAME_SHAPE IR_TRAIT_SAME_SHAPE
#define INF INFINITY

static const DialectAttrSpec graph_attrs[] = {
#define ATTR(op, nm, kind, req, dflt, lo, hi, count, allowed, doc) \
	{ GRAPH_##op, nm, DIALECT_ATTR_##kind, DIALECT_##req, dflt, lo, hi, \
	  count, allowed, doc },
#include "dialects/graph/ops.def"
};

static const DialectOpInfo graph_ops[GRAPH_NUM_OPS] = {
#define OP(oid, oname, lo, hi, nres, nreg, tr, v, i, ins, outs, doc) \
	[GRAPH_##oid] = { \
		.def = { \
			.name = oname, \
			.traits = (tr) & ~DIALECT_NO_INFER, \
			.min_operands = lo, .max_operands = hi, \
			.nresults = nres, .nregions = nreg, \
			.summary = doc, \
			.verify = dialect_verify_op, \
			.infer_types = (tr) & DIALECT_NO_INFER ? NULL : \
			    graph_infer_##i, \
			.dialect_data = &graph_ops[GRAPH_##oid], \
		}, \
		.dialect = &graph_dialect, .id = GRAPH_##oid, \
		.verify = graph_verify_##v, \
		.kernel = &graph_kernels[GRAPH_##oid], \
		.operands = ins, .results = outs, \
	},
#include "dialects/graph/ops.def"
};

const Dialect graph_dialect = {
	.name = "graph",
	.doc = "What models are made of: framework-level tensor ops in float "
	    "or quantized (`!quant.uniform`) element types, as importers "
	    "write them. Layout is NHWC unless an op's `layout` attribute "
	    "says \"NCHW\". Convolution filters are OHWI and depthwise "
	    "filters 1HWO (TFLite's layouts). Binary elementwise ops "
	    "broadcast with numpy's rules. Every static result shape is "
	    "inferred from the operands and attributes, and the verifier "
	    "checks the declared result types against it (quantized result "
	    "types may choose their own scale and zero point). Functions use "
	    "the builtin `func.func`, `func.return` and `func.call`.",
	.ops = graph_ops,
	.nops = GRAPH_NUM_OPS,
	.attrs = graph_attrs,
	.nattrs = sizeof graph_attrs / sizeof graph_attrs[0],
};
