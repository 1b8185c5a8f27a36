/* passes/dce.c: dead code elimination of unused pure ops. */
#include "passes/passes.h"
#include "ir/rewrite.h"

/* Erases the dead pure ops of op's regions, innermost first and each
 * block backwards, so a chain of dead ops goes in one sweep. Returns the
 * number erased. */
static uint64_t
sweep(IrOp *op)
{
	uint64_t n = 0;
	for (unsigned r = 0; r < op->nregions; r++) {
		for (IrBlock *b = ir_op_regions(op)[r].first; b; b = b->next) {
			IrOp *o = b->last, *prev;
			for (; o; o = prev) {
				prev = o->prev;
				n += sweep(o);
				if (ir_op_is_trivially_dead(o)) {
					ir_op_erase(o);
					n++;
				}
			}
		}
	}
	return n;
}

static bool
dce_run(IrOp *op, IrPass *pass)
{
	uint64_t n, total = 0;
	/* Uses across blocks can make more ops dead: sweep until none. */
	while ((n = sweep(op)))
		total += n;
	ir_pass_stat_add(pass, "num-erased", total);
	return true;
}

static const IrPassStatistic stats[] = {
	{ "num-erased", "dead pure ops erased" },
};

const IrPassDef pass_dce = {
	.argument = "dce",
	.summary = "Erase pure ops whose results are unused",
	.anchor = NULL,
	.stats = stats,
	.nstats = 1,
	.run = dce_run,
	.description =
	    "Erases registered pure ops whose results are unused (a pure op\n"
	    "holding regions only when all it holds is pure), innermost\n"
	    "regions first and each block backwards, until none is left.\n"
	    "Terminators, ops with side effects and unregistered ops stay.",
};
