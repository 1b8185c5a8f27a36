/* dialects/graph/ops.c: the graph dialect's tables, expanded from
 * ops.def. */
#include "dialects/graph/graph.h"
#include "interp/interp.h"

#define OPS_UPPER GRAPH
#define OPS_LOWER graph
#define OPS_DEF "dialects/graph/ops.def"
#include "dialects/ops_expand.h"

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
	.materialize = graph_materialize_constant,
	.canonical = graph_add_canonical_patterns,
};
