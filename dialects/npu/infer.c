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

/* graph.resize's inference reads coordinate_mode, which npu.resize
 * does not have (its coordinates are TFLite's): the result is the NHWC
 * input with H and W from size, checked by the graph rule first with
 * the two TFLite flags set aside. */
bool
npu_infer_resize(IrContext *ctx, const IrOpState *st, size_t nresults,
    const IrType **results)
{
	IrNamedAttr kept[8];
	size_t n = 0;
	IrOpState plain = *st;
	const IrAttr *d = st->attrs;

	for (size_t i = 0; d && d->kind == IR_ATTR_DICT && i <
	    d->u.dict.n && n < 8; i++) {
		const char *name = d->u.dict.entries[i].name->str;

		if (strcmp(name, "align_corners") && strcmp(name,
		    "half_pixel_centers"))
			kept[n++] = d->u.dict.entries[i];
	}
	plain.attrs = ir_attr_dict(ctx, n, kept);
	return graph_infer_resize(ctx, &plain, nresults, results);
}

bool
npu_infer_concat(IrContext *ctx, const IrOpState *st, size_t nresults,
    const IrType **results)
{
	return graph_infer_concat(ctx, st, nresults, results);
}

bool
npu_infer_reshape(IrContext *ctx, const IrOpState *st, size_t nresults,
    const IrType **results)
{
	return graph_infer_reshape(ctx, st, nresults, results);
}

bool
npu_infer_softmax(IrContext *ctx, const IrOpState *st, size_t nresults,
    const IrType **results)
{
	return graph_infer_softmax(ctx, st, nresults, results);
}

/* Each dim grows by its two paddings. */
bool
npu_infer_pad(IrContext *ctx, const IrOpState *st, size_t nresults,
    const IrType **results)
{
	const IrType *t = dialect_ranked(ctx, st, 0, -1);
	int64_t p[2 * DIALECT_MAX_RANK + 1], d[DIALECT_MAX_RANK], r, i;
	int n;

	(void)nresults;
	if (!t)
		return false;
	r = t->u.shaped.rank;
	n = dialect_get_ints(st->name->def, st->attrs, "paddings", p,
	    2 * DIALECT_MAX_RANK + 1);
	if (n != 2 * r)
		return dialect_infer_error(ctx, st, "paddings needs %lld "
		    "entries (2 * rank), has %d", (long long)(2 * r), n);
	for (i = 0; i < r; i++) {
		int64_t x = t->u.shaped.dims[i];
		d[i] = x == IR_DYNAMIC ? IR_DYNAMIC : x + p[2 * i] +
		    p[2 * i + 1];
	}
	results[0] = dialect_tensor(ctx, r, d, t->u.shaped.elem);
	return true;
}

/* The result's dims are `size`. */
bool
npu_infer_slice(IrContext *ctx, const IrOpState *st, size_t nresults,
    const IrType **results)
{
	const IrType *t = dialect_ranked(ctx, st, 0, -1);
	int64_t z[DIALECT_MAX_RANK + 1];
	int n;

	(void)nresults;
	if (!t)
		return false;
	n = dialect_get_ints(st->name->def, st->attrs, "size", z,
	    DIALECT_MAX_RANK + 1);
	if (n != t->u.shaped.rank)
		return dialect_infer_error(ctx, st, "size needs %lld entries, "
		    "has %d", (long long)t->u.shaped.rank, n);
	results[0] = dialect_tensor(ctx, n, z, t->u.shaped.elem);
	return true;
}
