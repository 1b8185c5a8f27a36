/* passes/inline.c: inlines func.call of small single-block functions. */
#include <stdlib.h>

#include "passes/passes.h"

/* Maps callee values to the caller's: block arguments to call operands,
 * callee results to their clones. Linear: callees are small. */
typedef struct VMap {
	IrValue **from, **to;
	size_t n, cap;
} VMap;

static void
vmap_put(VMap *m, IrValue *from, IrValue *to)
{
	if (m->n == m->cap) {
		m->cap = m->cap ? 2 * m->cap : 16;
		m->from = ir_xrealloc(m->from, m->cap * sizeof *m->from);
		m->to = ir_xrealloc(m->to, m->cap * sizeof *m->to);
	}
	m->from[m->n] = from;
	m->to[m->n++] = to;
}

static IrValue *
vmap_get(const VMap *m, IrValue *v)
{
	for (size_t i = 0; i < m->n; i++)
		if (m->from[i] == v)
			return m->to[i];
	return v;
}

static IrWalkResult
count_op(IrOp *op, void *user)
{
	(void)op;
	++*(size_t *)user;
	return IR_WALK_ADVANCE;
}

/* The callee of call when it can be inlined: a func.func with one
 * block ending in func.return, not the caller itself, with at most
 * max_ops ops besides the return (nested ops count). */
static IrOp *
inlinable(IrSymbolTable *t, IrOp *call, int64_t max_ops)
{
	const IrAttr *ref = ir_op_attr(call, "callee");
	if (!ref || ref->kind != IR_ATTR_SYMREF || ref->u.symref.nnested)
		return NULL;
	IrOp *f = ir_symbol_table_lookup(t, ref->u.symref.root);
	if (!f || !ir_op_is(f, "func.func") || ir_op_is_ancestor(f, call))
		return NULL;
	IrBlock *entry = ir_func_entry(f);
	if (!entry || entry->next || entry->nargs != call->noperands)
		return NULL;
	IrOp *ret = ir_block_terminator(entry);
	if (!ret || !ir_op_is(ret, "func.return") ||
	    ret->noperands != call->nresults)
		return NULL;
	size_t n = 0;
	for (IrOp *o = entry->first; o != ret; o = o->next)
		ir_op_walk(o, IR_WALK_PRE, count_op, &n);
	return (int64_t)n <= max_ops ? f : NULL;
}

/* Remaps the operands of a clone and of everything nested in it, and
 * gives each op a call-site location. */
typedef struct Remap {
	const VMap *map;
	IrContext *ctx;
	const IrLoc *caller;
} Remap;

static IrWalkResult
remap_op(IrOp *op, void *user)
{
	Remap *r = user;
	for (unsigned i = 0; i < op->noperands; i++) {
		IrValue *v = op->operands[i].value;
		IrValue *w = vmap_get(r->map, v);
		if (w != v)
			ir_op_set_operand(op, i, w);
	}
	op->loc = ir_loc_callsite(r->ctx, op->loc, r->caller);
	return IR_WALK_ADVANCE;
}

static void
inline_call(IrContext *ctx, IrOp *call, IrOp *callee)
{
	IrBlock *entry = ir_func_entry(callee);
	VMap m = {0};
	for (unsigned i = 0; i < entry->nargs; i++)
		vmap_put(&m, entry->args[i], call->operands[i].value);
	Remap r = { &m, ctx, call->loc };
	IrOp *ret = ir_block_terminator(entry);
	for (IrOp *o = entry->first; o != ret; o = o->next) {
		IrOp *c = ir_op_clone(ctx, o);
		ir_op_walk(c, IR_WALK_PRE, remap_op, &r);
		ir_op_move_before(c, call);
		for (unsigned i = 0; i < o->nresults; i++)
			vmap_put(&m, &o->results[i], &c->results[i]);
	}
	for (unsigned i = 0; i < call->nresults; i++)
		ir_value_replace_all_uses(&call->results[i],
		    vmap_get(&m, ret->operands[i].value));
	ir_op_erase(call);
	free(m.from);
	free(m.to);
}

typedef struct Calls {
	IrOp **ops;
	size_t n, cap;
} Calls;

static IrWalkResult
collect_call(IrOp *op, void *user)
{
	Calls *c = user;
	if (!ir_op_is(op, "func.call"))
		return IR_WALK_ADVANCE;
	if (c->n == c->cap) {
		c->cap = c->cap ? 2 * c->cap : 16;
		c->ops = ir_xrealloc(c->ops, c->cap * sizeof *c->ops);
	}
	c->ops[c->n++] = op;
	return IR_WALK_ADVANCE;
}

static bool
inline_run(IrOp *module, IrPass *pass)
{
	IrContext *ctx = ir_pass_context(pass);
	IrSymbolTable *t = ir_symbol_table_create(module);
	if (!t)
		return false;
	int64_t max_ops = ir_pass_int(pass, "max-ops");
	int64_t rounds = ir_pass_int(pass, "max-depth");
	uint64_t total = 0;
	/* Each round inlines the calls present at its start; calls that
	 * inlined bodies bring in wait for the next round. */
	for (int64_t k = 0; k < rounds; k++) {
		Calls calls = {0};
		ir_op_walk(module, IR_WALK_PRE, collect_call, &calls);
		uint64_t n = 0;
		for (size_t i = 0; i < calls.n; i++) {
			IrOp *f = inlinable(t, calls.ops[i], max_ops);
			if (f) {
				inline_call(ctx, calls.ops[i], f);
				n++;
			}
		}
		free(calls.ops);
		total += n;
		if (!n)
			break;
	}
	ir_pass_stat_add(pass, "num-inlined", total);
	ir_symbol_table_destroy(t);
	return true;
}

static const IrPassOption options[] = {
	{ "max-ops", IR_OPT_INT, "16",
	  "inline callees of at most this many ops (nested ones count, the "
	  "return does not)", NULL },
	{ "max-depth", IR_OPT_INT, "4",
	  "rounds of inlining (calls brought in by an inlined body are "
	  "inlined in the next round)", NULL },
};

static const IrPassStatistic stats[] = {
	{ "num-inlined", "calls inlined" },
};

const IrPassDef pass_inline = {
	.argument = "inline",
	.summary = "Inline calls of small single-block functions",
	.anchor = "builtin.module",
	.options = options,
	.noptions = sizeof options / sizeof options[0],
	.stats = stats,
	.nstats = 1,
	.run = inline_run,
	.description =
	    "Replaces a `func.call` by a copy of the callee's body when the\n"
	    "callee, found in the module's symbol table, is a `func.func`\n"
	    "with one block ending in `func.return`, does not contain the\n"
	    "call, and has at most `max-ops` ops. Arguments become the call's\n"
	    "operands, returned values replace the call's results, and the\n"
	    "copied ops get `callsite(callee at caller)` locations. Callees\n"
	    "stay: `symbol-dce` erases the private ones left unused.",
};
