/* examples/plugin/plugin.c: an example pass plugin (docs/writing-a-pass.md
 * builds it step by step): a pass that counts the ops of each function
 * and a pattern pass that rewrites x + x into x * 2. */
#include <string.h>

#include "ir/pass.h"
#include "ir/rewrite.h"

/* ---- pass 1: example-count-ops */

static IrWalkResult
count(IrOp *op, void *user)
{
	(void)op;
	++*(int64_t *)user;
	return IR_WALK_ADVANCE;
}

/* Sets `<attr-name> = N : i64` on the function, N = the ops in its body
 * (nested ones too, the terminator too). */
static bool
count_ops_run(IrOp *func, IrPass *pass)
{
	IrContext *ctx = ir_pass_context(pass);
	int64_t n = -1; /* the walk visits the function itself */
	ir_op_walk(func, IR_WALK_PRE, count, &n);
	const char *name = ir_pass_string(pass, "attr-name");
	if (!*name) {
		ir_op_emit_error(func, "example-count-ops: attr-name is empty");
		return false;
	}
	ir_op_set_attr(func, name,
	    ir_attr_int(ctx, ir_type_int(ctx, 64, IR_SIGNLESS), n));
	ir_pass_stat_add(pass, "num-ops", (uint64_t)n);
	return true;
}

static const IrPassOption count_options[] = {
	{ "attr-name", IR_OPT_STRING, "example.num_ops",
	  "the attribute that receives the count", NULL },
};

static const IrPassStatistic count_stats[] = {
	{ "num-ops", "ops counted in all functions" },
};

static const IrPassDef count_ops_pass = {
	.argument = "example-count-ops",
	.summary = "Count the ops of each function into an attribute",
	.anchor = "func.func",
	.options = count_options,
	.noptions = 1,
	.stats = count_stats,
	.nstats = 1,
	.run = count_ops_run,
};

/* ---- pass 2: example-add-to-mul, a pattern run by the greedy driver */

/* test.add(x, x) -> test.mul(x, test.constant 2) */
static bool
add_to_mul(IrOp *op, IrRewriter *rw, const void *data)
{
	(void)data;
	IrValue *x = ir_op_operand(op, 0);
	if (ir_op_operand(op, 1) != x)
		return false;
	IrContext *ctx = ir_rewriter_context(rw);
	const IrType *t = x->type;
	IrNamedAttr value = { ir_ident_cstr(ctx, "value"),
	    ir_attr_int(ctx, t, 2) };
	IrOpState cst = {
		.name = ir_op_name_get(ctx, "test.constant", 13),
		.nresults = 1, .result_types = &t,
		.attrs = ir_attr_dict(ctx, 1, &value),
	};
	IrValue *two = ir_op_result(ir_rewriter_create(rw, &cst), 0);
	IrValue *operands[] = { x, two };
	IrOpState mul = {
		.name = ir_op_name_get(ctx, "test.mul", 8),
		.noperands = 2, .operands = operands,
		.nresults = 1, .result_types = &t,
	};
	IrValue *product = ir_op_result(ir_rewriter_create(rw, &mul), 0);
	ir_rewriter_replace_op(rw, op, &product);
	return true;
}

static bool
add_to_mul_run(IrOp *op, IrPass *pass)
{
	IrPatternSet *set = ir_pattern_set_create(ir_pass_context(pass));
	ir_pattern_set_add(set, &(IrPattern){ .name = "add-to-mul",
	    .root = "test.add", .benefit = 1, .fn = add_to_mul });
	IrGreedyConfig cfg;
	ir_greedy_config_default(&cfg);
	cfg.fold = false; /* only this pattern (and dead-op erasure) */
	IrGreedyStats st;
	bool ok = ir_apply_patterns_greedily(op, set, &cfg, &st);
	ir_pass_stat_add(pass, "num-rewrites", st.rewrites);
	ir_pattern_set_destroy(set);
	return ok;
}

static const IrPassStatistic add_stats[] = {
	{ "num-rewrites", "test.add(x, x) rewritten" },
};

static const IrPassDef add_to_mul_pass = {
	.argument = "example-add-to-mul",
	.summary = "Rewrite test.add(x, x) into test.mul(x, 2)",
	.anchor = NULL,
	.stats = add_stats,
	.nstats = 1,
	.run = add_to_mul_run,
};

/* ---- the entry point */

static void
register_passes(IrContext *ctx)
{
	ir_register_pass(ctx, &count_ops_pass);
	ir_register_pass(ctx, &add_to_mul_pass);
}

const IrPassPluginInfo *npuir_pass_plugin_info(void);

const IrPassPluginInfo *
npuir_pass_plugin_info(void)
{
	static const IrPassPluginInfo info = {
		.api_version = IR_PASS_PLUGIN_API_VERSION,
		.name = "example",
		.version = "1.0",
		.register_passes = register_passes,
	};
	return &info;
}
