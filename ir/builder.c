/* ir/builder.c: insertion points and op creation at them. */
#include "ir/internal.h"

void
ir_builder_init(IrBuilder *b, IrContext *ctx)
{
	b->ctx = ctx;
	b->block = NULL;
	b->before = NULL;
	b->loc = NULL;
}

void
ir_builder_set_end(IrBuilder *b, IrBlock *block)
{
	b->block = block;
	b->before = NULL;
}

void
ir_builder_set_start(IrBuilder *b, IrBlock *block)
{
	b->block = block;
	b->before = block->first;
}

void
ir_builder_set_before(IrBuilder *b, IrOp *op)
{
	b->block = op->parent;
	b->before = op;
}

void
ir_builder_set_after(IrBuilder *b, IrOp *op)
{
	b->block = op->parent;
	b->before = op->next;
}

IrOp *
ir_builder_insert(IrBuilder *b, IrOp *op)
{
	if (b->block)
		ir_op_link(op, b->block, b->before);
	return op;
}

IrOp *
ir_builder_create(IrBuilder *b, const IrOpState *st)
{
	IrOpState s = *st;
	if (!s.loc)
		s.loc = b->loc;
	return ir_builder_insert(b, ir_op_create(b->ctx, &s));
}
