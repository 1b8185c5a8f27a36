/* passes/schedule.c: schedule: reorders the ops of each function's entry
 * block (a valid topological order) to lower the peak of live tensor and
 * buffer bytes, exactly for small graphs, greedily for large ones. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "interp/interp.h"
#include "passes/passes.h"
#include "passes/schedule.h"

/* The ops that take part: all but the terminator and the constants
 * (weights stay in their constant region: they cost no arena bytes and
 * stay at the top in their order). */
typedef struct Nodes {
	IrOp **op;		/* NULL for the entry block's arguments */
	size_t n, nargs;	/* the arguments come first */
	IrPtrMap index;		/* op or argument value -> index + 1 */
} Nodes;

static bool
is_constant(const IrOp *op)
{
	const IrOpDef *d = op->name->def;
	return op->noperands == 0 && op->nregions == 0 && d &&
	    (d->traits & IR_TRAIT_PURE);
}

static bool
is_pure(const IrOp *op)
{
	const IrOpDef *d = op->name->def;
	return d && (d->traits & IR_TRAIT_PURE);
}

/* Bytes of a static tensor or memref, 0 for other types, -1 when
 * dynamic. */
static int64_t
value_bytes(const IrType *t)
{
	if (t->kind != IR_TYPE_TENSOR && t->kind != IR_TYPE_MEMREF)
		return 0;
	int64_t n = ir_type_num_elements(t);
	return n < 0 ? -1 : n * (int64_t)ir_tensor_elem_bytes(
	    t->u.shaped.elem);
}

/* Bytes of op's results; -1 after reporting a dynamic shape. */
static int64_t
result_bytes(IrOp *op)
{
	int64_t total = 0;
	for (unsigned r = 0; r < op->nresults; r++) {
		int64_t n = value_bytes(ir_op_result(op, r)->type);
		if (n < 0) {
			ir_op_emit_error(op, "schedule: result #%u has a "
			    "dynamic shape: its bytes are unknown (fix the "
			    "shapes first, e.g. npu-translate --input-shape)",
			    r);
			return -1;
		}
		total += n;
	}
	return total;
}

/* The op of block b holding op, or NULL. */
static IrOp *
in_block(IrOp *op, IrBlock *b)
{
	while (op && op->parent != b)
		op = op->parent && op->parent->parent ?
		    op->parent->parent->parent : NULL;
	return op;
}

/* Adds producer index p to node i's list once. */
static void
add_pred(size_t **pred, size_t *n, size_t *cap, size_t first, size_t p)
{
	for (size_t k = first; k < *n; k++)
		if ((*pred)[k] == p)
			return;
	if (*n == *cap) {
		*cap = *cap ? 2 * *cap : 64;
		*pred = ir_xrealloc(*pred, *cap * sizeof **pred);
	}
	(*pred)[(*n)++] = p;
}

/* The operands op (and ops nested in it) read, as node indices. */
static void
op_preds(IrOp *op, IrBlock *b, const Nodes *nd, size_t **pred, size_t *n,
    size_t *cap, size_t first)
{
	for (unsigned k = 0; k < op->noperands; k++) {
		IrValue *v = op->operands[k].value;
		IrOp *d = ir_value_def_op(v);
		d = d ? in_block(d, b) : NULL;
		const void *key = d ? (const void *)d : (const void *)v;
		size_t p = (size_t)(uintptr_t)ir_ptrmap_get(&nd->index, key);
		if (p && d != op)
			add_pred(pred, n, cap, first, p - 1);
	}
	for (unsigned r = 0; r < op->nregions; r++)
		for (IrBlock *blk = ir_op_regions(op)[r].first; blk;
		    blk = blk->next)
			for (IrOp *o = blk->first; o; o = o->next)
				op_preds(o, b, nd, pred, n, cap, first);
}

typedef struct Graph {
	SchedGraph g;
	int64_t *out;
	bool *keep;
	size_t *predstart, *pred;
} Graph;

static bool
build(IrBlock *b, Nodes *nd, Graph *gr)
{
	size_t n = nd->n, m = 0, cap = 0;
	size_t last_impure = (size_t)-1;
	gr->out = ir_xcalloc(n + 1, sizeof *gr->out);
	gr->keep = ir_xcalloc(n + 1, sizeof *gr->keep);
	gr->predstart = ir_xmalloc((n + 1) * sizeof *gr->predstart);
	gr->pred = NULL;
	for (size_t i = 0; i < n; i++) {
		gr->predstart[i] = m;
		if (i < nd->nargs) {
			/* Arguments are live from the start: they run first,
			 * in order. */
			gr->out[i] = value_bytes(b->args[i]->type);
			if (gr->out[i] < 0) {
				ir_op_emit_error(b->parent->parent, "schedule: "
				    "argument #%zu has a dynamic shape: its "
				    "bytes are unknown (fix the shapes first, "
				    "e.g. npu-translate --input-shape)", i);
				return false;
			}
			if (i > 0)
				add_pred(&gr->pred, &m, &cap, m, i - 1);
			continue;
		}
		if ((gr->out[i] = result_bytes(nd->op[i])) < 0)
			return false;
		op_preds(nd->op[i], b, nd, &gr->pred, &m, &cap, m);
		if (nd->nargs)
			add_pred(&gr->pred, &m, &cap, gr->predstart[i],
			    nd->nargs - 1);
		/* Side effects keep their order. */
		if (!is_pure(nd->op[i])) {
			if (last_impure != (size_t)-1)
				add_pred(&gr->pred, &m, &cap, gr->predstart[i],
				    last_impure);
			last_impure = i;
		}
	}
	gr->predstart[n] = m;
	/* What the terminator returns stays live to the end. */
	IrOp *term = b->last;
	for (unsigned k = 0; term && k < term->noperands; k++) {
		IrValue *v = term->operands[k].value;
		IrOp *d = ir_value_def_op(v);
		size_t p = (size_t)(uintptr_t)ir_ptrmap_get(&nd->index, d ?
		    (const void *)d : (const void *)v);
		if (p)
			gr->keep[p - 1] = true;
	}
	gr->g = (SchedGraph){n, gr->out, gr->keep, gr->predstart, gr->pred};
	return true;
}

static void
graph_free(Graph *gr)
{
	free(gr->out);
	free(gr->keep);
	free(gr->predstart);
	free(gr->pred);
}

static void
collect(IrBlock *b, Nodes *nd)
{
	memset(nd, 0, sizeof *nd);
	size_t cap = b->nargs + 64;
	nd->op = ir_xmalloc(cap * sizeof *nd->op);
	for (unsigned a = 0; a < b->nargs; a++) {
		nd->op[nd->n++] = NULL;
		ir_ptrmap_put(&nd->index, b->args[a], (void *)(uintptr_t)nd->n);
	}
	nd->nargs = nd->n;
	for (IrOp *o = b->first; o; o = o->next) {
		if (is_constant(o) || !o->next)
			continue;	/* constants; the terminator */
		if (nd->n == cap) {
			cap = cap ? 2 * cap : 64;
			nd->op = ir_xrealloc(nd->op, cap * sizeof *nd->op);
		}
		nd->op[nd->n++] = o;
		ir_ptrmap_put(&nd->index, o, (void *)(uintptr_t)nd->n);
	}
}

static bool
schedule_run(IrOp *func, IrPass *pass)
{
	IrBlock *b = ir_func_entry(func);
	if (!b || !b->last)
		return true;
	Nodes nd;
	Graph gr;
	collect(b, &nd);
	bool ok = build(b, &nd, &gr);
	if (ok && nd.n > 0) {
		size_t *order = ir_xmalloc((nd.n + 1) * sizeof *order);
		size_t *orig = ir_xmalloc((nd.n + 1) * sizeof *orig);
		bool exact;
		for (size_t i = 0; i < nd.n; i++)
			orig[i] = i;
		int64_t before = sched_peak(&gr.g, orig);
		int64_t after = sched_order(&gr.g,
		    (size_t)ir_pass_int(pass, "max-states"), order, &exact);
		/* Move every op before the terminator in the new order. */
		for (size_t k = 0; k < nd.n; k++)
			if (nd.op[order[k]])
				ir_op_move_before(nd.op[order[k]], b->last);
		ir_pass_stat_add(pass, "peak-before", (uint64_t)before);
		ir_pass_stat_add(pass, "peak-after", (uint64_t)after);
		ir_pass_stat_add(pass, "num-exact", exact);
		ir_pass_stat_add(pass, "lower-bound",
		    (uint64_t)sched_lower_bound(&gr.g));
		ir_op_set_attr(func, "schedule.peak", ir_attr_int(
		    ir_op_context(func), ir_type_int(ir_op_context(func), 64,
		    IR_SIGNLESS), after));
		free(order);
		free(orig);
	}
	graph_free(&gr);
	free(nd.op);
	ir_ptrmap_free(&nd.index);
	return ok;
}

static const IrPassOption opts[] = {
	{ "max-states", IR_OPT_INT, "200000", "exact search while each step "
	  "has at most this many sets of ops run (and at most 64 ops)",
	  NULL },
};

static const IrPassStatistic stats[] = {
	{ "peak-before", "peak live bytes in the original order" },
	{ "peak-after", "peak live bytes in the new order" },
	{ "num-exact", "functions whose order is proven best" },
	{ "lower-bound", "no order's peak is lower (largest inputs + "
	  "output of one op)" },
};

const IrPassDef pass_schedule = {
	.argument = "schedule",
	.summary = "Reorder ops to lower the peak of live tensor bytes",
	.anchor = "func.func",
	.options = opts,
	.noptions = sizeof opts / sizeof opts[0],
	.stats = stats,
	.nstats = sizeof stats / sizeof stats[0],
	.run = schedule_run,
	.description =
	    "Reorders the ops of each function's entry block in a valid\n"
	    "topological order (ops with side effects keep their relative\n"
	    "order; constants stay at the top; the terminator stays last) so\n"
	    "that the peak of live tensor and buffer bytes drops. A result is\n"
	    "live from its op until its last reader has run (to the end when\n"
	    "returned); while an op runs its inputs and outputs are live.\n"
	    "Exact (dynamic programming over the sets of ops already run)\n"
	    "for up to 64 ops while each step has at most `max-states` sets;\n"
	    "else the better of the original order and a greedy one (the\n"
	    "ready op that leaves the fewest live bytes). Sets the function\n"
	    "attribute `schedule.peak`. A dynamic shape is an error naming\n"
	    "the op.",
};
