/* dialects/npu/infer.c: result-type inference of the npu ops; the shape
 * rules are the graph ops' (same attributes), reused. */
#include <string.h>

#include "dialects/graph/graph.h"
#include "dialects/npu/npu.h"

bool
npu_infer_conv2d(IrContext *ctx, const IrOpState *st, size_t nresults,
    const IrType **results)
{
	return graph_infer_conv2d(ctx, st, nresults, results);
}

bool
npu_infer_depthwise_conv2d(IrContext *ctx, const IrOpState *st,
    size_t nresults, const IrType **results)
{
	return graph_infer_depthwise_conv2d(ctx, st, nresults, results);
}

bool
npu_infer_fully_connected(IrContext *ctx, const IrOpState *st,
    size_t nresults, const IrType **results)
{
	return graph_infer_fully_connected(ctx, st, nresults, results);
}

bool
npu_infer_pool(IrContext *ctx, const IrOpState *st, size_t nresults,
    const IrType **results)
{
	if (!graph_infer_pool(ctx, st, nresults, results))
		return false;
	if (strcmp(dialect_get_str(st->name->def, st->attrs, "mode"), "sum"))
		return true;
	const IrType *t = results[0];
	results[0] = dialect_tensor(ctx, t->u.shaped.rank, t->u.shaped.dims,
	    ir_type_int(ctx, 32, IR_SIGNLESS));
	return true;
}

bool
npu_infer_elementwise(IrContext *ctx, const IrOpState *st, size_t nresults,
    const IrType **results)
{
	if (st->noperands == 1)
		return graph_infer_unary(ctx, st, nresults, results);
	return graph_infer_broadcast(ctx, st, nresults, results);
}

bool
npu_infer_unary(IrContext *ctx, const IrOpState *st, size_t nresults,
    const IrType **results)
{
	return graph_infer_unary(ctx, st, nresults, results);
}

bool
npu_infer_resize(IrContext *ctx, const IrOpState *st, size_t nresults,
    const IrType **results)
{
	return graph_infer_resize(ctx, st, nresults, results);
}

bool
npu_infer_concat(IrContext *ctx, const IrOpState *st, size_t nresults,
    const IrType **results)
{
	return graph_infer_concat(ctx, st, nresults, results);
}
