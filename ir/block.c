/* ir/block.c: blocks, block arguments, regions and dominance. */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "ir/internal.h"

/* ----------------------------------------------------------------- regions */

IrRegion *
ir_op_region(IrOp *op, unsigned i)
{
	assert(i < op->nregions);
	return &ir_op_regions(op)[i];
}

bool
ir_region_empty(const IrRegion *r)
{
	return r->first == NULL;
}

void
ir_region_insert_before(IrRegion *r, IrBlock *before, IrBlock *b)
{
	assert(!b->parent);
	b->parent = r;
	b->next = before;
	b->prev = before ? before->prev : r->last;
	if (b->prev)
		b->prev->next = b;
	else
		r->first = b;
	if (before)
		before->prev = b;
	else
		r->last = b;
}

void
ir_region_append(IrRegion *r, IrBlock *b)
{
	ir_region_insert_before(r, NULL, b);
}

void
ir_region_take_body(IrRegion *to, IrRegion *from)
{
	if (to == from)
		return;
	while (from->first) {
		IrBlock *b = from->first;
		ir_block_remove(b);
		ir_region_append(to, b);
	}
}

IrOp *
ir_region_parent_op(const IrRegion *r)
{
	return r->parent;
}

/* ------------------------------------------------------------------ blocks */

IrBlock *
ir_block_create(void)
{
	return ir_xcalloc(1, sizeof(IrBlock));
}

/* A block argument: its value and the location only arguments have
 * (kept out of IrValue, which every op result pays for). */
typedef struct BlockArg {
	IrValue value;       /* first: an IrValue * of an argument is one */
	const IrLoc *loc;    /* may be NULL */
} BlockArg;

static BlockArg *
block_arg(const IrValue *v)
{
	assert(v->kind == IR_VALUE_ARG);
	return (BlockArg *)v;
}

const IrLoc *
ir_value_loc(const IrValue *v)
{
	return v->kind == IR_VALUE_ARG ? block_arg(v)->loc : NULL;
}

void
ir_value_set_loc(IrValue *v, const IrLoc *loc)
{
	block_arg(v)->loc = loc;
}

IrValue *
ir_block_add_arg(IrBlock *b, const IrType *type, const IrLoc *loc)
{
	if (b->nargs > IR_VALUE_MAX_INDEX)
		ir_unreachable("block has too many arguments");
	if (b->nargs == b->argcap) {
		b->argcap = b->argcap ? b->argcap * 2 : 4;
		b->args = ir_xrealloc(b->args, b->argcap * sizeof *b->args);
	}
	BlockArg *a = ir_xcalloc(1, sizeof *a);
	IrValue *v = &a->value;
	v->type = type;
	v->kind = IR_VALUE_ARG;
	v->index = b->nargs;
	v->owner.block = b;
	a->loc = loc;
	b->args[b->nargs++] = v;
	return v;
}

void
ir_block_erase_arg(IrBlock *b, unsigned i)
{
	assert(i < b->nargs);
	assert(!b->args[i]->uses && "erased block argument has uses");
	free(b->args[i]);
	memmove(&b->args[i], &b->args[i + 1],
	    (b->nargs - i - 1) * sizeof *b->args);
	b->nargs--;
	for (unsigned j = i; j < b->nargs; j++)
		b->args[j]->index = j;
}

void
ir_block_remove(IrBlock *b)
{
	IrRegion *r = b->parent;
	if (!r)
		return;
	if (b->prev)
		b->prev->next = b->next;
	else
		r->first = b->next;
	if (b->next)
		b->next->prev = b->prev;
	else
		r->last = b->prev;
	b->prev = b->next = NULL;
	b->parent = NULL;
}

IrOp *
ir_block_terminator(IrBlock *b)
{
	return b->last;
}

bool
ir_block_is_entry(const IrBlock *b)
{
	return b->parent && b->parent->first == b;
}

IrOp *
ir_block_parent_op(const IrBlock *b)
{
	return b->parent ? b->parent->parent : NULL;
}

size_t
ir_block_num_ops(const IrBlock *b)
{
	size_t n = 0;
	for (const IrOp *op = b->first; op; op = op->next)
		n++;
	return n;
}

size_t
ir_block_num_preds(const IrBlock *b)
{
	size_t n = 0;
	for (const IrBlockRef *r = b->preds; r; r = r->next)
		n++;
	return n;
}

/* --------------------------------------------------------------- dominance */

/* A region without SSA dominance: builtin.module's body and, as MLIR
 * assumes, the regions of unregistered ops. */
static bool
is_graph_region(const IrRegion *r)
{
	return r && r->parent && (!r->parent->name->def ||
	    ir_op_is(r->parent, "builtin.module"));
}

/* The dominator tree of one region (Cooper, Harvey and Kennedy, "A
 * Simple, Fast Dominance Algorithm"): blocks numbered in reverse
 * postorder, idom[] by number, -1 for unreachable blocks; each node's
 * children in kids[kid_at[i] .. kid_at[i + 1]). */
struct IrDomTree {
	IrPtrMap rpo;    /* block -> reverse postorder number + 1 */
	size_t n;        /* reachable blocks */
	IrBlock **order; /* blocks by reverse postorder number */
	long *idom;
	size_t *kid_at;  /* n + 1 offsets into kids */
	size_t *kids;
};

typedef IrDomTree DomTree;

static size_t
num_succs(IrBlock *b)
{
	return b->last ? b->last->nsuccs : 0;
}

static IrBlock *
succ(IrBlock *b, size_t i)
{
	return ir_op_succs(b->last)[i].block;
}

/* Iterative depth-first search from the entry; fills order[] in reverse
 * postorder. */
static void
dom_number(DomTree *t, IrRegion *r, size_t nblocks)
{
	IrPtrMap seen = {0};
	IrBlock **stack = ir_xcalloc(nblocks, sizeof *stack);
	size_t *next = ir_xcalloc(nblocks, sizeof *next);
	IrBlock **post = ir_xcalloc(nblocks, sizeof *post);
	size_t sp = 0, npost = 0;

	stack[sp++] = r->first;
	ir_ptrmap_put(&seen, r->first, r->first);
	while (sp) {
		IrBlock *b = stack[sp - 1];
		if (next[sp - 1] < num_succs(b)) {
			IrBlock *s = succ(b, next[sp - 1]++);
			if (s && s->parent == r && !ir_ptrmap_get(&seen, s)) {
				ir_ptrmap_put(&seen, s, s);
				next[sp] = 0;
				stack[sp++] = s;
			}
			continue;
		}
		post[npost++] = b;
		sp--;
	}
	t->n = npost;
	t->order = ir_xcalloc(npost, sizeof *t->order);
	for (size_t i = 0; i < npost; i++) {
		t->order[i] = post[npost - 1 - i];
		ir_ptrmap_put(&t->rpo, t->order[i], (void *)(uintptr_t)(i + 1));
	}
	ir_ptrmap_free(&seen);
	free(stack);
	free(next);
	free(post);
}

static long
rpo_of(const DomTree *t, const IrBlock *b)
{
	return (long)(uintptr_t)ir_ptrmap_get(&t->rpo, b) - 1;
}

static long
intersect(const DomTree *t, long a, long b)
{
	while (a != b) {
		while (a > b)
			a = t->idom[a];
		while (b > a)
			b = t->idom[b];
	}
	return a;
}

/* New idom of block number i from its processed predecessors: the
 * terminators of reachable blocks of the region that branch to it. */
static long
dom_meet_preds(const DomTree *t, size_t i)
{
	long idom = -1;
	for (IrBlockRef *ref = t->order[i]->preds; ref; ref = ref->next) {
		IrBlock *pb = ref->owner->parent;
		if (!pb || pb->last != ref->owner)
			continue;
		long p = rpo_of(t, pb);
		if (p < 0 || t->idom[p] < 0)
			continue;
		idom = idom < 0 ? p : intersect(t, p, idom);
	}
	return idom;
}

/* Children lists, each in reverse postorder (counting sort by idom). */
static void
dom_children(DomTree *t)
{
	t->kid_at = ir_xcalloc(t->n + 1, sizeof *t->kid_at);
	t->kids = ir_xcalloc(t->n ? t->n : 1, sizeof *t->kids);
	for (size_t i = 1; i < t->n; i++)
		t->kid_at[t->idom[i] + 1]++;
	for (size_t i = 0; i < t->n; i++)
		t->kid_at[i + 1] += t->kid_at[i];
	size_t *fill = ir_xcalloc(t->n ? t->n : 1, sizeof *fill);
	for (size_t i = 1; i < t->n; i++) {
		size_t p = (size_t)t->idom[i];
		t->kids[t->kid_at[p] + fill[p]++] = i;
	}
	free(fill);
}

static void
dom_build(DomTree *t, IrRegion *r)
{
	size_t nblocks = 0;
	for (IrBlock *b = r->first; b; b = b->next)
		nblocks++;
	memset(t, 0, sizeof *t);
	dom_number(t, r, nblocks);
	t->idom = ir_xcalloc(t->n, sizeof *t->idom);
	for (size_t i = 0; i < t->n; i++)
		t->idom[i] = -1;
	t->idom[0] = 0;
	for (bool changed = true; changed;) {
		changed = false;
		for (size_t i = 1; i < t->n; i++) {
			long idom = dom_meet_preds(t, i);
			if (idom >= 0 && idom != t->idom[i]) {
				t->idom[i] = idom;
				changed = true;
			}
		}
	}
	dom_children(t);
}

static void
dom_free(DomTree *t)
{
	ir_ptrmap_free(&t->rpo);
	free(t->order);
	free(t->idom);
	free(t->kid_at);
	free(t->kids);
}

IrDomTree *
ir_domtree_build(IrRegion *r)
{
	assert(r->first);
	IrDomTree *t = ir_xmalloc(sizeof *t);
	dom_build(t, r);
	return t;
}

void
ir_domtree_free(IrDomTree *t)
{
	if (!t)
		return;
	dom_free(t);
	free(t);
}

size_t
ir_domtree_size(const IrDomTree *t)
{
	return t->n;
}

IrBlock *
ir_domtree_block(const IrDomTree *t, size_t i)
{
	return t->order[i];
}

long
ir_domtree_number(const IrDomTree *t, const IrBlock *b)
{
	return rpo_of(t, b);
}

size_t
ir_domtree_idom(const IrDomTree *t, size_t i)
{
	return (size_t)t->idom[i];
}

const size_t *
ir_domtree_children(const IrDomTree *t, size_t i, size_t *n)
{
	*n = t->kid_at[i + 1] - t->kid_at[i];
	return t->kids + t->kid_at[i];
}

/* Does block a dominate block b (both in the region of t)? Unreachable
 * blocks are dominated by everything, as in MLIR. */
static bool
tree_dominates(const DomTree *t, IrBlock *a, IrBlock *b)
{
	if (a == b)
		return true;
	long ia = rpo_of(t, a), ib = rpo_of(t, b);
	if (ib < 0)
		return true;
	if (ia < 0)
		return false;
	while (ib != 0 && ib != ia)
		ib = t->idom[ib];
	return ib == ia;
}

/* Dominator trees by region, built on first use. */
struct IrDominance {
	IrPtrMap trees;  /* IrRegion * -> DomTree * */
	DomTree **all;   /* for freeing */
	size_t n, cap;
};

IrDominance *
ir_dominance_create(void)
{
	return ir_xcalloc(1, sizeof(IrDominance));
}

void
ir_dominance_destroy(IrDominance *d)
{
	if (!d)
		return;
	for (size_t i = 0; i < d->n; i++) {
		dom_free(d->all[i]);
		free(d->all[i]);
	}
	free(d->all);
	ir_ptrmap_free(&d->trees);
	free(d);
}

static DomTree *
tree_of(IrDominance *d, IrRegion *r)
{
	DomTree *t = ir_ptrmap_get(&d->trees, r);
	if (t)
		return t;
	t = ir_xmalloc(sizeof *t);
	dom_build(t, r);
	if (d->n == d->cap) {
		d->cap = d->cap ? d->cap * 2 : 8;
		d->all = ir_xrealloc(d->all, d->cap * sizeof *d->all);
	}
	d->all[d->n++] = t;
	ir_ptrmap_put(&d->trees, r, t);
	return t;
}

/* The ancestor of op (or op itself) that lies directly in region r (or
 * in block b when r is NULL), or NULL. */
static IrOp *
ancestor_in(IrOp *op, IrRegion *r, IrBlock *b)
{
	for (; op; op = ir_op_parent_op(op)) {
		if (!op->parent)
			return NULL;
		if (r ? op->parent->parent == r : op->parent == b)
			return op;
	}
	return NULL;
}

bool
ir_dominance_dominates(IrDominance *d, IrValue *v, IrOp *user)
{
	IrBlock *db = ir_value_parent_block(v);
	if (!db)
		return false;
	IrRegion *r = db->parent;
	IrOp *anc = ancestor_in(user, r, db);
	if (!anc)
		return false;
	if (is_graph_region(r))
		return true;
	if (anc->parent != db)
		return tree_dominates(tree_of(d, r), db, anc->parent);
	if (v->kind == IR_VALUE_ARG)
		return true;
	if (v->owner.op == anc)
		return false;
	return ir_op_is_before(v->owner.op, anc);
}

bool
ir_dominance_reachable(IrDominance *d, IrBlock *b)
{
	IrRegion *r = b->parent;
	if (!r || r->first == b)
		return true;
	return rpo_of(tree_of(d, r), b) >= 0;
}

bool
ir_value_dominates(IrValue *v, IrOp *user)
{
	IrDominance *d = ir_dominance_create();
	bool res = ir_dominance_dominates(d, v, user);
	ir_dominance_destroy(d);
	return res;
}

bool
ir_block_reachable(IrBlock *b)
{
	IrDominance *d = ir_dominance_create();
	bool res = ir_dominance_reachable(d, b);
	ir_dominance_destroy(d);
	return res;
}
