/* passes/cse.c: common subexpression elimination of pure ops, scoped by
 * dominance: an op is replaced by an equal one that dominates it. */
#include <stdlib.h>
#include <string.h>
#include <xxhash.h>

#include "passes/passes.h"
#include "ir/rewrite.h"

/* A known op: entries form a stack (scopes pop it back) and each hash
 * bucket a chain from the newest entry down, so popping an entry always
 * removes the head of its bucket. */
typedef struct Entry {
	IrOp *op;
	uint64_t hash;
	int64_t next;            /* older entry of the bucket, -1: none */
} Entry;

typedef struct Cse {
	Entry *ents;
	size_t n, cap;
	int64_t *heads;          /* per bucket, -1: empty */
	size_t nbuckets;
	size_t floor;            /* entries below are out of scope
	                            (inside an isolated op) */
	uint64_t *words;         /* hash scratch */
	size_t wcap;
	uint64_t ncse;
	uint64_t ndce;
} Cse;

static bool
is_pure(const IrOp *op)
{
	const IrOpDef *d = op->name->def;
	return d && (d->traits & IR_TRAIT_PURE);
}

/* Is everything op's regions hold pure, in regions of at most one block
 * each (as MLIR, which leaves ops with multi-block regions alone)? */
static bool
regions_simple(const IrOp *op)
{
	for (unsigned r = 0; r < op->nregions; r++) {
		const IrBlock *b = ir_op_regions(op)[r].first;
		if (b && b->next)
			return false;
		for (const IrOp *o = b ? b->first : NULL; o; o = o->next)
			if (!is_pure(o) || o->nsuccs || !regions_simple(o))
				return false;
	}
	return true;
}

static bool
is_candidate(const IrOp *op)
{
	const IrOpDef *d = op->name->def;
	return d && (d->traits & IR_TRAIT_PURE) &&
	    !(d->traits & IR_TRAIT_TERMINATOR) && op->nresults > 0 &&
	    op->nsuccs == 0 && (op->nregions == 0 || regions_simple(op));
}

/* ---- structural equality of regions: values of the first op's regions
 * map to the second.s (an IrPtrMap). */

/* Does x (in the first op) stand for y (in the second)? Values defined
 * inside must correspond; others must be the same value. */
static bool
vmap_same(const IrPtrMap *m, const IrValue *x, const IrValue *y)
{
	const IrValue *mapped = ir_ptrmap_get(m, x);

	return mapped ? mapped == y : x == y;
}

static bool regions_equal(const IrOp *a, const IrOp *b, IrPtrMap *m);

/* Ops nested in the regions being compared: equal up to the mapping,
 * operands in order; their results are mapped when they are. */
static bool
nested_equal(const IrOp *a, const IrOp *b, IrPtrMap *m)
{
	if (a->name != b->name || a->attrs != b->attrs ||
	    a->nresults != b->nresults || a->noperands != b->noperands ||
	    a->nregions != b->nregions || a->nsuccs || b->nsuccs)
		return false;
	for (unsigned i = 0; i < a->nresults; i++)
		if (ir_op_results(a)[i].type != ir_op_results(b)[i].type)
			return false;
	for (unsigned i = 0; i < a->noperands; i++)
		if (!vmap_same(m, a->operands[i].value, b->operands[i].value))
			return false;
	if (!regions_equal(a, b, m))
		return false;
	for (unsigned i = 0; i < a->nresults; i++)
		ir_ptrmap_put(m, &ir_op_results(a)[i], &ir_op_results(b)[i]);
	return true;
}

/* The regions of a and b (at most one block each): same block
 * arguments (types), same ops in the same order, locations aside. */
static bool
regions_equal(const IrOp *a, const IrOp *b, IrPtrMap *m)
{
	for (unsigned r = 0; r < a->nregions; r++) {
		const IrBlock *x = ir_op_regions(a)[r].first;
		const IrBlock *y = ir_op_regions(b)[r].first;
		if (!x || !y) {
			if (x || y)
				return false;
			continue;
		}
		if (x->next || y->next || x->nargs != y->nargs)
			return false;
		for (unsigned i = 0; i < x->nargs; i++) {
			if (x->args[i]->type != y->args[i]->type)
				return false;
			ir_ptrmap_put(m, x->args[i], y->args[i]);
		}
		const IrOp *p = x->first, *q = y->first;
		for (; p && q; p = p->next, q = q->next)
			if (!nested_equal(p, q, m))
				return false;
		if (p || q)
			return false;
	}
	return true;
}

static void
sort_ptrs(uint64_t *w, size_t n)
{
	for (size_t i = 1; i < n; i++) {
		uint64_t x = w[i];
		size_t j = i;
		for (; j > 0 && w[j - 1] > x; j--)
			w[j] = w[j - 1];
		w[j] = x;
	}
}

/* The op's key: name, attributes, result types and operands (sorted for
 * commutative ops), all uniqued or identity pointers, hashed with XXH3. */
static uint64_t
op_hash(Cse *c, const IrOp *op)
{
	size_t n = 3 + op->nresults + op->noperands;
	if (n > c->wcap) {
		c->wcap = 2 * n;
		c->words = realloc(c->words, c->wcap * sizeof *c->words);
		if (!c->words)
			ir_unreachable("out of memory");
	}
	uint64_t *w = c->words;
	size_t k = 0;
	w[k++] = (uint64_t)(uintptr_t)op->name;
	w[k++] = (uint64_t)(uintptr_t)op->attrs;
	w[k++] = op->nresults;
	for (unsigned i = 0; i < op->nresults; i++)
		w[k++] = (uint64_t)(uintptr_t)ir_op_results(op)[i].type;
	size_t first = k;
	for (unsigned i = 0; i < op->noperands; i++)
		w[k++] = (uint64_t)(uintptr_t)op->operands[i].value;
	if (op->name->def->traits & IR_TRAIT_COMMUTATIVE)
		sort_ptrs(w + first, op->noperands);
	return XXH3_64bits(w, k * sizeof *w);
}

static bool
same_operands(const IrOp *a, const IrOp *b)
{
	if (a->noperands != b->noperands)
		return false;
	bool all = true;
	for (unsigned i = 0; all && i < a->noperands; i++)
		all = a->operands[i].value == b->operands[i].value;
	if (all || !(a->name->def->traits & IR_TRAIT_COMMUTATIVE))
		return all;
	/* Commutative: equal as multisets. */
	for (unsigned i = 0; i < a->noperands; i++) {
		unsigned ca = 0, cb = 0;
		for (unsigned j = 0; j < a->noperands; j++) {
			ca += a->operands[j].value == a->operands[i].value;
			cb += b->operands[j].value == a->operands[i].value;
		}
		if (ca != cb)
			return false;
	}
	return true;
}

static bool
op_equal(const IrOp *a, const IrOp *b)
{
	if (a->name != b->name || a->attrs != b->attrs ||
	    a->nresults != b->nresults || a->nregions != b->nregions)
		return false;
	for (unsigned i = 0; i < a->nresults; i++)
		if (ir_op_results(a)[i].type != ir_op_results(b)[i].type)
			return false;
	if (!same_operands(a, b))
		return false;
	if (!a->nregions)
		return true;
	IrPtrMap m = {0};
	bool eq = regions_equal(a, b, &m);
	ir_ptrmap_free(&m);
	return eq;
}

static void
rehash(Cse *c, size_t nb)
{
	free(c->heads);
	c->nbuckets = nb;
	c->heads = ir_xmalloc(nb * sizeof *c->heads);
	memset(c->heads, 0xff, nb * sizeof *c->heads);
	for (size_t i = 0; i < c->n; i++) {
		size_t b = c->ents[i].hash & (nb - 1);
		c->ents[i].next = c->heads[b];
		c->heads[b] = (int64_t)i;
	}
}

static IrOp *
lookup(Cse *c, const IrOp *op, uint64_t h)
{
	int64_t i = c->heads[h & (c->nbuckets - 1)];
	for (; i >= (int64_t)c->floor; i = c->ents[i].next)
		if (c->ents[i].hash == h && op_equal(c->ents[i].op, op))
			return c->ents[i].op;
	return NULL;
}

static void
insert(Cse *c, IrOp *op, uint64_t h)
{
	if (c->n == c->cap) {
		c->cap = c->cap ? 2 * c->cap : 1024;
		c->ents = ir_xrealloc(c->ents, c->cap * sizeof *c->ents);
	}
	size_t b = h & (c->nbuckets - 1);
	c->ents[c->n] = (Entry){ op, h, c->heads[b] };
	c->heads[b] = (int64_t)c->n++;
	if (c->n * 2 > c->nbuckets)
		rehash(c, 2 * c->nbuckets);
}

/* Drops the entries pushed since `mark`. */
static void
pop_to(Cse *c, size_t mark)
{
	while (c->n > mark) {
		Entry *e = &c->ents[--c->n];
		c->heads[e->hash & (c->nbuckets - 1)] = e->next;
	}
}

static void cse_region(Cse *c, IrRegion *r, bool isolated);

/* Cache lines a block's walk will need, asked for ahead of time in two
 * stages: PREFETCH_FAR ops ahead, the op's hash bucket (by its hash as
 * it stands: replacements before it is visited may change that, and
 * then the prefetch is wasted) and each result's first use (which
 * replacing them writes; uses live in later ops); PREFETCH_NEAR ops
 * ahead, when those have arrived, the bucket's newest entry and each
 * result's second use. Only ops before the current one are erased
 * meanwhile, so the pointers ahead stay valid. */
enum { PREFETCH_FAR = 8, PREFETCH_NEAR = 4 };

typedef struct Ahead {
	IrOp *far, *near;
	uint64_t hash[PREFETCH_FAR];  /* of the ops between, by step */
	bool has[PREFETCH_FAR];
	unsigned step;
} Ahead;

static IrOp *
nth_after(IrOp *o, int n)
{
	for (int i = 0; o && i < n; i++)
		o = o->next;
	return o;
}

static void
ahead_start(Ahead *a, IrOp *first)
{
	memset(a, 0, sizeof *a);
	a->near = nth_after(first, PREFETCH_NEAR);
	a->far = nth_after(a->near, PREFETCH_FAR - PREFETCH_NEAR);
}

/* One step of the walk: prefetches for the op PREFETCH_FAR ahead and
 * for the one PREFETCH_NEAR ahead, then moves both on. */
static void
ahead_step(Cse *c, Ahead *a)
{
	unsigned slot = a->step % PREFETCH_FAR;
	unsigned nslot = (a->step + PREFETCH_FAR - (PREFETCH_FAR -
	    PREFETCH_NEAR)) % PREFETCH_FAR;
	a->step++;
	IrOp *o = a->near;
	if (o) {
		for (unsigned i = 0; i < o->nresults; i++)
			if (ir_op_results(o)[i].uses)
				__builtin_prefetch(
				    ir_op_results(o)[i].uses->next, 1);
		if (a->has[nslot]) {
			int64_t e = c->heads[a->hash[nslot] &
			    (c->nbuckets - 1)];
			if (e >= 0)
				__builtin_prefetch(&c->ents[e]);
		}
		a->near = o->next;
	}
	a->has[slot] = false;
	o = a->far;
	if (!o)
		return;
	for (unsigned i = 0; i < o->nresults; i++)
		__builtin_prefetch(ir_op_results(o)[i].uses, 1);
	if (is_candidate(o) && !o->nregions) {
		a->hash[slot] = op_hash(c, o);
		a->has[slot] = true;
		__builtin_prefetch(&c->heads[a->hash[slot] &
		    (c->nbuckets - 1)]);
	}
	a->far = o->next;
}

/* CSEs the ops of one block, recursing into nested regions; entries stay
 * for the blocks it dominates (the caller pops them). */
static void
cse_block(Cse *c, IrBlock *b)
{
	IrOp *op = b->first, *next;
	Ahead ahead;
	ahead_start(&ahead, op);
	for (; op; op = next) {
		next = op->next;
		ahead_step(c, &ahead);
		for (unsigned r = 0; r < op->nregions; r++)
			cse_region(c, &ir_op_regions(op)[r],
			    ir_op_has_trait(op, IR_TRAIT_ISOLATED));
		if (!is_candidate(op))
			continue;
		/* As MLIR's CSE: an op dead when visited goes too (later
		 * ops cannot use it, so the result does not depend on when
		 * it is erased). */
		if (ir_op_is_trivially_dead(op)) {
			ir_op_erase(op);
			c->ndce++;
			continue;
		}
		uint64_t h = op_hash(c, op);
		IrOp *prev = lookup(c, op, h);
		if (!prev) {
			insert(c, op, h);
			continue;
		}
		for (unsigned i = 0; i < op->nresults; i++)
			ir_value_replace_all_uses(&ir_op_results(op)[i],
			    &ir_op_results(prev)[i]);
		ir_op_erase(op);
		c->ncse++;
	}
}

/* ---- dominator tree of a multi-block region (Cooper, Harvey, Kennedy:
 * "A Simple, Fast Dominance Algorithm"), blocks in reverse postorder. */

typedef struct Dom {
	IrBlock **rpo;           /* reachable blocks, reverse postorder */
	size_t n;
	int *idom;               /* index into rpo */
} Dom;

static int
rpo_index(const Dom *d, const IrBlock *b)
{
	for (size_t i = 0; i < d->n; i++)
		if (d->rpo[i] == b)
			return (int)i;
	return -1;
}

/* Depth-first numbering from the entry, iteratively. */
static void
dom_order(Dom *d, IrRegion *r, size_t nblocks)
{
	IrBlock **post = ir_xcalloc(nblocks, sizeof *post);
	IrBlock **stack = ir_xcalloc(nblocks, sizeof *stack);
	unsigned *edge = ir_xcalloc(nblocks, sizeof *edge);
	IrBlock **seen = ir_xcalloc(nblocks, sizeof *seen);
	size_t np = 0, sp = 0, ns = 0;
	stack[sp++] = r->first;
	seen[ns++] = r->first;
	while (sp) {
		IrBlock *b = stack[sp - 1];
		IrOp *t = ir_block_terminator(b);
		unsigned nsucc = t ? t->nsuccs : 0;
		if (edge[sp - 1] < nsucc) {
			IrBlock *s = ir_op_succs(t)[edge[sp - 1]++].block;
			bool known = false;
			for (size_t i = 0; i < ns && !known; i++)
				known = seen[i] == s;
			if (!known && s) {
				seen[ns++] = s;
				edge[sp] = 0;
				stack[sp++] = s;
			}
			continue;
		}
		post[np++] = b;
		sp--;
	}
	d->n = np;
	d->rpo = ir_xcalloc(np, sizeof *d->rpo);
	for (size_t i = 0; i < np; i++)
		d->rpo[i] = post[np - 1 - i];
	free(post);
	free(stack);
	free(edge);
	free(seen);
}

static int
intersect(const Dom *d, int a, int b)
{
	while (a != b) {
		while (a > b)
			a = d->idom[a];
		while (b > a)
			b = d->idom[b];
	}
	return a;
}

static void
dom_build(Dom *d, IrRegion *r, size_t nblocks)
{
	dom_order(d, r, nblocks);
	d->idom = ir_xcalloc(d->n, sizeof *d->idom);
	for (size_t i = 0; i < d->n; i++)
		d->idom[i] = -1;
	d->idom[0] = 0;
	for (bool changed = true; changed;) {
		changed = false;
		for (size_t i = 1; i < d->n; i++) {
			int nid = -1;
			for (IrBlockRef *p = d->rpo[i]->preds; p; p = p->next) {
				int k = rpo_index(d, p->owner->parent);
				if (k < 0 || d->idom[k] < 0)
					continue;
				nid = nid < 0 ? k : intersect(d, k, nid);
			}
			if (nid != d->idom[i]) {
				d->idom[i] = nid;
				changed = true;
			}
		}
	}
}

/* Visits the dominator subtree of rpo[i] keeping each block's entries
 * for its dominated children. */
static void
cse_domtree(Cse *c, const Dom *d, int i)
{
	size_t mark = c->n;
	cse_block(c, d->rpo[i]);
	for (size_t k = 1; k < d->n; k++)
		if (d->idom[k] == i && (int)k != i)
			cse_domtree(c, d, (int)k);
	pop_to(c, mark);
}

static void
cse_region(Cse *c, IrRegion *r, bool isolated)
{
	if (!r->first)
		return;
	size_t mark = c->n, floor = c->floor;
	if (isolated)
		c->floor = c->n;
	size_t nblocks = 0;
	for (IrBlock *b = r->first; b; b = b->next)
		nblocks++;
	if (nblocks == 1) {
		cse_block(c, r->first);
	} else {
		Dom d = {0};
		dom_build(&d, r, nblocks);
		cse_domtree(c, &d, 0);
		free(d.rpo);
		free(d.idom);
	}
	pop_to(c, mark);
	c->floor = floor;
}

static bool
cse_run(IrOp *op, IrPass *pass)
{
	Cse c = {0};
	rehash(&c, 1024);
	for (unsigned r = 0; r < op->nregions; r++)
		cse_region(&c, &ir_op_regions(op)[r], true);
	ir_pass_stat_add(pass, "num-cse'd", c.ncse);
	ir_pass_stat_add(pass, "num-dce'd", c.ndce);
	free(c.ents);
	free(c.heads);
	free(c.words);
	return true;
}

static const IrPassStatistic stats[] = {
	{ "num-cse'd", "ops replaced by an equal dominating op" },
	{ "num-dce'd", "pure ops erased because unused when visited" },
};

const IrPassDef pass_cse = {
	.argument = "cse",
	.summary = "Eliminate common subexpressions of pure ops",
	.anchor = NULL,
	.stats = stats,
	.nstats = sizeof stats / sizeof stats[0],
	.run = cse_run,
	.description =
	    "Replaces a registered pure op by an equal op that dominates it:\n"
	    "same name, attribute dictionary, result types and operands (in\n"
	    "any order for commutative ops) and, for an op with regions,\n"
	    "structurally equal regions: each of at most one block, holding\n"
	    "only pure ops, with the same argument types and the same ops in\n"
	    "order, whose operands are the same values or correspond inside\n"
	    "the regions (locations are ignored). Ops are hashed\n"
	    "with XXH3 into scoped tables that follow each region's dominator\n"
	    "tree; nested regions see the ops of enclosing ones, except\n"
	    "regions of ops isolated from above, which start empty. As MLIR's\n"
	    "CSE, it also erases pure ops that are unused when it reaches\n"
	    "them. Unregistered ops are never pure, so never merged.",
};
