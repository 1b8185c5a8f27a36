/* test/unit/passes/symbols_test.c: the pointer set and map of
 * passes/symbols.c, and nested symbol resolution through its table
 * cache. */
#include "test/unit/passes/common.h"

TestSuite(symbols, .init = passes_setup, .fini = passes_teardown);

Test(symbols, set_and_map_survive_growth)
{
	enum { N = 5000 };
	static int keys[N];
	PassesPtrSet s = { 0 };
	IrPtrMap m = { 0 };
	for (int i = 0; i < N; i++) {
		cr_assert(passes_ptrset_add(&s, &keys[i]));
		ir_ptrmap_put(&m, &keys[i], &keys[N - 1 - i]);
	}
	cr_assert_not(passes_ptrset_add(&s, &keys[7]), "added twice");
	ir_ptrmap_put(&m, &keys[3], &keys[3]); /* replaces */
	cr_assert_eq(s.map.n, N);
	cr_assert_eq(m.n, N);
	for (int i = 0; i < N; i++) {
		cr_assert(passes_ptrset_has(&s, &keys[i]));
		cr_assert_eq(ir_ptrmap_get(&m, &keys[i]),
		    i == 3 ? &keys[3] : &keys[N - 1 - i]);
	}
	int other;
	cr_assert_not(passes_ptrset_has(&s, &other));
	cr_assert_null(ir_ptrmap_get(&m, &other));
	passes_ptrset_free(&s);
	ir_ptrmap_free(&m);
	cr_assert_not(passes_ptrset_has(&s, &keys[0]));
	cr_assert_null(ir_ptrmap_get(&m, &keys[0]));
}

Test(symbols, nested_references_resolve_along_the_path)
{
	IrOp *m = parse("module {\n"
	    "  module @a {\n"
	    "    module @b {\n"
	    "      func.func private @f()\n"
	    "    }\n"
	    "  }\n"
	    "  func.func private @g()\n"
	    "}\n");
	IrSymbolCache *s = ir_symbol_cache_create();
	const IrIdent *nested[2] = { ir_ident_cstr(ctx, "b"),
		ir_ident_cstr(ctx, "f") };
	const IrAttr *ref = ir_attr_symref(ctx, ir_ident_cstr(ctx, "a"), 2,
	    nested);
	IrOp *path[3];
	cr_assert_eq(ir_symbol_resolve_path(s, m, ref, path, 3), 3);
	cr_assert(ir_op_is(path[0], "builtin.module"));
	cr_assert(ir_op_is(path[1], "builtin.module"));
	cr_assert(ir_op_is(path[2], "func.func"));
	cr_assert_eq(ir_symbol_name(path[2]), ir_ident_cstr(ctx, "f"));
	/* Too many parts for the room given, a missing part, and a part
	 * that is no symbol table (@g::@x) resolve to nothing. */
	cr_assert_eq(ir_symbol_resolve_path(s, m, ref, path, 2), 0);
	const IrIdent *x = ir_ident_cstr(ctx, "x");
	cr_assert_eq(ir_symbol_resolve_path(s, m, ir_attr_symref(ctx,
	    ir_ident_cstr(ctx, "a"), 1, &x), path, 3), 0);
	cr_assert_eq(ir_symbol_resolve_path(s, m, ir_attr_symref(ctx,
	    ir_ident_cstr(ctx, "g"), 1, &x), path, 3), 0);
	/* From inside @b, @f is found in the nearest table. */
	IrOp *f = path[2];
	const IrAttr *flat = ir_attr_symref(ctx, ir_ident_cstr(ctx, "f"), 0,
	    NULL);
	IrOp *inside = ir_func_create(ctx, NULL, "h",
	    ir_type_function(ctx, 0, NULL, 0, NULL));
	ir_op_move_to_end(inside, ir_module_body(path[1]));
	cr_assert_eq(ir_symbol_cache_lookup(s, inside, flat), f);
	cr_assert_null(ir_symbol_cache_lookup(s, m, flat));
	ir_symbol_cache_destroy(s);
	ir_op_destroy(m);
}
