/* passes/canonicalize.c: folds ops and applies every registered
 * canonicalization pattern to a fixpoint with the greedy driver. */
#include "passes/passes.h"
#include "ir/rewrite.h"


static bool
canonicalize_run(IrOp *op, IrPass *pass)
{
	IrContext *ctx = ir_pass_context(pass);
	IrPatternSet *set = ir_pattern_set_create(ctx);
	ir_pattern_set_add_canonical(set);
	IrGreedyConfig cfg;
	ir_greedy_config_default(&cfg);
	cfg.max_iterations = (int)ir_pass_int(pass, "max-iterations");
	cfg.max_rewrites = (long)ir_pass_int(pass, "max-rewrites");
	cfg.fold = ir_pass_bool(pass, "fold");
	IrGreedyStats st;
	bool ok = ir_apply_patterns_greedily(op, set, &cfg, &st);
	ir_pass_stat_add(pass, "num-folds", st.folds);
	ir_pass_stat_add(pass, "num-rewrites", st.rewrites);
	ir_pass_stat_add(pass, "num-erased", st.erased);
	ir_pattern_set_destroy(set);
	return ok;
}

static const IrPassOption options[] = {
	{ "max-iterations", IR_OPT_INT, "10",
	  "sweeps over the IR before giving up", NULL },
	{ "max-rewrites", IR_OPT_INT, "0",
	  "rewrites allowed in one sweep (0: 8 per op + 1024)", NULL },
	{ "fold", IR_OPT_BOOL, "true", "apply the ops' fold hooks", NULL },
};

static const IrPassStatistic stats[] = {
	{ "num-folds", "ops replaced by folding" },
	{ "num-rewrites", "canonicalization patterns applied" },
	{ "num-erased", "dead pure ops erased" },
};

const IrPassDef pass_canonicalize = {
	.argument = "canonicalize",
	.summary = "Fold ops and apply canonicalization patterns to a fixpoint",
	.anchor = NULL,
	.options = options,
	.noptions = sizeof options / sizeof options[0],
	.stats = stats,
	.nstats = sizeof stats / sizeof stats[0],
	.run = canonicalize_run,
	.description =
	    "Runs the greedy rewrite driver on the op's regions: it erases\n"
	    "pure ops whose results are unused, folds ops through their\n"
	    "`fold` hooks (attribute results become constants through the\n"
	    "dialect's constant materializer; constants are shared and kept\n"
	    "at the front of the entry block of the nearest region isolated\n"
	    "from above), and applies the canonicalization patterns of every\n"
	    "registered op (`IrOpDef.canonicalize`) and those registered with\n"
	    "`ir_register_canonical_patterns`, sweeping until a sweep changes\n"
	    "nothing. The graph dialect folds identity reshape, transpose and\n"
	    "cast, elementwise ops (add, sub, mul, div, maximum, minimum, neg,\n"
	    "abs, relu, relu6), reshapes and transposes of constants, x + 0,\n"
	    "x - 0, x * 1 and x / 1 (never quantized arithmetic), and its\n"
	    "patterns merge transpose and reshape chains. The\n"
	    "pass fails with \"pattern rewriting did not converge\" when\n"
	    "`max-iterations` sweeps, or `max-rewrites` rewrites in one sweep,\n"
	    "are not enough.",
};
