/* dialects/buffer/verify.c: the buffer ops' own verifier rules. */
#include <string.h>

#include "dialects/buffer/buffer.h"

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

bool
buffer_verify_alloc(IrOp *op)
{
	return check_alignment(op);
}

bool
buffer_verify_view(IrOp *op)
{
	return buffer_verify_memref_operands(op);
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

bool
buffer_verify_arena(IrOp *op)
{
	if (!check_alignment(op))
		return false;
	if (!op->parent)
		return true;
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
