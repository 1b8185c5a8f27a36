/* test/unit/dialects/infer_test.c: ops built without result types get
 * the shapes computed by hand from each op's rule. */
#include <criterion/criterion.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "dialects/dialect.h"

static IrContext *ctx;
static IrBlock *block;
static IrBuilder b;
static unsigned errors;

static void
count_diag(IrContext *c, const IrDiagnostic *d, void *user)
{
	(void)c;
	(void)user;
	if (d->severity == IR_SEV_ERROR)
		errors++;
}

static void
setup(void)
{
	ctx = ir_context_create();
	dialects_register_all(ctx);
	ir_context_set_diag_handler(ctx, count_diag, NULL);
	errors = 0;
	block = ir_block_create();
	ir_builder_init(&b, ctx);
	ir_builder_set_end(&b, block);
}

static void
teardown(void)
{
	ir_block_destroy(block);
	ir_context_destroy(ctx);
}

TestSuite(infer, .init = setup, .fini = teardown);

static const IrType *
f32(void)
{
	return ir_type_float(ctx, IR_F32);
}

static const IrType *
i8(void)
{
	return ir_type_int(ctx, 8, IR_SIGNLESS);
}

/* A block argument of type tensor<d0 x d1 x ... x elem>. */
static IrValue *
arg(const IrType *elem, int rank, ...)
{
	int64_t d[16];
	va_list ap;
	va_start(ap, rank);
	for (int i = 0; i < rank; i++)
		d[i] = va_arg(ap, int64_t);
	va_end(ap);
	return ir_block_add_arg(block, ir_type_tensor(ctx, rank, d, elem,
	    NULL), NULL);
}

static const IrAttr *
i64(int64_t v)
{
	return ir_attr_int(ctx, ir_type_int(ctx, 64, IR_SIGNLESS), v);
}

static const IrAttr *
ints(int n, ...)
{
	const IrAttr *e[16];
	va_list ap;
	va_start(ap, n);
	for (int i = 0; i < n; i++)
		e[i] = i64(va_arg(ap, int64_t));
	va_end(ap);
	return ir_attr_array(ctx, (size_t)n, e);
}

static const IrAttr *
str(const char *s)
{
	return ir_attr_string(ctx, s, strlen(s), NULL);
}

/* A dictionary from name/value pairs, NULL-terminated. */
static const IrAttr *
dict(const char *name, ...)
{
	IrNamedAttr e[16];
	size_t n = 0;
	va_list ap;
	va_start(ap, name);
	for (const char *k = name; k; k = va_arg(ap, const char *)) {
		e[n].name = ir_ident_cstr(ctx, k);
		e[n++].value = va_arg(ap, const IrAttr *);
	}
	va_end(ap);
	return ir_attr_dict(ctx, n, e);
}

/* Result i of op, printed. */
static char *
rtype(IrOp *op, unsigned i)
{
	return ir_type_str(ir_op_results(op)[i].type);
}

static void
expect_type(IrOp *op, unsigned i, const char *want)
{
	cr_assert_not_null(op);
	char *got = rtype(op, i);
	cr_expect_str_eq(got, want);
	free(got);
}

static IrOp *
create(const char *name, size_t n, IrValue **ops, const IrAttr *attrs)
{
	return dialect_create(&b, name, n, ops, attrs, 0);
}

Test(infer, conv2d_same_stride2)
{
	IrValue *v[] = { arg(f32(), 4, 1L, 224L, 224L, 3L),
	    arg(f32(), 4, 32L, 3L, 3L, 3L), arg(f32(), 1, 32L) };
	IrOp *op = create("graph.conv2d", 3, v, dict("padding", str("same"),
	    "strides", ints(2, 2L, 2L), NULL));
	/* ceil(224 / 2) = 112 */
	expect_type(op, 0, "tensor<1x112x112x32xf32>");
	cr_expect(ir_verify(op));
	cr_expect_eq(errors, 0);
}

Test(infer, conv2d_defaults_are_valid_stride1)
{
	IrValue *v[] = { arg(f32(), 4, 1L, 10L, 12L, 4L),
	    arg(f32(), 4, 8L, 3L, 5L, 4L) };
	/* valid: 10 - 3 + 1 = 8, 12 - 5 + 1 = 8 */
	expect_type(create("graph.conv2d", 2, v, NULL), 0,
	    "tensor<1x8x8x8xf32>");
}

Test(infer, conv2d_dilated_explicit_padding)
{
	IrValue *v[] = { arg(f32(), 4, 1L, 7L, 7L, 4L),
	    arg(f32(), 4, 8L, 3L, 3L, 4L) };
	/* eff = 2 * 2 + 1 = 5; H: (7 + 1 + 1 - 5) / 1 + 1 = 5;
	 * W: (7 + 0 + 3 - 5) / 2 + 1 = 3 (strides [1, 2]) */
	IrOp *op = create("graph.conv2d", 2, v, dict("dilations",
	    ints(2, 2L, 2L), "padding", ints(4, 1L, 1L, 0L, 3L), "strides",
	    ints(2, 1L, 2L), NULL));
	expect_type(op, 0, "tensor<1x5x3x8xf32>");
}

Test(infer, conv2d_channel_mismatch_fails)
{
	IrValue *v[] = { arg(f32(), 4, 1L, 8L, 8L, 4L),
	    arg(f32(), 4, 8L, 3L, 3L, 3L) };
	cr_expect_null(create("graph.conv2d", 2, v, NULL));
	cr_expect_eq(errors, 1);
}

Test(infer, depthwise_multiplier)
{
	IrValue *v[] = { arg(f32(), 4, 1L, 5L, 5L, 3L),
	    arg(f32(), 4, 1L, 3L, 3L, 6L) };
	IrOp *op = create("graph.depthwise_conv2d", 2, v, dict(
	    "depth_multiplier", i64(2), NULL));
	expect_type(op, 0, "tensor<1x3x3x6xf32>");
}

Test(infer, transpose_conv)
{
	IrValue *v[] = { arg(f32(), 4, 1L, 4L, 4L, 8L),
	    arg(f32(), 4, 16L, 3L, 3L, 8L) };
	/* (4 - 1) * 2 + 3 = 9 */
	expect_type(create("graph.transpose_conv2d", 2, v, dict("strides",
	    ints(2, 2L, 2L), NULL)), 0, "tensor<1x9x9x16xf32>");
}

Test(infer, broadcast_numpy)
{
	IrValue *v[] = { arg(f32(), 3, 2L, 1L, 3L), arg(f32(), 2, 4L, 1L) };
	expect_type(create("graph.add", 2, v, NULL), 0, "tensor<2x4x3xf32>");
	IrValue *w[] = { arg(f32(), 2, 2L, 3L), arg(f32(), 1, 4L) };
	cr_expect_null(create("graph.mul", 2, w, NULL));
	cr_expect_eq(errors, 1);
}

Test(infer, broadcast_dynamic)
{
	IrValue *v[] = { arg(f32(), 2, IR_DYNAMIC, 3L), arg(f32(), 1, 3L) };
	expect_type(create("graph.sub", 2, v, NULL), 0, "tensor<?x3xf32>");
}

Test(infer, fully_connected_flattens)
{
	IrValue *v[] = { arg(f32(), 3, 2L, 3L, 4L), arg(f32(), 2, 5L, 4L) };
	expect_type(create("graph.fully_connected", 2, v, NULL), 0,
	    "tensor<6x5xf32>");
	expect_type(create("graph.fully_connected", 2, v, dict(
	    "keep_num_dims", ir_attr_bool(ctx, true), NULL)), 0,
	    "tensor<2x3x5xf32>");
}

Test(infer, batch_matmul_broadcasts_batch)
{
	IrValue *v[] = { arg(f32(), 2, 3L, 4L), arg(f32(), 3, 7L, 4L, 5L) };
	expect_type(create("graph.batch_matmul", 2, v, NULL), 0,
	    "tensor<7x3x5xf32>");
}

Test(infer, pools)
{
	IrValue *v[] = { arg(f32(), 4, 1L, 112L, 112L, 32L) };
	expect_type(create("graph.max_pool2d", 1, v, dict("kernel",
	    ints(2, 3L, 3L), "padding", str("same"), "strides",
	    ints(2, 2L, 2L), NULL)), 0, "tensor<1x56x56x32xf32>");
	expect_type(create("graph.global_avg_pool", 1, v, NULL), 0,
	    "tensor<1x1x1x32xf32>");
}

Test(infer, reduce_and_reshape)
{
	IrValue *v[] = { arg(f32(), 4, 1L, 4L, 4L, 8L) };
	expect_type(create("graph.reduce_mean", 1, v, dict("axes",
	    ints(2, 1L, 2L), NULL)), 0, "tensor<1x8xf32>");
	expect_type(create("graph.reshape", 1, v, dict("shape",
	    ints(2, -1L, 16L), NULL)), 0, "tensor<8x16xf32>");
}

Test(infer, split_variadic)
{
	IrValue *v[] = { arg(f32(), 2, 6L, 2L) };
	IrOp *op = dialect_create(&b, "graph.split", 1, v, dict("axis",
	    i64(0), "sizes", ints(3, 1L, 2L, 3L), NULL), 3);
	expect_type(op, 0, "tensor<1x2xf32>");
	expect_type(op, 1, "tensor<2x2xf32>");
	expect_type(op, 2, "tensor<3x2xf32>");
	IrOp *eq = dialect_create(&b, "graph.split", 1, v, dict("axis",
	    i64(0), NULL), 2);
	expect_type(eq, 1, "tensor<3x2xf32>");
}

Test(infer, strided_slice_negative_stride)
{
	IrValue *v[] = { arg(f32(), 1, 5L) };
	/* indices 4, 3, 2, 1 */
	expect_type(create("graph.strided_slice", 1, v, dict("begin",
	    ints(1, 4L), "end", ints(1, 0L), "strides", ints(1, -1L), NULL)),
	    0, "tensor<4xf32>");
	/* indices 4, 2, 0 with end_mask */
	expect_type(create("graph.strided_slice", 1, v, dict("begin",
	    ints(1, -1L), "end", ints(1, 0L), "end_mask", i64(1), "strides",
	    ints(1, -2L), NULL)), 0, "tensor<3xf32>");
}

Test(infer, transpose_and_concat)
{
	IrValue *v[] = { arg(f32(), 3, 2L, 3L, 4L), arg(f32(), 3, 2L, 3L, 1L) };
	expect_type(create("graph.transpose", 1, v, dict("perm",
	    ints(3, 2L, 0L, 1L), NULL)), 0, "tensor<4x2x3xf32>");
	expect_type(create("graph.concat", 2, v, dict("axis", i64(-1),
	    NULL)), 0, "tensor<2x3x5xf32>");
}

Test(infer, squeeze_unsqueeze_pad)
{
	IrValue *v[] = { arg(f32(), 3, 1L, 4L, 1L) };
	expect_type(create("graph.squeeze", 1, v, NULL), 0, "tensor<4xf32>");
	expect_type(create("graph.unsqueeze", 1, v, dict("axes",
	    ints(1, -1L), NULL)), 0, "tensor<1x4x1x1xf32>");
	expect_type(create("graph.pad", 1, v, dict("paddings",
	    ints(6, 0L, 1L, 2L, 3L, 0L, 0L), NULL)), 0,
	    "tensor<2x9x1xf32>");
}

Test(infer, quantize_dequantize)
{
	double scale = 0.5;
	int64_t zp = 3;
	const IrType *q = ir_type_quant(ctx, true, i8(), f32(), -128, 127,
	    -1, 1, &scale, &zp);
	IrValue *v[] = { arg(f32(), 1, 4L) };
	IrOp *op = create("graph.quantize", 1, v, dict("qtype",
	    ir_attr_type(ctx, q), NULL));
	expect_type(op, 0, "tensor<4x!quant.uniform<i8:f32, 5.000000e-01:3>>");
	IrValue *r = ir_op_results(op);
	expect_type(create("graph.dequantize", 1, &r, NULL), 0,
	    "tensor<4xf32>");
}

Test(infer, npu_pool_sum_is_i32)
{
	IrValue *v[] = { arg(i8(), 4, 1L, 8L, 8L, 4L) };
	expect_type(create("npu.pool", 1, v, dict("kernel", ints(2, 8L, 8L),
	    "mode", str("sum"), NULL)), 0, "tensor<1x1x1x4xi32>");
}

Test(infer, npu_cpu_cannot_infer)
{
	cr_expect_null(create("npu.cpu", 0, NULL, NULL));
	cr_expect_eq(errors, 1);
	cr_expect_null(ir_lookup_op(ctx, "npu.cpu")->infer_types);
}

Test(infer, buffer_alloc_and_view)
{
	IrOp *a = create("buffer.alloc", 0, NULL, dict("size", i64(256),
	    "space", str("dram"), NULL));
	expect_type(a, 0, "memref<256xi8, \"dram\">");
	IrValue *base = ir_op_results(a);
	/* 64 bytes in = 16 f32 elements of offset */
	IrOp *v = create("buffer.view", 1, &base, dict("elem",
	    ir_attr_type(ctx, f32()), "offset", i64(64), "shape",
	    ints(2, 2L, 3L), NULL));
	expect_type(v, 0,
	    "memref<2x3xf32, strided<[3, 1], offset: 16>, \"dram\">");
	/* 60 f32 = 240 bytes + 64 > 256 */
	cr_expect_null(create("buffer.view", 1, &base, dict("elem",
	    ir_attr_type(ctx, f32()), "offset", i64(64), "shape",
	    ints(1, 60L), NULL)));
	cr_expect_eq(errors, 1);
}

Test(infer, builder_checks_attributes_first)
{
	IrValue *v[] = { arg(f32(), 4, 1L, 8L, 8L, 4L) };
	/* A string where integers are expected: reported, nothing built. */
	cr_expect_null(create("graph.max_pool2d", 1, v, dict("kernel",
	    str("2x2"), NULL)));
	cr_expect_null(create("graph.max_pool2d", 1, v, NULL));
	cr_expect_eq(errors, 2);
	cr_expect_null(block->first);
}
