/* test/unit/passes/quant_cle_test.c: cross-layer equalization
 * (passes/quant_equalize.c) on hand-made weights whose result is worked
 * out by hand: the scale formula, a depthwise + pointwise pair (the
 * MobileNet and BlazeFace block), a grouped convolution and a chain of
 * three layers that needs several sweeps. */
#include "test/unit/passes/common.h"

#include <math.h>

#include "dialects/dialect.h"
#include "passes/graph_util.h"
#include "passes/quant.h"

static void
setup(void)
{
	passes_setup();
	dialects_register_all(ctx);
}

TestSuite(quant_cle, .init = setup, .fini = passes_teardown);

/* The weights (operand k) of the n-th op named `name` as doubles. */
static double *
weights(IrOp *m, const char *name, int nth, unsigned k, int64_t *n)
{
	IrOp *f = ir_func_entry(find_op(m, "func.func"))->first;
	for (; f; f = f->next)
		if (ir_op_is(f, name) && nth-- == 0)
			return gu_const_f32(ir_op_operand(f, k), n);
	return NULL;
}

static void
expect(const double *got, const double *want, int64_t n)
{
	for (int64_t i = 0; i < n; i++)
		cr_expect_float_eq(got[i], want[i], 1e-6, "element %lld: %g, "
		    "want %g", (long long)i, got[i], want[i]);
}

Test(quant_cle, scale_balances_the_ranges)
{
	cr_expect_float_eq(quant_cle_scale(4, 1), 2, 1e-12);
	cr_expect_float_eq(quant_cle_scale(0.5, 8), 0.25, 1e-12);
	/* r1 / s == r2 * s == sqrt(r1 r2) */
	double s = quant_cle_scale(3, 7);
	cr_expect_float_eq(3 / s, sqrt(21), 1e-12);
	cr_expect_float_eq(7 * s, sqrt(21), 1e-12);
	/* a dead channel or a broken range is left alone */
	cr_expect_eq(quant_cle_scale(0, 2), 1);
	cr_expect_eq(quant_cle_scale(2, 0), 1);
	cr_expect_eq(quant_cle_scale(INFINITY, 2), 1);
	cr_expect_eq(quant_cle_scale(NAN, 2), 1);
}

/* depthwise 1x1 (ranges 3, 0.5) then pointwise (input ranges 3, 2):
 * s = (1, 0.5). */
Test(quant_cle, depthwise_then_pointwise)
{
	IrOp *m = parse(
	    "func.func @main(%x: tensor<1x2x2x2xf32>) -> "
	    "tensor<1x2x2x1xf32> {\n"
	    "  %w = \"graph.constant\"() {value = dense<[[[[3.0, -0.5]]]]> : "
	    "tensor<1x1x1x2xf32>} : () -> tensor<1x1x1x2xf32>\n"
	    "  %b = \"graph.constant\"() {value = dense<[0.3, 0.1]> : "
	    "tensor<2xf32>} : () -> tensor<2xf32>\n"
	    "  %d = \"graph.depthwise_conv2d\"(%x, %w, %b) : "
	    "(tensor<1x2x2x2xf32>, tensor<1x1x1x2xf32>, tensor<2xf32>) -> "
	    "tensor<1x2x2x2xf32>\n"
	    "  %p = \"graph.constant\"() {value = dense<[[[[3.0, -2.0]]]]> : "
	    "tensor<1x1x1x2xf32>} : () -> tensor<1x1x1x2xf32>\n"
	    "  %c = \"graph.conv2d\"(%d, %p) : (tensor<1x2x2x2xf32>, "
	    "tensor<1x1x1x2xf32>) -> tensor<1x2x2x1xf32>\n"
	    "  return %c : tensor<1x2x2x1xf32>\n}\n");
	double res;
	int64_t n;
	cr_assert_eq(quant_equalize(find_op(m, "func.func"), 20, &res), 1);
	cr_expect_lt(res, 1e-6);
	double *w = weights(m, "graph.depthwise_conv2d", 0, 1, &n);
	expect(w, (double[]){3, -1}, 2);
	free(w);
	double *b = weights(m, "graph.depthwise_conv2d", 0, 2, &n);
	expect(b, (double[]){0.3, 0.2}, 2);
	free(b);
	double *p = weights(m, "graph.conv2d", 0, 1, &n);
	expect(p, (double[]){3, -1}, 2);
	free(p);
	ir_op_destroy(m);
}

/* conv (2 groups of 1 input channel: OHWI 2x1x1x1) then a conv whose
 * input channel 1 has range 4: s = (1, sqrt(2 / 4)). */
Test(quant_cle, grouped_convolution)
{
	IrOp *m = parse(
	    "func.func @main(%x: tensor<1x1x1x2xf32>) -> "
	    "tensor<1x1x1x1xf32> {\n"
	    "  %w = \"graph.constant\"() {value = "
	    "dense<[[[[1.0]]], [[[2.0]]]]> : tensor<2x1x1x1xf32>} : () -> "
	    "tensor<2x1x1x1xf32>\n"
	    "  %g = \"graph.conv2d\"(%x, %w) {groups = 2} : "
	    "(tensor<1x1x1x2xf32>, tensor<2x1x1x1xf32>) -> "
	    "tensor<1x1x1x2xf32>\n"
	    "  %p = \"graph.constant\"() {value = dense<[[[[1.0, 4.0]]]]> : "
	    "tensor<1x1x1x2xf32>} : () -> tensor<1x1x1x2xf32>\n"
	    "  %c = \"graph.conv2d\"(%g, %p) : (tensor<1x1x1x2xf32>, "
	    "tensor<1x1x1x2xf32>) -> tensor<1x1x1x1xf32>\n"
	    "  return %c : tensor<1x1x1x1xf32>\n}\n");
	int64_t n;
	cr_assert_eq(quant_equalize(find_op(m, "func.func"), 20, NULL), 1);
	double *w = weights(m, "graph.conv2d", 0, 1, &n);
	expect(w, (double[]){1, sqrt(8)}, 2);
	free(w);
	double *p = weights(m, "graph.conv2d", 1, 1, &n);
	expect(p, (double[]){1, sqrt(8)}, 2);
	free(p);
	ir_op_destroy(m);
}

/* Three fully connected layers (1 channel each): ranges 8 | 1, 1 | 2.
 * The fixed point has equal ranges across both joints: the product 16 of
 * the three weights kept, each becomes 16^(1/3). One sweep is not enough
 * (the second pair moves the first's balance). */
Test(quant_cle, chain_needs_sweeps)
{
	const char *text =
	    "func.func @main(%x: tensor<1x1xf32>) -> tensor<1x1xf32> {\n"
	    "  %a = \"graph.constant\"() {value = dense<[[8.0]]> : "
	    "tensor<1x1xf32>} : () -> tensor<1x1xf32>\n"
	    "  %f = \"graph.fully_connected\"(%x, %a) : (tensor<1x1xf32>, "
	    "tensor<1x1xf32>) -> tensor<1x1xf32>\n"
	    "  %b = \"graph.constant\"() {value = dense<[[1.0]]> : "
	    "tensor<1x1xf32>} : () -> tensor<1x1xf32>\n"
	    "  %g = \"graph.fully_connected\"(%f, %b) : (tensor<1x1xf32>, "
	    "tensor<1x1xf32>) -> tensor<1x1xf32>\n"
	    "  %c = \"graph.constant\"() {value = dense<[[2.0]]> : "
	    "tensor<1x1xf32>} : () -> tensor<1x1xf32>\n"
	    "  %h = \"graph.fully_connected\"(%g, %c) : (tensor<1x1xf32>, "
	    "tensor<1x1xf32>) -> tensor<1x1xf32>\n"
	    "  return %h : tensor<1x1xf32>\n}\n";
	IrOp *m = parse(text);
	double res;
	int64_t n;
	cr_assert_eq(quant_equalize(find_op(m, "func.func"), 1, &res), 2);
	cr_expect_gt(res, 1e-3, "one sweep has not converged: %g", res);
	ir_op_destroy(m);
	m = parse(text);
	cr_assert_eq(quant_equalize(find_op(m, "func.func"), 200, &res), 2);
	cr_expect_lt(res, 1e-6);
	double prod = 1;
	for (int k = 0; k < 3; k++) {
		double *w = weights(m, "graph.fully_connected", k, 1, &n);
		cr_expect_float_eq(w[0], cbrt(16), 1e-5, "layer %d: %g", k,
		    w[0]);
		prod *= w[0];
		free(w);
	}
	cr_expect_float_eq(prod, 16, 1e-4);
	ir_op_destroy(m);
}
