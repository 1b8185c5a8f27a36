/* passes/strip_debuginfo.c: replaces every location with loc(unknown). */
#include "passes/passes.h"

static IrWalkResult
strip(IrOp *op, void *user)
{
	const IrLoc *unknown = user;
	ir_op_set_loc(op, unknown);
	for (unsigned r = 0; r < op->nregions; r++)
		for (IrBlock *b = ir_op_regions(op)[r].first; b; b = b->next)
			for (unsigned i = 0; i < b->nargs; i++)
				ir_value_set_loc(b->args[i], unknown);
	return IR_WALK_ADVANCE;
}

static bool
strip_debuginfo_run(IrOp *op, IrPass *pass)
{
	ir_op_walk(op, IR_WALK_PRE, strip,
	    (void *)ir_loc_unknown(ir_pass_context(pass)));
	return true;
}

const IrPassDef pass_strip_debuginfo = {
	.argument = "strip-debuginfo",
	.summary = "Replace every op and block argument location with "
	    "loc(unknown)",
	.anchor = NULL,
	.run = strip_debuginfo_run,
	.description =
	    "Sets the location of the op, of every op nested in it and of\n"
	    "every block argument to `loc(unknown)`, so output printed with\n"
	    "`--mlir-print-debuginfo` no longer depends on source positions.",
};
