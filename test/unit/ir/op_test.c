/* test/unit/ir/op_test.c: ops, use-lists, blocks, successors, builder,
 * walker and dominance. */
#include <criterion/criterion.h>
#include <string.h>

#include "ir/internal.h"

static IrContext *ctx;
static const IrType *i32;

static void
setup(void)
{
	ctx = ir_context_create();
	ir_context_set_allow_unregistered(ctx, true);
	i32 = ir_type_int(ctx, 32, IR_SIGNLESS);
}

static void
teardown(void)
{
	ir_context_destroy(ctx);
}

TestSuite(op, .init = setup, .fini = teardown);

/* An op named `name` with the given operands, nres i32 results, nreg
 * regions and successors. */
static IrOp *
mk(const char *name, size_t nops, IrValue *const *ops, size_t nres,
    size_t nreg, size_t nsucc, IrBlock *const *succs)
{
	const IrType *types[8];
	for (size_t i = 0; i < nres; i++)
		types[i] = i32;
	IrOpState st = {
		.name = ir_op_name_get(ctx, name, strlen(name)),
		.noperands = nops, .operands = ops,
		.nresults = nres, .result_types = types,
		.nregions = nreg, .nsuccs = nsucc, .succs = succs,
	};
	return ir_op_create(ctx, &st);
}

/* A block holding an op "t.def" with one result, appended at the end. */
static IrOp *
def_in(IrBlock *b)
{
	IrOp *op = mk("t.def", 0, NULL, 1, 0, 0, NULL);
	ir_op_move_to_end(op, b);
	return op;
}

static IrOp *
use_in(IrBlock *b, IrValue *v)
{
	IrOp *op = mk("t.use", 1, &v, 0, 0, 0, NULL);
	ir_op_move_to_end(op, b);
	return op;
}

Test(op, use_list_add_and_count)
{
	IrBlock *b = ir_block_create();
	IrValue *v = ir_op_result(def_in(b), 0);
	cr_assert(!ir_value_has_uses(v));
	IrOp *u1 = use_in(b, v);
	IrValue *two[2] = { v, v };
	IrOp *u2 = mk("t.use2", 2, two, 0, 0, 0, NULL);
	ir_op_move_to_end(u2, b);
	cr_assert_eq(ir_value_num_uses(v), 3);
	cr_assert_eq(ir_op_operand(u1, 0), v);
	cr_assert_eq(ir_use_index(&u2->operands[1]), 1);
	cr_assert_eq(u2->operands[0].owner, u2);
	ir_block_destroy(b);
}

Test(op, set_operand_moves_use)
{
	IrBlock *b = ir_block_create();
	IrValue *a = ir_op_result(def_in(b), 0);
	IrValue *c = ir_op_result(def_in(b), 0);
	IrOp *u = use_in(b, a);
	ir_op_set_operand(u, 0, c);
	cr_assert_eq(ir_value_num_uses(a), 0);
	cr_assert_eq(ir_value_num_uses(c), 1);
	cr_assert_eq(c->uses->owner, u);
	ir_op_set_operand(u, 0, NULL);
	cr_assert_eq(ir_value_num_uses(c), 0);
	cr_assert_null(ir_op_operand(u, 0));
	ir_block_destroy(b);
}

Test(op, replace_all_uses)
{
	IrBlock *b = ir_block_create();
	IrValue *a = ir_op_result(def_in(b), 0);
	IrValue *c = ir_op_result(def_in(b), 0);
	IrOp *users[4];
	for (int i = 0; i < 4; i++)
		users[i] = use_in(b, i % 2 ? a : c);
	ir_value_replace_all_uses(a, c);
	cr_assert_eq(ir_value_num_uses(a), 0);
	cr_assert_eq(ir_value_num_uses(c), 4);
	for (int i = 0; i < 4; i++)
		cr_assert_eq(ir_op_operand(users[i], 0), c);
	ir_value_replace_all_uses(c, c);
	cr_assert_eq(ir_value_num_uses(c), 4);
	ir_block_destroy(b);
}

Test(op, unlink_in_any_order)
{
	static const int orders[3][4] = {
		{ 0, 1, 2, 3 }, { 3, 2, 1, 0 }, { 1, 3, 0, 2 },
	};
	for (int k = 0; k < 3; k++) {
		IrBlock *b = ir_block_create();
		IrValue *v = ir_op_result(def_in(b), 0);
		IrOp *users[4];
		for (int i = 0; i < 4; i++)
			users[i] = use_in(b, v);
		for (int i = 0; i < 4; i++) {
			ir_op_erase(users[orders[k][i]]);
			cr_assert_eq(ir_value_num_uses(v), (size_t)(3 - i));
			for (IrUse *u = v->uses; u; u = u->next)
				cr_assert_eq(*u->back, u);
		}
		ir_block_destroy(b);
	}
}

Test(op, create_defaults)
{
	IrOp *op = mk("t.x", 0, NULL, 2, 1, 0, NULL);
	cr_assert_str_eq(ir_op_name_str(op), "t.x");
	cr_assert(ir_op_is(op, "t.x"));
	cr_assert_not_null(ir_op_loc(op));
	cr_assert_eq(ir_op_loc(op)->kind, IR_LOC_UNKNOWN);
	cr_assert_eq(op->attrs->kind, IR_ATTR_DICT);
	cr_assert_eq(ir_op_result(op, 1)->index, 1);
	cr_assert_eq(ir_value_def_op(ir_op_result(op, 1)), op);
	cr_assert_eq(ir_op_region(op, 0)->parent, op);
	cr_assert(ir_region_empty(ir_op_region(op, 0)));
	cr_assert_eq(ir_op_context(op), ctx);
	cr_assert(!ir_op_has_trait(op, IR_TRAIT_PURE));
	ir_op_destroy(op);
}

Test(op, attributes)
{
	IrOp *op = mk("t.x", 0, NULL, 0, 0, 0, NULL);
	ir_op_set_attr(op, "b", ir_attr_unit(ctx));
	ir_op_set_attr(op, "a", ir_attr_int(ctx, i32, 7));
	cr_assert_eq(ir_op_attr(op, "a")->u.integer.value, 7);
	cr_assert_eq(op->attrs->u.dict.n, 2);
	ir_op_remove_attr(op, "a");
	cr_assert_null(ir_op_attr(op, "a"));
	cr_assert_not_null(ir_op_attr(op, "b"));
	ir_op_destroy(op);
}

Test(op, operand_growth)
{
	IrBlock *b = ir_block_create();
	IrValue *v[6];
	for (int i = 0; i < 6; i++)
		v[i] = ir_op_result(def_in(b), 0);
	IrOp *u = mk("t.use", 1, v, 0, 0, 0, NULL);
	ir_op_move_to_end(u, b);
	ir_op_set_operands(u, 6, v);
	cr_assert_eq(u->noperands, 6);
	for (int i = 0; i < 6; i++) {
		cr_assert_eq(ir_op_operand(u, (unsigned)i), v[i]);
		cr_assert_eq(ir_value_num_uses(v[i]), 1);
		cr_assert_eq(v[i]->uses->owner, u);
	}
	ir_op_set_operands(u, 2, v + 4);
	cr_assert_eq(ir_value_num_uses(v[0]), 0);
	cr_assert_eq(ir_value_num_uses(v[4]), 1);
	cr_assert_eq(ir_use_index(v[5]->uses), 1);
	ir_op_set_operands(u, 0, NULL);
	cr_assert_eq(ir_value_num_uses(v[4]), 0);
	ir_block_destroy(b);
}

Test(op, erase_nested_uses_in_any_order)
{
	/* An op whose region uses values of the op's own block and of
	 * nested ops, some before their definition (graph region). */
	IrBlock *outer = ir_block_create();
	IrValue *x = ir_op_result(def_in(outer), 0);
	IrOp *r = mk("t.region", 0, NULL, 0, 1, 0, NULL);
	ir_op_move_to_end(r, outer);
	IrBlock *inner = ir_block_create();
	ir_region_append(ir_op_region(r, 0), inner);
	IrValue *arg = ir_block_add_arg(inner, i32, NULL);
	IrOp *late = mk("t.def", 0, NULL, 1, 0, 0, NULL);
	use_in(inner, ir_op_result(late, 0));
	use_in(inner, x);
	use_in(inner, arg);
	ir_op_move_to_end(late, inner);
	cr_assert_eq(ir_value_num_uses(x), 1);
	ir_op_erase(r);
	cr_assert_eq(ir_value_num_uses(x), 0);
	cr_assert_eq(ir_block_num_ops(outer), 1);
	ir_block_destroy(outer);
}

Test(op, clone_remaps_inner_values)
{
	IrBlock *outer = ir_block_create();
	IrValue *x = ir_op_result(def_in(outer), 0);
	IrOp *r = mk("t.region", 0, NULL, 1, 1, 0, NULL);
	ir_op_move_to_end(r, outer);
	IrBlock *b0 = ir_block_create(), *b1 = ir_block_create();
	ir_region_append(ir_op_region(r, 0), b0);
	ir_region_append(ir_op_region(r, 0), b1);
	IrValue *arg = ir_block_add_arg(b1, i32, NULL);
	IrOp *br = mk("t.br", 0, NULL, 0, 0, 1, &b1);
	ir_op_move_to_end(br, b0);
	IrOp *d = def_in(b1);
	IrValue *ops[3] = { x, arg, ir_op_result(d, 0) };
	IrOp *u = mk("t.use3", 3, ops, 0, 0, 0, NULL);
	ir_op_move_to_end(u, b1);
	ir_op_set_attr(r, "k", ir_attr_unit(ctx));

	IrOp *c = ir_op_clone(ctx, r);
	cr_assert_null(c->parent);
	cr_assert_eq(c->attrs, r->attrs);
	IrBlock *c0 = ir_op_regions(c)->first, *c1 = c0->next;
	cr_assert(c0 != b0 && c1 != b1);
	cr_assert_eq(ir_op_succs(c0->first)->block, c1);
	cr_assert_eq(ir_block_num_preds(c1), 1);
	cr_assert_eq(ir_block_num_preds(b1), 1);
	IrOp *cu = c1->last;
	cr_assert_eq(ir_op_operand(cu, 0), x);
	cr_assert_eq(ir_op_operand(cu, 1), c1->args[0]);
	cr_assert_eq(ir_op_operand(cu, 2), ir_op_result(c1->first, 0));
	cr_assert_eq(ir_value_num_uses(x), 2);
	ir_op_destroy(c);
	cr_assert_eq(ir_value_num_uses(x), 1);
	ir_block_destroy(outer);
}

Test(op, move_and_order)
{
	IrBlock *b = ir_block_create();
	IrOp *a = def_in(b), *c = def_in(b), *d = def_in(b);
	cr_assert(ir_op_is_before(a, c));
	cr_assert(ir_op_is_before(c, d));
	ir_op_move_before(d, a);
	cr_assert_eq(b->first, d);
	cr_assert(ir_op_is_before(d, a));
	cr_assert(!ir_op_is_before(c, d));
	ir_op_remove(c);
	cr_assert_null(c->parent);
	cr_assert_eq(b->last, a);
	ir_op_move_before(c, a);
	cr_assert_eq(ir_block_num_ops(b), 3);
	cr_assert(ir_op_is_before(d, c) && ir_op_is_before(c, a));
	/* Many inserts in one gap force renumbering. */
	for (int i = 0; i < 40; i++)
		ir_op_move_before(mk("t.x", 0, NULL, 0, 0, 0, NULL), a);
	cr_assert(ir_op_is_before(c, a));
	cr_assert(ir_op_is_before(a->prev, a));
	cr_assert(ir_op_is_before(c, c->next));
	ir_block_destroy(b);
}

Test(op, parent_and_ancestor)
{
	IrOp *m = ir_module_create(ctx, NULL);
	IrOp *r = mk("t.region", 0, NULL, 0, 1, 0, NULL);
	ir_op_move_to_end(r, ir_module_body(m));
	IrBlock *inner = ir_block_create();
	ir_region_append(ir_op_region(r, 0), inner);
	IrOp *x = def_in(inner);
	cr_assert_eq(ir_op_parent_op(x), r);
	cr_assert_eq(ir_op_parent_op(r), m);
	cr_assert_null(ir_op_parent_op(m));
	cr_assert(ir_op_is_ancestor(m, x));
	cr_assert(ir_op_is_ancestor(x, x));
	cr_assert(!ir_op_is_ancestor(x, m));
	cr_assert_eq(ir_block_parent_op(inner), r);
	cr_assert_eq(ir_region_parent_op(ir_op_region(r, 0)), r);
	cr_assert(ir_block_is_entry(inner));
	ir_op_destroy(m);
}

/* The trailing arrays of an op with all four kinds stay where the
 * counts put them while its operands grow out of line and again, and the
 * op is then freed whole (the sanitizer build checks the frees). */
Test(op, trailing_arrays_and_regrowth)
{
	IrBlock *b = ir_block_create();
	IrBlock *s = ir_block_create();
	IrValue *v[12];
	for (int i = 0; i < 12; i++)
		v[i] = ir_op_result(def_in(b), 0);
	IrOp *u = mk("t.all", 0, NULL, 3, 2, 1, &s);
	ir_op_move_to_end(u, b);
	IrValue *r2 = ir_op_result(u, 2);
	IrRegion *reg1 = ir_op_region(u, 1);
	cr_assert_eq(r2->owner.op, u);
	cr_assert_eq(r2->index, 2);
	cr_assert_eq(reg1->parent, u);
	cr_assert_eq(ir_op_succs(u)->block, s);
	cr_assert_eq(s->preds->owner, u);
	ir_region_append(reg1, ir_block_create());
	ir_op_set_operands(u, 3, v);
	ir_op_set_operands(u, 12, v);
	ir_op_set_operands(u, 5, v + 7);
	cr_assert_eq(u->noperands, 5);
	cr_assert_eq(ir_op_operand(u, 4), v[11]);
	cr_assert_eq(ir_use_index(v[11]->uses), 4);
	cr_assert_eq(ir_op_result(u, 2), r2);
	cr_assert_eq(ir_op_region(u, 1), reg1);
	cr_assert_eq(ir_op_succs(u)->block, s);
	ir_op_destroy(u);
	cr_assert_null(s->preds);
	cr_assert_eq(ir_value_num_uses(v[11]), 0);
	ir_block_destroy(s);
	ir_block_destroy(b);
}

/* Only block arguments have a location. */
Test(op, value_locations)
{
	IrBlock *b = ir_block_create();
	const IrLoc *l = ir_loc_name(ctx, ir_ident_cstr(ctx, "x"), NULL);
	IrValue *a0 = ir_block_add_arg(b, i32, l);
	IrValue *a1 = ir_block_add_arg(b, i32, NULL);
	cr_assert_eq(ir_value_loc(a0), l);
	cr_assert_null(ir_value_loc(a1));
	ir_value_set_loc(a1, l);
	cr_assert_eq(ir_value_loc(a1), l);
	cr_assert_null(ir_value_loc(ir_op_result(def_in(b), 0)));
	ir_block_destroy(b);
}

Test(op, block_args)
{
	IrBlock *b = ir_block_create();
	IrValue *a0 = ir_block_add_arg(b, i32, NULL);
	IrValue *a1 = ir_block_add_arg(b, i32, NULL);
	IrValue *a2 = ir_block_add_arg(b, i32, NULL);
	for (int i = 0; i < 5; i++)
		ir_block_add_arg(b, i32, NULL);
	cr_assert_eq(b->nargs, 8);
	cr_assert_eq(a1->kind, IR_VALUE_ARG);
	cr_assert_eq(ir_value_parent_block(a1), b);
	cr_assert_null(ir_value_def_op(a1));
	use_in(b, a2);
	ir_block_erase_arg(b, 1);
	cr_assert_eq(b->nargs, 7);
	cr_assert_eq(b->args[0], a0);
	cr_assert_eq(b->args[1], a2);
	cr_assert_eq(a2->index, 1);
	ir_block_destroy(b);
}

Test(op, successors_and_preds)
{
	IrOp *r = mk("t.region", 0, NULL, 0, 1, 0, NULL);
	IrRegion *reg = ir_op_region(r, 0);
	IrBlock *b0 = ir_block_create(), *b1 = ir_block_create(),
	    *b2 = ir_block_create();
	ir_region_append(reg, b0);
	ir_region_append(reg, b2);
	ir_region_insert_before(reg, b2, b1);
	cr_assert(b0->next == b1 && b1->next == b2 && reg->last == b2);
	IrBlock *targets[2] = { b1, b2 };
	IrOp *br = mk("t.cond_br", 0, NULL, 0, 0, 2, targets);
	ir_op_move_to_end(br, b0);
	IrOp *j = mk("t.br", 0, NULL, 0, 0, 1, &b2);
	ir_op_move_to_end(j, b1);
	cr_assert_eq(ir_block_num_preds(b1), 1);
	cr_assert_eq(ir_block_num_preds(b2), 2);
	cr_assert_eq(ir_block_terminator(b0), br);
	ir_op_set_successor(br, 1, b1);
	cr_assert_eq(ir_block_num_preds(b1), 2);
	cr_assert_eq(ir_block_num_preds(b2), 1);
	ir_op_erase(j);
	cr_assert_eq(ir_block_num_preds(b2), 0);
	/* Destroying a block clears the slots that still target it. */
	ir_block_destroy(b1);
	cr_assert_null(ir_op_succs(br)->block);
	cr_assert_null(ir_op_succs(br)[1].block);
	ir_op_destroy(r);
}

Test(op, region_take_body_and_clear)
{
	IrOp *r1 = mk("t.region", 0, NULL, 0, 1, 0, NULL);
	IrOp *r2 = mk("t.region", 0, NULL, 0, 1, 0, NULL);
	for (int i = 0; i < 3; i++) {
		IrBlock *b = ir_block_create();
		def_in(b);
		ir_region_append(ir_op_region(r1, 0), b);
	}
	ir_region_take_body(ir_op_region(r2, 0), ir_op_region(r1, 0));
	cr_assert(ir_region_empty(ir_op_region(r1, 0)));
	cr_assert_eq(ir_op_region(r2, 0)->first->parent, ir_op_region(r2, 0));
	ir_region_clear(ir_op_region(r2, 0));
	cr_assert(ir_region_empty(ir_op_region(r2, 0)));
	ir_op_destroy(r1);
	ir_op_destroy(r2);
}

Test(op, builder_insertion_points)
{
	IrBlock *b = ir_block_create();
	IrBuilder bld;
	ir_builder_init(&bld, ctx);
	bld.loc = ir_loc_name(ctx, ir_ident_cstr(ctx, "here"), NULL);
	ir_builder_set_end(&bld, b);
	IrOpState st = { .name = ir_op_name_get(ctx, "t.a", 3) };
	IrOp *a = ir_builder_create(&bld, &st);
	IrOp *c = ir_builder_create(&bld, &st);
	cr_assert_eq(ir_op_loc(a), bld.loc);
	ir_builder_set_start(&bld, b);
	IrOp *first = ir_builder_create(&bld, &st);
	cr_assert_eq(b->first, first);
	ir_builder_set_after(&bld, a);
	IrOp *mid = ir_builder_create(&bld, &st);
	cr_assert(a->next == mid && mid->next == c);
	ir_builder_set_before(&bld, a);
	IrOp *mid0 = ir_builder_insert(&bld, mk("t.b", 0, NULL, 0, 0, 0,
	    NULL));
	cr_assert(first->next == mid0 && mid0->next == a);
	cr_assert_eq(ir_block_num_ops(b), 5);
	cr_assert(ir_op_is_before(mid0, mid));
	ir_block_destroy(b);
}

/* ---------------------------------------------------------------- walk */

typedef struct Trace {
	char names[32][16];
	int n;
	const char *stop_at, *skip_at, *erase;
} Trace;

static IrWalkResult
record(IrOp *op, void *user)
{
	Trace *t = user;
	const char *name = ir_op_name_str(op);
	snprintf(t->names[t->n++], sizeof t->names[0], "%s", name);
	if (t->stop_at && strcmp(name, t->stop_at) == 0)
		return IR_WALK_INTERRUPT;
	if (t->skip_at && strcmp(name, t->skip_at) == 0)
		return IR_WALK_SKIP;
	if (t->erase && strcmp(name, t->erase) == 0)
		ir_op_erase(op);
	return IR_WALK_ADVANCE;
}

/* t.top { t.a { t.b ; t.c } ; t.d } */
static IrOp *
walk_tree(void)
{
	IrOp *top = mk("t.top", 0, NULL, 0, 1, 0, NULL);
	IrBlock *tb = ir_block_create();
	ir_region_append(ir_op_region(top, 0), tb);
	IrOp *a = mk("t.a", 0, NULL, 0, 1, 0, NULL);
	ir_op_move_to_end(a, tb);
	IrBlock *ab = ir_block_create();
	ir_region_append(ir_op_region(a, 0), ab);
	ir_op_move_to_end(mk("t.b", 0, NULL, 0, 0, 0, NULL), ab);
	ir_op_move_to_end(mk("t.c", 0, NULL, 0, 0, 0, NULL), ab);
	ir_op_move_to_end(mk("t.d", 0, NULL, 0, 0, 0, NULL), tb);
	return top;
}

static void
expect_trace(const Trace *t, const char *const *want, int n)
{
	cr_assert_eq(t->n, n);
	for (int i = 0; i < n; i++)
		cr_assert_str_eq(t->names[i], want[i]);
}

Test(op, walk_pre_and_post)
{
	IrOp *top = walk_tree();
	Trace t = { .n = 0 };
	cr_assert_eq(ir_op_walk(top, IR_WALK_PRE, record, &t),
	    IR_WALK_ADVANCE);
	const char *pre[] = { "t.top", "t.a", "t.b", "t.c", "t.d" };
	expect_trace(&t, pre, 5);
	Trace p = { .n = 0 };
	ir_op_walk(top, IR_WALK_POST, record, &p);
	const char *post[] = { "t.b", "t.c", "t.a", "t.d", "t.top" };
	expect_trace(&p, post, 5);
	ir_op_destroy(top);
}

Test(op, walk_skip_and_interrupt)
{
	IrOp *top = walk_tree();
	Trace t = { .skip_at = "t.a" };
	ir_op_walk(top, IR_WALK_PRE, record, &t);
	const char *skip[] = { "t.top", "t.a", "t.d" };
	expect_trace(&t, skip, 3);
	Trace s = { .stop_at = "t.b" };
	cr_assert_eq(ir_op_walk(top, IR_WALK_PRE, record, &s),
	    IR_WALK_INTERRUPT);
	const char *stop[] = { "t.top", "t.a", "t.b" };
	expect_trace(&s, stop, 3);
	Trace q = { .stop_at = "t.a" };
	cr_assert_eq(ir_op_walk(top, IR_WALK_POST, record, &q),
	    IR_WALK_INTERRUPT);
	const char *qstop[] = { "t.b", "t.c", "t.a" };
	expect_trace(&q, qstop, 3);
	ir_op_destroy(top);
}

Test(op, walk_post_erase)
{
	IrOp *top = walk_tree();
	Trace t = { .erase = "t.c" };
	ir_op_walk(top, IR_WALK_POST, record, &t);
	Trace u = { .erase = "t.a" };
	ir_op_walk(top, IR_WALK_POST, record, &u);
	const char *after[] = { "t.b", "t.a", "t.d", "t.top" };
	expect_trace(&u, after, 4);
	cr_assert_eq(ir_block_num_ops(ir_op_regions(top)->first), 1);
	ir_op_destroy(top);
}

/* ---------------------------------------------------------------- dominance */

Test(op, dominance_same_block_and_nested)
{
	IrOp *f = ir_func_create(ctx, NULL, "f",
	    ir_type_function(ctx, 1, &i32, 0, NULL));
	IrBlock *b = ir_func_entry(f);
	IrValue *arg = b->args[0];
	IrOp *d = def_in(b);
	IrValue *v = ir_op_result(d, 0);
	IrOp *early = mk("t.use", 1, &v, 0, 0, 0, NULL);
	ir_op_move_before(early, d);
	IrOp *late = use_in(b, v);
	cr_assert(!ir_value_dominates(v, early));
	cr_assert(ir_value_dominates(v, late));
	cr_assert(ir_value_dominates(arg, early));
	cr_assert(!ir_value_dominates(v, d));
	/* Nested: a use inside a later op's region. */
	IrOp *r = mk("t.region", 0, NULL, 0, 1, 0, NULL);
	ir_op_move_to_end(r, b);
	IrBlock *inner = ir_block_create();
	ir_region_append(ir_op_region(r, 0), inner);
	IrOp *nested = use_in(inner, v);
	cr_assert(ir_value_dominates(v, nested));
	IrValue *iv = ir_op_result(def_in(inner), 0);
	cr_assert(!ir_value_dominates(iv, late));
	ir_op_destroy(f);
}

/* entry -> a, b; a -> join; b -> join; dead -> join. */
Test(op, dominance_cfg)
{
	IrOp *f = ir_func_create(ctx, NULL, "f",
	    ir_type_function(ctx, 0, NULL, 0, NULL));
	IrRegion *r = ir_op_region(f, 0);
	IrBlock *entry = r->first, *a = ir_block_create(),
	    *b = ir_block_create(), *join = ir_block_create(),
	    *dead = ir_block_create();
	ir_region_append(r, a);
	ir_region_append(r, join);
	ir_region_append(r, b);
	ir_region_append(r, dead);
	IrValue *ve = ir_op_result(def_in(entry), 0);
	IrBlock *ab[2] = { a, b };
	ir_op_move_to_end(mk("t.cond_br", 0, NULL, 0, 0, 2, ab), entry);
	IrValue *va = ir_op_result(def_in(a), 0);
	ir_op_move_to_end(mk("t.br", 0, NULL, 0, 0, 1, &join), a);
	ir_op_move_to_end(mk("t.br", 0, NULL, 0, 0, 1, &join), b);
	IrValue *vd = ir_op_result(def_in(dead), 0);
	ir_op_move_to_end(mk("t.br", 0, NULL, 0, 0, 1, &join), dead);
	IrOp *uj = use_in(join, ve);
	IrOp *ua = use_in(join, va);
	IrOp *ud = use_in(join, vd);
	IrOp *in_dead = use_in(dead, va);
	cr_assert(ir_value_dominates(ve, uj));
	cr_assert(!ir_value_dominates(va, ua));
	cr_assert(!ir_value_dominates(vd, ud));
	cr_assert(ir_value_dominates(va, in_dead)); /* unreachable user */
	cr_assert(ir_block_reachable(join));
	cr_assert(!ir_block_reachable(dead));
	ir_op_destroy(f);
}

Test(op, dominance_graph_region)
{
	IrOp *m = ir_module_create(ctx, NULL);
	IrOp *d = mk("t.def", 0, NULL, 1, 0, 0, NULL);
	IrValue *v = ir_op_result(d, 0);
	IrOp *u = use_in(ir_module_body(m), v);
	ir_op_move_to_end(d, ir_module_body(m));
	cr_assert(ir_value_dominates(v, u));
	ir_op_destroy(m);
}
