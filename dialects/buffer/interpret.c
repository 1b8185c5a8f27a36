/* dialects/buffer/interpret.c: reference kernels of the buffer dialect,
 * over real byte arrays: views alias their base, copies follow strides. */
#include "dialects/buffer/buffer.h"

#include <string.h>

#include "interp/interp.h"

/* Bytes a view spans from its first element: (last index . strides + 1)
 * elements. */
static size_t
span_bytes(const IrType *t)
{
	int64_t st[16], last = 0, k, r = t->u.shaped.rank;

	if (ir_type_num_elements(t) == 0)
		return 0;
	ir_tensor_strides(t, st);
	for (k = 0; k < r; k++)
		last += (t->u.shaped.dims[k] - 1) * st[k];
	return (size_t)(last + 1) * ir_tensor_elem_bytes(t->u.shaped.elem);
}

/* The byte size of the allocation behind a tensor. */
static size_t
base_bytes(const IrTensor *t, size_t *offset)
{
	const IrTensor *b = t->base ? t->base : t;

	*offset = (size_t)((const char *)t->data - (const char *)b->data);
	return (size_t)b->n * b->elem_size;
}

bool
buffer_interpret_alloc(IrInterp *it, IrOp *op, IrTensor *const *in,
    IrTensor **out)
{
	out[0] = ir_tensor_create(ir_op_result(op, 0)->type);
	if (!out[0])
		ir_op_emit_error(op, "result type has no runtime form");
	return out[0] != NULL;
}

bool
buffer_interpret_dealloc(IrInterp *it, IrOp *op, IrTensor *const *in,
    IrTensor **out)
{
	return true; /* the bytes go when the last view of them does */
}

bool
buffer_interpret_view(IrInterp *it, IrOp *op, IrTensor *const *in,
    IrTensor **out)
{
	const IrType *t = ir_op_result(op, 0)->type;
	int64_t off = dialect_get_int(op->name->def, op->attrs, "offset");
	size_t base_off, size = base_bytes(in[0], &base_off);

	if (t->u.shaped.rank > 16 || off < 0 ||
	    base_off + (size_t)off + span_bytes(t) > size) {
		ir_op_emit_error(op, "view of %zu bytes at offset %lld runs "
		    "past its %zu-byte base", span_bytes(t), (long long)off,
		    size - base_off);
		return false;
	}
	out[0] = ir_tensor_view(in[0], t, (size_t)off);
	return out[0] != NULL;
}

/* A fresh dense tensor of the result type holding the buffer's elements
 * (strides followed). */
bool
buffer_interpret_load(IrInterp *it, IrOp *op, IrTensor *const *in,
    IrTensor **out)
{
	out[0] = ir_tensor_create(ir_op_result(op, 0)->type);
	if (!out[0] || !ir_tensor_copy(out[0], in[0])) {
		ir_op_emit_error(op, "cannot load the buffer as this tensor");
		return false;
	}
	return true;
}
