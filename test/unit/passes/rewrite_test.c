/* test/unit/passes/rewrite_test.c: the greedy driver: benefit order,
 * rootless patterns, erasure of nested ops, folding with and without a
 * materializer, dead ops, non-convergence. */
#include "test/unit/passes/common.h"

TestSuite(rewrite, .init = passes_setup, .fini = passes_teardown);

/* Sets by=<data> on a test.effect that has no `by` yet. */
static bool
tag(IrOp *op, IrRewriter *rw, const void *data)
{
	if (!ir_op_is(op, "test.effect") || ir_op_attr(op, "by"))
		return false;
	const char *s = data;
	ir_rewriter_set_attr(rw, op, "by",
	    ir_attr_string(ir_rewriter_context(rw), s, strlen(s), NULL));
	return true;
}

static const char *
by(IrOp *m)
{
	const IrAttr *a = ir_op_attr(find_op(m, "test.effect"), "by");
	return a ? a->u.string.data : "";
}

static const char effect[] =
    "func.func @f() {\n  \"test.effect\"() : () -> ()\n  return\n}\n";

Test(rewrite, highest_benefit_first)
{
	IrPatternSet *set = ir_pattern_set_create(ctx);
	ir_pattern_set_add(set, &(IrPattern){ "lo", "test.effect", 1, tag,
	    "lo" });
	ir_pattern_set_add(set, &(IrPattern){ "hi", "test.effect", 3, tag,
	    "hi" });
	ir_pattern_set_add(set, &(IrPattern){ "mid", NULL, 2, tag, "any" });
	IrOp *m = parse(effect);
	IrGreedyStats st;
	cr_assert(ir_apply_patterns_greedily(m, set, NULL, &st));
	cr_assert_str_eq(by(m), "hi");
	cr_assert_eq(st.rewrites, 1);
	/* One sweep changed something, a second confirmed the fixpoint. */
	cr_assert_eq(st.iterations, 2);
	ir_op_destroy(m);
	ir_pattern_set_destroy(set);
}

Test(rewrite, rootless_patterns_apply_to_every_op)
{
	IrPatternSet *set = ir_pattern_set_create(ctx);
	ir_pattern_set_add(set, &(IrPattern){ "lo", "test.effect", 1, tag,
	    "lo" });
	ir_pattern_set_add(set, &(IrPattern){ "any", NULL, 2, tag, "any" });
	IrOp *m = parse(effect);
	cr_assert(ir_apply_patterns_greedily(m, set, NULL, NULL));
	cr_assert_str_eq(by(m), "any");
	ir_op_destroy(m);
	ir_pattern_set_destroy(set);
}

/* Erases a test.region with everything in it (nested ops are queued:
 * the driver must drop them, or it would touch freed memory). */
static bool
erase_region(IrOp *op, IrRewriter *rw, const void *data)
{
	(void)data;
	ir_rewriter_erase_op(rw, op);
	return true;
}

Test(rewrite, erasing_drops_nested_ops_from_the_worklist)
{
	IrPatternSet *set = ir_pattern_set_create(ctx);
	ir_pattern_set_add(set, &(IrPattern){ "erase", "test.region", 1,
	    erase_region, NULL });
	IrOp *m = parse("func.func @f(%a: i64) {\n"
	    "  \"test.region\"() ({\n"
	    "    %0 = \"test.add\"(%a, %a) : (i64, i64) -> i64\n"
	    "    %1 = \"test.negate\"(%0) : (i64) -> i64\n"
	    "    \"test.effect\"(%1) : (i64) -> ()\n"
	    "  }) : () -> ()\n  return\n}\n");
	IrGreedyStats st;
	cr_assert(ir_apply_patterns_greedily(m, set, NULL, &st));
	cr_assert_null(find_op(m, "test.region"));
	cr_assert_null(find_op(m, "test.add"));
	cr_assert_eq(st.rewrites, 1);
	cr_assert(ir_verify(m));
	ir_op_destroy(m);
	ir_pattern_set_destroy(set);
}

Test(rewrite, folding_keeps_use_lists_right)
{
	/* (3 + 4) used three times; after folding the constant 7 has
	 * exactly those three uses and the old ops are gone. */
	IrOp *m = parse("func.func @f() -> (i64, i64, i64) {\n"
	    "  %0 = \"test.constant\"() {value = 3 : i64} : () -> i64\n"
	    "  %1 = \"test.constant\"() {value = 4 : i64} : () -> i64\n"
	    "  %2 = \"test.add\"(%0, %1) : (i64, i64) -> i64\n"
	    "  return %2, %2, %2 : i64, i64, i64\n}\n");
	IrGreedyStats st;
	cr_assert(ir_apply_patterns_greedily(m, NULL, NULL, &st));
	cr_assert_eq(st.folds, 1);
	cr_assert_eq(st.erased, 2);
	IrOp *c = find_op(m, "test.constant");
	cr_assert_eq(ir_op_attr(c, "value")->u.integer.value, 7);
	cr_assert_eq(ir_value_num_uses(ir_op_result(c, 0)), 3);
	cr_assert_null(find_op(m, "test.add"));
	const IrAttr *k = ir_value_constant(ir_op_result(c, 0));
	cr_assert(k && k->u.integer.value == 7);
	ir_op_destroy(m);
}

/* An op of a dialect without a constant materializer whose fold always
 * answers an attribute: the driver must leave it alone. */
static bool
fold_to_one(IrOp *op, const IrAttr *const *cst, IrFoldResult *res)
{
	(void)cst;
	IrContext *c = ir_op_context(op);
	res[0].attr = ir_attr_int(c, ir_type_int(c, 64, IR_SIGNLESS), 1);
	return true;
}

static const IrOpDef nomat = { .name = "nomat.one", .traits =
	IR_TRAIT_PURE, .min_operands = 1, .max_operands = 1, .nresults = 1,
	.fold = fold_to_one };

Test(rewrite, no_materializer_no_fold)
{
	ir_register_op(ctx, &nomat);
	IrOp *m = parse("func.func @f(%a: i64) -> i64 {\n"
	    "  %0 = \"nomat.one\"(%a) : (i64) -> i64\n"
	    "  return %0 : i64\n}\n");
	IrGreedyStats st;
	cr_assert(ir_apply_patterns_greedily(m, NULL, NULL, &st));
	cr_assert_eq(st.folds, 0);
	cr_assert_not_null(find_op(m, "nomat.one"));
	cr_assert_eq(st.iterations, 1);
	ir_op_destroy(m);
}

Test(rewrite, dead_chains_go_in_one_sweep)
{
	IrOp *m = parse("func.func @f(%a: i64) {\n"
	    "  %0 = \"test.negate\"(%a) : (i64) -> i64\n"
	    "  %1 = \"test.negate\"(%0) : (i64) -> i64\n"
	    "  %2 = \"test.negate\"(%1) : (i64) -> i64\n"
	    "  return\n}\n");
	IrGreedyConfig cfg;
	ir_greedy_config_default(&cfg);
	cfg.max_iterations = 1;
	cfg.fold = false;
	/* One sweep only: the driver cannot confirm, so it reports, but the
	 * whole chain is gone already. */
	IrGreedyStats st;
	cr_assert_not(ir_apply_patterns_greedily(m, NULL, &cfg, &st));
	cr_assert_eq(st.erased, 3);
	cr_assert_null(find_op(m, "test.negate"));
	cr_assert_str_eq(diags.msg[0], "error: pattern rewriting did not "
	    "converge after 1 iterations");
	ir_op_destroy(m);
}

Test(rewrite, non_convergence_is_reported)
{
	IrPatternSet *set = ir_pattern_set_create(ctx);
	ir_pattern_set_add_canonical(set);
	cr_assert_geq(ir_pattern_set_size(set), 2);
	IrOp *m = parse("func.func @f() {\n  \"test.grow\"() : () -> ()\n"
	    "  return\n}\n");
	IrGreedyConfig cfg;
	ir_greedy_config_default(&cfg);
	cfg.max_rewrites = 5;
	IrGreedyStats st;
	cr_assert_not(ir_apply_patterns_greedily(m, set, &cfg, &st));
	cr_assert_eq(st.rewrites, 6);
	cr_assert_str_eq(diags.msg[0], "error: pattern rewriting did not "
	    "converge: more than 5 rewrites in one sweep (patterns undoing "
	    "each other?)");
	ir_op_destroy(m);
	ir_pattern_set_destroy(set);
}

/* A pattern source as a plugin would register one. */
static void
extra_patterns(IrContext *c, IrPatternSet *set)
{
	(void)c;
	ir_pattern_set_add(set, &(IrPattern){ "extra", "test.effect", 1, tag,
	    "extra" });
}

Test(rewrite, registered_pattern_sources_join_canonicalize)
{
	IrPatternSet *before = ir_pattern_set_create(ctx);
	ir_pattern_set_add_canonical(before);
	ir_register_canonical_patterns(ctx, extra_patterns);
	ir_register_canonical_patterns(ctx, extra_patterns);
	IrPatternSet *after = ir_pattern_set_create(ctx);
	ir_pattern_set_add_canonical(after);
	cr_assert_eq(ir_pattern_set_size(after),
	    ir_pattern_set_size(before) + 1);
	ir_pattern_set_destroy(before);
	ir_pattern_set_destroy(after);
	/* canonicalize applies it. */
	IrOp *m = parse(effect);
	IrPassManager *pm = ir_pm_create(ctx, NULL);
	cr_assert(ir_pm_add_pipeline(pm, "canonicalize"));
	cr_assert(ir_pm_run(pm, m));
	cr_assert_str_eq(by(m), "extra");
	ir_pm_destroy(pm);
	ir_op_destroy(m);
}
