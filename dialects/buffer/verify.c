/* dialects/buffer/verify.c: the buffer ops' own verifier rules. */
#include <stdlib.h>
#include <string.h>

#include "dialects/buffer/buffer.h"
#include "interp/interp.h"

bool
buffer_verify_none(IrOp *op)
{
	(void)op;
	return true;
}

static bool
is_memref(const IrValue *v)
{
	return v && v->type->kind == IR_TYPE_MEMREF;
}

bool
buffer_verify_memref_operands(IrOp *op)
{
	for (unsigned i = 0; i < op->noperands; i++)
		if (!is_memref(op->operands[i].value)) {
			ir_op_emit_error(op, "operand #%u must be a memref", i);
			return false;
		}
	return true;
}

static bool
check_alignment(IrOp *op)
{
	int64_t a = dialect_get_int(op->name->def, op->attrs, "alignment");
	if ((a & (a - 1)) == 0)
		return true;
	ir_op_emit_error(op, "attribute 'alignment' (%lld) must be a power "
	    "of two", (long long)a);
	return false;
}

/* live_start and live_end come together, in order. */
static bool
check_live(IrOp *op)
{
	const IrAttr *s = ir_op_attr(op, "live_start");
	const IrAttr *e = ir_op_attr(op, "live_end");
	if (!s && !e)
		return true;
	if (!s || !e) {
		ir_op_emit_error(op, "attributes 'live_start' and 'live_end' "
		    "go together ('%s' is missing)", s ? "live_end" :
		    "live_start");
		return false;
	}
	if (s->u.integer.value < e->u.integer.value)
		return true;
	ir_op_emit_error(op, "empty live range [%lld, %lld)",
	    (long long)s->u.integer.value,
	    (long long)e->u.integer.value);
	return false;
}

bool
buffer_verify_alloc(IrOp *op)
{
	return check_alignment(op) && check_live(op);
}

bool
buffer_verify_view(IrOp *op)
{
	return buffer_verify_memref_operands(op) && check_live(op);
}

bool
buffer_verify_copy(IrOp *op)
{
	if (!buffer_verify_memref_operands(op))
		return false;
	const IrType *s = op->operands[0].value->type;
	const IrType *d = op->operands[1].value->type;
	bool ok = s->u.shaped.elem == d->u.shaped.elem &&
	    s->u.shaped.rank == d->u.shaped.rank;
	for (int64_t i = 0; ok && i < s->u.shaped.rank; i++)
		ok = s->u.shaped.dims[i] == d->u.shaped.dims[i];
	if (!ok)
		ir_op_emit_error(op, "source and target must have the same "
		    "shape and element type");
	return ok;
}

/* ------------------------------------------------ the arena's checker */

/* One planned buffer: a view of the arena, its bytes and live range. */
typedef struct Placed {
	IrOp *view;
	int64_t lo, hi;		/* bytes [lo, hi) of the arena */
	int64_t start, end;	/* live [start, end) */
} Placed;

/* Bytes the view spans from its offset. */
static int64_t
view_span(IrOp *view)
{
	const IrType *t = ir_op_result(view, 0)->type;
	int64_t st[16], last = 0, r = t->u.shaped.rank;

	if (r > 16 || ir_type_num_elements(t) <= 0)
		return 0;
	ir_tensor_strides(t, st);
	for (int64_t k = 0; k < r; k++)
		last += (t->u.shaped.dims[k] - 1) * st[k];
	return (last + 1) * (int64_t)ir_tensor_elem_bytes(t->u.shaped.elem);
}

/* A planned buffer's live range: its live_start/live_end; false for a
 * view without them (a window into another buffer, not checked). */
static bool
view_live(IrOp *view, Placed *p)
{
	const IrAttr *s = ir_op_attr(view, "live_start");
	const IrAttr *e = ir_op_attr(view, "live_end");
	if (!s || !e)
		return false;
	p->start = s->u.integer.value;
	p->end = e->u.integer.value;
	return true;
}

static int
cmp_placed(const void *a, const void *b)
{
	const Placed *x = a, *y = b;
	if (x->start != y->start)
		return x->start < y->start ? -1 : 1;
	return (x->lo > y->lo) - (x->lo < y->lo);
}

static const char *
view_name(IrOp *view)
{
	const IrAttr *n = ir_op_attr(view, "name");
	return n && n->kind == IR_ATTR_STRING ? n->u.string.data : "";
}

static bool
report_overlap(const Placed *p, const Placed *q)
{
	ir_op_emit_error(q->view, "buffer '%s' (bytes [%lld, %lld), live "
	    "[%lld, %lld)) overlaps buffer '%s' (bytes [%lld, %lld), live "
	    "[%lld, %lld)) in the arena", view_name(q->view),
	    (long long)q->lo, (long long)q->hi, (long long)q->start,
	    (long long)q->end, view_name(p->view), (long long)p->lo,
	    (long long)p->hi, (long long)p->start, (long long)p->end);
	return false;
}

/* Collects the arena's planned buffers (the view verifier already keeps
 * each inside it). */
static Placed *
collect_views(IrOp *arena, size_t *n)
{
	IrValue *v = ir_op_result(arena, 0);
	size_t cap = ir_value_num_uses(v) + 1;
	Placed *p = ir_xmalloc(cap * sizeof *p);

	*n = 0;
	for (IrUse *u = v->uses; u; u = u->next) {
		IrOp *w = u->owner;
		if (!ir_op_is(w, "buffer.view") || w->operands[0].value != v)
			continue;
		Placed *x = &p[*n];
		x->view = w;
		x->lo = dialect_get_int(w->name->def, w->attrs, "offset");
		x->hi = x->lo + view_span(w);
		*n += view_live(w, x);
	}
	return p;
}

/* The independent check of a plan (it shares no code with the planners
 * in passes/): sorted by live start, each view against the later ones
 * that start before it ends. */
static bool
check_overlaps(IrOp *arena)
{
	size_t n;
	Placed *p = collect_views(arena, &n);
	bool ok = true;
	qsort(p, n, sizeof *p, cmp_placed);
	for (size_t i = 0; i < n && ok; i++)
		for (size_t j = i + 1; j < n && ok && p[j].start < p[i].end;
		    j++)
			if (p[i].lo < p[j].hi && p[j].lo < p[i].hi &&
			    p[i].lo < p[i].hi && p[j].lo < p[j].hi)
				ok = report_overlap(&p[i], &p[j]);
	free(p);
	return ok;
}

bool
buffer_verify_arena(IrOp *op)
{
	if (!check_alignment(op))
		return false;
	if (!op->parent)
		return true;
	if (!check_overlaps(op))
		return false;
	const char *space = dialect_get_str(op->name->def, op->attrs, "space");
	for (IrOp *o = op->parent->first; o && o != op; o = o->next) {
		if (!ir_op_is(o, "buffer.arena") ||
		    strcmp(dialect_get_str(o->name->def, o->attrs, "space"),
		    space))
			continue;
		ir_op_emit_error(op, "a second arena for memory space '%s' in "
		    "one block", space);
		return false;
	}
	return true;
}

/* ------------------------------------------------ store and load */

static const IrType *
storage_of(const IrType *elem)
{
	return elem->kind == IR_TYPE_QUANT ? elem->u.quant.storage : elem;
}

/* The tensor t and the memref m have the same shape, and m holds t's
 * storage type. */
static bool
check_pair(IrOp *op, const IrType *t, const IrType *m)
{
	bool ok = t->kind == IR_TYPE_TENSOR && m->kind == IR_TYPE_MEMREF &&
	    t->u.shaped.rank == m->u.shaped.rank &&
	    storage_of(t->u.shaped.elem) == m->u.shaped.elem;
	for (int64_t i = 0; ok && i < t->u.shaped.rank; i++)
		ok = t->u.shaped.dims[i] == m->u.shaped.dims[i] &&
		    t->u.shaped.dims[i] >= 0;
	if (!ok)
		ir_op_emit_error(op, "the tensor and the buffer must have the "
		    "same static shape, the buffer holding the tensor's "
		    "storage type");
	return ok;
}

bool
buffer_verify_store(IrOp *op)
{
	return check_pair(op, op->operands[0].value->type,
	    op->operands[1].value->type);
}

bool
buffer_verify_load(IrOp *op)
{
	return check_pair(op, ir_op_result(op, 0)->type,
	    op->operands[0].value->type);
}
