/* passes/fuse_elementwise.c: chains of elementwise ops over one shape
 * become one graph.fused op holding them in a region (kernel stacking:
 * an NPU runs the chain without writing the values between). */
#include "passes/passes.h"
#include "passes/graph_util.h"

#include <string.h>

/* An elementwise graph op of one result (not a fused one). */
static bool
elementwise(const IrOp *op)
{
	return op->nresults == 1 && op->nregions == 0 &&
	    ir_op_has_trait(op, IR_TRAIT_ELEMENTWISE) &&
	    !strncmp(ir_op_name_str(op), "graph.", 6);
}

/* The values the new fused op takes, each once. */
typedef struct Inputs {
	IrValue *v[64];
	unsigned n;
} Inputs;

static bool
add_input(Inputs *in, IrValue *v)
{
	for (unsigned i = 0; i < in->n; i++)
		if (in->v[i] == v)
			return true;
	if (in->n == 64)
		return false;
	in->v[in->n++] = v;
	return true;
}

/* Clones op into the builder's block with operands mapped by map. */
static IrValue *
clone_into(IrBuilder *b, IrOp *op, IrPtrMap *map)
{
	IrValue *ops[8];
	for (unsigned i = 0; i < op->noperands && i < 8; i++)
		ops[i] = ir_ptrmap_get(map, op->operands[i].value);
	const IrType *t = ir_op_result(op, 0)->type;
	IrOpState st = {
		.name = op->name, .loc = ir_op_loc(op),
		.noperands = op->noperands, .operands = ops,
		.nresults = 1, .result_types = &t, .attrs = op->attrs,
	};
	IrValue *r = ir_op_result(ir_builder_create(b, &st), 0);
	ir_ptrmap_put(map, ir_op_result(op, 0), r);
	return r;
}

/* b(a(...), ...) -> fused{a; b}(...) when a (an elementwise op or a
 * fused chain) is used by b only and has b's result shape. */
static bool
fuse(IrOp *op, IrRewriter *rw, const void *data)
{
	(void)data;
	IrOp *parent = ir_op_parent_op(op);
	if (!elementwise(op) || op->noperands > 8 ||
	    (parent && ir_op_is(parent, "graph.fused")))
		return false; /* not again inside a chain */
	IrValue *y = ir_op_result(op, 0);
	IrOp *a = NULL;
	for (unsigned k = 0; k < op->noperands && !a; k++) {
		IrValue *v = ir_op_operand(op, k);
		IrOp *d = ir_value_def_op(v);
		if (d && (elementwise(d) || ir_op_is(d, "graph.fused")) &&
		    gu_one_use(v) && d->parent == op->parent &&
		    gu_static(v) && gu_static(y) &&
		    v->type->u.shaped.rank == y->type->u.shaped.rank &&
		    !memcmp(v->type->u.shaped.dims, y->type->u.shaped.dims,
		    (size_t)y->type->u.shaped.rank * sizeof(int64_t)) &&
		    d->noperands <= 8)
			a = d;
	}
	if (!a)
		return false;
	Inputs in = { .n = 0 };
	bool ok = true;
	for (unsigned i = 0; i < a->noperands; i++)
		ok = ok && add_input(&in, ir_op_operand(a, i));
	for (unsigned i = 0; i < op->noperands; i++)
		if (ir_op_operand(op, i) != ir_op_result(a, 0))
			ok = ok && add_input(&in, ir_op_operand(op, i));
	if (!ok)
		return false;
	IrContext *ctx = ir_rewriter_context(rw);
	const IrType *t = y->type;
	IrOpState st = {
		.name = ir_op_name_get(ctx, "graph.fused", 11),
		.noperands = in.n, .operands = in.v, .nresults = 1,
		.result_types = &t, .nregions = 1,
	};
	IrOp *f = ir_rewriter_create(rw, &st);
	IrBlock *blk = ir_block_create();
	ir_region_append(ir_op_region(f, 0), blk);
	IrPtrMap map = { 0 };
	for (unsigned i = 0; i < in.n; i++)
		ir_ptrmap_put(&map, in.v[i],
		    ir_block_add_arg(blk, in.v[i]->type, NULL));
	IrBuilder b;
	ir_builder_init(&b, ctx);
	ir_builder_set_end(&b, blk);
	if (ir_op_is(a, "graph.fused")) {
		IrBlock *ab = ir_op_regions(a)->first;
		for (unsigned i = 0; i < ab->nargs; i++)
			ir_ptrmap_put(&map, ab->args[i], ir_ptrmap_get(&map,
			    ir_op_operand(a, i)));
		for (IrOp *o = ab->first; o != ab->last; o = o->next)
			clone_into(&b, o, &map);
		ir_ptrmap_put(&map, ir_op_result(a, 0), ir_ptrmap_get(&map,
		    ab->last->operands[0].value));
	} else {
		clone_into(&b, a, &map);
	}
	IrValue *r = clone_into(&b, op, &map);
	IrOpState ys = {
		.name = ir_op_name_get(ctx, "graph.yield", 11),
		.noperands = 1, .operands = &r,
	};
	ir_builder_create(&b, &ys);
	ir_ptrmap_free(&map);
	IrValue *fr = ir_op_result(f, 0);
	ir_rewriter_replace_op(rw, op, &fr);
	return true;
}

static const IrPattern patterns[] = {
	{ "fuse-elementwise", NULL, 1, fuse, NULL },
};

static bool
fuse_elementwise_run(IrOp *op, IrPass *pass)
{
	return gu_run_patterns(op, pass, patterns, 1, "num-fused");
}

static const IrPassStatistic stats[] = {
	{ "num-fused", "elementwise ops moved into a fused chain" },
};

const IrPassDef pass_fuse_elementwise = {
	.argument = "fuse-elementwise",
	.summary = "Fuse chains of elementwise ops over one shape into "
	    "graph.fused ops",
	.anchor = NULL,
	.stats = stats,
	.nstats = sizeof stats / sizeof stats[0],
	.run = fuse_elementwise_run,
	.description =
	    "An elementwise graph op (add, mul, relu, sigmoid, quantize, ...)\n"
	    "whose operand comes from another elementwise op, or a\n"
	    "`graph.fused` chain, used by nothing else and of the same shape\n"
	    "as its result, joins it in one `graph.fused` op: its region's\n"
	    "block takes the chain's outside operands as arguments, holds the\n"
	    "ops in order and ends in `graph.yield`. The values inside are\n"
	    "never materialised as separate ops; the reference kernel runs\n"
	    "the region, so results are bit exact. A chain only grows\n"
	    "forward (an op feeding a fused chain stays outside), and ops\n"
	    "that broadcast their operand to a bigger shape start a new one.",
};
