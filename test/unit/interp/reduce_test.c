/* test/unit/interp/reduce_test.c: the reduce walk against the result
 * index computed directly from each element's multi-index (the reduced
 * axes dropped), for every subset of axes, and its rank limit. */
#include <criterion/criterion.h>

#include "interp/tensor.h"

/* The result index of element i of dims d (rank r), axes in red[]
 * dropped. */
static int64_t
direct_index(const int64_t *d, int r, const bool *red, int64_t i)
{
	int64_t out = 0, scale = 1;

	for (int k = r - 1; k >= 0; k--) {
		int64_t ix = i % d[k];

		i /= d[k];
		if (!red[k]) {
			out += ix * scale;
			scale *= d[k];
		}
	}
	return out;
}

static void
check_all_masks(int r, const int64_t *d)
{
	IrContext *ctx = ir_context_create();
	const IrType *t = ir_type_tensor(ctx, r, d,
	    ir_type_float(ctx, IR_F32), NULL);
	IrTensor *x = ir_tensor_create(t);

	for (unsigned mask = 0; mask < 1u << r; mask++) {
		bool red[16] = { false };
		IrReduceWalk w;

		for (int k = 0; k < r; k++)
			red[k] = mask >> k & 1;
		cr_assert(ir_reduce_walk_init(&w, x, red));
		for (int64_t i = 0; i < x->n; i++) {
			cr_assert_eq(w.out, direct_index(d, r, red, i),
			    "mask %u element %ld", mask, (long)i);
			ir_reduce_walk_next(&w);
		}
	}
	ir_tensor_release(x);
	ir_context_destroy(ctx);
}

Test(reduce_walk, matches_direct_indices)
{
	static const int64_t d1[] = { 7 };
	static const int64_t d3[] = { 2, 3, 4 };
	static const int64_t d4[] = { 3, 1, 5, 2 };
	static const int64_t d5[] = { 2, 2, 1, 3, 2 };

	check_all_masks(1, d1);
	check_all_masks(3, d3);
	check_all_masks(4, d4);
	check_all_masks(5, d5);
}

Test(reduce_walk, rank_limit)
{
	IrContext *ctx = ir_context_create();
	int64_t d[17];
	bool red[17] = { false };
	IrReduceWalk w;

	for (int k = 0; k < 17; k++)
		d[k] = 1;
	IrTensor *x = ir_tensor_create(ir_type_tensor(ctx, 17, d,
	    ir_type_float(ctx, IR_F32), NULL));
	cr_assert_not_null(x);
	cr_expect_not(ir_reduce_walk_init(&w, x, red));
	ir_tensor_release(x);
	ir_context_destroy(ctx);
}
