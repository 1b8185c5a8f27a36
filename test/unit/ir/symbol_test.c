/* test/unit/ir/symbol_test.c: symbol names, lookup, nested resolution
 * and hashed symbol tables. */
#include <criterion/criterion.h>
#include <string.h>

#include "ir/internal.h"

static IrContext *ctx;
static const IrType *fn_void;
static int nerrors, nnotes;

static void
count(IrContext *c, const IrDiagnostic *d, void *user)
{
	(void)c;
	(void)user;
	if (d->severity == IR_SEV_NOTE)
		nnotes++;
	else if (d->severity == IR_SEV_ERROR)
		nerrors++;
}

static void
setup(void)
{
	ctx = ir_context_create();
	ir_context_set_diag_handler(ctx, count, NULL);
	ir_context_set_allow_unregistered(ctx, true);
	nerrors = nnotes = 0;
	fn_void = ir_type_function(ctx, 0, NULL, 0, NULL);
}

static void
teardown(void)
{
	ir_context_destroy(ctx);
}

TestSuite(symbol, .init = setup, .fini = teardown);

static const IrIdent *
id(const char *s)
{
	return ir_ident_cstr(ctx, s);
}

static IrOp *
func_in(IrOp *table, const char *name)
{
	IrOp *f = ir_func_create(ctx, NULL, name, fn_void);
	ir_op_move_to_end(f, ir_op_regions(table)->first);
	return f;
}

/* A nested builtin.module named `name` inside `parent`. */
static IrOp *
module_in(IrOp *parent, const char *name)
{
	IrOp *m = ir_module_create(ctx, NULL);
	ir_op_set_attr(m, "sym_name", ir_attr_string(ctx, name,
	    strlen(name), NULL));
	ir_op_move_to_end(m, ir_op_regions(parent)->first);
	return m;
}

Test(symbol, name_and_lookup)
{
	IrOp *m = ir_module_create(ctx, NULL);
	IrOp *f = func_in(m, "f");
	IrOp *g = func_in(m, "g");
	cr_assert_eq(ir_symbol_name(f), id("f"));
	cr_assert_null(ir_symbol_name(m));
	cr_assert_eq(ir_symbol_lookup(m, id("g")), g);
	cr_assert_eq(ir_symbol_lookup(m, id("f")), f);
	cr_assert_null(ir_symbol_lookup(m, id("h")));
	cr_assert_null(ir_symbol_lookup(f, id("f")));
	ir_op_destroy(m);
}

Test(symbol, resolve_flat_and_nested)
{
	IrOp *top = ir_module_create(ctx, NULL);
	IrOp *f = func_in(top, "f");
	IrOp *a = module_in(top, "a");
	IrOp *b = module_in(a, "b");
	IrOp *inner = func_in(b, "inner");
	const IrIdent *path[2] = { id("b"), id("inner") };
	const IrAttr *flat = ir_attr_symref(ctx, id("f"), 0, NULL);
	const IrAttr *nested = ir_attr_symref(ctx, id("a"), 2, path);
	const IrAttr *bad = ir_attr_symref(ctx, id("a"), 1, path + 1);
	const IrAttr *through = ir_attr_symref(ctx, id("f"), 1, path);
	cr_assert_eq(ir_symbol_resolve(f, flat), f);
	cr_assert_eq(ir_symbol_resolve(top, nested), inner);
	cr_assert_eq(ir_symbol_resolve(f, nested), inner);
	cr_assert_null(ir_symbol_resolve(top, bad));
	cr_assert_null(ir_symbol_resolve(top, through));
	/* From inside @a::@b the nearest table is @b. */
	cr_assert_null(ir_symbol_resolve(inner, flat));
	cr_assert_eq(ir_symbol_resolve(b, ir_attr_symref(ctx, id("inner"), 0,
	    NULL)), inner);
	cr_assert_null(ir_symbol_resolve(top, ir_attr_unit(ctx)));
	IrOp *detached = ir_func_create(ctx, NULL, "d", fn_void);
	cr_assert_null(ir_symbol_resolve(detached, flat));
	ir_op_destroy(detached);
	ir_op_destroy(top);
}

Test(symbol, hashed_table)
{
	IrOp *m = ir_module_create(ctx, NULL);
	IrOp *fs[50];
	char name[16];
	for (int i = 0; i < 50; i++) {
		snprintf(name, sizeof name, "f%d", i);
		fs[i] = func_in(m, name);
	}
	IrOpState st = { .name = ir_op_name_get(ctx, "t.anon", 6) };
	ir_op_move_to_end(ir_op_create(ctx, &st), ir_module_body(m));
	IrSymbolTable *t = ir_symbol_table_create(m);
	cr_assert_not_null(t);
	for (int i = 0; i < 50; i++) {
		snprintf(name, sizeof name, "f%d", i);
		cr_assert_eq(ir_symbol_table_lookup(t, id(name)), fs[i]);
	}
	cr_assert_null(ir_symbol_table_lookup(t, id("nope")));
	ir_symbol_table_destroy(t);
	cr_assert_eq(nerrors, 0);
	ir_op_destroy(m);
}

Test(symbol, duplicates_reported)
{
	IrOp *m = ir_module_create(ctx, NULL);
	func_in(m, "f");
	func_in(m, "g");
	func_in(m, "f");
	func_in(m, "g");
	cr_assert_null(ir_symbol_table_create(m));
	cr_assert_eq(nerrors, 2);
	cr_assert_eq(nnotes, 2);
	ir_op_destroy(m);
}
