/* test/unit/targets/ethos_u_resize_test.c: the layers ethos-u-estimate
 * reads npu.resize and npu.pad as (layers.c), swept over sizes, factors
 * and coordinate modes, against what any correct cut must satisfy: a
 * bilinear resize's phases write every output exactly once (their OFMs
 * add up to the output), each phase reads its outputs' rows plus one
 * where its kernel has two taps, at most 4 taps and f x f phases; a
 * nearest resize is one 2x copy per doubling; a pad fills the output and
 * copies the input. Whether the code generator runs the same operations
 * is checked against the streams in the lit tests (estimate-resize-*). */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dialects/dialect.h"
#include "targets/ethos_u/config.h"
#include "targets/ethos_u/ethos_u.h"
#include "targets/ethos_u/layers.h"

static IrContext *ctx;
static EthosUTarget tgt;

static void
setup(void)
{
	EthosUChoice c = { "ethos-u55-128", NULL, NULL, NULL, NULL };
	ctx = ir_context_create();
	dialects_register_all(ctx);
	ethos_u_register(ctx);
	cr_assert(ethos_u_config_load(ctx, &c, &tgt));
}

static void
teardown(void)
{
	ir_context_destroy(ctx);
}

/* The layers of the one npu op of a function of input (n, h, w, c) and
 * output (n, oh, ow, c), with attrs; *skip as ethos_u_add_op says. */
static EthosULayers
layers_of(const char *op, const char *attrs, int64_t h, int64_t w,
    int64_t oh, int64_t ow, int64_t c, bool *skip)
{
	char text[2048];
	snprintf(text, sizeof text,
	    "!q = !quant.uniform<i8:f32, 0.5:-1>\n"
	    "func.func @f(%%x: tensor<1x%lldx%lldx%lldx!q>) -> "
	    "tensor<1x%lldx%lldx%lldx!q> {\n"
	    "  %%0 = \"%s\"(%%x) {%s} : (tensor<1x%lldx%lldx%lldx!q>) -> "
	    "tensor<1x%lldx%lldx%lldx!q>\n"
	    "  return %%0 : tensor<1x%lldx%lldx%lldx!q>\n}\n",
	    (long long)h, (long long)w, (long long)c, (long long)oh,
	    (long long)ow, (long long)c, op, attrs, (long long)h,
	    (long long)w, (long long)c, (long long)oh, (long long)ow,
	    (long long)c, (long long)oh, (long long)ow, (long long)c);
	IrOp *m = ir_parse_string(ctx, "t.mlir", text, strlen(text));
	cr_assert(m, "%s", text);
	IrOp *f = ir_module_body(m)->first;
	IrOp *o = ir_func_entry(f)->first;
	cr_assert(ir_op_is(o, op));
	EthosULayers ls = { 0 };
	cr_assert(ethos_u_add_op(&tgt, &ls, o, skip));
	/* The layers keep pointers to values (checked only for NULL) and
	 * interned names, which outlive the module. */
	ir_op_destroy(m);
	return ls;
}

/* Checks the phases of a bilinear resize of h x w to oh x ow; returns
 * how many there are (0: left to the interpreter). */
static size_t
check_bilinear(const char *mode, int64_t h, int64_t w, int64_t oh,
    int64_t ow, int f)
{
	char attrs[200];
	bool skip;
	snprintf(attrs, sizeof attrs, "size = [%lld, %lld], mode = "
	    "\"bilinear\"%s", (long long)oh, (long long)ow, mode);
	EthosULayers ls = layers_of("npu.resize", attrs, h, w, oh, ow, 3,
	    &skip);
	int64_t outputs = 0;
	for (size_t i = 0; i < ls.n; i++) {
		const EthosUQuery *q = &ls.v[i].q;
		cr_assert_eq(q->block, ETHOS_U_DEPTHWISE);
		cr_assert(q->kernel_h >= 1 && q->kernel_h <= 2);
		cr_assert(q->kernel_w >= 1 && q->kernel_w <= 2);
		/* A one-row axis reads its row once per output. */
		cr_assert_eq(q->ifm.shape.h, h == 1 ? q->ofm.shape.h :
		    q->ofm.shape.h + q->kernel_h - 1,
		    "%lldx%lld -> %lldx%lld%s", (long long)h, (long long)w,
		    (long long)oh, (long long)ow, mode);
		cr_assert_eq(q->ifm.shape.w, w == 1 ? q->ofm.shape.w :
		    q->ofm.shape.w + q->kernel_w - 1);
		cr_assert_eq(q->ifm.shape.c, 3);
		cr_assert_eq(ls.v[i].part, i > 0);
		cr_assert(ls.v[i].unbuffered && ls.v[i].w.present);
		outputs += q->ofm.shape.h * q->ofm.shape.w;
	}
	size_t n = ls.n;
	if (n) {
		cr_assert(!skip);
		cr_assert_eq(outputs, oh * ow, "%lldx%lld -> %lldx%lld%s",
		    (long long)h, (long long)w, (long long)oh, (long long)ow,
		    mode);
		cr_assert_leq(n, (size_t)(f * f));
	} else {
		cr_assert(skip);
	}
	free(ls.v);
	return n;
}

TestSuite(ethos_u_resize, .init = setup, .fini = teardown);

Test(ethos_u_resize, bilinear_phases_cover_the_output)
{
	static const char *const modes[] = { "", ", half_pixel_centers = true",
	    ", align_corners = true" };
	for (int64_t n = 1; n <= 7; n++)
		for (int f = 1; f <= 8; f *= 2)
			for (int k = 0; k < 3; k++) {
				bool align = k == 2;
				int64_t m = align && n > 1 ? f * (n - 1) + 1 :
				    f * n;
				size_t p = check_bilinear(modes[k], n, n, m, m,
				    f);
				/* Every factor of 1, 2, 4 or 8 runs. */
				cr_assert(p > 0, "%lld by %d%s", (long long)n,
				    f, modes[k]);
				if (n > 1 && !align)
					cr_assert_eq(p, (size_t)(f * f));
			}
}

Test(ethos_u_resize, bilinear_other_sizes)
{
	/* 3x4 to 5x7 repeats with no period: no layer. */
	cr_assert_eq(check_bilinear("", 3, 4, 5, 7, 8), 0);
	/* A factor per axis: 2 x 4 phases. */
	cr_assert_eq(check_bilinear(", half_pixel_centers = true", 3, 4, 6,
	    16, 4), 8);
	/* A 1x1 input: one phase reading its pixel for every output. */
	cr_assert_eq(check_bilinear("", 1, 1, 3, 5, 1), 1);
}

Test(ethos_u_resize, nearest_one_copy_per_doubling)
{
	for (int k = 1; k <= 3; k++) {
		bool skip;
		char attrs[64];
		int64_t f = (int64_t)1 << k;
		snprintf(attrs, sizeof attrs, "size = [%lld, %lld]",
		    (long long)(3 * f), (long long)(5 * f));
		EthosULayers ls = layers_of("npu.resize", attrs, 3, 5, 3 * f,
		    5 * f, 4, &skip);
		cr_assert_eq(ls.n, (size_t)k);
		for (int i = 0; i < k; i++) {
			const EthosUQuery *q = &ls.v[i].q;
			cr_assert_eq(q->block, ETHOS_U_POOLING);
			cr_assert_eq(q->upscale, 2);
			cr_assert_eq(q->ofm.shape.h, 2 * q->ifm.shape.h);
			cr_assert_eq(q->ofm.shape.w, 2 * q->ifm.shape.w);
			cr_assert_eq(q->ifm.shape.h, 3 << i);
		}
		/* Only the last writes the op's result. */
		cr_assert(ls.v[k - 1].out != NULL);
		free(ls.v);
	}
	bool skip;
	EthosULayers ls = layers_of("npu.resize", "size = [9, 15]", 3, 5, 9,
	    15, 4, &skip);
	cr_assert(skip && ls.n == 0);
	free(ls.v);
}

Test(ethos_u_resize, pad_fill_then_copy)
{
	bool skip;
	EthosULayers ls = layers_of("npu.pad", "paddings = [0, 0, 1, 2, 3, "
	    "0, 0, 0]", 4, 5, 7, 8, 6, &skip);
	cr_assert_eq(ls.n, 2);
	const EthosUQuery *fill = &ls.v[0].q, *copy = &ls.v[1].q;
	cr_assert_eq(fill->ofm.shape.h, 7);
	cr_assert_eq(fill->ofm.shape.w, 8);
	cr_assert_eq(fill->ifm.mem, tgt.const_mem);
	cr_assert_eq(ls.v[0].in, NULL);
	cr_assert_eq(copy->ifm.shape.h, 4);
	cr_assert_eq(copy->ofm.shape.w, 5);
	cr_assert(!ls.v[0].part && ls.v[1].part);
	cr_assert_eq(ls.v[0].whole.h, 7);
	free(ls.v);
}
