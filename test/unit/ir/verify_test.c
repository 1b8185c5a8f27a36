/* test/unit/ir/verify_test.c: every verifier rule, on valid and invalid
 * IR built with the API, with the diagnostics captured. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "ir/internal.h"

enum { MAX_DIAGS = 16 };

typedef struct Diags {
	int n;
	char msg[MAX_DIAGS][256]; /* "error: ..." or "note: ..." */
} Diags;

static IrContext *ctx;
static const IrType *i32, *f32, *fn_void;
static Diags diags;

static void
capture(IrContext *c, const IrDiagnostic *d, void *user)
{
	(void)c;
	Diags *ds = user;
	if (ds->n == MAX_DIAGS)
		return;
	snprintf(ds->msg[ds->n++], sizeof ds->msg[0], "%s: %s",
	    d->severity == IR_SEV_NOTE ? "note" : "error", d->message);
}

static void
setup(void)
{
	ctx = ir_context_create();
	memset(&diags, 0, sizeof diags);
	ir_context_set_diag_handler(ctx, capture, &diags);
	i32 = ir_type_int(ctx, 32, IR_SIGNLESS);
	f32 = ir_type_float(ctx, IR_F32);
	fn_void = ir_type_function(ctx, 0, NULL, 0, NULL);
}

static void
teardown(void)
{
	ir_context_destroy(ctx);
}

TestSuite(verify, .init = setup, .fini = teardown);

/* Asserts that diagnostic i reads exactly `want`. */
static void
expect(int i, const char *want)
{
	cr_assert_lt(i, diags.n, "missing diagnostic #%d: %s", i, want);
	cr_assert_str_eq(diags.msg[i], want);
}

static IrOp *
mk(const char *name, size_t nops, IrValue *const *ops, size_t nres,
    const IrType *rtype, size_t nreg, size_t nsucc, IrBlock *const *succs)
{
	const IrType *types[8];
	for (size_t i = 0; i < nres; i++)
		types[i] = rtype;
	IrOpState st = {
		.name = ir_op_name_get(ctx, name, strlen(name)),
		.noperands = nops, .operands = ops,
		.nresults = nres, .result_types = types,
		.nregions = nreg, .nsuccs = nsucc, .succs = succs,
	};
	return ir_op_create(ctx, &st);
}

static IrOp *
add(IrBlock *b, IrOp *op)
{
	ir_op_move_to_end(op, b);
	return op;
}

static IrOp *
ret(IrBlock *b, size_t n, IrValue *const *vals)
{
	return add(b, mk("func.return", n, vals, 0, NULL, 0, 0, NULL));
}

/* A module holding func @name of type `type`; *entry gets its block. */
static IrOp *
module_with_func(const char *name, const IrType *type, IrOp **func)
{
	IrOp *m = ir_module_create(ctx, NULL);
	IrOp *f = ir_func_create(ctx, NULL, name, type);
	ir_op_move_to_end(f, ir_module_body(m));
	if (func)
		*func = f;
	return m;
}

Test(verify, valid_module)
{
	IrOp *f;
	IrOp *m = module_with_func("f", ir_type_function(ctx, 1, &i32, 1,
	    &i32), &f);
	IrBlock *b = ir_func_entry(f);
	ret(b, 1, &b->args[0]);
	cr_assert(ir_verify(m));
	cr_assert_eq(diags.n, 0);
	ir_op_destroy(m);
}

Test(verify, unregistered_ops)
{
	IrOp *f;
	IrOp *m = module_with_func("f", fn_void, &f);
	IrBlock *b = ir_func_entry(f);
	add(b, mk("foo.bar", 0, NULL, 0, NULL, 0, 0, NULL));
	add(b, mk("func.bogus", 0, NULL, 0, NULL, 0, 0, NULL));
	ret(b, 0, NULL);
	cr_assert(!ir_verify(m));
	cr_assert_eq(diags.n, 2);
	expect(0, "error: unregistered operation 'foo.bar' found in "
	    "dialect ('foo') that does not allow unknown operations");
	expect(1, "error: unregistered operation 'func.bogus' found in "
	    "dialect ('func') that does not allow unknown operations");
	diags.n = 0;
	ir_context_set_allow_unregistered(ctx, true);
	cr_assert(ir_verify(m));
	cr_assert_eq(diags.n, 0);
	ir_op_destroy(m);
}

Test(verify, null_operand)
{
	ir_context_set_allow_unregistered(ctx, true);
	IrOp *f;
	IrOp *m = module_with_func("f", fn_void, &f);
	IrBlock *b = ir_func_entry(f);
	IrValue *none = NULL;
	add(b, mk("t.use", 1, &none, 0, NULL, 0, 0, NULL));
	ret(b, 0, NULL);
	cr_assert(!ir_verify(m));
	expect(0, "error: null operand found");
	ir_op_destroy(m);
}

Test(verify, registered_counts)
{
	IrOp *f;
	IrOp *m = module_with_func("f", fn_void, &f);
	IrBlock *b = ir_func_entry(f);
	IrOp *bad = add(ir_module_body(m), mk("builtin.module", 0, NULL, 1,
	    i32, 2, 0, NULL));
	(void)bad;
	add(b, mk("func.return", 0, NULL, 1, i32, 0, 0, NULL));
	cr_assert(!ir_verify(m));
	expect(0, "error: 'func.return' op requires zero results");
	expect(1, "error: 'builtin.module' op requires zero results");
	expect(2, "error: 'builtin.module' op requires one region");
	cr_assert_eq(diags.n, 3);
	ir_op_destroy(m);
}

Test(verify, successor_count_and_placement)
{
	IrOp *f;
	IrOp *m = module_with_func("f", fn_void, &f);
	IrBlock *b = ir_func_entry(f), *b1 = ir_block_create();
	ir_region_append(ir_op_region(f, 0), b1);
	ret(b1, 0, NULL);
	add(b, mk("func.return", 0, NULL, 0, NULL, 0, 1, &b1));
	cr_assert(!ir_verify(m));
	expect(0, "error: 'func.return' op requires 0 successors but found 1");
	cr_assert_eq(diags.n, 1);
	ir_op_destroy(m);
}

Test(verify, successors_must_terminate_and_stay_in_region)
{
	ir_context_set_allow_unregistered(ctx, true);
	IrOp *f;
	IrOp *m = module_with_func("f", fn_void, &f);
	IrBlock *b = ir_func_entry(f), *b1 = ir_block_create();
	ir_region_append(ir_op_region(f, 0), b1);
	add(b, mk("t.br", 0, NULL, 0, NULL, 0, 1, &b1));
	ret(b, 0, NULL);
	IrOp *r = add(b1, mk("t.region", 0, NULL, 0, NULL, 1, 0, NULL));
	IrBlock *inner = ir_block_create();
	ir_region_append(ir_op_region(r, 0), inner);
	add(inner, mk("t.br", 0, NULL, 0, NULL, 0, 1, &b1));
	ret(b1, 0, NULL);
	cr_assert(!ir_verify(m));
	expect(0, "error: operation with block successors must terminate its "
	    "parent block");
	expect(1, "error: reference to block defined in another region");
	cr_assert_eq(diags.n, 2);
	ir_op_destroy(m);
}

Test(verify, entry_block_predecessors)
{
	ir_context_set_allow_unregistered(ctx, true);
	IrOp *f;
	IrOp *m = module_with_func("f", fn_void, &f);
	IrBlock *b = ir_func_entry(f);
	add(b, mk("t.br", 0, NULL, 0, NULL, 0, 1, &b));
	cr_assert(!ir_verify(m));
	expect(0, "error: entry block of region may not have predecessors");
	cr_assert_eq(diags.n, 1);
	ir_op_destroy(m);
}

Test(verify, terminators)
{
	IrOp *f, *g, *h;
	IrOp *m = module_with_func("f", fn_void, &f);
	IrOp *mg = module_with_func("g", fn_void, &g);
	IrOp *mh = module_with_func("h", fn_void, &h);
	/* f: empty entry block. */
	cr_assert(!ir_verify(m));
	expect(0, "error: empty block: expect at least a terminator");
	/* g: ends with a registered non-terminator. */
	IrOp *call = add(ir_func_entry(g), mk("func.call", 0, NULL, 0, NULL,
	    0, 0, NULL));
	ir_op_set_attr(call, "callee", ir_attr_symref(ctx,
	    ir_ident_cstr(ctx, "g"), 0, NULL));
	diags.n = 0;
	cr_assert(!ir_verify(mg));
	cr_assert_eq(diags.n, 1);
	cr_assert(strncmp(diags.msg[0], "error: block with no terminator, has "
	    "\"func.call\"", 48) == 0, "%s", diags.msg[0]);
	/* h: a terminator in the middle. */
	ret(ir_func_entry(h), 0, NULL);
	ret(ir_func_entry(h), 0, NULL);
	diags.n = 0;
	cr_assert(!ir_verify(mh));
	expect(0, "error: 'func.return' op must be the last operation in the "
	    "parent block");
	cr_assert_eq(diags.n, 1);
	ir_op_destroy(m);
	ir_op_destroy(mg);
	ir_op_destroy(mh);
}

Test(verify, unregistered_parent_accepts_any_last_op)
{
	ir_context_set_allow_unregistered(ctx, true);
	IrOp *f;
	IrOp *m = module_with_func("f", fn_void, &f);
	IrBlock *b = ir_func_entry(f);
	IrOp *r = add(b, mk("t.region", 0, NULL, 0, NULL, 1, 0, NULL));
	ir_region_append(ir_op_region(r, 0), ir_block_create());
	IrBlock *inner = ir_block_create();
	ir_region_append(ir_op_region(r, 0), inner);
	add(inner, mk("func.call", 0, NULL, 0, NULL, 0, 0, NULL));
	ir_op_set_attr(inner->last, "callee", ir_attr_symref(ctx,
	    ir_ident_cstr(ctx, "f"), 0, NULL));
	/* An unregistered op may end a registered op's block. */
	add(b, mk("t.end", 0, NULL, 0, NULL, 0, 0, NULL));
	cr_assert(ir_verify(m));
	cr_assert_eq(diags.n, 0);
	ir_op_destroy(m);
}

Test(verify, dominance_same_block)
{
	ir_context_set_allow_unregistered(ctx, true);
	IrOp *f;
	IrOp *m = module_with_func("f", fn_void, &f);
	IrBlock *b = ir_func_entry(f);
	IrOp *d = mk("t.def", 0, NULL, 1, i32, 0, 0, NULL);
	IrValue *v = ir_op_result(d, 0);
	IrValue *two[2] = { v, v };
	add(b, mk("t.use", 2, two, 0, NULL, 0, 0, NULL));
	add(b, d);
	ret(b, 0, NULL);
	cr_assert(!ir_verify(m));
	expect(0, "error: operand #0 does not dominate this use");
	expect(1, "note: operand defined here (op in the same block)");
	expect(2, "error: operand #1 does not dominate this use");
	cr_assert_eq(diags.n, 4);
	ir_op_destroy(m);
}

Test(verify, dominance_across_blocks)
{
	ir_context_set_allow_unregistered(ctx, true);
	IrOp *f;
	IrOp *m = module_with_func("f", fn_void, &f);
	IrBlock *b = ir_func_entry(f), *b1 = ir_block_create(),
	    *b2 = ir_block_create(), *dead = ir_block_create();
	ir_region_append(ir_op_region(f, 0), b1);
	ir_region_append(ir_op_region(f, 0), b2);
	ir_region_append(ir_op_region(f, 0), dead);
	IrBlock *succs[2] = { b1, b2 };
	add(b, mk("t.cond_br", 0, NULL, 0, NULL, 0, 2, succs));
	IrValue *v = ir_op_result(add(b1, mk("t.def", 0, NULL, 1, i32, 0, 0,
	    NULL)), 0);
	IrValue *arg = ir_block_add_arg(b1, i32, NULL);
	add(b1, mk("t.br", 0, NULL, 0, NULL, 0, 1, &b2));
	IrValue *both[2] = { v, arg };
	add(b2, mk("t.use", 2, both, 0, NULL, 0, 0, NULL));
	ret(b2, 0, NULL);
	add(dead, mk("t.use", 2, both, 0, NULL, 0, 0, NULL)); /* unreachable */
	ret(dead, 0, NULL);
	cr_assert(!ir_verify(m));
	expect(0, "error: operand #0 does not dominate this use");
	expect(1, "note: operand defined here (op in the same region)");
	expect(2, "error: operand #1 does not dominate this use");
	expect(3, "note: operand defined as a block argument (block #1 in the "
	    "same region)");
	cr_assert_eq(diags.n, 4);
	ir_op_destroy(m);
}

Test(verify, dominance_nested_regions)
{
	ir_context_set_allow_unregistered(ctx, true);
	IrOp *f;
	IrOp *m = module_with_func("f", fn_void, &f);
	IrBlock *b = ir_func_entry(f);
	/* Uses of a child region's argument and of an op's own result
	 * inside its region. */
	IrOp *r = add(b, mk("t.region", 0, NULL, 1, i32, 1, 0, NULL));
	IrBlock *inner = ir_block_create();
	ir_region_append(ir_op_region(r, 0), inner);
	IrValue *a = ir_block_add_arg(inner, i32, NULL);
	IrValue *self = ir_op_result(r, 0);
	add(inner, mk("t.use", 1, &self, 0, NULL, 0, 0, NULL));
	add(b, mk("t.use", 1, &a, 0, NULL, 0, 0, NULL));
	ret(b, 0, NULL);
	cr_assert(!ir_verify(m));
	expect(0, "error: operand #0 does not dominate this use");
	expect(1, "note: operand defined here (op in a parent region)");
	expect(2, "error: operand #0 does not dominate this use");
	expect(3, "note: operand defined as a block argument (block #0 in a "
	    "child region)");
	cr_assert_eq(diags.n, 4);
	ir_op_destroy(m);
}

Test(verify, graph_regions_have_no_dominance)
{
	ir_context_set_allow_unregistered(ctx, true);
	IrOp *m = ir_module_create(ctx, NULL);
	IrOp *d = mk("t.def", 0, NULL, 1, i32, 0, 0, NULL);
	IrValue *v = ir_op_result(d, 0);
	add(ir_module_body(m), mk("t.use", 1, &v, 0, NULL, 0, 0, NULL));
	add(ir_module_body(m), d);
	cr_assert(ir_verify(m));
	cr_assert_eq(diags.n, 0);
	ir_op_destroy(m);
}

Test(verify, isolation)
{
	ir_context_set_allow_unregistered(ctx, true);
	IrOp *f;
	IrOp *m = module_with_func("f", fn_void, &f);
	IrOp *d = add(ir_module_body(m), mk("t.def", 0, NULL, 1, i32, 0, 0,
	    NULL));
	IrValue *v = ir_op_result(d, 0);
	IrBlock *b = ir_func_entry(f);
	add(b, mk("t.use", 1, &v, 0, NULL, 0, 0, NULL));
	ret(b, 0, NULL);
	cr_assert(!ir_verify(m));
	expect(0, "error: 't.use' op using value defined outside the region");
	expect(1, "note: required by region isolation constraints");
	ir_op_destroy(m);
}

Test(verify, symbol_table_block_count)
{
	IrOp *m = ir_module_create(ctx, NULL);
	ir_region_append(ir_op_region(m, 0), ir_block_create());
	cr_assert(!ir_verify(m));
	expect(0, "error: 'builtin.module' op Operations with a 'SymbolTable' "
	    "must have exactly one block");
	cr_assert_eq(diags.n, 1);
	ir_op_destroy(m);
}

Test(verify, duplicate_symbols)
{
	IrOp *f;
	IrOp *m = module_with_func("f", fn_void, &f);
	ret(ir_func_entry(f), 0, NULL);
	IrOp *g = ir_func_create(ctx, ir_loc_name(ctx, ir_ident_cstr(ctx,
	    "second"), NULL), "f", fn_void);
	ret(ir_func_entry(g), 0, NULL);
	ir_op_move_to_end(g, ir_module_body(m));
	cr_assert(!ir_verify(m));
	expect(0, "error: redefinition of symbol named 'f'");
	expect(1, "note: see existing symbol definition here");
	cr_assert_eq(diags.n, 2);
	ir_op_destroy(m);
}

static bool
same_verify_hook(IrOp *op)
{
	ir_op_emit_error(op, "hook ran");
	return false;
}

static const IrOpDef test_defs[] = {
	{ .name = "t.same", .traits = IR_TRAIT_SAME_TYPE, .min_operands = 2,
	  .max_operands = 2, .nresults = 1, .nregions = 0,
	  .nsuccessors = 0, .verify = same_verify_hook },
	{ .name = "t.shape", .traits = IR_TRAIT_SAME_SHAPE,
	  .min_operands = 1, .max_operands = IR_VARIADIC, .nresults = 1,
	  .nregions = 0, .nsuccessors = 0 },
	{ .name = "t.single", .traits = IR_TRAIT_SINGLE_BLOCK |
	  IR_TRAIT_NO_TERMINATOR, .min_operands = 0, .max_operands = 0,
	  .nresults = 0, .nregions = 1, .nsuccessors = 0 },
};

Test(verify, traits_and_hook)
{
	for (size_t i = 0; i < 3; i++)
		cr_assert(ir_register_op(ctx, &test_defs[i]));
	IrOp *f;
	IrOp *m = module_with_func("f", ir_type_function(ctx, 1, &i32, 0,
	    NULL), &f);
	IrBlock *b = ir_func_entry(f);
	IrValue *a = b->args[0];
	IrValue *aa[2] = { a, a };
	add(b, mk("t.same", 2, aa, 1, f32, 0, 0, NULL));
	add(b, mk("t.same", 2, aa, 1, i32, 0, 0, NULL));
	int64_t d4 = 4, d5 = 5;
	const IrType *t4 = ir_type_tensor(ctx, 1, &d4, f32, NULL);
	const IrType *t5 = ir_type_tensor(ctx, 1, &d5, i32, NULL);
	IrValue *v4 = ir_op_result(add(b, mk("t.shape", 1, &a, 1, t4, 0, 0,
	    NULL)), 0);
	add(b, mk("t.shape", 1, &v4, 1, t5, 0, 0, NULL));
	add(b, mk("t.shape", 0, NULL, 1, t5, 0, 0, NULL));
	IrOp *s = add(b, mk("t.single", 0, NULL, 0, NULL, 1, 0, NULL));
	ir_region_append(ir_op_region(s, 0), ir_block_create());
	ir_region_append(ir_op_region(s, 0), ir_block_create());
	ret(b, 0, NULL);
	cr_assert(!ir_verify(m));
	expect(0, "error: 't.same' op requires the same type for all operands "
	    "and results");
	expect(1, "error: 't.same' op hook ran");
	expect(2, "error: 't.shape' op requires the same shape for all "
	    "operands and results");
	expect(3, "error: 't.shape' op requires the same shape for all "
	    "operands and results");
	expect(4, "error: 't.shape' op expected 1 or more operands, but found "
	    "0");
	expect(5, "error: 't.single' op expects region #0 to have 0 or 1 "
	    "blocks");
	cr_assert_eq(diags.n, 6);
	ir_op_destroy(m);
}

Test(verify, func_signature)
{
	const IrType *ft = ir_type_function(ctx, 1, &f32, 0, NULL);
	IrOp *f;
	IrOp *m = module_with_func("f", ft, &f);
	ir_func_entry(f)->args[0]->type = i32;
	ret(ir_func_entry(f), 0, NULL);
	cr_assert(!ir_verify(m));
	expect(0, "error: 'func.func' op type of entry block argument "
	    "#0('i32') must match the type of the corresponding argument in "
	    "function signature('f32')");
	ir_func_entry(f)->args[0]->type = f32;
	ir_block_add_arg(ir_func_entry(f), f32, NULL);
	diags.n = 0;
	cr_assert(!ir_verify(m));
	expect(0, "error: 'func.func' op entry block must have 1 arguments to "
	    "match function signature");
	ir_op_set_attr(f, "function_type", ir_attr_type(ctx, i32));
	diags.n = 0;
	cr_assert(!ir_verify(m));
	expect(0, "error: 'func.func' op requires 'function_type' attribute "
	    "of function type");
	ir_op_remove_attr(f, "function_type");
	diags.n = 0;
	cr_assert(!ir_verify(m));
	expect(0, "error: 'func.func' op requires a type attribute "
	    "'function_type'");
	ir_op_remove_attr(f, "sym_name");
	diags.n = 0;
	cr_assert(!ir_verify(m));
	expect(0, "error: 'func.func' op requires string attribute "
	    "'sym_name'");
	ir_op_destroy(m);
}

Test(verify, func_declaration_is_valid)
{
	IrOp *f;
	IrOp *m = module_with_func("f", fn_void, &f);
	ir_region_clear(ir_op_region(f, 0));
	cr_assert_null(ir_func_entry(f));
	cr_assert_eq(ir_func_type(f), fn_void);
	/* a declaration is private (or nested), as in MLIR */
	cr_assert(!ir_verify(m));
	expect(0, "error: 'func.func' op symbol declaration cannot have "
	    "public visibility");
	ir_op_set_attr(f, "sym_visibility", ir_attr_string(ctx, "private", 7,
	    NULL));
	cr_assert(ir_verify(m));
	ir_op_destroy(m);
}

Test(verify, return_checks)
{
	const IrType *two[2] = { i32, i32 };
	IrOp *f, *g;
	IrOp *m = module_with_func("g", ir_type_function(ctx, 1, &f32, 2,
	    two), &g);
	IrBlock *b = ir_func_entry(g);
	ret(b, 1, &b->args[0]);
	cr_assert(!ir_verify(m));
	expect(0, "error: 'func.return' op has 1 operands, but enclosing "
	    "function (@g) returns 2");
	ir_op_erase(b->last);
	IrValue *pair[2] = { b->args[0], b->args[0] };
	ret(b, 2, pair);
	diags.n = 0;
	cr_assert(!ir_verify(m));
	expect(0, "error: type of return operand 0 ('f32') doesn't match "
	    "function result type ('i32') in function @g");
	ir_op_destroy(m);

	ir_context_set_allow_unregistered(ctx, true);
	m = module_with_func("f", fn_void, &f);
	IrOp *r = add(ir_func_entry(f), mk("t.region", 0, NULL, 0, NULL, 1, 0,
	    NULL));
	IrBlock *inner = ir_block_create();
	ir_region_append(ir_op_region(r, 0), inner);
	ret(inner, 0, NULL);
	ret(ir_func_entry(f), 0, NULL);
	diags.n = 0;
	cr_assert(!ir_verify(m));
	expect(0, "error: 'func.return' op expects parent op 'func.func'");
	cr_assert_eq(diags.n, 1);
	ir_op_destroy(m);
}

static IrOp *
call(IrBlock *b, const char *callee, size_t nargs, IrValue *const *args,
    size_t nres, const IrType *rtype)
{
	IrOp *c = add(b, mk("func.call", nargs, args, nres, rtype, 0, 0,
	    NULL));
	if (callee)
		ir_op_set_attr(c, "callee", ir_attr_symref(ctx,
		    ir_ident_cstr(ctx, callee), 0, NULL));
	return c;
}

Test(verify, call_checks)
{
	IrOp *f;
	IrOp *m = module_with_func("f", ir_type_function(ctx, 1, &i32, 1,
	    &i32), &f);
	IrBlock *b = ir_func_entry(f);
	IrValue *a = b->args[0];
	call(b, NULL, 0, NULL, 0, NULL);
	call(b, "nope", 0, NULL, 0, NULL);
	call(b, "f", 0, NULL, 1, i32);
	IrValue *r = ir_op_result(call(b, "f", 1, &a, 1, i32), 0);
	call(b, "f", 1, &a, 0, NULL);
	call(b, "f", 1, &a, 1, f32);
	ret(b, 1, &r);
	cr_assert(!ir_verify(m));
	expect(0, "error: 'func.call' op requires a 'callee' symbol reference "
	    "attribute");
	expect(1, "error: 'func.call' op 'nope' does not reference a valid "
	    "function");
	expect(2, "error: 'func.call' op incorrect number of operands for "
	    "callee");
	expect(3, "error: 'func.call' op incorrect number of results for "
	    "callee");
	expect(4, "error: 'func.call' op result type mismatch at index 0");
	expect(5, "note:       op result types: 'f32'");
	expect(6, "note: function result types: 'i32'");
	cr_assert_eq(diags.n, 7);
	ir_op_destroy(m);
}

Test(verify, keeps_going_after_errors)
{
	ir_context_set_allow_unregistered(ctx, false);
	IrOp *f, *g;
	IrOp *m = module_with_func("f", fn_void, &f);
	g = ir_func_create(ctx, NULL, "g", fn_void);
	ir_op_move_to_end(g, ir_module_body(m));
	add(ir_func_entry(f), mk("x.y", 0, NULL, 0, NULL, 0, 0, NULL));
	ret(ir_func_entry(f), 0, NULL);
	cr_assert(!ir_verify(m));
	cr_assert_eq(diags.n, 2);
	expect(0, "error: unregistered operation 'x.y' found in dialect "
	    "('x') that does not allow unknown operations");
	expect(1, "error: empty block: expect at least a terminator");
	ir_op_destroy(m);
}

Test(verify, deep_nesting)
{
	ir_context_set_allow_unregistered(ctx, true);
	IrOp *m = ir_module_create(ctx, NULL);
	IrBlock *b = ir_module_body(m);
	IrValue *v = ir_op_result(add(b, mk("t.def", 0, NULL, 1, i32, 0, 0,
	    NULL)), 0);
	for (int i = 0; i < IR_MAX_NESTING; i++) {
		IrOp *r = add(b, mk("t.nest", 0, NULL, 0, NULL, 1, 0, NULL));
		b = ir_block_create();
		ir_region_append(ir_op_region(r, 0), b);
	}
	add(b, mk("t.use", 1, &v, 0, NULL, 0, 0, NULL));
	cr_assert(ir_verify(m));
	cr_assert_eq(diags.n, 0);
	ir_op_destroy(m);
}
