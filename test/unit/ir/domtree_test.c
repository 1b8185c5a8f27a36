/* test/unit/ir/domtree_test.c: the exported dominator tree on CFGs whose
 * dominators are worked out by hand (a diamond, a loop, an unreachable
 * block), and the f32 forms of the half-float conversions. */
#include <criterion/criterion.h>
#include <math.h>
#include <string.h>

#include "ir/ir.h"

static IrContext *ctx;
static IrOp *module;

/* The body region of the module's first function. */
static IrRegion *
parse_body(const char *text)
{
	ctx = ir_context_create();
	module = ir_parse_string(ctx, "t.mlir", text, strlen(text));
	cr_assert_not_null(module);
	cr_assert(ir_verify(module));
	IrOp *f = ir_op_regions(module)->first->first;
	return ir_op_regions(f);
}

static void
done(void)
{
	ir_op_destroy(module);
	ir_context_destroy(ctx);
}

/* Block n of region r, in text order. */
static IrBlock *
block_n(IrRegion *r, int n)
{
	IrBlock *b = r->first;
	while (n-- && b)
		b = b->next;
	cr_assert_not_null(b);
	return b;
}

Test(domtree, diamond_joins_at_the_entry_and_loop_heads_dominate)
{
	/* bb0 -> bb1, bb2; bb1 -> bb3; bb2 -> bb3; bb3 -> bb4 | bb3 (loop);
	 * bb5 unreachable. */
	IrRegion *r = parse_body("func.func @f(%c: i1) {\n"
	    "  \"cf.cond_br\"(%c)[^bb1, ^bb2] {operand_segment_sizes = "
	    "dense<[1, 0, 0]> : vector<3xi32>} : (i1) -> ()\n"
	    "^bb1:\n  \"cf.br\"()[^bb3] : () -> ()\n"
	    "^bb2:\n  \"cf.br\"()[^bb3] : () -> ()\n"
	    "^bb3:\n"
	    "  \"cf.cond_br\"(%c)[^bb4, ^bb3] {operand_segment_sizes = "
	    "dense<[1, 0, 0]> : vector<3xi32>} : (i1) -> ()\n"
	    "^bb4:\n  return\n"
	    "^bb5:\n  \"cf.br\"()[^bb4] : () -> ()\n"
	    "}\n");
	IrDomTree *t = ir_domtree_build(r);
	IrBlock *b[6];
	for (int i = 0; i < 6; i++)
		b[i] = block_n(r, i);
	cr_expect_eq(ir_domtree_size(t), 5);
	cr_expect_eq(ir_domtree_number(t, b[0]), 0);
	cr_expect_eq(ir_domtree_block(t, 0), b[0]);
	cr_expect_eq(ir_domtree_number(t, b[5]), -1);
	long n3 = ir_domtree_number(t, b[3]), n4 = ir_domtree_number(t, b[4]);
	cr_expect_eq(ir_domtree_idom(t, ir_domtree_number(t, b[1])), 0);
	cr_expect_eq(ir_domtree_idom(t, ir_domtree_number(t, b[2])), 0);
	cr_expect_eq(ir_domtree_idom(t, n3), 0);  /* the join */
	cr_expect_eq(ir_domtree_idom(t, n4), (size_t)n3);
	cr_expect_eq(ir_domtree_idom(t, 0), 0);
	size_t nk;
	const size_t *k = ir_domtree_children(t, 0, &nk);
	cr_expect_eq(nk, 3);
	for (size_t i = 1; i < nk; i++)
		cr_expect_lt(k[i - 1], k[i]);
	k = ir_domtree_children(t, (size_t)n3, &nk);
	cr_expect_eq(nk, 1);
	cr_expect_eq(k[0], (size_t)n4);
	ir_domtree_children(t, (size_t)n4, &nk);
	cr_expect_eq(nk, 0);
	ir_domtree_free(t);
	done();
}

Test(domtree, f32_half_conversions_round_once_and_keep_nan_payloads)
{
	float f;
	uint32_t bits = 0x7fa01234u; /* a signalling NaN with a payload */
	memcpy(&f, &bits, 4);
	cr_expect_eq(ir_f16_from_f32(f), 0x7e00 | (0x201234 >> 13));
	cr_expect_eq(ir_bf16_from_f32(f), 0x7fe0);
	cr_expect_eq(ir_f16_from_f32(65519.0f), 0x7bff);
	cr_expect_eq(ir_f16_from_f32(65520.0f), 0x7c00);
	cr_expect_eq(ir_f16_from_f32(ldexpf(3, -25)), 0x0002);
	/* 1 + 2^-8 + 2^-20 is above the bf16 tie: it rounds up, once. */
	cr_expect_eq(ir_bf16_from_f32(1.0f + ldexpf(1, -8) + ldexpf(1, -20)),
	    0x3f81);
	cr_expect_eq(ir_bf16_from_f32(1.0f + ldexpf(1, -8)), 0x3f80);
	cr_expect_eq(ir_f16_to_f32(0x0001), ldexpf(1, -24));
	f = ir_f16_to_f32(0xfe01);
	memcpy(&bits, &f, 4);
	cr_expect_eq(bits, 0xffc02000u);
	cr_expect_eq(ir_bf16_to_f32(0x3f80), 1.0f);
}
