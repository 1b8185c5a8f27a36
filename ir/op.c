/* ir/op.c: op creation, cloning, erasure, operands and use-lists. */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "ir/context.h"

/* ------------------------------------------------------------- op memory */

/* Ops come from a pool per context: big chunks cut into 16-byte size
 * classes, with a free list per class, all freed with the context. A
 * million ops then cost no malloc header or bookkeeping each. (Asking
 * for transparent huge pages for the chunks was tried: it made system
 * time worse on the benchmark machine.) Sanitizer builds
 * use malloc for each op, so use-after-free is still caught. */
#if defined(__SANITIZE_ADDRESS__)
#define OP_POOL 0
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define OP_POOL 0
#endif
#endif
#ifndef OP_POOL
#define OP_POOL 1
#endif

enum {
	OP_GRAIN = 16,                 /* size class step */
	OP_CLASSES = 64,               /* classes up to 1 KiB; larger: malloc */
	OP_CHUNK = 4 << 20,            /* bytes per chunk */
};

struct IrOpPool {
	void *free[OP_CLASSES + 1];    /* by size / OP_GRAIN; linked through
	                                  each block's first word */
	char *cur, *end;               /* unused part of the newest chunk */
	void **chunks;
	size_t nchunks, chunkcap;
};

static void
pool_chunk(struct IrOpPool *pl)
{
	void *c = ir_xmalloc(OP_CHUNK);
	/* Ops fill the chunk in order: map it in at once, but only from
	 * the second chunk on, so small inputs map nothing unused. */
	if (pl->nchunks > 0)
		ir_mem_populate(c, OP_CHUNK);
	if (pl->nchunks == pl->chunkcap) {
		pl->chunkcap = pl->chunkcap ? pl->chunkcap * 2 : 16;
		pl->chunks = ir_xrealloc(pl->chunks,
		    pl->chunkcap * sizeof *pl->chunks);
	}
	pl->chunks[pl->nchunks++] = c;
	pl->cur = c;
	pl->end = pl->cur + OP_CHUNK;
}

/* size bytes of zeroed memory for an op; op_free gets the same size. */
static void *
op_alloc(IrContext *ctx, size_t size)
{
	size_t cls = (size + OP_GRAIN - 1) / OP_GRAIN;
	if (!OP_POOL || cls > OP_CLASSES)
		return ir_xcalloc(1, size);
	struct IrOpPool *pl = ctx->oppool;
	if (!pl)
		pl = ctx->oppool = ir_xcalloc(1, sizeof *pl);
	size_t n = cls * OP_GRAIN;
	void *p = pl->free[cls];
	if (p) {
		pl->free[cls] = *(void **)p;
	} else {
		if ((size_t)(pl->end - pl->cur) < n)
			pool_chunk(pl);
		p = pl->cur;
		pl->cur += n;
	}
	return memset(p, 0, n);
}

static size_t op_size(const IrOp *op);
static void free_outline_operands(IrOp *op);

/* Frees op and its operands if they grew out of line. */
static void
op_free(IrOp *op)
{
	size_t cls = (op_size(op) + OP_GRAIN - 1) / OP_GRAIN;
	free_outline_operands(op);
	if (!OP_POOL || cls > OP_CLASSES) {
		free(op);
		return;
	}
	struct IrOpPool *pl = op->name->ctx->oppool;
	*(void **)op = pl->free[cls];
	pl->free[cls] = op;
}

void
ir_op_pool_free(IrContext *ctx)
{
	struct IrOpPool *pl = ctx->oppool;
	if (!pl)
		return;
	for (size_t i = 0; i < pl->nchunks; i++)
		free(pl->chunks[i]);
	free(pl->chunks);
	free(pl);
	ctx->oppool = NULL;
}

/* ------------------------------------------------------------------ layout */

/* The header is followed by results, regions, successors and inline
 * operands (see struct IrOp); all are arrays of pointer-aligned structs
 * a multiple of 8 bytes long, so they pack without padding. */
_Static_assert(sizeof(void *) != 8 || sizeof(IrOp) == 80,
    "IrOp grew: every op pays for it (docs/performance.md)");
_Static_assert(sizeof(void *) != 8 || sizeof(IrValue) == 32,
    "IrValue grew: every op result pays for it");
_Static_assert(sizeof(IrOp) % _Alignof(IrUse) == 0 &&
    sizeof(IrValue) % _Alignof(IrUse) == 0 &&
    sizeof(IrRegion) % _Alignof(IrUse) == 0 &&
    sizeof(IrBlockRef) % _Alignof(IrUse) == 0 &&
    _Alignof(IrValue) <= _Alignof(IrUse) &&
    _Alignof(IrRegion) <= _Alignof(IrUse) &&
    _Alignof(IrBlockRef) <= _Alignof(IrUse),
    "the trailing arrays need padding between them");

/* Bytes before the inline operands. */
static size_t
operands_offset(size_t nresults, size_t nregions, size_t nsuccs)
{
	return sizeof(IrOp) + nresults * sizeof(IrValue) +
	    nregions * sizeof(IrRegion) + nsuccs * sizeof(IrBlockRef);
}

/* Where the operands live when they have not grown out of line. */
static IrUse *
inline_operands(const IrOp *op)
{
	return (IrUse *)(ir_op_succs(op) + op->nsuccs);
}

/* Operands that grew out of line sit behind one IrUse-sized slot that
 * keeps the op's inline room, which its allocation size depends on. */
typedef union OperandHead {
	IrUse slot;
	uint32_t inline_cap;
} OperandHead;

static OperandHead *
operand_head(const IrOp *op)
{
	return (OperandHead *)op->operands - 1;
}

/* How many operands fit inline in op's allocation. */
static uint32_t
inline_cap(const IrOp *op)
{
	if (op->operands == inline_operands(op))
		return op->operandcap;
	return operand_head(op)->inline_cap;
}

/* Bytes of op's allocation (as op_alloc was asked for them). */
static size_t
op_size(const IrOp *op)
{
	return operands_offset(op->nresults, op->nregions, op->nsuccs) +
	    inline_cap(op) * sizeof(IrUse);
}

/* Frees operands that grew out of line. */
static void
free_outline_operands(IrOp *op)
{
	if (op->operands != inline_operands(op))
		free(operand_head(op));
}

/* -------------------------------------------------------------------- uses */

static void
use_link(IrUse *u, IrValue *v)
{
	u->value = v;
	if (!v) {
		u->next = NULL;
		u->back = NULL;
		return;
	}
	u->next = v->uses;
	if (v->uses)
		v->uses->back = &u->next;
	u->back = &v->uses;
	v->uses = u;
}

static void
use_unlink(IrUse *u)
{
	if (u->value) {
		*u->back = u->next;
		if (u->next)
			u->next->back = u->back;
	}
	u->value = NULL;
	u->next = NULL;
	u->back = NULL;
}

bool
ir_value_has_uses(const IrValue *v)
{
	return v->uses != NULL;
}

size_t
ir_value_num_uses(const IrValue *v)
{
	size_t n = 0;
	for (const IrUse *u = v->uses; u; u = u->next)
		n++;
	return n;
}

void
ir_value_replace_all_uses(IrValue *from, IrValue *to)
{
	if (from == to)
		return;
	/* Each use moves to the head of to's list in turn (as unlinking and
	 * linking them one by one would leave them), without fixing up
	 * from's list on the way. */
	IrUse *u = from->uses;
	from->uses = NULL;
	while (u) {
		IrUse *next = u->next;
		u->value = to;
		u->next = to->uses;
		if (to->uses)
			to->uses->back = &u->next;
		u->back = &to->uses;
		to->uses = u;
		u = next;
	}
}

IrOp *
ir_value_def_op(const IrValue *v)
{
	return v->kind == IR_VALUE_RESULT ? v->owner.op : NULL;
}

IrBlock *
ir_value_parent_block(const IrValue *v)
{
	if (v->kind == IR_VALUE_ARG)
		return v->owner.block;
	return v->owner.op->parent;
}

unsigned
ir_use_index(const IrUse *u)
{
	return (unsigned)(u - u->owner->operands);
}

/* -------------------------------------------------------------- successors */

static void
ref_link(IrBlockRef *r, IrBlock *b)
{
	r->block = b;
	if (!b) {
		r->next = NULL;
		r->back = NULL;
		return;
	}
	r->next = b->preds;
	if (b->preds)
		b->preds->back = &r->next;
	r->back = &b->preds;
	b->preds = r;
}

static void
ref_unlink(IrBlockRef *r)
{
	if (r->block) {
		*r->back = r->next;
		if (r->next)
			r->next->back = r->back;
	}
	r->block = NULL;
	r->next = NULL;
	r->back = NULL;
}

void
ir_op_set_successor(IrOp *op, unsigned i, IrBlock *b)
{
	assert(i < op->nsuccs);
	ref_unlink(&ir_op_succs(op)[i]);
	ref_link(&ir_op_succs(op)[i], b);
}

/* ------------------------------------------------------------------ create */

IrOp *
ir_op_create(IrContext *ctx, const IrOpState *st)
{
	return ir_op_create_ref(ctx, st, ir_loc_ref_of(ctx, st->loc));
}

const IrLoc *
ir_op_loc(const IrOp *op)
{
	return ir_loc_ref_get(op->name->ctx, op->locref);
}

void
ir_op_set_loc(IrOp *op, const IrLoc *loc)
{
	op->locref = ir_loc_ref_of(op->name->ctx, loc);
}

IrOp *
ir_op_create_ref(IrContext *ctx, const IrOpState *st, IrLocRef ref)
{
	/* The counts are 32-bit and result numbers 31-bit (IrValue.index);
	 * no op that large could be allocated anyway. */
	if (st->nresults > IR_VALUE_MAX_INDEX ||
	    st->noperands > UINT32_MAX || st->nregions > UINT32_MAX ||
	    st->nsuccs > UINT32_MAX)
		ir_unreachable("op has too many results, operands, regions "
		    "or successors");
	size_t opoff = operands_offset(st->nresults, st->nregions,
	    st->nsuccs);
	IrOp *op = op_alloc(ctx, opoff + st->noperands * sizeof(IrUse));

	op->name = st->name;
	op->locref = ref;
	op->attrs = st->attrs ? st->attrs : ir_attr_empty_dict(ctx);
	op->nresults = (uint32_t)st->nresults;
	op->noperands = op->operandcap = (uint32_t)st->noperands;
	op->operands = (IrUse *)((char *)op + opoff);
	op->nregions = (uint32_t)st->nregions;
	op->nsuccs = (uint32_t)st->nsuccs;
	IrValue *results = ir_op_results(op);
	for (unsigned i = 0; i < op->nresults; i++) {
		IrValue *v = &results[i];
		v->type = st->result_types[i];
		v->kind = IR_VALUE_RESULT;
		v->index = i;
		v->owner.op = op;
	}
	for (unsigned i = 0; i < op->noperands; i++) {
		op->operands[i].owner = op;
		use_link(&op->operands[i], st->operands[i]);
	}
	IrRegion *regions = ir_op_regions(op);
	for (unsigned i = 0; i < op->nregions; i++)
		regions[i].parent = op;
	IrBlockRef *succs = ir_op_succs(op);
	for (unsigned i = 0; i < op->nsuccs; i++) {
		succs[i].owner = op;
		ref_link(&succs[i], st->succs ? st->succs[i] : NULL);
	}
	return op;
}

/* ----------------------------------------------------------------- destroy */

static void drop_region_refs(IrRegion *r);

/* Unlinks every operand and successor of op and of everything nested in
 * it, so the objects can then be freed in any order. */
static void
drop_refs(IrOp *op)
{
	for (unsigned i = 0; i < op->noperands; i++)
		use_unlink(&op->operands[i]);
	IrBlockRef *succs = ir_op_succs(op);
	for (unsigned i = 0; i < op->nsuccs; i++)
		ref_unlink(&succs[i]);
	IrRegion *regions = ir_op_regions(op);
	for (unsigned i = 0; i < op->nregions; i++)
		drop_region_refs(&regions[i]);
}

static void
drop_region_refs(IrRegion *r)
{
	for (IrBlock *b = r->first; b; b = b->next)
		for (IrOp *op = b->first; op; op = op->next)
			drop_refs(op);
}

static void free_block_dropped(IrBlock *b);

/* The pages of dense data op borrows from a mapped input (a model's
 * weights) need not stay in memory once the op goes: a pass that
 * erases the constant it has read lets them go (ir_context_release;
 * another op with the same attribute reads them back from the file). */
static void
release_borrowed(IrOp *op)
{
	IrContext *ctx = op->name->ctx;
	const IrAttr *d = op->attrs;
	if (!ctx->nmaps || !d || d->kind != IR_ATTR_DICT)
		return;
	for (size_t i = 0; i < d->u.dict.n; i++) {
		const IrAttr *a = d->u.dict.entries[i].value;
		if (a->kind == IR_ATTR_DENSE && !a->u.dense.splat)
			ir_context_release(ctx, a->u.dense.data,
			    a->u.dense.size);
	}
}

/* Frees op, whose references have all been dropped. */
static void
free_dropped(IrOp *op)
{
	release_borrowed(op);
	for (unsigned i = 0; i < op->nregions; i++) {
		IrRegion *r = &ir_op_regions(op)[i];
		IrBlock *b = r->first, *next;
		for (; b; b = next) {
			next = b->next;
			free_block_dropped(b);
		}
		r->first = r->last = NULL;
	}
	for (unsigned i = 0; i < op->nresults; i++)
		assert(!ir_op_results(op)[i].uses &&
		    "erased op still has uses");
	op_free(op);
}

/* Frees every op of b (their references already dropped), its arguments
 * and b itself. Predecessor slots still pointing at b are cleared. */
static void
free_block_dropped(IrBlock *b)
{
	IrOp *op = b->first, *next;
	for (; op; op = next) {
		next = op->next;
		free_dropped(op);
	}
	while (b->preds)
		ref_unlink(b->preds);
	for (unsigned i = 0; i < b->nargs; i++) {
		assert(!b->args[i]->uses && "erased block argument has uses");
		free(b->args[i]);
	}
	free(b->args);
	free(b);
}

void
ir_op_destroy(IrOp *op)
{
	if (op->parent)
		ir_op_remove(op);
	drop_refs(op);
	free_dropped(op);
}

void
ir_op_erase(IrOp *op)
{
	ir_op_destroy(op);
}

void
ir_region_clear(IrRegion *r)
{
	drop_region_refs(r);
	IrBlock *b = r->first, *next;
	for (; b; b = next) {
		next = b->next;
		free_block_dropped(b);
	}
	r->first = r->last = NULL;
}

void
ir_block_destroy(IrBlock *b)
{
	if (b->parent)
		ir_block_remove(b);
	for (IrOp *op = b->first; op; op = op->next)
		drop_refs(op);
	free_block_dropped(b);
}

/* ----------------------------------------------------------------- linking */

enum { ORDER_STRIDE = 16 };

/* Picks an order for op from its neighbours, or 0 ("unknown") when the
 * neighbours leave no room; ir_op_is_before then renumbers. */
static uint32_t
pick_order(const IrOp *op)
{
	uint32_t lo = op->prev ? op->prev->order : 0;
	if (!op->next) {
		if (op->prev && lo == 0)
			return 0;
		return lo < UINT32_MAX - ORDER_STRIDE ? lo + ORDER_STRIDE : 0;
	}
	uint32_t hi = op->next->order;
	if (hi == 0 || (op->prev && lo == 0) || hi - lo < 2)
		return 0;
	return lo + (hi - lo) / 2;
}

void
ir_op_link(IrOp *op, IrBlock *block, IrOp *before)
{
	assert(!op->parent);
	op->parent = block;
	op->next = before;
	op->prev = before ? before->prev : block->last;
	if (op->prev)
		op->prev->next = op;
	else
		block->first = op;
	if (before)
		before->prev = op;
	else
		block->last = op;
	op->order = pick_order(op);
}

void
ir_op_remove(IrOp *op)
{
	IrBlock *b = op->parent;
	if (!b)
		return;
	if (op->prev)
		op->prev->next = op->next;
	else
		b->first = op->next;
	if (op->next)
		op->next->prev = op->prev;
	else
		b->last = op->prev;
	op->prev = op->next = NULL;
	op->parent = NULL;
}

void
ir_op_move_before(IrOp *op, IrOp *before)
{
	if (op == before)
		return;
	ir_op_remove(op);
	ir_op_link(op, before->parent, before);
}

void
ir_op_move_to_end(IrOp *op, IrBlock *block)
{
	ir_op_remove(op);
	ir_op_link(op, block, NULL);
}

static void
renumber(IrBlock *b)
{
	uint32_t n = 0;
	for (IrOp *op = b->first; op; op = op->next) {
		n += ORDER_STRIDE;
		op->order = n;
	}
}

bool
ir_op_is_before(IrOp *a, IrOp *b)
{
	assert(a->parent && a->parent == b->parent);
	if (a == b)
		return false;
	if (a->order == 0 || b->order == 0)
		renumber(a->parent);
	return a->order < b->order;
}

/* ----------------------------------------------------------------- queries */

IrContext *
ir_op_context(const IrOp *op)
{
	return op->name->ctx;
}

const char *
ir_op_name_str(const IrOp *op)
{
	return op->name->name->str;
}

extern inline bool ir_op_is(const IrOp *op, const char *name);

bool
ir_op_has_trait(const IrOp *op, unsigned trait)
{
	return op->name->def && (op->name->def->traits & trait) == trait;
}

const IrAttr *
ir_op_attr(const IrOp *op, const char *name)
{
	return ir_dict_get(op->attrs, name);
}

void
ir_op_set_attr(IrOp *op, const char *name, const IrAttr *value)
{
	IrContext *ctx = ir_op_context(op);
	op->attrs = ir_dict_set(ctx, op->attrs, ir_ident_cstr(ctx, name),
	    value);
}

void
ir_op_remove_attr(IrOp *op, const char *name)
{
	ir_op_set_attr(op, name, NULL);
}

void
ir_op_set_operand(IrOp *op, unsigned i, IrValue *v)
{
	assert(i < op->noperands);
	use_unlink(&op->operands[i]);
	use_link(&op->operands[i], v);
}

void
ir_op_set_operands(IrOp *op, size_t n, IrValue *const *values)
{
	for (unsigned i = 0; i < op->noperands; i++)
		use_unlink(&op->operands[i]);
	if (n > UINT32_MAX)
		ir_unreachable("op has too many operands");
	if (n > op->operandcap) {
		uint32_t cap = inline_cap(op);
		free_outline_operands(op);
		OperandHead *head = ir_xcalloc(n + 1, sizeof(IrUse));
		head->inline_cap = cap;
		op->operands = (IrUse *)(head + 1);
		op->operandcap = (uint32_t)n;
	}
	op->noperands = (uint32_t)n;
	for (unsigned i = 0; i < op->noperands; i++) {
		op->operands[i].owner = op;
		use_link(&op->operands[i], values[i]);
	}
}

IrValue *
ir_op_operand(const IrOp *op, unsigned i)
{
	assert(i < op->noperands);
	return op->operands[i].value;
}

IrValue *
ir_op_result(IrOp *op, unsigned i)
{
	assert(i < op->nresults);
	return &ir_op_results(op)[i];
}

IrOp *
ir_op_parent_op(const IrOp *op)
{
	if (!op->parent || !op->parent->parent)
		return NULL;
	return op->parent->parent->parent;
}

bool
ir_op_is_ancestor(const IrOp *a, const IrOp *b)
{
	for (; b; b = ir_op_parent_op(b))
		if (a == b)
			return true;
	return false;
}

void
ir_emit_op_errorv(IrContext *ctx, const IrLoc *loc, const char *opname,
    const char *fmt, va_list ap)
{
	va_list ap2;
	va_copy(ap2, ap);
	int n = vsnprintf(NULL, 0, fmt, ap);
	char *msg = ir_xmalloc((size_t)(n < 0 ? 0 : n) + 1);
	vsnprintf(msg, (size_t)(n < 0 ? 0 : n) + 1, fmt, ap2);
	va_end(ap2);
	ir_emit_error(ctx, loc, "'%s' op %s", opname, msg);
	free(msg);
}

void
ir_op_emit_error(IrOp *op, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	ir_emit_op_errorv(ir_op_context(op), ir_op_loc(op), ir_op_name_str(op),
	    fmt, ap);
	va_end(ap);
}

/* ------------------------------------------------------------- pointer map */

static size_t
ptr_hash(const void *p, size_t cap)
{
	uint64_t h = (uint64_t)(uintptr_t)p;
	h ^= h >> 33;
	h *= 0xff51afd7ed558ccdULL;
	h ^= h >> 33;
	return (size_t)h & (cap - 1);
}

static void
ptrmap_grow(IrPtrMap *m)
{
	IrPtrMap old = *m;
	m->cap = old.cap ? old.cap * 2 : 16;
	m->keys = ir_xcalloc(m->cap, sizeof *m->keys);
	m->vals = ir_xcalloc(m->cap, sizeof *m->vals);
	m->n = 0;
	for (size_t i = 0; i < old.cap; i++)
		if (old.keys[i])
			ir_ptrmap_put(m, old.keys[i], old.vals[i]);
	free(old.keys);
	free(old.vals);
}

void
ir_ptrmap_put(IrPtrMap *m, const void *key, void *val)
{
	if ((m->n + 1) * 4 > m->cap * 3)
		ptrmap_grow(m);
	size_t i = ptr_hash(key, m->cap);
	while (m->keys[i] && m->keys[i] != key)
		i = (i + 1) & (m->cap - 1);
	if (!m->keys[i])
		m->n++;
	m->keys[i] = key;
	m->vals[i] = val;
}

void *
ir_ptrmap_get(const IrPtrMap *m, const void *key)
{
	if (!m->cap)
		return NULL;
	size_t i = ptr_hash(key, m->cap);
	while (m->keys[i]) {
		if (m->keys[i] == key)
			return m->vals[i];
		i = (i + 1) & (m->cap - 1);
	}
	return NULL;
}

void
ir_ptrmap_free(IrPtrMap *m)
{
	free(m->keys);
	free(m->vals);
	memset(m, 0, sizeof *m);
}

/* ------------------------------------------------------------------- clone */

typedef struct CloneMap {
	IrPtrMap values, blocks;
} CloneMap;

static IrValue *
map_value(CloneMap *cm, IrValue *v)
{
	IrValue *m = v ? ir_ptrmap_get(&cm->values, v) : NULL;
	return m ? m : v;
}

static IrOp *clone_op(IrContext *ctx, IrOp *op, CloneMap *cm);

/* Clones the blocks of `from` into `to`: all blocks and arguments first,
 * so successors and forward uses can find their copies, then the ops. */
static void
clone_region(IrContext *ctx, IrRegion *to, IrRegion *from, CloneMap *cm)
{
	for (IrBlock *b = from->first; b; b = b->next) {
		IrBlock *nb = ir_block_create();
		for (unsigned i = 0; i < b->nargs; i++) {
			IrValue *a = b->args[i];
			IrValue *na = ir_block_add_arg(nb, a->type,
			    ir_value_loc(a));
			ir_ptrmap_put(&cm->values, a, na);
		}
		ir_ptrmap_put(&cm->blocks, b, nb);
		ir_region_append(to, nb);
	}
	for (IrBlock *b = from->first; b; b = b->next) {
		IrBlock *nb = ir_ptrmap_get(&cm->blocks, b);
		for (IrOp *op = b->first; op; op = op->next)
			ir_op_link(clone_op(ctx, op, cm), nb, NULL);
	}
}

enum { CLONE_SMALL = 8 };

static IrOp *
clone_op(IrContext *ctx, IrOp *op, CloneMap *cm)
{
	/* Small ops (nearly all) need no temporary allocation. */
	IrValue *ops_buf[CLONE_SMALL];
	const IrType *types_buf[CLONE_SMALL];
	IrBlock *succs_buf[CLONE_SMALL];
	IrValue **operands = op->noperands <= CLONE_SMALL ? ops_buf :
	    ir_xcalloc(op->noperands, sizeof *operands);
	const IrType **types = op->nresults <= CLONE_SMALL ? types_buf :
	    ir_xcalloc(op->nresults, sizeof *types);
	IrBlock **succs = op->nsuccs <= CLONE_SMALL ? succs_buf :
	    ir_xcalloc(op->nsuccs, sizeof *succs);
	for (unsigned i = 0; i < op->noperands; i++)
		operands[i] = map_value(cm, op->operands[i].value);
	for (unsigned i = 0; i < op->nresults; i++)
		types[i] = ir_op_results(op)[i].type;
	for (unsigned i = 0; i < op->nsuccs; i++) {
		IrBlock *b = ir_op_succs(op)[i].block;
		IrBlock *nb = b ? ir_ptrmap_get(&cm->blocks, b) : NULL;
		succs[i] = nb ? nb : b;
	}
	IrOpState st = {
		.name = op->name, .attrs = op->attrs,
		.noperands = op->noperands, .operands = operands,
		.nresults = op->nresults, .result_types = types,
		.nregions = op->nregions, .nsuccs = op->nsuccs, .succs = succs,
	};
	IrOp *nop = ir_op_create_ref(ctx, &st, ctx == op->name->ctx ?
	    op->locref : ir_loc_ref_of(ctx, ir_op_loc(op)));
	if (operands != ops_buf)
		free(operands);
	if (types != types_buf)
		free(types);
	if (succs != succs_buf)
		free(succs);
	for (unsigned i = 0; i < op->nresults; i++)
		ir_ptrmap_put(&cm->values, &ir_op_results(op)[i],
		    &ir_op_results(nop)[i]);
	for (unsigned i = 0; i < op->nregions; i++)
		clone_region(ctx, &ir_op_regions(nop)[i],
		    &ir_op_regions(op)[i], cm);
	return nop;
}

/* Remaps operands that were cloned before their definition (uses ahead
 * of the definition in graph regions or across blocks). */
static void
remap_operands(IrOp *op, CloneMap *cm)
{
	for (unsigned i = 0; i < op->noperands; i++) {
		IrValue *v = op->operands[i].value;
		IrValue *m = map_value(cm, v);
		if (m != v)
			ir_op_set_operand(op, i, m);
	}
	for (unsigned i = 0; i < op->nregions; i++)
		for (IrBlock *b = ir_op_regions(op)[i].first; b;
		    b = b->next)
			for (IrOp *o = b->first; o; o = o->next)
				remap_operands(o, cm);
}

IrOp *
ir_op_clone(IrContext *ctx, IrOp *op)
{
	CloneMap cm = {0};
	IrOp *nop = clone_op(ctx, op, &cm);
	remap_operands(nop, &cm);
	ir_ptrmap_free(&cm.values);
	ir_ptrmap_free(&cm.blocks);
	return nop;
}
