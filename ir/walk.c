/* ir/walk.c: pre- and post-order traversal of nested ops. */
#include "ir/internal.h"

/* Visits the ops of every block of every region of op. The next op is
 * read before visiting, so a post-order callback may erase its op. */
static IrWalkResult
walk_regions(IrOp *op, IrWalkOrder order, IrWalkFn fn, void *user)
{
	for (unsigned i = 0; i < op->nregions; i++) {
		IrBlock *b = ir_op_regions(op)[i].first, *nextb;
		for (; b; b = nextb) {
			nextb = b->next;
			IrOp *o = b->first, *next;
			for (; o; o = next) {
				next = o->next;
				if (ir_op_walk(o, order, fn, user) ==
				    IR_WALK_INTERRUPT)
					return IR_WALK_INTERRUPT;
			}
		}
	}
	return IR_WALK_ADVANCE;
}

IrWalkResult
ir_op_walk(IrOp *op, IrWalkOrder order, IrWalkFn fn, void *user)
{
	if (order == IR_WALK_PRE) {
		IrWalkResult r = fn(op, user);
		if (r == IR_WALK_INTERRUPT)
			return r;
		if (r == IR_WALK_SKIP)
			return IR_WALK_ADVANCE;
		return walk_regions(op, order, fn, user);
	}
	if (walk_regions(op, order, fn, user) == IR_WALK_INTERRUPT)
		return IR_WALK_INTERRUPT;
	return fn(op, user) == IR_WALK_INTERRUPT ? IR_WALK_INTERRUPT :
	    IR_WALK_ADVANCE;
}
