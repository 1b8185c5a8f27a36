/* test/unit/interp/broadcast_test.c: the broadcasting walk against the
 * offsets computed directly from each result element's multi-index
 * (numpy's rule: a dim of 1 reads index 0), and its rank limit. */
#include <criterion/criterion.h>

#include "interp/broadcast.h"

static IrTensor *
tensor(IrContext *ctx, int rank, const int64_t *dims)
{
	const IrType *f32 = ir_type_float(ctx, IR_F32);

	return ir_tensor_create(ir_type_tensor(ctx, rank, dims, f32, NULL));
}

/* The offset in t (rank rt) of result element i (rank ro, dims od). */
static int64_t
direct_offset(const IrTensor *t, const int64_t *od, int ro, int64_t i)
{
	int rt = (int)t->type->u.shaped.rank, k;
	int64_t off = 0, scale = 1;

	for (k = ro - 1; k >= 0; k--) {
		int64_t ix = i % od[k];
		int kt = k - (ro - rt);

		i /= od[k];
		if (kt < 0)
			continue;
		if (t->type->u.shaped.dims[kt] != 1)
			off += ix * scale;
		scale *= t->type->u.shaped.dims[kt];
	}
	return off;
}

static void
check_walk(int ra, const int64_t *da, int rb, const int64_t *db, int ro,
    const int64_t *dout)
{
	IrContext *ctx = ir_context_create();
	IrTensor *a = tensor(ctx, ra, da), *b = rb ? tensor(ctx, rb, db) : NULL;
	IrTensor *out = tensor(ctx, ro, dout);
	IrBroadcast bc;
	int64_t i;

	cr_assert(ir_broadcast_init(&bc, a, b, out));
	for (i = 0; i < out->n; i++) {
		cr_assert_eq(bc.ia, direct_offset(a, dout, ro, i), "a at %lld",
		    (long long)i);
		cr_assert_eq(bc.ib, b ? direct_offset(b, dout, ro, i) : 0,
		    "b at %lld", (long long)i);
		ir_broadcast_next(&bc);
	}
	ir_tensor_release(a);
	if (b)
		ir_tensor_release(b);
	ir_tensor_release(out);
	ir_context_destroy(ctx);
}

Test(broadcast, same_shape)
{
	int64_t d[] = {2, 3, 4};

	check_walk(3, d, 3, d, 3, d);
}

Test(broadcast, lower_rank_and_ones)
{
	int64_t da[] = {2, 1, 4}, db[] = {3, 1}, dout[] = {2, 3, 4};

	check_walk(3, da, 2, db, 3, dout);
}

Test(broadcast, scalar_and_one_operand)
{
	int64_t da[] = {1}, dout[] = {5, 1, 3};

	check_walk(1, da, 0, NULL, 3, dout);
	check_walk(3, dout, 1, da, 3, dout);
}

Test(broadcast, rank_limit)
{
	IrContext *ctx = ir_context_create();
	int64_t d[IR_BROADCAST_MAX_RANK + 1];
	IrTensor *t;
	IrBroadcast bc;
	int k;

	for (k = 0; k <= IR_BROADCAST_MAX_RANK; k++)
		d[k] = 1;
	t = tensor(ctx, IR_BROADCAST_MAX_RANK, d);
	cr_assert(ir_broadcast_init(&bc, t, t, t));
	ir_tensor_release(t);
	t = tensor(ctx, IR_BROADCAST_MAX_RANK + 1, d);
	cr_assert_not(ir_broadcast_init(&bc, t, NULL, t));
	ir_tensor_release(t);
	ir_context_destroy(ctx);
}
