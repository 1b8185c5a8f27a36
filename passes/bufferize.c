/* passes/bufferize.c: bufferize: every activation tensor of a function
 * gets a buffer (buffer.alloc + a typed buffer.view), written by a
 * buffer.store after its op and read by a buffer.load before each reader;
 * reshapes and squeezes become views of their input's buffer (no copy),
 * elementwise ops write into their input's buffer when it dies there,
 * constants become buffer.constant in flash. plan-memory then packs the
 * allocations, and npu-run over the arena checks the plan. */
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

typedef struct Bufferize {
	IrContext *ctx;
	IrBlock *b;
	IrPtrMap pos;		/* op -> original position + 1 */
	IrPtrMap view;		/* tensor value -> its typed view */
	IrPtrMap buf;		/* tensor value -> Buf */
	Buf **bufs;		/* all, to free */
	size_t nbufs, cap;
	uint64_t inplace, views, allocs;
} Bufferize;

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
 * element type, before op. */
static IrValue *
make_view(Bufferize *z, IrBuilder *bl, IrValue *root, const IrType *t)
{
	IrContext *ctx = z->ctx;
	size_t r = (size_t)t->u.shaped.rank;
	const IrAttr **dims = ir_xmalloc((r + 1) * sizeof *dims);
	for (size_t k = 0; k < r; k++)
		dims[k] = i64(ctx, t->u.shaped.dims[k]);
	IrNamedAttr e[] = {
		named(ctx, "elem", ir_attr_type(ctx, storage(t->u.shaped.elem))),
		named(ctx, "shape", ir_attr_array(ctx, r, dims)),
	};
	IrOp *v = dialect_create(bl, "buffer.view", 1, &root,
	    ir_attr_dict(ctx, 2, e), 1);
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

/* Operand i of op reads its buffer: a buffer.load before op. */
static bool
load_operand(Bufferize *z, IrBuilder *bl, IrOp *op, unsigned i)
{
	IrValue *v = op->operands[i].value;
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
	ir_op_set_operand(op, i, ir_op_result(l, 0));
	return true;
}

static bool
is_view_op(const IrOp *op)
{
	return ir_op_is(op, "graph.reshape") || ir_op_is(op, "graph.squeeze");
}

/* The mapped operand whose buffer op may overwrite: elementwise, same
 * bytes, and none of the buffer's tensors is read after op. */
static Buf *
inplace_candidate(Bufferize *z, IrOp *op, const IrType *t, int64_t here)
{
	const IrOpDef *d = op->name->def;
	if (!d || !(d->traits & IR_TRAIT_ELEMENTWISE))
		return NULL;
	for (unsigned k = 0; k < op->noperands; k++) {
		Buf *b = ir_ptrmap_get(&z->buf, op->operands[k].value);
		if (b && !b->constant && b->last <= here &&
		    tensor_bytes(op->operands[k].value->type) ==
		    tensor_bytes(t))
			return b;
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
	Buf *in = op->noperands ? ir_ptrmap_get(&z->buf,
	    op->operands[0].value) : NULL;
	bool alias = is_view_op(op) && in && !in->constant;
	Buf *b = alias ? in : inplace_candidate(z, op, t, here);
	ir_builder_set_before(bl, op);
	if (!b) {
		IrValue *root = make_alloc(z, bl, bytes);
		if (!root)
			return false;
		b = new_buf(z, root, false);
		z->allocs++;
	} else {
		z->views += alias;
		z->inplace += !alias;
	}
	IrValue *view = make_view(z, bl, b->root, t);
	if (!view)
		return false;
	ir_ptrmap_put(&z->view, r, view);
	ir_ptrmap_put(&z->buf, r, b);
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
	for (unsigned i = 0; i < op->noperands; i++)
		if (!load_operand(z, bl, op, i))
			return false;
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
	Bufferize z = {.ctx = ir_op_context(func), .b = b};
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
	for (size_t i = 0; i < z.nbufs; i++)
		free(z.bufs[i]);
	free(z.bufs);
	free(ops);
	ir_ptrmap_free(&z.pos);
	ir_ptrmap_free(&z.view);
	ir_ptrmap_free(&z.buf);
	return ok;
}

static const IrPassStatistic stats[] = {
	{ "num-allocs", "buffers allocated" },
	{ "num-views", "reshapes and squeezes made views (no copy)" },
	{ "num-in-place", "elementwise results written over a dying input" },
};

const IrPassDef pass_bufferize = {
	.argument = "bufferize",
	.summary = "Give every activation tensor a buffer: alloc, view, "
	    "store and load",
	.anchor = "func.func",
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
	    "outside the arena. Concat, split and slice results are stored\n"
	    "like any op's (views of them: not done). A dynamic shape is an\n"
	    "error naming the op.",
};
