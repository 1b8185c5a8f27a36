/* test/unit/interp/interp_test.c: the interpreter against independent
 * computations: conv2d equals an explicit im2col matmul, softmax rows sum
 * to 1, int8 npu.conv2d stays within one step of the float conv of the
 * dequantized values; tensor helpers, the driver's errors, and an op
 * registered outside the dialects running its own interpret hook. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "dialects/dialect.h"
#include "interp/interp.h"
#include "interp/qmath.h"

/* ------------------------------------------------------------ fixtures */

static char last_error[512];

static void
capture(IrContext *ctx, const IrDiagnostic *d, void *user)
{
	(void)ctx;
	(void)user;
	if (d->severity == IR_SEV_ERROR)
		snprintf(last_error, sizeof last_error, "%s", d->message);
}

static IrContext *
new_ctx(void)
{
	IrContext *ctx = ir_context_create();

	dialects_register_all(ctx);
	ir_context_set_diag_handler(ctx, capture, NULL);
	last_error[0] = 0;
	return ctx;
}

static IrOp *
parse(IrContext *ctx, const char *text)
{
	IrOp *m = ir_parse_string(ctx, "test.mlir", text, strlen(text));

	cr_assert_not_null(m, "parse: %s", last_error);
	cr_assert(ir_verify(m), "verify: %s", last_error);
	return m;
}

/* A deterministic value in [-1, 1). */
static float
rnd(uint32_t *s)
{
	*s = *s * 1664525u + 1013904223u;
	return (float)(*s >> 8) / (float)(1 << 23) - 1.0f;
}

static const IrType *
f32_tensor(IrContext *ctx, int rank, const int64_t *dims)
{
	return ir_type_tensor(ctx, rank, dims, ir_type_float(ctx, IR_F32),
	    NULL);
}

/* Runs @main with args and returns its single result. */
static IrTensor *
run1(IrContext *ctx, IrOp *m, IrTensor **args, size_t nargs)
{
	IrInterp *it = ir_interp_create(m, NULL);
	IrTensor *res = NULL;

	cr_assert(ir_interp_call(it, ir_interp_lookup(it, "main"), args, nargs,
	    &res, 1), "run: %s", last_error);
	ir_interp_destroy(it);
	(void)ctx;
	return res;
}

/* ------------------------------------------------------------ conv2d */

/* Input 1x7x6x3, filter 4x3x3x3, strides [2, 1], dilations [1, 2],
 * explicit padding [1, 2, 2, 1]: output height (7 + 3 - 3) / 2 + 1 = 4,
 * width (6 + 3 - 5) / 1 + 1 = 5. */
static const char conv_text[] =
"func.func @main(%x: tensor<1x7x6x3xf32>, %w: tensor<4x3x3x3xf32>,"
"    %b: tensor<4xf32>) -> tensor<1x4x5x4xf32> {\n"
"  %0 = \"graph.conv2d\"(%x, %w, %b) {strides = [2, 1],"
"    dilations = [1, 2], padding = [1, 2, 2, 1]} : (tensor<1x7x6x3xf32>,"
"    tensor<4x3x3x3xf32>, tensor<4xf32>) -> tensor<1x4x5x4xf32>\n"
"  return %0 : tensor<1x4x5x4xf32>\n"
"}\n";

Test(interp, conv2d_equals_im2col_matmul)
{
	IrContext *ctx = new_ctx();
	IrOp *m = parse(ctx, conv_text);
	int64_t xd[4] = {1, 7, 6, 3}, wd[4] = {4, 3, 3, 3}, bd[1] = {4};
	IrTensor *a[3] = {ir_tensor_create(f32_tensor(ctx, 4, xd)),
	    ir_tensor_create(f32_tensor(ctx, 4, wd)),
	    ir_tensor_create(f32_tensor(ctx, 1, bd))};
	float *x = a[0]->data, *w = a[1]->data, *b = a[2]->data, *y;
	float col[27];
	uint32_t s = 1;
	IrTensor *r;
	int64_t i, oy, ox, o, k;

	for (k = 0; k < 3; k++)
		for (i = 0; i < a[k]->n; i++)
			((float *)a[k]->data)[i] = rnd(&s);
	r = run1(ctx, m, a, 3);
	y = r->data;
	cr_assert_eq(r->n, 80);
	for (oy = 0; oy < 4; oy++)
		for (ox = 0; ox < 5; ox++) {
			/* The patch, zero outside the image: row-major over
			 * (ky, kx, c), matching the filter's OHWI rows. */
			for (k = 0; k < 27; k++) {
				int64_t ky = k / 9, kx = k / 3 % 3, c = k % 3;
				int64_t iy = oy * 2 - 1 + ky;
				int64_t ix = ox - 2 + kx * 2;

				bool out = iy < 0 || iy >= 7 || ix < 0 ||
				    ix >= 6;

				col[k] = out ? 0 : x[(iy * 6 + ix) * 3 + c];
			}
			for (o = 0; o < 4; o++) {
				double acc = b[o];

				for (k = 0; k < 27; k++)
					acc += (double)col[k] * w[o * 27 + k];
				cr_assert_float_eq(y[(oy * 5 + ox) * 4 + o],
				    acc, 1e-4, "at %lld,%lld,%lld",
				    (long long)oy, (long long)ox, (long long)o);
			}
		}
	for (k = 0; k < 3; k++)
		ir_tensor_release(a[k]);
	ir_tensor_release(r);
	ir_op_destroy(m);
	ir_context_destroy(ctx);
}

/* ------------------------------------------------------------ softmax */

Test(interp, softmax_rows_sum_to_one)
{
	IrContext *ctx = new_ctx();
	IrOp *m = parse(ctx,
	    "func.func @main(%x: tensor<3x5xf32>) -> tensor<3x5xf32> {\n"
	    "  %0 = \"graph.softmax\"(%x) {axis = 0 : i64, beta = 0.7 : f32}"
	    " : (tensor<3x5xf32>) -> tensor<3x5xf32>\n"
	    "  return %0 : tensor<3x5xf32>\n}\n");
	int64_t d[2] = {3, 5}, i, j;
	IrTensor *x = ir_tensor_create(f32_tensor(ctx, 2, d)), *r;
	uint32_t s = 9;
	float *v = x->data, *y;

	for (i = 0; i < 15; i++)
		v[i] = 20 * rnd(&s); /* large values: needs max-subtraction */
	r = run1(ctx, m, &x, 1);
	y = r->data;
	for (j = 0; j < 5; j++) {
		double sum = 0;

		for (i = 0; i < 3; i++) {
			cr_assert(y[i * 5 + j] > 0 && y[i * 5 + j] <= 1);
			sum += y[i * 5 + j];
		}
		cr_assert_float_eq(sum, 1.0, 1e-6);
		/* softmax is monotonic: ratios follow exp(beta * diff). */
		cr_assert_float_eq(y[j] / y[5 + j],
		    exp(0.7 * ((double)v[j] - v[5 + j])),
		    1e-4 * exp(0.7 * ((double)v[j] - v[5 + j])));
	}
	ir_tensor_release(x);
	ir_tensor_release(r);
	ir_op_destroy(m);
	ir_context_destroy(ctx);
}

/* ------------------------------------------------------------ int8 conv */

/* npu.conv2d with per-channel weight scales: input scale 0.05 zp 3,
 * output scale 0.1 zp -2, "same" padding, stride 1, 5x5x4 -> 5x5x3. */
Test(interp, int8_conv_within_one_step_of_float_conv)
{
	static const double sw[3] = {0.01, 0.02, 0.005};
	const double sx = 0.05, sy = 0.1;
	const int zx = 3, zy = -2;
	IrContext *ctx = new_ctx();
	char text[4096], mult[64], shift[64];
	int64_t xd[4] = {1, 5, 5, 4}, wd[4] = {3, 3, 3, 4}, bd[1] = {3}, i;
	IrTensor *a[3], *r;
	QMultiplier q[3];
	int32_t bias[3];
	uint32_t s = 5;
	IrOp *m;
	int c;

	for (c = 0; c < 3; c++)
		q[c] = qmath_quantize_multiplier(sx * sw[c] / sy);
	snprintf(mult, sizeof mult, "[%d, %d, %d]", q[0].multiplier,
	    q[1].multiplier, q[2].multiplier);
	snprintf(shift, sizeof shift, "[%d, %d, %d]", q[0].shift, q[1].shift,
	    q[2].shift);
	snprintf(text, sizeof text,
	    "func.func @main(%%x: tensor<1x5x5x4xi8>, %%w: tensor<3x3x3x4xi8>,"
	    " %%b: tensor<3xi32>) -> tensor<1x5x5x3xi8> {\n"
	    "  %%0 = \"npu.conv2d\"(%%x, %%w, %%b) {padding = \"same\","
	    " multiplier = dense<%s> : tensor<3xi32>, shift = dense<%s> :"
	    " tensor<3xi32>, input_zp = %d : i64, output_zp = %d : i64} :"
	    " (tensor<1x5x5x4xi8>, tensor<3x3x3x4xi8>, tensor<3xi32>) ->"
	    " tensor<1x5x5x3xi8>\n"
	    "  return %%0 : tensor<1x5x5x3xi8>\n}\n", mult, shift, zx, zy);
	m = parse(ctx, text);
	a[0] = ir_tensor_create(ir_type_tensor(ctx, 4, xd,
	    ir_type_int(ctx, 8, IR_SIGNLESS), NULL));
	a[1] = ir_tensor_create(ir_type_tensor(ctx, 4, wd,
	    ir_type_int(ctx, 8, IR_SIGNLESS), NULL));
	a[2] = ir_tensor_create(ir_type_tensor(ctx, 1, bd,
	    ir_type_int(ctx, 32, IR_SIGNLESS), NULL));
	for (i = 0; i < a[0]->n; i++)
		ir_tensor_set_int(a[0], i, (int64_t)(rnd(&s) * 128));
	for (i = 0; i < a[1]->n; i++) /* small weights: few clamped outputs */
		ir_tensor_set_int(a[1], i, (int64_t)(rnd(&s) * 24));
	for (c = 0; c < 3; c++) {
		bias[c] = (int32_t)(rnd(&s) * 2000);
		ir_tensor_set_int(a[2], c, bias[c]);
	}
	r = run1(ctx, m, a, 3);
	for (i = 0, c = 0; i < r->n; i++)
		c += ir_tensor_get_int(r, i) > -128 &&
		    ir_tensor_get_int(r, i) < 127;
	cr_assert_gt(c, 60, "only %d of 75 outputs unclamped", c);
	for (i = 0; i < r->n; i++) {
		int64_t oy = i / 15, ox = i / 3 % 5, o = i % 3, k;
		double acc = bias[o] * sx * sw[o], want;

		for (k = 0; k < 36; k++) { /* (ky, kx, channel) */
			int64_t iy = oy - 1 + k / 12, ix = ox - 1 + k / 4 % 3;
			int64_t xq, wq;

			if (iy < 0 || iy >= 5 || ix < 0 || ix >= 5)
				continue;
			xq = ir_tensor_get_int(a[0], (iy * 5 + ix) * 4 + k % 4);
			wq = ir_tensor_get_int(a[1], o * 36 + k);
			acc += (double)(xq - zx) * sx * (double)wq * sw[o];
		}
		want = acc / sy + zy;
		want = want < -128 ? -128 : want > 127 ? 127 : want;
		cr_assert(fabs((double)ir_tensor_get_int(r, i) - want) <= 1.0,
		    "element %lld: %lld vs float %f", (long long)i,
		    (long long)ir_tensor_get_int(r, i), want);
	}
	for (c = 0; c < 3; c++)
		ir_tensor_release(a[c]);
	ir_tensor_release(r);
	ir_op_destroy(m);
	ir_context_destroy(ctx);
}

/* ------------------------------------------------------------ tensors */

Test(interp, tensor_conversions_saturate_and_round)
{
	IrContext *ctx = new_ctx();
	int64_t d[1] = {4};
	IrTensor *i8 = ir_tensor_create(ir_type_tensor(ctx, 1, d,
	    ir_type_int(ctx, 8, IR_SIGNLESS), NULL));
	IrTensor *u8 = ir_tensor_create(ir_type_tensor(ctx, 1, d,
	    ir_type_int(ctx, 8, IR_UNSIGNED), NULL));
	IrTensor *f16 = ir_tensor_create(ir_type_tensor(ctx, 1, d,
	    ir_type_float(ctx, IR_F16), NULL));
	IrTensor *bf = ir_tensor_create(ir_type_tensor(ctx, 1, d,
	    ir_type_float(ctx, IR_BF16), NULL));

	ir_tensor_set_int(i8, 0, 300);
	ir_tensor_set_int(i8, 1, -300);
	ir_tensor_set(i8, 2, 2.5);   /* half away from zero */
	ir_tensor_set(i8, 3, -2.5);
	cr_assert_eq(ir_tensor_get_int(i8, 0), 127);
	cr_assert_eq(ir_tensor_get_int(i8, 1), -128);
	cr_assert_eq(ir_tensor_get_int(i8, 2), 3);
	cr_assert_eq(ir_tensor_get_int(i8, 3), -3);
	ir_tensor_set_int(u8, 0, 255);
	ir_tensor_set_int(u8, 1, -1);
	cr_assert_eq(ir_tensor_get_int(u8, 0), 255);
	cr_assert_eq(ir_tensor_get_int(u8, 1), 0);
	ir_tensor_set(f16, 0, 1.0 / 3); /* 0x3555 = 0.333251953125 */
	cr_assert_eq(ir_tensor_get(f16, 0), 0.333251953125);
	ir_tensor_set(bf, 0, 1.0 / 3);  /* 0x3eab = 0.333984375 */
	cr_assert_eq(ir_tensor_get(bf, 0), 0.333984375);
	ir_tensor_release(i8);
	ir_tensor_release(u8);
	ir_tensor_release(f16);
	ir_tensor_release(bf);
	ir_context_destroy(ctx);
}

Test(interp, per_axis_dequantize)
{
	IrContext *ctx = new_ctx();
	double scales[2] = {0.5, 2.0};
	int64_t zps[2] = {0, 1}, d[2] = {2, 2};
	const IrType *q = ir_type_quant(ctx, true, ir_type_int(ctx, 8,
	    IR_SIGNLESS), ir_type_float(ctx, IR_F32), -128, 127, 1, 2, scales,
	    zps);
	IrTensor *t = ir_tensor_create(ir_type_tensor(ctx, 2, d, q, NULL));
	IrTensor *f, *back;
	float *v;

	ir_tensor_set_int(t, 0, 4);  /* channel 0: 4 * 0.5 = 2 */
	ir_tensor_set_int(t, 1, 4);  /* channel 1: (4 - 1) * 2 = 6 */
	ir_tensor_set_int(t, 2, -2); /* -1 */
	ir_tensor_set_int(t, 3, -2); /* -6 */
	f = ir_tensor_to_f32(ctx, t);
	v = f->data;
	cr_assert(v[0] == 2 && v[1] == 6 && v[2] == -1 && v[3] == -6);
	back = ir_tensor_create(t->type);
	ir_tensor_store_f32(back, f);
	cr_assert(!memcmp(back->data, t->data, 4));
	ir_tensor_release(t);
	ir_tensor_release(f);
	ir_tensor_release(back);
	ir_context_destroy(ctx);
}

/* ------------------------------------------------------------ driver errors */

static const IrOpDef nokernel_def = {
	.name = "test.nokernel",
	.min_operands = 0, .max_operands = 0, .nresults = 1,
	.summary = "an op without a reference kernel",
};

Test(interp, op_without_kernel_is_an_error)
{
	IrContext *ctx = new_ctx();
	IrOp *m;
	IrInterp *it;
	IrTensor *res = NULL;

	ir_register_op(ctx, &nokernel_def);
	m = parse(ctx, "func.func @main() -> tensor<2xf32> {\n"
	    "  %0 = \"test.nokernel\"() : () -> tensor<2xf32>\n"
	    "  return %0 : tensor<2xf32>\n}\n");
	it = ir_interp_create(m, NULL);
	cr_assert(!ir_interp_call(it, ir_interp_lookup(it, "main"), NULL, 0,
	    &res, 1));
	cr_assert_null(res);
	cr_assert(strstr(last_error, "'test.nokernel' op has no reference "
	    "kernel"), "%s", last_error);
	ir_interp_destroy(it);
	ir_op_destroy(m);
	ir_context_destroy(ctx);
}

/* A kernel a target would register for its own op: each result element
 * is twice the operand's plus one, so the test sees it ran. */
static bool
twice_plus_one(IrInterp *it, IrOp *op, IrTensor *const *in,
    IrTensor **out)
{
	(void)it;
	out[0] = ir_tensor_create(ir_op_result(op, 0)->type);
	for (int64_t i = 0; i < in[0]->n; i++)
		ir_tensor_set(out[0], i, 2 * ir_tensor_get(in[0], i) + 1);
	return true;
}

static const IrOpDef target_def = {
	.name = "target.twice_plus_one",
	.min_operands = 1, .max_operands = 1, .nresults = 1,
	.summary = "an op of another layer with its own kernel",
	.interpret = twice_plus_one,
};

Test(interp, an_op_registered_outside_the_dialects_runs_its_hook)
{
	IrContext *ctx = new_ctx();
	ir_register_op(ctx, &target_def);
	IrOp *m = parse(ctx, "func.func @main(%x: tensor<3xf32>) -> "
	    "tensor<3xf32> {\n"
	    "  %0 = \"target.twice_plus_one\"(%x) : (tensor<3xf32>) -> "
	    "tensor<3xf32>\n"
	    "  %1 = \"graph.relu\"(%0) : (tensor<3xf32>) -> tensor<3xf32>\n"
	    "  return %1 : tensor<3xf32>\n}\n");
	IrInterp *it = ir_interp_create(m, NULL);
	int64_t d[1] = {3};
	IrTensor *x = ir_tensor_create(f32_tensor(ctx, 1, d)), *res = NULL;
	ir_tensor_set(x, 0, -2);
	ir_tensor_set(x, 1, 0.5);
	ir_tensor_set(x, 2, 3);

	cr_assert(ir_interp_call(it, ir_interp_lookup(it, "main"), &x, 1,
	    &res, 1), "%s", last_error);
	cr_expect_eq(ir_tensor_get(res, 0), 0);   /* relu(-3) */
	cr_expect_eq(ir_tensor_get(res, 1), 2);
	cr_expect_eq(ir_tensor_get(res, 2), 7);
	ir_tensor_release(res);
	ir_tensor_release(x);
	ir_interp_destroy(it);
	ir_op_destroy(m);
	ir_context_destroy(ctx);
}

Test(interp, unbounded_recursion_is_an_error)
{
	IrContext *ctx = new_ctx();
	IrOp *m = parse(ctx, "func.func @main(%x: tensor<2xf32>) -> "
	    "tensor<2xf32> {\n"
	    "  %0 = \"func.call\"(%x) {callee = @main} : (tensor<2xf32>) -> "
	    "tensor<2xf32>\n"
	    "  return %0 : tensor<2xf32>\n}\n");
	IrInterpOptions o = {.max_depth = 50};
	IrInterp *it = ir_interp_create(m, &o);
	int64_t d[1] = {2};
	IrTensor *x = ir_tensor_create(f32_tensor(ctx, 1, d)), *res = NULL;

	cr_assert(!ir_interp_call(it, ir_interp_lookup(it, "main"), &x, 1,
	    &res, 1));
	cr_assert(strstr(last_error, "call depth exceeds 50"), "%s",
	    last_error);
	ir_tensor_release(x);
	ir_interp_destroy(it);
	ir_op_destroy(m);
	ir_context_destroy(ctx);
}

Test(interp, wrong_argument_type_is_an_error)
{
	IrContext *ctx = new_ctx();
	IrOp *m = parse(ctx, "func.func @main(%x: tensor<2xf32>) -> "
	    "tensor<2xf32> {\n  return %x : tensor<2xf32>\n}\n");
	IrInterp *it = ir_interp_create(m, NULL);
	int64_t d[1] = {3};
	IrTensor *x = ir_tensor_create(f32_tensor(ctx, 1, d)), *res = NULL;

	cr_assert(!ir_interp_call(it, ir_interp_lookup(it, "main"), &x, 1,
	    &res, 1));
	cr_assert(strstr(last_error, "input #0 has the wrong type or shape"),
	    "%s", last_error);
	cr_assert(!ir_interp_call(it, ir_interp_lookup(it, "main"), &x, 0,
	    &res, 1));
	ir_tensor_release(x);
	ir_interp_destroy(it);
	ir_op_destroy(m);
	ir_context_destroy(ctx);
}

Test(interp, arith_options_are_normalised)
{
	IrContext *ctx = new_ctx();
	IrOp *m = parse(ctx, "func.func @main(%x: tensor<2xf32>) -> "
	    "tensor<2xf32> {\n  return %x : tensor<2xf32>\n}\n");
	IrInterpOptions single = {.single_rounding = true};
	IrInterpOptions xnn = {.arith = IR_ARITH_XNNPACK};
	IrInterp *it = ir_interp_create(m, NULL);

	/* Default: TFLite Micro's double rounding. */
	cr_assert_eq(ir_interp_options(it)->arith, IR_ARITH_TFLITE_MICRO);
	cr_assert(!ir_interp_options(it)->single_rounding);
	ir_interp_destroy(it);
	/* The old single_rounding flag means --arith=tflite. */
	it = ir_interp_create(m, &single);
	cr_assert_eq(ir_interp_options(it)->arith, IR_ARITH_TFLITE);
	ir_interp_destroy(it);
	/* XNNPack's mode keeps TFLite's single rounding for the ops XNNPack
	 * does not take. */
	it = ir_interp_create(m, &xnn);
	cr_assert_eq(ir_interp_options(it)->arith, IR_ARITH_XNNPACK);
	cr_assert(ir_interp_options(it)->single_rounding);
	ir_interp_destroy(it);
	ir_op_destroy(m);
	ir_context_destroy(ctx);
}
