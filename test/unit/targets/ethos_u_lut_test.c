/* test/unit/targets/ethos_u_lut_test.c: the int8 lookup tables
 * ethos-u-legalize makes (read off the graph kernels, float32) against
 * the tables Vela makes for LOGISTIC and TANH (convert_to_lut8: the real
 * value in double, round half away from zero). They may differ only
 * where the real value sits on a rounding tie to float32 precision, and
 * then by one. */
#include <criterion/criterion.h>
#include <criterion/logging.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "dialects/dialect.h"
#include "ir/pass.h"
#include "targets/ethos_u/ethos_u.h"

static IrContext *ctx;

static void
setup(void)
{
	ctx = ir_context_create();
	dialects_register_all(ctx);
	ethos_u_register(ctx);
}

static void
teardown(void)
{
	ir_context_destroy(ctx);
}

static IrWalkResult
find_lut(IrOp *op, void *user)
{
	if (ir_op_is(op, "npu.lut"))
		*(IrOp **)user = op;
	return IR_WALK_ADVANCE;
}

/* Legalizes `op` from i8 (si, zi) to i8 (so, zo); the table. */
static void
our_table(const char *op, double si, int zi, double so, int zo, int8_t *t)
{
	char text[1024];
	IrOp *m, *lut = NULL;
	IrPassManager *pm;
	const IrAttr *a;

	snprintf(text, sizeof text,
	    "func.func @f(%%x: tensor<4x!quant.uniform<i8:f32, %.17g:%d>>) -> "
	    "tensor<4x!quant.uniform<i8:f32, %.17g:%d>> {\n"
	    "  %%0 = \"graph.%s\"(%%x) : (tensor<4x!quant.uniform<i8:f32, "
	    "%.17g:%d>>) -> tensor<4x!quant.uniform<i8:f32, %.17g:%d>>\n"
	    "  return %%0 : tensor<4x!quant.uniform<i8:f32, %.17g:%d>>\n}\n",
	    si, zi, so, zo, op, si, zi, so, zo, so, zo);
	m = ir_parse_string(ctx, "t.mlir", text, strlen(text));
	cr_assert(m);
	pm = ir_pm_create(ctx, NULL);
	cr_assert(ir_pm_add_pass(pm, "ethos-u-legalize", NULL));
	cr_assert(ir_pm_run(pm, m));
	ir_pm_destroy(pm);
	ir_op_walk(m, IR_WALK_PRE, find_lut, &lut);
	cr_assert(lut, "no npu.lut for graph.%s", op);
	a = ir_op_attr(lut, "table");
	cr_assert_eq(a->u.dense.size, 256);
	memcpy(t, a->u.dense.data, 256);
	ir_op_destroy(m);
}

static double
vela_sigmoid(double x)
{
	return x <= -8 ? 0.0 : x >= 8 ? 1.0 : 1 / (1 + exp(-x));
}

/* Vela's convert_to_lut8 entry for x, and how far the real value lies
 * from a rounding tie. */
static int
vela_entry(bool sig, double si, int zi, double so, int zo, int x,
    double *tie)
{
	double xr = (double)(float)si * (x - zi);
	double y = zo + (sig ? vela_sigmoid(xr) : tanh(xr)) / (double)(float)so;
	double r = y < 0 ? -floor(-y + 0.5) : floor(y + 0.5);

	*tie = fabs(y - floor(y) - 0.5);
	return r < -128 ? -128 : r > 127 ? 127 : (int)r;
}

static int
compare(const char *op, double si, int zi, double so, int zo)
{
	bool sig = !strcmp(op, "sigmoid");
	int8_t t[256];
	int diff = 0;

	our_table(op, si, zi, so, zo, t);
	for (int x = -128; x < 128; x++) {
		double tie;
		int v = vela_entry(sig, si, zi, so, zo, x, &tie);

		if (v == t[x + 128])
			continue;
		diff++;
		cr_expect(abs(v - t[x + 128]) == 1 && tie < 1e-4,
		    "%s(%d): ours %d, Vela's %d, %g from a tie", op, x,
		    t[x + 128], v, tie);
	}
	cr_log_info("%s in (%g, %d) out (%g, %d): %d of 256 entries differ "
	    "from Vela's", op, si, zi, so, zo, diff);
	return diff;
}

/* 200 input quantizations spread over scales 2^-9 .. 2^-2. */
static void
sweep(const char *op, double so, int zo)
{
	int total = 0;

	for (int i = 0; i < 200; i++) {
		double si = ldexp(1.0 + (i * 37 % 200) / 200.0, -9 + i % 8);

		total += compare(op, si, (i * 53) % 256 - 128, so, zo);
	}
	cr_log_info("%s sweep: %d of %d entries differ from Vela's", op, total,
	    200 * 256);
}

TestSuite(ethos_u_lut, .init = setup, .fini = teardown);

/* TFLite's fixed output quantizations: sigmoid 1/256 - 128, tanh 1/128. */
Test(ethos_u_lut, sigmoid_against_vela)
{
	compare("sigmoid", 0.05, -3, 1.0 / 256, -128);
	compare("sigmoid", 0.1171875, 10, 1.0 / 256, -128);
	compare("sigmoid", 0.0235, -128, 1.0 / 256, -128);
	sweep("sigmoid", 1.0 / 256, -128);
}

Test(ethos_u_lut, tanh_against_vela)
{
	compare("tanh", 0.05, -3, 1.0 / 128, 0);
	compare("tanh", 0.0078125, 0, 1.0 / 128, 0);
	compare("tanh", 0.031, 7, 1.0 / 128, 0);
	sweep("tanh", 1.0 / 128, 0);
}
