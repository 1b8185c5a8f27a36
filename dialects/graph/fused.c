/* dialects/graph/fused.c: graph.fused (a chain of elementwise ops in one
 * region, made by fuse-elementwise) and its graph.yield: verifier rules
 * and the kernel, which runs the region. */
#include "dialects/graph/graph.h"
#include "interp/interp.h"

bool
graph_verify_fused(IrOp *op)
{
	IrBlock *b = ir_op_regions(op)->first;
	if (!b || b->nargs != op->noperands) {
		ir_op_emit_error(op, "region must have one block with an "
		    "argument per operand");
		return false;
	}
	for (unsigned i = 0; i < b->nargs; i++)
		if (b->args[i]->type != op->operands[i].value->type) {
			ir_op_emit_error(op, "block argument %u must have the "
			    "type of operand %u", i, i);
			return false;
		}
	for (IrOp *o = b->first; o && o != b->last; o = o->next)
		if (!ir_op_has_trait(o, IR_TRAIT_ELEMENTWISE) &&
		    !ir_op_is(o, "graph.constant")) {
			ir_op_emit_error(op, "region may hold only elementwise "
			    "ops and constants, not '%s'", ir_op_name_str(o));
			return false;
		}
	IrOp *y = b->last;
	if (!y || !ir_op_is(y, "graph.yield")) {
		ir_op_emit_error(op, "region must end with 'graph.yield'");
		return false;
	}
	if (y->operands[0].value->type != ir_op_results(op)[0].type) {
		ir_op_emit_error(op, "'graph.yield' operand must have the "
		    "result type");
		return false;
	}
	return true;
}

bool
graph_verify_yield(IrOp *op)
{
	IrOp *p = ir_op_parent_op(op);
	if (p && ir_op_is(p, "graph.fused"))
		return true;
	ir_op_emit_error(op, "expects parent op 'graph.fused'");
	return false;
}

bool
graph_interpret_fused(IrInterp *it, IrOp *op, IrTensor *const *in,
    IrTensor **out)
{
	return ir_interp_run_block(it, ir_op_regions(op)->first, in,
	    op->noperands, out, 1);
}
