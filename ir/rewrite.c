/* ir/rewrite.c: pattern sets, the rewriter, folding with constant
 * materialization, and the greedy driver that runs them to a fixpoint. */
#include <stdlib.h>
#include <string.h>

#include "ir/internal.h"
#include "ir/rewrite.h"

/* ------------------------------------------------------------- pattern sets */

struct IrPatternSet {
	IrContext *ctx;
	IrPattern *pats;
	size_t n, cap;
};

IrPatternSet *
ir_pattern_set_create(IrContext *ctx)
{
	IrPatternSet *s = ir_xcalloc(1, sizeof *s);
	s->ctx = ctx;
	return s;
}

void
ir_pattern_set_destroy(IrPatternSet *set)
{
	if (!set)
		return;
	free(set->pats);
	free(set);
}

void
ir_pattern_set_add(IrPatternSet *set, const IrPattern *p)
{
	if (set->n == set->cap) {
		set->cap = set->cap ? 2 * set->cap : 16;
		set->pats = ir_xrealloc(set->pats,
		    set->cap * sizeof *set->pats);
	}
	set->pats[set->n++] = *p;
}

size_t
ir_pattern_set_size(const IrPatternSet *set)
{
	return set ? set->n : 0;
}

void
ir_pattern_set_add_canonical(IrPatternSet *set)
{
	const IrOpDef *d;
	for (size_t i = 0; (d = ir_registered_op(set->ctx, i)); i++)
		if (d->canonicalize)
			d->canonicalize(set->ctx, set);
	IrPatternsFn fn;
	for (size_t i = 0; (fn = ir_canonical_patterns_fn(set->ctx, i)); i++)
		fn(set->ctx, set);
}

/* The patterns that may apply to one op name, best benefit first
 * (insertion order among equals, so results are deterministic). */
typedef struct Bucket {
	size_t n;
	const IrPattern *pats[];
} Bucket;

/* Patterns indexed by root op name; `any` holds the rootless ones. */
typedef struct PatternIndex {
	IrPtrMap byname;         /* IrOpName * -> Bucket * */
	Bucket *any;
	Bucket **all;            /* every bucket, to free them */
	size_t nall;
} PatternIndex;

/* Merges the rooted patterns `rooted` with idx->any by benefit. */
static Bucket *
bucket_make(PatternIndex *idx, const IrPattern **rooted, size_t n)
{
	size_t na = idx->any ? idx->any->n : 0;
	Bucket *b = ir_xmalloc(sizeof *b + (n + na) * sizeof b->pats[0]);
	b->n = 0;
	size_t i = 0, j = 0;
	while (i < n || j < na) {
		bool take_rooted = j >= na || (i < n &&
		    rooted[i]->benefit >= idx->any->pats[j]->benefit);
		b->pats[b->n++] = take_rooted ? rooted[i++] :
		    idx->any->pats[j++];
	}
	idx->all = ir_xrealloc(idx->all, (idx->nall + 1) * sizeof *idx->all);
	idx->all[idx->nall++] = b;
	return b;
}

/* Stable insertion sort by benefit, highest first. */
static void
sort_by_benefit(const IrPattern **p, size_t n)
{
	for (size_t i = 1; i < n; i++) {
		const IrPattern *x = p[i];
		size_t j = i;
		for (; j > 0 && p[j - 1]->benefit < x->benefit; j--)
			p[j] = p[j - 1];
		p[j] = x;
	}
}

static void
index_build(PatternIndex *idx, IrContext *ctx, const IrPatternSet *set)
{
	memset(idx, 0, sizeof *idx);
	size_t n = ir_pattern_set_size(set);
	const IrPattern **tmp = ir_xcalloc(n + 1, sizeof *tmp);
	size_t k = 0;
	for (size_t i = 0; i < n; i++)
		if (!set->pats[i].root)
			tmp[k++] = &set->pats[i];
	sort_by_benefit(tmp, k);
	idx->any = bucket_make(idx, tmp, k);
	/* One bucket per distinct root, in first-seen order. */
	for (size_t i = 0; i < n; i++) {
		const char *root = set->pats[i].root;
		if (!root)
			continue;
		const IrOpName *on = ir_op_name_get(ctx, root, strlen(root));
		if (ir_ptrmap_get(&idx->byname, on))
			continue;
		size_t m = 0;
		for (size_t j = i; j < n; j++)
			if (set->pats[j].root &&
			    !strcmp(set->pats[j].root, root))
				tmp[m++] = &set->pats[j];
		sort_by_benefit(tmp, m);
		ir_ptrmap_put(&idx->byname, on, bucket_make(idx, tmp, m));
	}
	free(tmp);
}

static const Bucket *
index_lookup(const PatternIndex *idx, const IrOp *op)
{
	const Bucket *b = ir_ptrmap_get(&idx->byname, op->name);
	return b ? b : idx->any;
}

static void
index_free(PatternIndex *idx)
{
	for (size_t i = 0; i < idx->nall; i++)
		free(idx->all[i]);
	free(idx->all);
	ir_ptrmap_free(&idx->byname);
}

/* ----------------------------------------------------------------- worklist */

/* A stack of ops; each op is in it at most once. Removed entries become
 * NULL holes. */
typedef struct Worklist {
	IrOp **ops;
	size_t n, cap;
	IrPtrMap pos;            /* op -> index + 1, NULL: absent */
} Worklist;

static void
wl_push(Worklist *w, IrOp *op)
{
	if (ir_ptrmap_get(&w->pos, op))
		return;
	if (w->n == w->cap) {
		w->cap = w->cap ? 2 * w->cap : 256;
		w->ops = ir_xrealloc(w->ops, w->cap * sizeof *w->ops);
	}
	w->ops[w->n++] = op;
	ir_ptrmap_put(&w->pos, op, (void *)(uintptr_t)w->n);
}

static IrOp *
wl_pop(Worklist *w)
{
	while (w->n) {
		IrOp *op = w->ops[--w->n];
		if (op) {
			ir_ptrmap_put(&w->pos, op, NULL);
			return op;
		}
	}
	return NULL;
}

static void
wl_remove(Worklist *w, IrOp *op)
{
	uintptr_t i = (uintptr_t)ir_ptrmap_get(&w->pos, op);
	if (i) {
		w->ops[i - 1] = NULL;
		ir_ptrmap_put(&w->pos, op, NULL);
	}
}

static void
wl_free(Worklist *w)
{
	free(w->ops);
	ir_ptrmap_free(&w->pos);
	memset(w, 0, sizeof *w);
}

/* ------------------------------------------------------------ constants */

/* The driver's known constants, as MLIR's OperationFolder: one constant
 * op per (insertion block, dialect, value, type), kept at the front of
 * the entry block of the nearest region isolated from above, so equal
 * constants are shared and every constant dominates its uses. */
typedef struct ConstEntry {
	IrBlock *blk;            /* NULL: empty slot */
	const IrIdent *dialect;
	const IrAttr *value;
	const IrType *type;
	IrOp *op;                /* NULL: removed (the key may come back) */
} ConstEntry;

typedef struct ConstTable {
	ConstEntry *ents;
	size_t cap, used;        /* used: slots with a key */
	IrPtrMap where;          /* op -> slot index + 1 */
} ConstTable;

static size_t
const_hash(const ConstEntry *k, size_t cap)
{
	uint64_t h = (uint64_t)(uintptr_t)k->blk * 0x9E3779B97F4A7C15ull;
	h ^= (uint64_t)(uintptr_t)k->dialect * 0xC2B2AE3D27D4EB4Full;
	h ^= (uint64_t)(uintptr_t)k->value * 0x165667B19E3779F9ull;
	h ^= (uint64_t)(uintptr_t)k->type * 0x27D4EB2F165667C5ull;
	h ^= h >> 29;
	return (size_t)h & (cap - 1);
}

static bool
same_key(const ConstEntry *a, const ConstEntry *b)
{
	return a->blk == b->blk && a->dialect == b->dialect &&
	    a->value == b->value && a->type == b->type;
}

static ConstEntry *
const_probe(ConstTable *t, const ConstEntry *k)
{
	size_t i = const_hash(k, t->cap);
	while (t->ents[i].blk && !same_key(&t->ents[i], k))
		i = (i + 1) & (t->cap - 1);
	return &t->ents[i];
}

/* Rebuilds the table at twice the size, without removed entries. */
static void
const_grow(ConstTable *t)
{
	ConstTable old = *t;
	t->cap = old.cap ? 2 * old.cap : 64;
	t->ents = ir_xcalloc(t->cap, sizeof *t->ents);
	t->used = 0;
	ir_ptrmap_free(&t->where);
	for (size_t i = 0; i < old.cap; i++) {
		if (!old.ents[i].op)
			continue;
		ConstEntry *e = const_probe(t, &old.ents[i]);
		*e = old.ents[i];
		t->used++;
		ir_ptrmap_put(&t->where, e->op,
		    (void *)(uintptr_t)(e - t->ents + 1));
	}
	free(old.ents);
}

/* The slot of key k: its entry, or an empty slot to fill. */
static ConstEntry *
const_slot(ConstTable *t, const ConstEntry *k)
{
	if ((t->used + 1) * 2 > t->cap)
		const_grow(t);
	return const_probe(t, k);
}

/* Records op as the constant of its slot. */
static void
const_set(ConstTable *t, ConstEntry *e, const ConstEntry *k, IrOp *op)
{
	if (!e->blk)
		t->used++;
	if (e->op)
		ir_ptrmap_put(&t->where, e->op, NULL);
	*e = *k;
	e->op = op;
	ir_ptrmap_put(&t->where, op, (void *)(uintptr_t)(e - t->ents + 1));
}

/* Forgets op (it is being erased). */
static void
const_forget(ConstTable *t, IrOp *op)
{
	uintptr_t i = (uintptr_t)ir_ptrmap_get(&t->where, op);
	if (i) {
		t->ents[i - 1].op = NULL;
		ir_ptrmap_put(&t->where, op, NULL);
	}
}

static bool
const_known(ConstTable *t, IrOp *op)
{
	return ir_ptrmap_get(&t->where, op) != NULL;
}

/* Does the entry still describe its op (a pattern may have changed or
 * moved it)? */
static bool
const_valid(const ConstEntry *e)
{
	return e->op && e->op->parent == e->blk &&
	    ir_op_results(e->op)->type == e->type &&
	    ir_value_constant(ir_op_results(e->op)) == e->value;
}

static void
const_free(ConstTable *t)
{
	free(t->ents);
	ir_ptrmap_free(&t->where);
	memset(t, 0, sizeof *t);
}

/* The entry block of the region constants for op go to: op's region, or
 * the nearest enclosing one whose op is isolated from above or is root. */
static IrBlock *
insertion_block(IrOp *root, IrOp *op)
{
	IrBlock *b = op->parent;
	for (;;) {
		IrRegion *r = b->parent;
		IrOp *p = r ? r->parent : NULL;
		if (!p || p == root || ir_op_has_trait(p, IR_TRAIT_ISOLATED) ||
		    !p->parent)
			return r ? r->first : b;
		b = p->parent;
	}
}

/* ------------------------------------------------------------- rewriter */

struct IrRewriter {
	IrContext *ctx;
	IrBuilder b;
	Worklist wl;
	IrOp *root;              /* the op the driver runs on */
	ConstTable consts;
};

static IrWalkResult
forget_one(IrOp *op, void *user)
{
	IrRewriter *rw = user;
	wl_remove(&rw->wl, op);
	const_forget(&rw->consts, op);
	return IR_WALK_ADVANCE;
}

IrContext *
ir_rewriter_context(IrRewriter *rw)
{
	return rw->ctx;
}

IrBuilder *
ir_rewriter_builder(IrRewriter *rw)
{
	return &rw->b;
}

IrOp *
ir_rewriter_create(IrRewriter *rw, const IrOpState *st)
{
	IrOp *op = ir_builder_create(&rw->b, st);
	wl_push(&rw->wl, op);
	return op;
}

static void
push_users(IrRewriter *rw, IrValue *v)
{
	for (IrUse *u = v->uses; u; u = u->next)
		wl_push(&rw->wl, u->owner);
}

void
ir_rewriter_replace_uses(IrRewriter *rw, IrValue *from, IrValue *to)
{
	push_users(rw, from);
	ir_value_replace_all_uses(from, to);
}

void
ir_rewriter_erase_op(IrRewriter *rw, IrOp *op)
{
	for (unsigned i = 0; i < op->noperands; i++) {
		IrOp *d = ir_value_def_op(op->operands[i].value);
		if (d && d != op)
			wl_push(&rw->wl, d);
	}
	ir_op_walk(op, IR_WALK_PRE, forget_one, rw);
	if (rw->b.before == op)
		rw->b.before = op->next;
	ir_op_erase(op);
}

void
ir_rewriter_replace_op(IrRewriter *rw, IrOp *op, IrValue *const *values)
{
	for (unsigned i = 0; i < op->nresults; i++)
		if (values[i] != &ir_op_results(op)[i])
			ir_rewriter_replace_uses(rw, &ir_op_results(op)[i],
			    values[i]);
	ir_rewriter_erase_op(rw, op);
}

void
ir_rewriter_modified(IrRewriter *rw, IrOp *op)
{
	wl_push(&rw->wl, op);
	for (unsigned i = 0; i < op->nresults; i++)
		push_users(rw, &ir_op_results(op)[i]);
}

void
ir_rewriter_set_operand(IrRewriter *rw, IrOp *op, unsigned i, IrValue *v)
{
	IrOp *old = ir_value_def_op(op->operands[i].value);
	ir_op_set_operand(op, i, v);
	if (old)
		wl_push(&rw->wl, old);
	ir_rewriter_modified(rw, op);
}

void
ir_rewriter_set_attr(IrRewriter *rw, IrOp *op, const char *name,
    const IrAttr *value)
{
	ir_op_set_attr(op, name, value);
	ir_rewriter_modified(rw, op);
}

/* ------------------------------------------------------------------ folding */

const IrAttr *
ir_value_constant(IrValue *v)
{
	IrOp *d = ir_value_def_op(v);
	if (!d || d->noperands || d->nresults != 1 || !d->name->def ||
	    !d->name->def->fold || !(d->name->def->traits & IR_TRAIT_PURE))
		return NULL;
	IrFoldResult r = {0};
	if (!d->name->def->fold(d, NULL, &r))
		return NULL;
	return r.attr;
}

static IrWalkResult
impure(IrOp *op, void *user)
{
	(void)user;
	const IrOpDef *d = op->name->def;
	return d && (d->traits & IR_TRAIT_PURE) ? IR_WALK_ADVANCE :
	    IR_WALK_INTERRUPT;
}

bool
ir_op_is_trivially_dead(const IrOp *op)
{
	const IrOpDef *d = op->name->def;
	if (!d || !(d->traits & IR_TRAIT_PURE) ||
	    (d->traits & IR_TRAIT_TERMINATOR))
		return false;
	for (unsigned i = 0; i < op->nresults; i++)
		if (ir_op_results(op)[i].uses)
			return false;
	/* A pure op holding regions is dead only if all it holds is pure
	 * (as MLIR's recursive side effects). */
	return op->nregions == 0 || ir_op_walk((IrOp *)op, IR_WALK_PRE,
	    impure, NULL) != IR_WALK_INTERRUPT;
}

/* The known constant for key k, or NULL. */
static IrOp *
const_lookup(ConstTable *t, const ConstEntry *k)
{
	ConstEntry *e = const_slot(t, k);
	return const_valid(e) ? e->op : NULL;
}

/* The values for the attribute results of a fold: known constants, or
 * new ones made by the dialect's materializer at the front of the
 * insertion block. False (with nothing created) when the dialect has no
 * materializer or it refuses. */
static bool
materialize(IrRewriter *rw, IrOp *op, IrFoldResult *res, IrValue **vals)
{
	IrMaterializeFn fn = ir_lookup_constant_materializer(rw->ctx,
	    op->name->dialect);
	IrBlock *blk = insertion_block(rw->root, op);
	unsigned made = 0;
	IrOp *created[16];
	ConstEntry keys[16];
	for (unsigned i = 0; i < op->nresults; i++) {
		vals[i] = res[i].value;
		if (vals[i])
			continue;
		ConstEntry k = { blk, op->name->dialect, res[i].attr,
		    ir_op_results(op)[i].type, NULL };
		IrOp *c = const_lookup(&rw->consts, &k);
		if (c) {
			vals[i] = ir_op_results(c);
			continue;
		}
		ir_builder_set_start(&rw->b, blk);
		c = fn && made < 16 ? fn(&rw->b, res[i].attr,
		    ir_op_results(op)[i].type, ir_op_loc(op)) : NULL;
		if (!c || c->nresults != 1) {
			while (made)
				ir_op_erase(created[--made]);
			return false;
		}
		keys[made] = k;
		created[made++] = c;
		vals[i] = ir_op_results(c);
	}
	for (unsigned i = 0; i < made; i++) {
		ConstEntry *e = const_slot(&rw->consts, &keys[i]);
		const_set(&rw->consts, e, &keys[i], created[i]);
		wl_push(&rw->wl, created[i]);
	}
	return true;
}

/* A constant op (no operands, one result that ir_value_constant knows):
 * shares an equal known constant of its insertion block, or becomes the
 * known one and moves to the front of that block. True when the IR
 * changed; *deduped when op was replaced. */
static bool
settle_constant(IrRewriter *rw, IrOp *op, bool *deduped)
{
	*deduped = false;
	if (op->noperands || op->nresults != 1 || !op->parent)
		return false;
	const IrAttr *v = ir_value_constant(ir_op_results(op));
	if (!v)
		return false;
	IrBlock *blk = insertion_block(rw->root, op);
	ConstEntry k = { blk, op->name->dialect, v, ir_op_results(op)->type,
		NULL };
	ConstEntry *e = const_slot(&rw->consts, &k);
	if (e->op != op && const_valid(e)) {
		IrValue *same = ir_op_results(e->op);
		ir_rewriter_replace_op(rw, op, &same);
		*deduped = true;
		return true;
	}
	if (e->op != op)
		const_set(&rw->consts, e, &k, op);
	/* Already in the run of known constants at the block's front? */
	if (op->parent == blk && (!op->prev || const_known(&rw->consts,
	    op->prev)))
		return false;
	ir_op_move_before(op, blk->first);
	return true;
}

/* Folds op through its fold hook; true when op was replaced. */
static bool
try_fold(IrRewriter *rw, IrOp *op)
{
	const IrOpDef *d = op->name->def;
	if (!d || !d->fold || op->noperands == 0 || op->nresults == 0)
		return false;
	const IrAttr *cst[8], **cv = cst;
	if (op->noperands > 8)
		cv = ir_xmalloc(op->noperands * sizeof *cv);
	for (unsigned i = 0; i < op->noperands; i++)
		cv[i] = ir_value_constant(op->operands[i].value);
	IrFoldResult rs[4], *res = rs;
	IrValue *vs[4], **vals = vs;
	if (op->nresults > 4) {
		res = ir_xmalloc(op->nresults * sizeof *res);
		vals = ir_xmalloc(op->nresults * sizeof *vals);
	}
	memset(res, 0, op->nresults * sizeof *res);
	bool ok = d->fold(op, cv, res);
	for (unsigned i = 0; ok && i < op->nresults; i++)
		ok = (res[i].attr || res[i].value) &&
		    res[i].value != &ir_op_results(op)[i];
	if (ok) {
		ir_builder_set_before(&rw->b, op);
		rw->b.loc = ir_op_loc(op);
		ok = materialize(rw, op, res, vals);
	}
	if (ok)
		ir_rewriter_replace_op(rw, op, vals);
	if (cv != cst)
		free(cv);
	if (res != rs) {
		free(res);
		free(vals);
	}
	return ok;
}

/* ------------------------------------------------------------------- driver */

void
ir_greedy_config_default(IrGreedyConfig *c)
{
	memset(c, 0, sizeof *c);
	c->max_iterations = 10;
	c->fold = true;
	c->erase_dead = true;
}

typedef struct Driver {
	IrRewriter rw;
	PatternIndex idx;
	IrGreedyConfig cfg;
	IrGreedyStats st;
} Driver;

static IrWalkResult
collect(IrOp *op, void *user)
{
	Worklist *w = user;
	if (w->n == w->cap) {
		w->cap = w->cap ? 2 * w->cap : 256;
		w->ops = ir_xrealloc(w->ops, w->cap * sizeof *w->ops);
	}
	w->ops[w->n++] = op;
	return IR_WALK_ADVANCE;
}

/* Fills the worklist with every op nested in root, so that popping
 * visits them top-down (definitions before uses). */
static void
fill(Driver *dr, IrOp *root)
{
	Worklist *w = &dr->rw.wl;
	for (unsigned r = 0; r < root->nregions; r++)
		for (IrBlock *b = ir_op_regions(root)[r].first; b; b = b->next)
			for (IrOp *o = b->first; o; o = o->next)
				ir_op_walk(o, IR_WALK_PRE, collect, w);
	for (size_t i = 0, j = w->n; i + 1 < j; i++, j--) {
		IrOp *t = w->ops[i];
		w->ops[i] = w->ops[j - 1];
		w->ops[j - 1] = t;
	}
	for (size_t i = 0; i < w->n; i++)
		ir_ptrmap_put(&w->pos, w->ops[i], (void *)(uintptr_t)(i + 1));
}

/* One step on op: erase it if dead, else fold it, else try patterns. */
static bool
process(Driver *dr, IrOp *op)
{
	IrRewriter *rw = &dr->rw;
	if (dr->cfg.erase_dead && ir_op_is_trivially_dead(op)) {
		ir_rewriter_erase_op(rw, op);
		dr->st.erased++;
		return true;
	}
	if (dr->cfg.fold) {
		bool deduped;
		if (settle_constant(rw, op, &deduped)) {
			dr->st.folds += deduped;
			return true;
		}
		if (try_fold(rw, op)) {
			dr->st.folds++;
			return true;
		}
	}
	const Bucket *b = index_lookup(&dr->idx, op);
	for (size_t i = 0; i < b->n; i++) {
		ir_builder_set_before(&rw->b, op);
		rw->b.loc = ir_op_loc(op);
		if (b->pats[i]->fn(op, rw, b->pats[i]->data)) {
			dr->st.rewrites++;
			return true;
		}
	}
	return false;
}

/* Processes the worklist until empty; returns the number of changes, or
 * -1 when the rewrite budget ran out. */
static long
sweep(Driver *dr, long budget)
{
	long changes = 0;
	IrOp *op;
	while ((op = wl_pop(&dr->rw.wl))) {
		if (process(dr, op) && ++changes > budget)
			return -1;
	}
	return changes;
}

bool
ir_apply_patterns_greedily(IrOp *root, const IrPatternSet *set,
    const IrGreedyConfig *config, IrGreedyStats *stats)
{
	Driver dr = {0};
	IrContext *ctx = ir_op_context(root);
	dr.rw.ctx = ctx;
	dr.rw.root = root;
	ir_builder_init(&dr.rw.b, ctx);
	if (config)
		dr.cfg = *config;
	else
		ir_greedy_config_default(&dr.cfg);
	int max_iter = dr.cfg.max_iterations > 0 ? dr.cfg.max_iterations : 10;
	index_build(&dr.idx, ctx, set);
	bool converged = false;
	long changes = 0, budget = 0;
	while (dr.st.iterations < max_iter) {
		dr.st.iterations++;
		fill(&dr, root);
		budget = dr.cfg.max_rewrites;
		if (budget <= 0) /* the root and the ops fill() queued */
			budget = 8 * (long)(dr.rw.wl.n + 1) + 1024;
		changes = sweep(&dr, budget);
		if (changes <= 0) {
			converged = changes == 0;
			break;
		}
	}
	if (!converged) {
		if (changes < 0)
			ir_emit_error(ctx, ir_op_loc(root),
			    "pattern rewriting did not converge: more than %ld "
			    "rewrites in one sweep (patterns undoing each "
			    "other?)", budget);
		else
			ir_emit_error(ctx, ir_op_loc(root),
			    "pattern rewriting did not converge after %d "
			    "iterations", max_iter);
	}
	if (stats)
		*stats = dr.st;
	wl_free(&dr.rw.wl);
	const_free(&dr.rw.consts);
	index_free(&dr.idx);
	return converged;
}
