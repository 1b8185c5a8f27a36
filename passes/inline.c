/* passes/inline.c: inlines func.call of small functions, of one block or
 * of several (split the caller's block, branch to the continuation), as
 * MLIR's inliner does, and never loops on recursion. */
#include <stdlib.h>

#include "passes/passes.h"

/* The call-graph components (SCCs) of the callees whose inlining brought
 * a call in, innermost first: a call is never inlined with a callee of a
 * component already in its history, so a recursive function is copied
 * into a caller outside its cycle once per chain, never unrolled. */
typedef struct History {
	size_t scc;
	const struct History *up;
} History;

typedef struct Call {
	IrOp *op;
	const History *hist;
} Call;

typedef struct Calls {
	Call *v;
	size_t n, cap;
} Calls;

/* The call graph of the module's functions, as strongly connected
 * components: functions calling each other (directly or not) share one. */
typedef struct Graph {
	IrOp **funcs;            /* every func.func, in walk order */
	size_t n, cap;
	IrPtrMap index;      /* func -> its position + 1 */
	size_t *first;           /* edges of func i: to[first[i]..first[i+1]) */
	size_t *to;
	size_t nedges, edgecap;
	size_t *scc;             /* component of func i */
} Graph;

typedef struct Inliner {
	IrContext *ctx;
	IrSymbolCache *syms;
	int64_t max_ops;
	Graph g;
	IrArena arena;           /* histories */
	Calls next;              /* calls that inlined bodies brought in */
} Inliner;

static void
calls_push(Calls *c, IrOp *op, const History *h)
{
	if (c->n == c->cap) {
		c->cap = c->cap ? 2 * c->cap : 16;
		c->v = ir_xrealloc(c->v, c->cap * sizeof *c->v);
	}
	c->v[c->n++] = (Call){ op, h };
}

static IrWalkResult
collect_call(IrOp *op, void *user)
{
	if (ir_op_is(op, "func.call"))
		calls_push(user, op, NULL);
	return IR_WALK_ADVANCE;
}

/* ------------------------------------------------------------ call graph */

static IrWalkResult
collect_func(IrOp *op, void *user)
{
	Graph *g = user;
	if (!ir_op_is(op, "func.func"))
		return IR_WALK_ADVANCE;
	if (g->n == g->cap) {
		g->cap = g->cap ? 2 * g->cap : 16;
		g->funcs = ir_xrealloc(g->funcs, g->cap * sizeof *g->funcs);
	}
	g->funcs[g->n++] = op;
	ir_ptrmap_put(&g->index, op, (void *)(uintptr_t)g->n);
	return IR_WALK_ADVANCE;
}

/* Position of func f in the graph, or g->n when it is none. */
static size_t
func_index(const Graph *g, const IrOp *f)
{
	uintptr_t i = (uintptr_t)ir_ptrmap_get(&g->index, f);
	return i ? (size_t)i - 1 : g->n;
}

static IrWalkResult
add_edge(IrOp *op, void *user)
{
	Inliner *in = user;
	Graph *g = &in->g;
	const IrAttr *ref = ir_op_is(op, "func.call") ?
	    ir_op_attr(op, "callee") : NULL;
	IrOp *f = ref ? ir_symbol_cache_lookup(in->syms, op, ref) : NULL;
	size_t j = f ? func_index(g, f) : g->n;
	if (j == g->n)
		return IR_WALK_ADVANCE;
	if (g->nedges == g->edgecap) {
		g->edgecap = g->edgecap ? 2 * g->edgecap : 64;
		g->to = ir_xrealloc(g->to, g->edgecap * sizeof *g->to);
	}
	g->to[g->nedges++] = j;
	return IR_WALK_ADVANCE;
}

/* Tarjan's algorithm without recursion (call graphs can be deep). */
typedef struct Tarjan {
	size_t *num, *low;       /* 0: not visited */
	bool *on;
	size_t *stack, sp;       /* the component stack */
	size_t *vstack, *epos, vsp; /* the DFS: node and next edge */
	size_t next_num, next_scc;
} Tarjan;

static void
tarjan_push(Tarjan *t, size_t v)
{
	t->num[v] = t->low[v] = ++t->next_num;
	t->stack[t->sp++] = v;
	t->on[v] = true;
	t->vstack[t->vsp] = v;
	t->epos[t->vsp++] = 0;
}

/* v is done: pops its component when it is the root of one. */
static void
tarjan_finish(Graph *g, Tarjan *t, size_t v)
{
	if (t->low[v] != t->num[v])
		return;
	size_t w;
	do {
		w = t->stack[--t->sp];
		t->on[w] = false;
		g->scc[w] = t->next_scc;
	} while (w != v);
	t->next_scc++;
}

static void
tarjan_from(Graph *g, Tarjan *t, size_t root)
{
	tarjan_push(t, root);
	while (t->vsp) {
		size_t v = t->vstack[t->vsp - 1];
		size_t e = g->first[v] + t->epos[t->vsp - 1];
		if (e < g->first[v + 1]) {
			t->epos[t->vsp - 1]++;
			size_t w = g->to[e];
			if (!t->num[w])
				tarjan_push(t, w);
			else if (t->on[w] && t->num[w] < t->low[v])
				t->low[v] = t->num[w];
			continue;
		}
		t->vsp--;
		tarjan_finish(g, t, v);
		if (t->vsp) {
			size_t u = t->vstack[t->vsp - 1];
			if (t->low[v] < t->low[u])
				t->low[u] = t->low[v];
		}
	}
}

static void
graph_sccs(Graph *g)
{
	size_t n = g->n + 1;
	Tarjan t = {
		.num = ir_xcalloc(n, sizeof(size_t)),
		.low = ir_xcalloc(n, sizeof(size_t)),
		.on = ir_xcalloc(n, sizeof(bool)),
		.stack = ir_xcalloc(n, sizeof(size_t)),
		.vstack = ir_xcalloc(n, sizeof(size_t)),
		.epos = ir_xcalloc(n, sizeof(size_t)),
	};
	g->scc = ir_xcalloc(n, sizeof *g->scc);
	for (size_t v = 0; v < g->n; v++)
		if (!t.num[v])
			tarjan_from(g, &t, v);
	free(t.num);
	free(t.low);
	free(t.on);
	free(t.stack);
	free(t.vstack);
	free(t.epos);
}

static void
graph_build(Inliner *in, IrOp *module)
{
	Graph *g = &in->g;
	ir_op_walk(module, IR_WALK_PRE, collect_func, g);
	g->first = ir_xcalloc(g->n + 1, sizeof *g->first);
	for (size_t i = 0; i < g->n; i++) {
		g->first[i] = g->nedges;
		IrOp *f = g->funcs[i];
		for (unsigned r = 0; r < f->nregions; r++)
			for (IrBlock *b = ir_op_regions(f)[r].first; b;
			    b = b->next)
				for (IrOp *o = b->first; o; o = o->next)
					ir_op_walk(o, IR_WALK_PRE, add_edge,
					    in);
	}
	g->first[g->n] = g->nedges;
	graph_sccs(g);
}

static void
graph_free(Graph *g)
{
	free(g->funcs);
	free(g->first);
	free(g->to);
	free(g->scc);
	ir_ptrmap_free(&g->index);
}

/* The component of the func.func holding op (g->n + 1 when none), or
 * of f itself when op is a func.func of the graph. */
static size_t
scc_of(const Graph *g, const IrOp *op)
{
	while (op && !ir_op_is(op, "func.func"))
		op = ir_op_parent_op(op);
	size_t i = op ? func_index(g, op) : g->n;
	return i < g->n ? g->scc[i] : g->n + 1;
}

/* ------------------------------------------------------------ legality */

typedef struct Cost {
	size_t n;
	bool symbols;            /* copying would duplicate a symbol */
} Cost;

static IrWalkResult
count_op(IrOp *op, void *user)
{
	Cost *c = user;
	if (ir_symbol_name(op) || ir_op_has_trait(op, IR_TRAIT_SYMBOL_TABLE))
		c->symbols = true;
	c->n++;
	return IR_WALK_ADVANCE;
}

/* At most max ops (nested ones count, the func.return ending a block
 * does not), and no symbol to duplicate. */
static bool
small_enough(IrOp *f, int64_t max, size_t *n)
{
	Cost c = {0};
	for (IrBlock *b = ir_func_entry(f); b; b = b->next)
		for (IrOp *o = b->first; o; o = o->next)
			if (o != b->last || !ir_op_is(o, "func.return"))
				ir_op_walk(o, IR_WALK_PRE, count_op, &c);
	*n = c.n;
	return !c.symbols && (int64_t)c.n <= max;
}

/* May the region holding call take more blocks? Only when its op is
 * registered and does not want a single block. */
static bool
takes_blocks(IrOp *call)
{
	IrOp *p = ir_block_parent_op(call->parent);
	return p && p->name->def && !(p->name->def->traits &
	    (IR_TRAIT_SINGLE_BLOCK | IR_TRAIT_NO_TERMINATOR));
}

static bool
in_history(const History *h, size_t scc)
{
	for (; h; h = h->up)
		if (h->scc == scc)
			return true;
	return false;
}

/* The callee of call when it can be inlined: a func.func with a body,
 * resolved from the call's symbol table, that does not contain the call
 * and is not in the caller's call-graph component (recursion, direct or
 * mutual), whose component is not in the call's history (a recursive
 * callee already copied along this chain), small enough, and of one
 * block unless the caller's region takes more. */
static IrOp *
inlinable(Inliner *in, IrOp *call, const History *hist, size_t *n)
{
	const IrAttr *ref = ir_op_attr(call, "callee");
	IrOp *f = ref ? ir_symbol_cache_lookup(in->syms, call, ref) : NULL;
	if (!f || !ir_op_is(f, "func.func") || ir_op_is_ancestor(f, call))
		return NULL;
	size_t scc = scc_of(&in->g, f);
	if (scc == scc_of(&in->g, call) || in_history(hist, scc))
		return NULL;
	IrBlock *entry = ir_func_entry(f);
	if (!entry || entry->nargs != call->noperands)
		return NULL;
	if (entry->next && !takes_blocks(call))
		return NULL;
	return small_enough(f, in->max_ops, n) ? f : NULL;
}

/* ------------------------------------------------------------ copying */

/* One inlining: callee values and blocks to their copies. */
typedef struct Copy {
	Inliner *in;
	IrPtrMap vals;
	IrPtrMap blocks;
	const IrLoc *caller;     /* the call's location */
	const History *hist;     /* history of the calls in the copy */
} Copy;

/* Points a copied op (and what is nested in it) at the copies of the
 * callee's values and blocks, gives it a call-site location, and queues
 * the calls it brings in. */
static IrWalkResult
fix_op(IrOp *op, void *user)
{
	Copy *c = user;
	for (unsigned i = 0; i < op->noperands; i++) {
		IrValue *w = ir_ptrmap_get(&c->vals, op->operands[i].value);
		if (w)
			ir_op_set_operand(op, i, w);
	}
	for (unsigned i = 0; i < op->nsuccs; i++) {
		IrBlock *nb = ir_ptrmap_get(&c->blocks,
		    ir_op_succs(op)[i].block);
		if (nb)
			ir_op_set_successor(op, i, nb);
	}
	ir_op_set_loc(op, ir_loc_callsite(c->in->ctx, ir_op_loc(op),
	    c->caller));
	if (ir_op_is(op, "func.call"))
		calls_push(&c->in->next, op, c->hist);
	return IR_WALK_ADVANCE;
}

/* Copies op to the end of block `to` (before `before` when not NULL)
 * and maps its results. */
static IrOp *
copy_op(Copy *c, IrOp *op, IrBlock *to, IrOp *before)
{
	IrOp *n = ir_op_clone(c->in->ctx, op);
	if (before)
		ir_op_move_before(n, before);
	else
		ir_op_move_to_end(n, to);
	for (unsigned i = 0; i < op->nresults; i++)
		ir_ptrmap_put(&c->vals, &ir_op_results(op)[i],
		    &ir_op_results(n)[i]);
	return n;
}

static void
map_entry_args(Copy *c, IrBlock *entry, IrOp *call)
{
	for (unsigned i = 0; i < entry->nargs; i++)
		ir_ptrmap_put(&c->vals, entry->args[i],
		    call->operands[i].value);
}

/* One block: the body goes right before the call, the returned values
 * replace the call's results. */
static void
inline_block(Copy *c, IrOp *call, IrOp *f)
{
	IrBlock *entry = ir_func_entry(f);
	IrOp *ret = entry->last, *first = NULL;
	map_entry_args(c, entry, call);
	for (IrOp *o = entry->first; o && o != ret; o = o->next) {
		IrOp *n = copy_op(c, o, NULL, call);
		if (!first)
			first = n;
	}
	for (IrOp *o = first; o && o != call; o = o->next)
		ir_op_walk(o, IR_WALK_PRE, fix_op, c);
	for (unsigned i = 0; i < call->nresults; i++) {
		IrValue *v = ret->operands[i].value;
		IrValue *w = ir_ptrmap_get(&c->vals, v);
		ir_value_replace_all_uses(&ir_op_results(call)[i], w ? w : v);
	}
	ir_op_erase(call);
}

/* Splits call's block after the call: the ops after it move to a new
 * block after it whose arguments replace the call's results. */
static IrBlock *
split_after(IrOp *call)
{
	IrBlock *pre = call->parent, *post = ir_block_create();
	if (pre->next)
		ir_region_insert_before(pre->parent, pre->next, post);
	else
		ir_region_append(pre->parent, post);
	for (IrOp *o = call->next, *nx; o; o = nx) {
		nx = o->next;
		ir_op_move_to_end(o, post);
	}
	for (unsigned i = 0; i < call->nresults; i++)
		ir_value_replace_all_uses(&ir_op_results(call)[i],
		    ir_block_add_arg(post, ir_op_results(call)[i].type,
		    ir_op_loc(call)));
	return post;
}

/* A copied func.return becomes cf.br to the continuation block. */
static void
return_to_branch(Copy *c, IrBlock *b, IrBlock *post)
{
	IrOp *ret = b->last;
	if (!ret || !ir_op_is(ret, "func.return"))
		return;
	IrValue **vals = ir_xcalloc(ret->noperands + 1, sizeof *vals);
	for (unsigned i = 0; i < ret->noperands; i++)
		vals[i] = ret->operands[i].value;
	IrOpState st = {
		.name = ir_op_name_get(c->in->ctx, "cf.br", 5),
		.loc = ir_op_loc(ret),
		.noperands = ret->noperands,
		.operands = vals,
		.nsuccs = 1,
		.succs = &post,
	};
	ir_op_move_to_end(ir_op_create(c->in->ctx, &st), b);
	ir_op_erase(ret);
	free(vals);
}

/* Several blocks, as MLIR: split the caller's block after the call, copy
 * the callee's blocks in between (the entry's copy merges into the
 * caller's block), and branch from each return to the continuation. */
static void
inline_blocks(Copy *c, IrOp *call, IrOp *f)
{
	IrBlock *pre = call->parent, *post = split_after(call);
	IrBlock *entry = ir_func_entry(f);
	map_entry_args(c, entry, call);
	for (IrBlock *b = entry; b; b = b->next) {
		IrBlock *nb = ir_block_create();
		ir_region_insert_before(pre->parent, post, nb);
		ir_ptrmap_put(&c->blocks, b, nb);
		for (unsigned i = 0; b != entry && i < b->nargs; i++)
			ir_ptrmap_put(&c->vals, b->args[i],
			    ir_block_add_arg(nb, b->args[i]->type,
			    ir_value_loc(b->args[i])));
	}
	for (IrBlock *b = entry; b; b = b->next)
		for (IrOp *o = b->first; o; o = o->next)
			copy_op(c, o, ir_ptrmap_get(&c->blocks, b), NULL);
	IrBlock *ne = ir_ptrmap_get(&c->blocks, entry);
	for (IrBlock *nb = ne; nb != post; nb = nb->next) {
		for (IrOp *o = nb->first; o; o = o->next)
			ir_op_walk(o, IR_WALK_PRE, fix_op, c);
		return_to_branch(c, nb, post);
	}
	ir_op_erase(call);
	while (ne->first)
		ir_op_move_to_end(ne->first, pre);
	ir_block_destroy(ne);
}

static void
inline_call(Inliner *in, IrOp *call, IrOp *f, const History *hist)
{
	History *h = ir_arena_alloc(&in->arena, sizeof *h, sizeof(void *));
	h->scc = scc_of(&in->g, f);
	h->up = hist;
	Copy c = { .in = in, .caller = ir_op_loc(call), .hist = h };
	if (ir_func_entry(f)->next)
		inline_blocks(&c, call, f);
	else
		inline_block(&c, call, f);
	ir_ptrmap_free(&c.vals);
	ir_ptrmap_free(&c.blocks);
}

/* ------------------------------------------------------------ the pass */

static bool
inline_run(IrOp *module, IrPass *pass)
{
	Inliner in = {
		.ctx = ir_pass_context(pass),
		.syms = ir_symbol_cache_create(),
		.max_ops = ir_pass_int(pass, "max-ops"),
	};
	int64_t rounds = ir_pass_int(pass, "max-depth");
	int64_t budget = ir_pass_int(pass, "max-growth");
	uint64_t total = 0, grown = 0;
	const IrLoc *stopped = NULL;
	Calls cur = {0};
	if (in.max_ops < 0 || rounds < 0 || budget < 0) {
		ir_emit_error(in.ctx, ir_op_loc(module), "inline: max-ops, "
		    "max-depth and max-growth must be >= 0 (got %lld, %lld, "
		    "%lld)", (long long)in.max_ops, (long long)rounds,
		    (long long)budget);
		ir_symbol_cache_destroy(in.syms);
		return false;
	}
	graph_build(&in, module);
	ir_op_walk(module, IR_WALK_PRE, collect_call, &cur);
	/* Each round inlines the calls present at its start; calls that
	 * inlined bodies bring in wait for the next round. */
	for (int64_t k = 0; k < rounds && cur.n; k++) {
		for (size_t i = 0; i < cur.n && !stopped; i++) {
			size_t n = 0;
			IrOp *f = inlinable(&in, cur.v[i].op, cur.v[i].hist,
			    &n);
			/* A chain of functions each calling the next twice
			 * doubles the module every round: bound the sum. */
			if (f && grown + n > (uint64_t)budget) {
				stopped = ir_op_loc(cur.v[i].op);
				break;
			}
			if (f) {
				grown += n;
				inline_call(&in, cur.v[i].op, f,
				    cur.v[i].hist);
				total++;
			}
		}
		free(cur.v);
		cur = in.next;
		in.next = (Calls){0};
	}
	free(cur.v);
	if (stopped)
		ir_emit(in.ctx, IR_SEV_WARNING, stopped, "inline: stopped at "
		    "this call: %llu calls inlined added %llu ops, and the "
		    "next would pass max-growth=%lld", (unsigned long long)
		    total, (unsigned long long)grown, (long long)budget);
	ir_pass_stat_add(pass, "num-inlined", total);
	graph_free(&in.g);
	ir_arena_free(&in.arena);
	ir_symbol_cache_destroy(in.syms);
	return true;
}

static const IrPassOption options[] = {
	{ "max-ops", IR_OPT_INT, "16",
	  "inline callees of at most this many ops (nested ones count, the "
	  "returns do not)", NULL },
	{ "max-depth", IR_OPT_INT, "4",
	  "rounds of inlining (calls brought in by an inlined body are "
	  "inlined in the next round)", NULL },
	{ "max-growth", IR_OPT_INT, "1000000",
	  "ops all inlining together may add to the module; inlining stops "
	  "with a warning at the call that would pass it", NULL },
};

static const IrPassStatistic stats[] = {
	{ "num-inlined", "calls inlined" },
};

const IrPassDef pass_inline = {
	.argument = "inline",
	.summary = "Inline func.call of small functions (any CFG)",
	.anchor = "builtin.module",
	.options = options,
	.noptions = sizeof options / sizeof options[0],
	.stats = stats,
	.nstats = 1,
	.run = inline_run,
	.description =
	    "Replaces a `func.call` by a copy of the callee's body when the\n"
	    "callee, resolved in the call's nearest symbol table (nested\n"
	    "references included), is a `func.func` with a body of at most\n"
	    "`max-ops` ops that does not contain the call. Arguments become\n"
	    "the call's operands and the copied ops get `callsite(callee at\n"
	    "caller)` locations. A one-block body goes right before the call\n"
	    "and its returned values replace the call's results. A body of\n"
	    "several blocks is inlined as MLIR does: the caller's block is\n"
	    "split after the call, the callee's blocks are copied in between\n"
	    "(the entry's copy joins the caller's block), each `func.return`\n"
	    "becomes a `cf.br` to the continuation block, whose arguments\n"
	    "replace the call's results; this needs a caller region that may\n"
	    "hold several blocks (a registered op without the single-block or\n"
	    "no-terminator traits, such as `func.func`). Recursion never\n"
	    "loops: calls between functions of one cycle of the call graph\n"
	    "(a strongly connected component: a function calling itself, or\n"
	    "functions calling each other) are not inlined, and a call that\n"
	    "inlining a function of a component brought in is not inlined\n"
	    "with a callee of that component again (an inline history, as\n"
	    "MLIR's), so a recursive function is copied into an outside\n"
	    "caller once, never unrolled. Callees with symbols inside are\n"
	    "left alone. Callees stay: `symbol-dce` erases\n"
	    "the private ones left unused.",
};
