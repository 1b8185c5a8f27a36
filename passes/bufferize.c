/* passes/bufferize.c: bufferize: every activation tensor of a function
 * gets a buffer (buffer.alloc + a typed buffer.view), written by a
 * buffer.store after its op and read by a buffer.load before each reader;
 * reshapes and squeezes become views of their input's buffer (no copy),
 * so do slices and splits that are one contiguous run of their input's
 * bytes; a concat's inputs are written straight into their windows of
 * the concat's buffer where the layout allows; elementwise ops write
 * into their input's buffer when it dies there, constants become
 * buffer.constant in flash; the stripes of a rolling buffer
 * (ethos_u.ring) share one ring, wrapping rows stored and loaded in two
 * parts. plan-memory then packs the allocations, and npu-run over the
 * arena checks the plan. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "dialects/dialect.h"
#include "interp/interp.h"
#include "passes/passes.h"

/* A buffer behind one or more tensors (aliases share it). */
typedef struct Buf {
	IrValue *root;		/* the buffer.alloc (or constant) result */
	int64_t last;		/* last position any of its tensors is read */
	bool constant;
} Buf;

/* Where a concat input is written: its window of the concat's result. */
typedef struct Dest {
	IrOp *concat;
	int64_t off;		/* bytes into the concat's result */
} Dest;

typedef struct Bufferize {
	IrContext *ctx;
	IrBlock *b;
	IrPtrMap pos;		/* op -> original position + 1 */
	IrPtrMap view;		/* tensor value -> its typed view */
	IrPtrMap buf;		/* tensor value -> Buf */
	IrPtrMap off;		/* tensor value -> its byte offset in Buf + 1 */
	IrPtrMap dest;		/* concat input -> Dest */
	IrPtrMap cbuf;		/* concat op -> the Buf of its result */
	IrPtrMap copied;	/* concat op -> 1 + inputs that are copied */
	Dest *dests;		/* all Dests, to free */
	size_t ndests;
	Buf **bufs;		/* all, to free */
	size_t nbufs, cap;
	bool use_views;		/* option views */
	uint64_t inplace, views, allocs, windows, concat_views, concat_copies;
	/* Rolling buffers (ethos_u.ring): value -> its Ring + 1 index. */
	IrPtrMap ring;
	struct Ring *rings;
	size_t nrings;
	uint64_t ring_values;
} Bufferize;

/* A value of a rolling buffer: rows [row, row + h) of its producer's
 * output, kept at ring rows (row mod rows) of buf (rows of row_bytes). */
typedef struct Ring {
	Buf *buf;
	int64_t id, rows, row_bytes, row;
} Ring;

static const IrType *
storage(const IrType *elem)
{
	return elem->kind == IR_TYPE_QUANT ? elem->u.quant.storage : elem;
}

static int64_t
tensor_bytes(const IrType *t)
{
	int64_t n = ir_type_num_elements(t);
	return n < 0 ? -1 : n * (int64_t)ir_tensor_elem_bytes(
	    t->u.shaped.elem);
}

/* The last original position at which v is read (its op when unread). */
static int64_t
last_read(const Bufferize *z, const IrValue *v, int64_t def)
{
	int64_t last = def;
	for (IrUse *u = v->uses; u; u = u->next) {
		IrOp *o = u->owner;
		while (o && o->parent != z->b)
			o = o->parent && o->parent->parent ?
			    o->parent->parent->parent : NULL;
		int64_t p = o ? (int64_t)(intptr_t)ir_ptrmap_get(&z->pos, o) : 0;
		last = p > last ? p : last;
	}
	return last;
}

static Buf *
new_buf(Bufferize *z, IrValue *root, bool constant)
{
	if (z->nbufs == z->cap) {
		z->cap = z->cap ? 2 * z->cap : 64;
		z->bufs = ir_xrealloc(z->bufs, z->cap * sizeof *z->bufs);
	}
	Buf *b = ir_xcalloc(1, sizeof *b);
	b->root = root;
	b->constant = constant;
	z->bufs[z->nbufs++] = b;
	return b;
}

static const IrAttr *
i64(IrContext *ctx, int64_t v)
{
	return ir_attr_int(ctx, ir_type_int(ctx, 64, IR_SIGNLESS), v);
}

static IrNamedAttr
named(IrContext *ctx, const char *name, const IrAttr *v)
{
	return (IrNamedAttr){ir_ident_get(ctx, name, strlen(name)), v};
}

/* A row-major view of root (a 1-D i8 buffer) with t's shape and storage
 * element type, off bytes in, before op. */
static IrValue *
make_view(Bufferize *z, IrBuilder *bl, IrValue *root, const IrType *t,
    int64_t off)
{
	IrContext *ctx = z->ctx;
	size_t r = (size_t)t->u.shaped.rank;
	const IrAttr **dims = ir_xmalloc((r + 1) * sizeof *dims);
	for (size_t k = 0; k < r; k++)
		dims[k] = i64(ctx, t->u.shaped.dims[k]);
	/* Attributes of a dictionary sorted by name. */
	IrNamedAttr e[] = {
		named(ctx, "elem", ir_attr_type(ctx, storage(t->u.shaped.elem))),
		named(ctx, "offset", i64(ctx, off)),
		named(ctx, "shape", ir_attr_array(ctx, r, dims)),
	};
	if (!off)
		e[1] = e[2];
	IrOp *v = dialect_create(bl, "buffer.view", 1, &root,
	    ir_attr_dict(ctx, off ? 3 : 2, e), 1);
	free(dims);
	return v ? ir_op_result(v, 0) : NULL;
}

static IrValue *
make_alloc(Bufferize *z, IrBuilder *bl, int64_t bytes)
{
	IrContext *ctx = z->ctx;
	IrNamedAttr e[] = {named(ctx, "size", i64(ctx, bytes > 0 ? bytes : 1))};
	IrOp *a = dialect_create(bl, "buffer.alloc", 0, NULL,
	    ir_attr_dict(ctx, 1, e), 1);
	return a ? ir_op_result(a, 0) : NULL;
}

/* ------------------------------------------------------------ rings */

static int64_t stride_bytes(const IrType *t, int64_t k);

static bool
rows_view(const IrOp *op, const char *name)
{
	const IrAttr *a = ir_op_attr(op, "ethos_u.view");
	return ir_op_is(op, name) && a && a->kind == IR_ATTR_STRING &&
	    a->u.string.len == 4 && !memcmp(a->u.string.data, "rows", 4);
}

static bool
ring_shape(const IrType *t)
{
	return t->kind == IR_TYPE_TENSOR && t->u.shaped.rank == 4 &&
	    ir_type_num_elements(t) > 0 && t->u.shaped.dims[0] == 1;
}

/* ethos-u-schedule's mark of a stripe kept in a rolling buffer:
 * ethos_u.ring = [rows, first row], the ring named by the stripe's
 * ethos_u.stripe op number. */
static bool
ring_mark(const IrOp *op, int64_t *id, int64_t *rows, int64_t *row)
{
	int64_t r[2], st[3];
	if (op->nresults != 1 || !ring_shape(ir_op_result((IrOp *)op,
	    0)->type) || !ir_attr_ints(ir_op_attr(op, "ethos_u.ring"), r,
	    2) || !ir_attr_ints(ir_op_attr(op, "ethos_u.stripe"), st, 3) ||
	    r[0] < 1 || r[1] < 0 || ir_op_result((IrOp *)op,
	    0)->type->u.shaped.dims[1] > r[0])
		return false;
	*id = st[0], *rows = r[0], *row = r[1];
	return true;
}

/* Is v a marked stripe or a `rows` slice of one (before bufferizing)? */
static bool
ring_source(const IrValue *v)
{
	int64_t id, rows, row;
	for (;;) {
		IrOp *d = ir_value_def_op((IrValue *)v);
		if (!d)
			return false;
		if (!rows_view(d, "npu.slice"))
			return ring_mark(d, &id, &rows, &row);
		v = ir_op_operand(d, 0);
	}
}

static Ring *
ring_get(const Bufferize *z, const IrValue *v)
{
	size_t k = (size_t)ir_ptrmap_get(&z->ring, v);
	return k ? &z->rings[k - 1] : NULL;
}

static void
ring_put(Bufferize *z, IrValue *v, Ring g)
{
	z->rings = ir_xrealloc(z->rings, (z->nrings + 1) * sizeof *z->rings);
	z->rings[z->nrings++] = g;
	ir_ptrmap_put(&z->ring, v, (void *)z->nrings);
	z->ring_values++;
}

/* The rolling buffer op's result is a value of (z->rings[k] with its
 * row), found before op's operands are loaded: a marked stripe (its
 * ring, made now when it is the first), a `rows` slice of a ring value,
 * or a `rows` concat of consecutive rows of one ring. */
static bool
ring_result(Bufferize *z, IrBuilder *bl, IrOp *op, Ring *out)
{
	int64_t id, rows, row, b[4];
	if (!z->use_views || op->nresults != 1 ||
	    !ring_shape(ir_op_result(op, 0)->type))
		return false;
	const IrType *t = ir_op_result(op, 0)->type;
	if (ring_mark(op, &id, &rows, &row)) {
		for (size_t k = 0; k < z->nrings; k++)
			if (z->rings[k].id == id && z->rings[k].rows == rows) {
				*out = z->rings[k];
				out->row = row;
				return true;
			}
		int64_t rb = stride_bytes(t, 1);
		ir_builder_set_before(bl, op);
		IrValue *root = make_alloc(z, bl, rows * rb);
		if (!root)
			return false;
		z->allocs++;
		*out = (Ring){ new_buf(z, root, false), id, rows, rb, row };
		return true;
	}
	Ring *g = op->noperands ? ring_get(z, op->operands[0].value) : NULL;
	if (!g)
		return false;
	if (rows_view(op, "npu.slice") && ir_attr_ints(ir_op_attr(op,
	    "begin"), b, 4) && !b[0] && !b[2] && !b[3]) {
		*out = *g;
		out->row += b[1];
		return true;
	}
	if (!rows_view(op, "npu.concat"))
		return false;
	int64_t next = g->row;
	for (unsigned k = 0; k < op->noperands; k++) {
		Ring *e = ring_get(z, op->operands[k].value);
		if (!e || e->buf != g->buf || e->row != next)
			return false;
		next += op->operands[k].value->type->u.shaped.dims[1];
	}
	*out = *g;
	return true;
}

/* t with h rows. */
static const IrType *
ring_rows_type(IrContext *ctx, const IrType *t, int64_t h)
{
	int64_t d[4];
	memcpy(d, t->u.shaped.dims, sizeof d);
	d[1] = h;
	return ir_type_tensor(ctx, 4, d, t->u.shaped.elem, NULL);
}

/* Rows [0, h0) of a value of ring g at ring row r, and the rest from
 * the ring's first row: the views (one when it does not wrap). */
static int
ring_views(Bufferize *z, IrBuilder *bl, const Ring *g, const IrType *t,
    IrValue *view[2], const IrType *part[2])
{
	int64_t h = t->u.shaped.dims[1], r = g->row % g->rows;
	int n = r + h > g->rows ? 2 : 1;
	int64_t h0 = n == 2 ? g->rows - r : h;
	part[0] = n == 2 ? ring_rows_type(z->ctx, t, h0) : t;
	part[1] = n == 2 ? ring_rows_type(z->ctx, t, h - h0) : NULL;
	view[0] = make_view(z, bl, g->buf->root, part[0], r * g->row_bytes);
	view[1] = n == 2 ? make_view(z, bl, g->buf->root, part[1], 0) : NULL;
	return view[0] && (n == 1 || view[1]) ? n : 0;
}

static IrValue *
ring_load1(Bufferize *z, IrBuilder *bl, IrValue *view, const IrType *t,
    const IrLoc *loc)
{
	IrOpState st = {
		.name = ir_op_name_get(z->ctx, "buffer.load", 11),
		.loc = loc,
		.noperands = 1,
		.operands = &view,
		.nresults = 1,
		.result_types = &t,
	};
	return ir_op_result(ir_builder_create(bl, &st), 0);
}

/* Operand i of op, a ring value: loaded from its ring, the two tiles
 * joined along H where it wraps (npu-run then reads the ring's bytes as
 * the NPU's tiles do). */
static bool
ring_load(Bufferize *z, IrBuilder *bl, IrOp *op, unsigned i, const Ring *g)
{
	IrValue *v = op->operands[i].value, *view[2];
	const IrType *part[2];
	ir_builder_set_before(bl, op);
	int n = ring_views(z, bl, g, v->type, view, part);
	if (!n)
		return false;
	IrValue *l[2];
	for (int k = 0; k < n; k++)
		l[k] = ring_load1(z, bl, view[k], part[k], ir_op_loc(op));
	if (n == 2) {
		IrNamedAttr a[] = { named(z->ctx, "axis", i64(z->ctx, 1)) };
		IrOp *c = dialect_create(bl, "npu.concat", 2, l,
		    ir_attr_dict(z->ctx, 1, a), 1);
		if (!c)
			return false;
		l[0] = ir_op_result(c, 0);
	}
	ir_op_set_operand(op, i, l[0]);
	return true;
}

/* A marked stripe r stored into its ring: rows split into two stores
 * where they wrap the ring's end. */
static bool
ring_store(Bufferize *z, IrBuilder *bl, IrOp *op, IrValue *r, const Ring *g)
{
	IrValue *view[2];
	const IrType *part[2];
	ir_builder_set_before(bl, op);
	int n = ring_views(z, bl, g, r->type, view, part);
	if (!n)
		return false;
	IrOp *at = op;
	int64_t h0 = part[0]->u.shaped.dims[1];
	for (int k = 0; k < n; k++) {
		IrValue *x = r;
		ir_builder_set_after(bl, at);
		if (n == 2) {
			int64_t begin[4] = { 0, k ? h0 : 0, 0, 0 };
			const IrAttr *be[4], *se[4];
			for (int j = 0; j < 4; j++) {
				be[j] = i64(z->ctx, begin[j]);
				se[j] = i64(z->ctx, part[k]->u.shaped.dims[j]);
			}
			IrNamedAttr a[] = {
				named(z->ctx, "begin", ir_attr_array(z->ctx, 4,
				    be)),
				named(z->ctx, "size", ir_attr_array(z->ctx, 4,
				    se)),
			};
			IrOp *s = dialect_create(bl, "npu.slice", 1, &r,
			    ir_attr_dict(z->ctx, 2, a), 1);
			if (!s)
				return false;
			x = ir_op_result(s, 0);
			at = s;
			ir_builder_set_after(bl, at);
		}
		IrValue *ops[2] = { x, view[k] };
		IrOpState st = {
			.name = ir_op_name_get(z->ctx, "buffer.store", 12),
			.loc = ir_op_loc(op),
			.noperands = 2,
			.operands = ops,
		};
		at = ir_builder_create(bl, &st);
	}
	return true;
}

/* Operand i of op reads its buffer: a buffer.load before op. */
static bool
load_operand(Bufferize *z, IrBuilder *bl, IrOp *op, unsigned i)
{
	IrValue *v = op->operands[i].value;
	const Ring *g = ring_get(z, v);
	if (g)
		return ring_load(z, bl, op, i, g);
	IrValue *view = ir_ptrmap_get(&z->view, v);
	if (!view)
		return true;
	IrOpState st = {
		.name = ir_op_name_get(z->ctx, "buffer.load", 11),
		.loc = ir_op_loc(op),
		.noperands = 1,
		.operands = &view,
		.nresults = 1,
		.result_types = &v->type,
	};
	ir_builder_set_before(bl, op);
	IrOp *l = ir_builder_create(bl, &st);
	/* The loaded tensor stands for v from here on (aliases, in place). */
	ir_ptrmap_put(&z->buf, ir_op_result(l, 0), ir_ptrmap_get(&z->buf, v));
	ir_ptrmap_put(&z->off, ir_op_result(l, 0), ir_ptrmap_get(&z->off, v));
	ir_op_set_operand(op, i, ir_op_result(l, 0));
	return true;
}

static bool
is_view_op(const IrOp *op)
{
	return ir_op_is(op, "graph.reshape") || ir_op_is(op, "graph.squeeze");
}

static int64_t
get_off(const Bufferize *z, const IrValue *v)
{
	return (int64_t)(intptr_t)ir_ptrmap_get(&z->off, v) - 1;
}

/* Bytes of one step along dimension k of t (row-major). */
static int64_t
stride_bytes(const IrType *t, int64_t k)
{
	int64_t s = (int64_t)ir_tensor_elem_bytes(t->u.shaped.elem);
	for (int64_t j = k + 1; j < t->u.shaped.rank; j++)
		s *= t->u.shaped.dims[j];
	return s;
}

static bool
is_concat(const IrOp *op)
{
	return ir_op_is(op, "graph.concat") || ir_op_is(op, "npu.concat");
}

/* The axis of a concat or split, in [0, rank); -1 when out of range. */
static int64_t
axis_of(const IrOp *op, int64_t rank)
{
	int64_t a = dialect_get_int(op->name->def, op->attrs, "axis");
	a = a < 0 ? a + rank : a;
	return a >= 0 && a < rank ? a : -1;
}

/* Are the pieces of t along axis each one run of bytes (every dimension
 * before the axis is 1)? */
static bool
outer_axis(const IrType *t, int64_t axis)
{
	if (t->kind != IR_TYPE_TENSOR || ir_type_num_elements(t) < 0 ||
	    axis < 0)
		return false;
	for (int64_t j = 0; j < axis; j++)
		if (t->u.shaped.dims[j] != 1)
			return false;
	return true;
}

#define WINDOW_MAX_RANK 16

/* The byte offset of result k of a slice or split of in when that
 * result is one contiguous run of in's bytes with in's element type;
 * else -1. */
static int64_t
window_of(const IrOp *op, unsigned k, const IrType *in)
{
	const IrType *t = ir_op_result((IrOp *)op, k)->type;
	if (t->kind != IR_TYPE_TENSOR || in->kind != IR_TYPE_TENSOR ||
	    t->u.shaped.elem != in->u.shaped.elem ||
	    t->u.shaped.rank != in->u.shaped.rank ||
	    ir_type_num_elements(t) < 0 || ir_type_num_elements(in) < 0)
		return -1;
	int64_t rank = t->u.shaped.rank;
	if (ir_op_is(op, "graph.split")) {
		int64_t axis = axis_of(op, rank);
		if (!outer_axis(in, axis))
			return -1;
		int64_t at = 0;
		for (unsigned j = 0; j < k; j++)
			at += ir_op_result((IrOp *)op, j)->type->u.shaped.dims[
			    axis];
		return at * stride_bytes(in, axis);
	}
	/* A slice: dimensions above the first cut one are 1, those below
	 * it whole. */
	int64_t begin[WINDOW_MAX_RANK];
	if (rank > WINDOW_MAX_RANK || dialect_get_ints(op->name->def, op->attrs,
	    "begin", begin, WINDOW_MAX_RANK) != rank)
		return -1;
	int64_t first = 0, off = 0;
	while (first < rank && t->u.shaped.dims[first] == 1)
		first++;
	for (int64_t j = first + 1; j < rank; j++)
		if (t->u.shaped.dims[j] != in->u.shaped.dims[j])
			return -1;
	for (int64_t j = 0; j < rank; j++)
		off += begin[j] * stride_bytes(in, j);
	return off;
}

static bool
is_window_op(const IrOp *op)
{
	return ir_op_is(op, "graph.slice") || ir_op_is(op, "npu.slice") ||
	    ir_op_is(op, "graph.split");
}

/* Which concat inputs can be written straight into the concat's buffer:
 * the concat along its outermost non-unit dimension (so each input is
 * one run of bytes) without a change of element type, and the input an
 * op's result in this block (its other readers read it there), made by
 * an op that writes its own bytes (not a view of another buffer), and
 * not already written into another concat. */
static void
plan_concats(Bufferize *z, IrOp **ops, size_t n)
{
	size_t cap = 0;
	for (size_t i = 0; i < n; i++)
		if (is_concat(ops[i]))
			cap += ops[i]->noperands;
	z->dests = ir_xcalloc(cap + 1, sizeof *z->dests);
	for (size_t i = 0; i < n; i++) {
		IrOp *c = ops[i];
		if (!is_concat(c) || c->nresults != 1 || !z->use_views)
			continue;
		const IrType *t = ir_op_result(c, 0)->type;
		int64_t axis = t->kind == IR_TYPE_TENSOR ? axis_of(c,
		    t->u.shaped.rank) : -1;
		if (!outer_axis(t, axis) || (c->noperands && ring_source(
		    c->operands[0].value)))
			continue;   /* a rolling buffer's window: its ring */
		int64_t at = 0, copied = 0;
		for (unsigned k = 0; k < c->noperands; k++) {
			IrValue *v = c->operands[k].value;
			IrOp *d = ir_value_def_op(v);
			bool ok = v->type->kind == IR_TYPE_TENSOR &&
			    v->type->u.shaped.elem == t->u.shaped.elem &&
			    d && d->parent == z->b && !is_view_op(d) &&
			    !is_window_op(d) && !ir_op_is(d,
			    "graph.constant") && !ir_ptrmap_get(&z->dest, v) &&
			    !ring_source(v);
			if (ok) {
				Dest *x = &z->dests[z->ndests++];
				*x = (Dest){ c, at * stride_bytes(t, axis) };
				ir_ptrmap_put(&z->dest, v, x);
			} else {
				copied++;
			}
			if (v->type->kind == IR_TYPE_TENSOR)
				at += v->type->u.shaped.dims[axis];
		}
		ir_ptrmap_put(&z->copied, c, (void *)(intptr_t)(copied + 1));
	}
}

/* The buffer of concat c's result and c's offset in it, made (before
 * op) when c's first input is written. */
static Buf *
concat_buf(Bufferize *z, IrBuilder *bl, IrOp *c, IrOp *op, int64_t *off)
{
	IrValue *r = ir_op_result(c, 0);
	Dest *d = ir_ptrmap_get(&z->dest, r);
	if (d) {
		Buf *b = concat_buf(z, bl, d->concat, op, off);
		if (b)
			*off += d->off;
		return b;
	}
	*off = 0;
	Buf *b = ir_ptrmap_get(&z->cbuf, c);
	if (b)
		return b;
	ir_builder_set_before(bl, op);
	IrValue *root = make_alloc(z, bl, tensor_bytes(r->type));
	if (!root)
		return NULL;
	b = new_buf(z, root, false);
	z->allocs++;
	ir_ptrmap_put(&z->cbuf, c, b);
	return b;
}

/* The mapped operand whose bytes op may overwrite: elementwise, same
 * bytes, and none of its buffer's tensors is read after op (a window of
 * a larger buffer included: the result takes the operand's window). */
static Buf *
inplace_candidate(Bufferize *z, IrOp *op, const IrType *t, int64_t here,
    int64_t *off)
{
	const IrOpDef *d = op->name->def;
	if (!d || !(d->traits & IR_TRAIT_ELEMENTWISE))
		return NULL;
	for (unsigned k = 0; k < op->noperands; k++) {
		IrValue *v = op->operands[k].value;
		Buf *b = ir_ptrmap_get(&z->buf, v);
		if (b && !b->constant && b->last <= here &&
		    tensor_bytes(v->type) == tensor_bytes(t)) {
			*off = get_off(z, v);
			return b;
		}
	}
	return NULL;
}

/* Gives result r of op (at original position here) its buffer. */
static bool
place_result(Bufferize *z, IrBuilder *bl, IrOp *op, IrValue *r,
    int64_t here)
{
	const IrType *t = r->type;
	int64_t bytes = tensor_bytes(t);
	if (bytes < 0) {
		char *ts = ir_type_str(t);
		ir_op_emit_error(op, "bufferize: result has a dynamic shape "
		    "(%s): its bytes are unknown", ts);
		free(ts);
		return false;
	}
	IrValue *x = op->noperands ? op->operands[0].value : NULL;
	Buf *in = x ? ir_ptrmap_get(&z->buf, x) : NULL;
	bool alias = is_view_op(op) && in && !in->constant;
	int64_t off = alias ? get_off(z, x) : 0;
	Buf *b = NULL;
	unsigned k = 0;
	while (k < op->nresults && ir_op_result(op, k) != r)
		k++;
	int64_t w = z->use_views && is_window_op(op) && in && !in->constant ?
	    window_of(op, k, x->type) : -1;
	Dest *d = ir_ptrmap_get(&z->dest, r);
	if (alias) {
		b = in;
	} else if (w >= 0) {
		/* A slice or split piece that is a run of its input's bytes:
		 * a window of the input's buffer. */
		b = in, alias = true, off = get_off(z, x) + w;
		z->windows++;
	} else if (d || is_concat(op)) {
		/* A concat input is written into its window of the concat's
		 * buffer; the concat then has nothing to copy when every
		 * input was. */
		if (!d && !ir_ptrmap_get(&z->copied, op))
			goto plain;
		b = concat_buf(z, bl, d ? d->concat : op, op, &off);
		if (!b)
			return false;
		if (d) {
			off += d->off;
			z->concat_views++;
		}
		intptr_t copied = (intptr_t)ir_ptrmap_get(&z->copied, op);
		if (copied == 1)
			alias = true;
		else if (copied > 1)
			z->concat_copies += (uint64_t)(copied - 1);
	} else {
plain:
		b = inplace_candidate(z, op, t, here, &off);
		z->inplace += b != NULL;
	}
	ir_builder_set_before(bl, op);
	if (!b) {
		IrValue *root = make_alloc(z, bl, bytes);
		if (!root)
			return false;
		b = new_buf(z, root, false);
		z->allocs++;
	} else {
		z->views += is_view_op(op);
	}
	IrValue *view = make_view(z, bl, b->root, t, off);
	if (!view)
		return false;
	ir_ptrmap_put(&z->view, r, view);
	ir_ptrmap_put(&z->buf, r, b);
	ir_ptrmap_put(&z->off, r, (void *)(intptr_t)(off + 1));
	int64_t last = last_read(z, r, here);
	b->last = last > b->last ? last : b->last;
	if (alias)
		return true;	/* the input's bytes already hold it */
	IrValue *ops[2] = {r, view};
	IrOpState st = {
		.name = ir_op_name_get(z->ctx, "buffer.store", 12),
		.loc = ir_op_loc(op),
		.noperands = 2,
		.operands = ops,
	};
	ir_builder_set_after(bl, op);
	ir_builder_create(bl, &st);
	return true;
}

/* graph.constant -> buffer.constant in flash (weights stay out of the
 * arena); its readers load it. */
static bool
place_constant(Bufferize *z, IrBuilder *bl, IrOp *op)
{
	IrContext *ctx = z->ctx;
	IrNamedAttr e[] = {
		named(ctx, "space", ir_attr_string(ctx, "flash", 5, NULL)),
		named(ctx, "value", ir_op_attr(op, "value")),
	};
	ir_builder_set_before(bl, op);
	IrOp *c = dialect_create(bl, "buffer.constant", 0, NULL,
	    ir_attr_dict(ctx, 2, e), 1);
	if (!c)
		return false;
	IrValue *r = ir_op_result(op, 0);
	ir_ptrmap_put(&z->view, r, ir_op_result(c, 0));
	ir_ptrmap_put(&z->buf, r, new_buf(z, ir_op_result(c, 0), true));
	return true;
}

static bool
bufferize_op(Bufferize *z, IrBuilder *bl, IrOp *op, int64_t here)
{
	/* A value of a rolling buffer lives in its ring: a stripe is
	 * stored there, a window or slice of rows is a view of it. */
	Ring g;
	bool ring = ring_result(z, bl, op, &g);
	for (unsigned i = 0; i < op->noperands; i++)
		if (!load_operand(z, bl, op, i))
			return false;
	if (ring) {
		IrValue *r = ir_op_result(op, 0);
		int64_t last = last_read(z, r, here);
		g.buf->last = last > g.buf->last ? last : g.buf->last;
		ring_put(z, r, g);
		int64_t id, rows, row;
		return !ring_mark(op, &id, &rows, &row) || ring_store(z, bl,
		    op, r, &g);
	}
	if (ir_op_is(op, "graph.constant") &&
	    ir_op_attr(op, "value")->kind == IR_ATTR_DENSE)
		return place_constant(z, bl, op);
	for (unsigned k = 0; k < op->nresults; k++) {
		IrValue *r = ir_op_result(op, k);
		if (r->type->kind == IR_TYPE_TENSOR &&
		    !place_result(z, bl, op, r, here))
			return false;
	}
	return true;
}

static bool
bufferize_run(IrOp *func, IrPass *pass)
{
	IrBlock *b = ir_func_entry(func);
	if (!b)
		return true;
	Bufferize z = {.ctx = ir_op_context(func), .b = b,
	    .use_views = ir_pass_bool(pass, "views")};
	size_t n = 0;
	for (IrOp *o = b->first; o; o = o->next)
		ir_ptrmap_put(&z.pos, o, (void *)(intptr_t)++n);
	IrOp **ops = ir_xmalloc((n + 1) * sizeof *ops);
	n = 0;
	for (IrOp *o = b->first; o; o = o->next)
		ops[n++] = o;
	IrBuilder bl;
	ir_builder_init(&bl, z.ctx);
	bool ok = true;
	plan_concats(&z, ops, n);
	for (size_t i = 0; i < n && ok; i++)
		ok = bufferize_op(&z, &bl, ops[i], (int64_t)i + 1);
	/* The constants' readers all load now. */
	for (size_t i = 0; i < n && ok; i++)
		if (ir_op_is(ops[i], "graph.constant") &&
		    !ir_value_has_uses(ir_op_result(ops[i], 0)))
			ir_op_erase(ops[i]);
	ir_pass_stat_add(pass, "num-allocs", z.allocs);
	ir_pass_stat_add(pass, "num-views", z.views);
	ir_pass_stat_add(pass, "num-in-place", z.inplace);
	ir_pass_stat_add(pass, "num-windows", z.windows);
	ir_pass_stat_add(pass, "num-concat-views", z.concat_views);
	ir_pass_stat_add(pass, "num-concat-copies", z.concat_copies);
	ir_pass_stat_add(pass, "num-ring-values", z.ring_values);
	for (size_t i = 0; i < z.nbufs; i++)
		free(z.bufs[i]);
	free(z.bufs);
	free(z.dests);
	free(z.rings);
	ir_ptrmap_free(&z.ring);
	ir_ptrmap_free(&z.off);
	ir_ptrmap_free(&z.dest);
	ir_ptrmap_free(&z.cbuf);
	ir_ptrmap_free(&z.copied);
	free(ops);
	ir_ptrmap_free(&z.pos);
	ir_ptrmap_free(&z.view);
	ir_ptrmap_free(&z.buf);
	return ok;
}

static const IrPassOption opts[] = {
	{ "views", IR_OPT_BOOL, "true", "write concat inputs into their "
	  "windows of the concat's buffer and make contiguous slices and "
	  "split pieces windows of their input (false: copy them)", NULL },
};

static const IrPassStatistic stats[] = {
	{ "num-allocs", "buffers allocated" },
	{ "num-views", "reshapes and squeezes made views (no copy)" },
	{ "num-in-place", "elementwise results written over a dying input" },
	{ "num-windows", "slices and split pieces made windows of their "
	    "input (no copy)" },
	{ "num-concat-views", "concat inputs written into the concat's "
	    "buffer (no copy)" },
	{ "num-concat-copies", "concat inputs the concat copies into its "
	    "buffer (a view of another buffer, an argument, another type)" },
	{ "num-ring-values", "stripes, windows and row slices kept in a "
	    "rolling buffer's ring (ethos_u.ring)" },
};

const IrPassDef pass_bufferize = {
	.argument = "bufferize",
	.summary = "Give every activation tensor a buffer: alloc, view, "
	    "store and load",
	.anchor = "func.func",
	.options = opts,
	.noptions = sizeof opts / sizeof opts[0],
	.stats = stats,
	.nstats = sizeof stats / sizeof stats[0],
	.run = bufferize_run,
	.description =
	    "For each op of a function's entry block, in order: each tensor\n"
	    "operand that has a buffer is read by a `buffer.load` right\n"
	    "before the op; each tensor result gets a `buffer.alloc` (16-byte\n"
	    "aligned, sram) and a typed `buffer.view`, and a `buffer.store`\n"
	    "right after the op. `graph.reshape` and `graph.squeeze` results\n"
	    "are views of their input's buffer (no store, no copy); an\n"
	    "elementwise op writes into an input's buffer when none of that\n"
	    "buffer's tensors is read later (in place); `graph.constant`\n"
	    "becomes `buffer.constant` in flash. The tensor ops stay, so\n"
	    "npu-run runs the result; `plan-memory` then packs the allocs\n"
	    "(live from the alloc to the last load). Function arguments stay\n"
	    "outside the arena. A slice or split piece that is one run of its\n"
	    "input's bytes (every dimension above its first cut one is 1, every\n"
	    "one below it whole) is a window of the input's buffer; a concat\n"
	    "along its outermost non-unit dimension gets its buffer when its\n"
	    "first input is made, and each input an op writes (not a view of\n"
	    "another buffer, same element type) is stored straight into its\n"
	    "window: the concat copies only the other inputs, and nothing when\n"
	    "every input was written in place (`views=false`: copy all, as\n"
	    "the buffer then exists only from the concat on). The stripes\n"
	    "ethos-u-schedule marks `ethos_u.ring = [rows, first row]` share\n"
	    "one alloc of `rows` rows: each is stored at ring row (row mod\n"
	    "rows), in two parts (`npu.slice`s) where it wraps the end, its\n"
	    "`rows` windows and slices are views of the ring, and readers\n"
	    "load a wrapping value in two parts joined by `npu.concat` (the\n"
	    "NPU's two tiles). A dynamic shape is an error naming the op.",
};
