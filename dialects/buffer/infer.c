/* dialects/buffer/infer.c: result types of the buffer ops, from their
 * attributes. */
#include <string.h>

#include "dialects/buffer/buffer.h"

#define DEF (st->name->def)
#define ATTRS (st->attrs)
#define ERR(...) dialect_infer_error(ctx, st, __VA_ARGS__)

/* The memory space attribute ("sram") of an op's `space`. */
static const IrAttr *
space_attr(IrContext *ctx, const IrOpState *st)
{
	const char *s = dialect_get_str(DEF, ATTRS, "space");
	return ir_attr_string(ctx, s, strlen(s), NULL);
}

bool
buffer_infer_alloc(IrContext *ctx, const IrOpState *st, size_t nresults,
    const IrType **results)
{
	int64_t size = dialect_get_int(DEF, ATTRS, "size");
	results[0] = ir_type_memref(ctx, 1, &size,
	    ir_type_int(ctx, 8, IR_SIGNLESS), NULL, space_attr(ctx, st));
	return true;
}

bool
buffer_infer_constant(IrContext *ctx, const IrOpState *st, size_t nresults,
    const IrType **results)
{
	const IrAttr *v = ATTRS ? ir_dict_get(ATTRS, "value") : NULL;
	if (!v || v->kind != IR_ATTR_DENSE)
		return ERR("requires attribute 'value'");
	const IrType *t = v->u.dense.type;
	results[0] = ir_type_memref(ctx, t->u.shaped.rank, t->u.shaped.dims,
	    t->u.shaped.elem, NULL, space_attr(ctx, st));
	return true;
}

/* Bytes per element of an integer or float type. */
static int64_t
elem_bytes(const IrType *t)
{
	return (int64_t)(ir_type_bitwidth(t) + 7) / 8;
}

/* Bytes a memref spans: offset + the farthest element, in bytes. */
static int64_t
memref_extent(const IrType *t)
{
	int64_t esize = elem_bytes(t->u.shaped.elem);
	const IrAttr *l = t->u.shaped.layout;
	int64_t n = ir_type_num_elements(t), bytes;
	if (!l || l->kind != IR_ATTR_STRIDED)
		return n >= 0 && dialect_mul(n, esize, &bytes) ? bytes : -1;
	int64_t last = l->u.strided.offset, step;
	for (int64_t i = 0; i < t->u.shaped.rank; i++) {
		int64_t d = t->u.shaped.dims[i], s = l->u.strided.strides[i];
		if (d == IR_DYNAMIC || s == IR_DYNAMIC || last == IR_DYNAMIC)
			return -1;
		if (d == 0)
			return 0;
		if (!dialect_mul(d - 1, s, &step) ||
		    __builtin_add_overflow(last, step, &last))
			return -1;
	}
	return dialect_mul(last + 1, esize, &bytes) ? bytes : -1;
}

/* Row-major strides of dims into s; true when `given` equals them. */
static bool
row_major(const int64_t *dims, int n, const int64_t *given, int64_t *s)
{
	bool same = true;
	int64_t acc = 1;
	for (int i = n - 1; i >= 0; i--) {
		s[i] = acc;
		acc *= dims[i] > 0 ? dims[i] : 1;
		same &= !given || given[i] == s[i];
	}
	return same;
}

/* The view's type: memref<shape x elem, layout?, base space>. */
static const IrType *
view_type(IrContext *ctx, const IrType *base, const IrType *elem,
    const int64_t *shape, int n, const int64_t *strides, int64_t offset)
{
	int64_t rm[DIALECT_MAX_RANK];
	bool plain = row_major(shape, n, strides, rm) && offset == 0;
	const IrAttr *layout = plain ? NULL : ir_attr_strided(ctx, offset,
	    (size_t)n, strides ? strides : rm);
	return ir_type_memref(ctx, n, shape, elem, layout,
	    base->u.shaped.memspace);
}

/* Bytes the window touches, from offset 0: last element + 1; -1 when
 * that overflows. */
static int64_t
view_extent(const int64_t *shape, int n, const int64_t *strides,
    const int64_t *rm, int64_t offset, int64_t esize)
{
	int64_t last = offset, step, bytes;
	for (int i = 0; i < n; i++) {
		if (shape[i] == 0)
			return offset * esize;
		if (!dialect_mul(shape[i] - 1, strides ? strides[i] : rm[i],
		    &step) || __builtin_add_overflow(last, step, &last))
			return -1;
	}
	return dialect_mul(last + 1, esize, &bytes) ? bytes : -1;
}

/* Is the product of the n dims representable? */
static bool
shape_fits(const int64_t *shape, int n)
{
	int64_t p = 1;
	for (int i = 0; i < n; i++)
		if (!dialect_mul(p, shape[i], &p))
			return false;
	return true;
}

bool
buffer_infer_view(IrContext *ctx, const IrOpState *st, size_t nresults,
    const IrType **results)
{
	const IrType *base = dialect_operand_type(st, 0);
	const IrAttr *ea = ATTRS ? ir_dict_get(ATTRS, "elem") : NULL;
	if (!base || base->kind != IR_TYPE_MEMREF || base->u.shaped.rank < 0)
		return ERR("base must be a ranked memref");
	const IrType *elem = ea && ea->kind == IR_ATTR_TYPE ? ea->u.type.type :
	    NULL;
	if (!elem || (elem->kind != IR_TYPE_INTEGER &&
	    elem->kind != IR_TYPE_FLOAT))
		return ERR("attribute 'elem' must be an integer or float type");
	int64_t shape[DIALECT_MAX_RANK + 1], strides[DIALECT_MAX_RANK + 1];
	int64_t rm[DIALECT_MAX_RANK];
	int n = dialect_get_ints(DEF, ATTRS, "shape", shape,
	    DIALECT_MAX_RANK + 1);
	int ns = dialect_get_ints(DEF, ATTRS, "strides", strides,
	    DIALECT_MAX_RANK + 1);
	if (n > DIALECT_MAX_RANK)
		return ERR("shape has more than %d dimensions",
		    DIALECT_MAX_RANK);
	if (ns >= 0 && ns != n)
		return ERR("strides has %d entries for %d dimensions", ns, n);
	int64_t esize = elem_bytes(elem);
	int64_t off = dialect_get_int(DEF, ATTRS, "offset");
	if (off % esize)
		return ERR("offset %lld is not a multiple of the element size "
		    "(%lld)", (long long)off, (long long)esize);
	if (!shape_fits(shape, n))
		return ERR("shape has too many elements");
	row_major(shape, n, NULL, rm);
	int64_t need = view_extent(shape, n, ns >= 0 ? strides : NULL, rm,
	    off / esize, esize);
	if (need < 0)
		return ERR("view is too large");
	int64_t have = memref_extent(base);
	if (have >= 0 && need > have)
		return ERR("view needs %lld bytes but the base has %lld",
		    (long long)need, (long long)have);
	results[0] = view_type(ctx, base, elem, shape, n,
	    ns >= 0 ? strides : NULL, off / esize);
	return true;
}

/* A tensor of the buffer's shape and element type; a declared quantized
 * type stored in that element type is compatible. */
bool
buffer_infer_load(IrContext *ctx, const IrOpState *st, size_t nresults,
    const IrType **results)
{
	const IrType *m = st->noperands ? st->operands[0]->type : NULL;
	if (!m || m->kind != IR_TYPE_MEMREF)
		return ERR("operand #0 must be a memref");
	results[0] = ir_type_tensor(ctx, m->u.shaped.rank, m->u.shaped.dims,
	    m->u.shaped.elem, NULL);
	return true;
}
