/* passes/cse.c: common subexpression elimination of pure ops, scoped by
 * dominance: an op is replaced by an equal one that dominates it. */
#include <stdlib.h>
#include <string.h>
#include <xxhash.h>

#include "passes/passes.h"
#include "ir/rewrite.h"

/* Known ops live in an open-addressed table with linear probing, one
 * 8-byte slot each, so that a miss costs one random access and a hit
 * one more (to the op itself). Scopes drop entries newest first, and the
 * newest key can leave linear probing by just emptying its slot: a key
 * that probed past that slot went in while an older key held it, and so
 * went out before the newest one. The entries also form a stack, oldest
 * first, with each one's slot. */
typedef struct Slot {
	uint32_t tag;            /* high half of the op's hash: picks the
	                            home slot, and filters compares */
	uint32_t idx;            /* 1 + the entry's place on the stack;
	                            0: empty */
} Slot;

typedef struct Cse {
	Slot *slots;
	size_t nslots;           /* 0: none allocated */
	IrOp **ops;              /* the stack: entries, oldest first */
	uint32_t *where;         /* slot of each entry */
	size_t n, cap;           /* cap: entries before the table grows */
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
	return is_pure(op) &&
	    !(op->name->def->traits & IR_TRAIT_TERMINATOR) &&
	    op->nresults > 0 && op->nsuccs == 0 &&
	    (op->nregions == 0 || regions_simple(op));
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

/* The most the table fills before it doubles, and its smallest size.
 * Linear probing slows down as the table fills, but 8 slots share a
 * cache line, so a longer probe mostly costs compares, while the table's
 * size costs page faults and cache misses. */
enum { CSE_LOAD_NUM = 4, CSE_LOAD_DEN = 5, CSE_MIN_SLOTS = 256 };
/* Tables up to this size are kept for the next scope when they empty. */
enum { CSE_KEEP_SLOTS = 1 << 16 };

/* The home slot of a tag: its scaled position in the table, which needs
 * no power-of-two size and lets growing rehash from the tags alone. */
static size_t
home(const Cse *c, uint32_t tag)
{
	return (size_t)(((uint64_t)tag * c->nslots) >> 32);
}

/* The first empty slot from tag's home on. */
static size_t
free_slot(const Cse *c, uint32_t tag)
{
	size_t i = home(c, tag);
	while (c->slots[i].idx)
		if (++i == c->nslots)
			i = 0;
	return i;
}

/* Moves the entries into a table of nslots, oldest first, so that each
 * key again probes only past older ones. */
static void
resize(Cse *c, size_t nslots)
{
	if (nslots > UINT32_MAX)
		ir_unreachable("CSE table too large");
	Slot *old = c->slots;
	c->slots = ir_xcalloc(nslots, sizeof *c->slots);
	c->nslots = nslots;
	/* Random reads and writes, so each entry's old slot is asked for
	 * 2 * RESIZE_AHEAD entries ahead and its new home RESIZE_AHEAD
	 * ahead, when the old one has arrived. */
	enum { RESIZE_AHEAD = 16 };
	for (size_t i = 0; i < c->n; i++) {
		if (i + 2 * RESIZE_AHEAD < c->n)
			__builtin_prefetch(
			    &old[c->where[i + 2 * RESIZE_AHEAD]]);
		if (i + RESIZE_AHEAD < c->n)
			__builtin_prefetch(&c->slots[home(c,
			    old[c->where[i + RESIZE_AHEAD]].tag)], 1);
		const Slot *o = &old[c->where[i]];
		size_t j = free_slot(c, o->tag);
		c->slots[j] = *o;
		c->where[i] = (uint32_t)j;
	}
	free(old);
	c->cap = nslots / CSE_LOAD_DEN * CSE_LOAD_NUM;
	c->ops = ir_xrealloc(c->ops, c->cap * sizeof *c->ops);
	c->where = ir_xrealloc(c->where, c->cap * sizeof *c->where);
}

static IrOp *
lookup(const Cse *c, const IrOp *op, uint64_t h)
{
	if (!c->nslots)
		return NULL;
	uint32_t tag = (uint32_t)(h >> 32);
	size_t i = home(c, tag);
	for (Slot s; (s = c->slots[i]).idx;) {
		if (s.tag == tag && s.idx > c->floor &&
		    op_equal(c->ops[s.idx - 1], op))
			return c->ops[s.idx - 1];
		if (++i == c->nslots)
			i = 0;
	}
	return NULL;
}

static void
insert(Cse *c, IrOp *op, uint64_t h)
{
	if (c->n == c->cap)
		resize(c, c->nslots ? 2 * c->nslots : CSE_MIN_SLOTS);
	uint32_t tag = (uint32_t)(h >> 32);
	size_t i = free_slot(c, tag);
	c->ops[c->n] = op;
	c->where[c->n] = (uint32_t)i;
	c->slots[i] = (Slot){ tag, (uint32_t)++c->n };
}

/* Drops the entries pushed since `mark`. A big table that empties is
 * freed rather than cleared slot by slot (random writes all over it);
 * the next scope grows its own. */
static void
pop_to(Cse *c, size_t mark)
{
	if (mark == 0 && c->nslots > CSE_KEEP_SLOTS) {
		free(c->slots);
		c->slots = NULL;
		c->nslots = c->n = c->cap = 0;
		return;
	}
	while (c->n > mark)
		c->slots[c->where[--c->n]].idx = 0;
}

static void cse_region(Cse *c, IrRegion *r, bool isolated);

/* Cache lines a block's walk will need, asked for ahead of time:
 * AHEAD_USES ops ahead, the op's operands, which replacing or erasing
 * the ops they use writes (a value's uses mostly sit in the ops shortly
 * after it, and ops mostly sit in memory in order), and the next op's
 * header, which the next step reads; AHEAD_HASH ops ahead, the op's home
 * slot, by its hash as it stands. The hash is kept for the visit unless
 * a replacement changes one of the op's operands first. Only ops before
 * the current one are erased meanwhile, so the pointers ahead stay
 * valid. */
enum { AHEAD_USES = 128, AHEAD_HASH = 8 };

typedef struct Ahead {
	IrOp *uses, *hash;            /* the ops AHEAD_* ahead */
	int lead;                     /* ops `uses` is ahead of the current */
	IrOp *op[AHEAD_HASH];         /* hashed ahead, by step; NULL: none */
	uint64_t h[AHEAD_HASH];
	unsigned step;
} Ahead;

static IrOp *
nth_after(IrOp *o, int n)
{
	for (int i = 0; o && i < n; i++)
		o = o->next;
	return o;
}

/* The operands' op starts at the block's first and gains two ops a step
 * until it is AHEAD_USES ahead: walking there at once would take a chain
 * of cache misses (and, for a short block, walk all of it). */
static void
ahead_start(Ahead *a, IrOp *first)
{
	memset(a, 0, sizeof *a);
	a->hash = nth_after(first, AHEAD_HASH);
	a->uses = first;
}

/* The hash of op, the op visited now, if it was taken ahead. */
static bool
ahead_hash(const Ahead *a, const IrOp *op, uint64_t *h)
{
	unsigned k = a->step % AHEAD_HASH;
	if (a->op[k] != op)
		return false;
	*h = a->h[k];
	return true;
}

/* v's uses are about to change: hashes taken ahead of their ops go. */
static void
ahead_forget(Ahead *a, const IrValue *v)
{
	for (const IrUse *u = v->uses; u; u = u->next)
		for (unsigned k = 0; k < AHEAD_HASH; k++)
			if (a->op[k] == u->owner)
				a->op[k] = NULL;
}

/* Asks for the cache lines of op's operands, to write them. */
static void
prefetch_operands(const IrOp *op)
{
	for (unsigned i = 0; i < op->noperands; i++)
		__builtin_prefetch(&op->operands[i], 1);
}

/* One step of the walk: prefetches for the ops AHEAD_* ahead and moves
 * on; the visit of the current op comes after (it reads the slot of
 * its own step before this step reuses it). */
static void
ahead_step(Cse *c, Ahead *a)
{
	unsigned k = a->step++ % AHEAD_HASH;
	for (int i = 0; i < 2 && a->uses && a->lead < AHEAD_USES; i++) {
		prefetch_operands(a->uses);
		a->uses = a->uses->next;
		a->lead++;
		if (a->uses)
			__builtin_prefetch(a->uses);
	}
	a->lead--;              /* the current op moves on */
	a->op[k] = NULL;
	IrOp *o = a->hash;
	if (!o)
		return;
	if (!o->nregions && is_candidate(o)) {
		a->op[k] = o;
		a->h[k] = op_hash(c, o);
		if (c->nslots)
			__builtin_prefetch(&c->slots[home(c,
			    (uint32_t)(a->h[k] >> 32))]);
	}
	a->hash = o->next;
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
		uint64_t h;
		bool hashed = ahead_hash(&ahead, op, &h);
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
		if (!hashed)
			h = op_hash(c, op);
		IrOp *prev = lookup(c, op, h);
		if (!prev) {
			insert(c, op, h);
			continue;
		}
		for (unsigned i = 0; i < op->nresults; i++) {
			ahead_forget(&ahead, &ir_op_results(op)[i]);
			ir_value_replace_all_uses(&ir_op_results(op)[i],
			    &ir_op_results(prev)[i]);
		}
		ir_op_erase(op);
		c->ncse++;
	}
}

/* Visits the dominator subtree of node i (ir_domtree_build) keeping
 * each block's entries for the blocks it dominates. */
static void
cse_domtree(Cse *c, const IrDomTree *d, size_t i)
{
	size_t mark = c->n, nkids;
	const size_t *kids = ir_domtree_children(d, i, &nkids);
	cse_block(c, ir_domtree_block(d, i));
	for (size_t k = 0; k < nkids; k++)
		cse_domtree(c, d, kids[k]);
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
	if (!r->first->next) {
		cse_block(c, r->first);
	} else {
		IrDomTree *d = ir_domtree_build(r);
		cse_domtree(c, d, 0);
		ir_domtree_free(d);
	}
	pop_to(c, mark);
	c->floor = floor;
}

static bool
cse_run(IrOp *op, IrPass *pass)
{
	Cse c = {0};
	for (unsigned r = 0; r < op->nregions; r++)
		cse_region(&c, &ir_op_regions(op)[r], true);
	ir_pass_stat_add(pass, "num-cse'd", c.ncse);
	ir_pass_stat_add(pass, "num-dce'd", c.ndce);
	free(c.slots);
	free(c.ops);
	free(c.where);
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
