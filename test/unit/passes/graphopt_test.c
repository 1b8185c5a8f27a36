/* test/unit/passes/graphopt_test.c: the graph optimizer through the C
 * API: the fused activation clamp (dialects/graph/act.c: range, verifier,
 * the clamp a kernel applies), graph-optimize expanding and running to a
 * fixpoint, and the helpers passes/graph_util.c gives the passes.
 * Expected values by hand. */
#include <math.h>

#include "dialects/dialect.h"
#include "interp/interp.h"
#include "passes/graph_util.h"
#include "test/unit/passes/common.h"

static void
setup(void)
{
	passes_setup();
	dialects_register_all(ctx);
}

TestSuite(graphopt, .init = setup, .fini = passes_teardown);

static const char fused[] =
    "func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {\n"
    "  %a = \"graph.add\"(%x, %x) {act_min = -1.0 : f32, "
    "act_max = 2.5 : f32} : (tensor<4xf32>, tensor<4xf32>) -> "
    "tensor<4xf32>\n"
    "  return %a : tensor<4xf32>\n}\n";

Test(graphopt, act_range_reads_the_bounds)
{
	IrOp *m = parse(fused);
	double lo, hi;
	cr_assert(graph_act_range(find_op(m, "graph.add"), &lo, &hi));
	cr_assert_float_eq(lo, -1.0, 0);
	cr_assert_float_eq(hi, 2.5, 0);
	cr_assert_not(graph_act_range(find_op(m, "func.return"), &lo, &hi));
	cr_assert(isinf(lo) && lo < 0 && isinf(hi) && hi > 0);
	ir_op_destroy(m);
}

Test(graphopt, act_apply_clamps_floats)
{
	IrOp *m = parse(fused);
	IrOp *add = find_op(m, "graph.add");
	IrTensor *t = ir_tensor_create(ir_op_result(add, 0)->type);
	const double v[4] = { -3, -0.5, 2.5, 7 };
	for (int i = 0; i < 4; i++)
		ir_tensor_set(t, i, v[i]);
	cr_assert(graph_act_apply(add, true, &t));
	const double want[4] = { -1, -0.5, 2.5, 2.5 };
	for (int i = 0; i < 4; i++)
		cr_expect_float_eq(ir_tensor_get(t, i), want[i], 0);
	/* A failed kernel stays failed. */
	cr_assert_not(graph_act_apply(add, false, &t));
	ir_tensor_release(t);
	ir_op_destroy(m);
}

Test(graphopt, act_verify_wants_storage_integers)
{
	IrOp *m = parse(
	    "func.func @f(%x: tensor<4x!quant.uniform<i8:f32, 0.1>>) -> "
	    "tensor<4x!quant.uniform<i8:f32, 0.1>> {\n"
	    "  %a = \"graph.add\"(%x, %x) {act_min = -128.0 : f32, "
	    "act_max = 100.0 : f32} : (tensor<4x!quant.uniform<i8:f32, 0.1>>, "
	    "tensor<4x!quant.uniform<i8:f32, 0.1>>) -> "
	    "tensor<4x!quant.uniform<i8:f32, 0.1>>\n"
	    "  return %a : tensor<4x!quant.uniform<i8:f32, 0.1>>\n}\n");
	IrOp *add = find_op(m, "graph.add");
	cr_assert(graph_act_verify(add));
	ir_op_set_attr(add, "act_max", gu_f32_attr(ctx, 100.5));
	cr_assert_not(graph_act_verify(add));
	cr_assert_eq(diags.n, 1);
	cr_assert(strstr(diags.msg[0], "storage range [-128, 127]"), "%s",
	    diags.msg[0]);
	ir_op_destroy(m);
}

Test(graphopt, graph_optimize_expands_and_reaches_a_fixpoint)
{
	IrPassManager *pm = ir_pm_create(ctx, NULL);
	cr_assert(ir_pm_add_pass(pm, "graph-optimize", "max-iterations=5"));
	char *s = ir_pm_pipeline_str(pm);
	cr_assert(strstr(s, "fixpoint{pipeline=func.func(idioms,"), "%s", s);
	cr_assert(strstr(s, "max-iterations=5"), "%s", s);
	free(s);
	IrOp *m = parse(
	    "func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {\n"
	    "  %a = \"graph.add\"(%x, %x) : (tensor<4xf32>, tensor<4xf32>) "
	    "-> tensor<4xf32>\n"
	    "  %r = \"graph.relu\"(%a) : (tensor<4xf32>) -> tensor<4xf32>\n"
	    "  %s = \"graph.relu6\"(%r) : (tensor<4xf32>) -> tensor<4xf32>\n"
	    "  return %s : tensor<4xf32>\n}\n");
	cr_assert(ir_pm_run(pm, m), "%s", diags.n ? diags.msg[0] : "");
	IrOp *add = find_op(m, "graph.add");
	double lo, hi;
	cr_assert(graph_act_range(add, &lo, &hi));
	cr_expect_float_eq(lo, 0, 0);
	cr_expect_float_eq(hi, 6, 0);
	cr_expect_null(find_op(m, "graph.relu"));
	cr_expect_null(find_op(m, "graph.relu6"));
	ir_pm_destroy(pm);
	ir_op_destroy(m);
}

Test(graphopt, const_splat_and_channel_vector)
{
	IrOp *m = parse(
	    "func.func @f() -> (tensor<1x1x3xf32>, tensor<2xf32>) {\n"
	    "  %a = \"graph.constant\"() {value = dense<[[[1.0, 2.0, 3.0]]]> "
	    ": tensor<1x1x3xf32>} : () -> tensor<1x1x3xf32>\n"
	    "  %b = \"graph.constant\"() {value = dense<4.0> : tensor<2xf32>}"
	    " : () -> tensor<2xf32>\n"
	    "  return %a, %b : tensor<1x1x3xf32>, tensor<2xf32>\n}\n");
	IrOp *ret = find_op(m, "func.return");
	IrValue *a = ir_op_operand(ret, 0), *b = ir_op_operand(ret, 1);
	double c;
	cr_assert_not(gu_const_splat(a, &c));
	cr_assert(gu_const_splat(b, &c));
	cr_assert_float_eq(c, 4.0, 0);
	int64_t dims[4] = { 1, 5, 5, 3 };
	const IrType *rt = ir_type_tensor(ctx, 4, dims,
	    ir_type_float(ctx, IR_F32), NULL);
	double *v = gu_channel_vector(a, rt, 3, 3);
	cr_assert_not_null(v);
	cr_expect_float_eq(v[0], 1.0, 0);
	cr_expect_float_eq(v[2], 3.0, 0);
	free(v);
	/* Channel axis 1 of the result is not where a's values lie. */
	cr_expect_null(gu_channel_vector(a, rt, 1, 5));
	ir_op_destroy(m);
}
