/* test/unit/passes/pass_test.c: the pass registry, options, pipeline
 * building and printing, nesting, failure and verification. */
#include "test/unit/passes/common.h"

TestSuite(pass, .init = passes_setup, .fini = passes_teardown);

/* What the recording passes saw, in order. */
static char trail[256];

static void
record(const char *what, IrOp *op)
{
	const IrIdent *sym = ir_symbol_name(op);
	size_t n = strlen(trail);
	snprintf(trail + n, sizeof trail - n, "%s%s@%s", n ? " " : "", what,
	    sym ? sym->str : ir_op_name_str(op));
}

static bool
rec_a(IrOp *op, IrPass *pass)
{
	(void)pass;
	record("a", op);
	return true;
}

static bool
rec_fail(IrOp *op, IrPass *pass)
{
	(void)pass;
	record("fail", op);
	return false;
}

static const IrPassDef def_a = { .argument = "rec-a", .summary = "a",
	.anchor = NULL, .run = rec_a };
static const IrPassDef def_f = { .argument = "rec-f", .summary = "f",
	.anchor = "func.func", .run = rec_a };
static const IrPassDef def_fail = { .argument = "rec-fail",
	.summary = "fails silently", .run = rec_fail };

static const char two_funcs[] =
    "func.func @f() {\n  return\n}\nfunc.func @g() {\n  return\n}\n";

Test(pass, registry_sorted_and_unique)
{
	cr_assert(ir_register_pass(ctx, &def_a));
	cr_assert_not(ir_register_pass(ctx, &def_a));
	cr_assert_str_eq(diags.msg[0], "error: pass 'rec-a' is already "
	    "registered");
	cr_assert_eq(ir_lookup_pass(ctx, "rec-a"), &def_a);
	cr_assert_null(ir_lookup_pass(ctx, "rec"));
	const IrPassDef *d, *prev = NULL;
	for (size_t i = 0; (d = ir_registered_pass(ctx, i)); i++) {
		if (prev)
			cr_assert_lt(strcmp(prev->argument, d->argument), 0);
		prev = d;
	}
}

Test(pass, pipeline_string_shows_defaults)
{
	IrPassManager *pm = ir_pm_create(ctx, NULL);
	cr_assert(ir_pm_add_pipeline(pm, "builtin.module(func.func(cse,"
	    "canonicalize{max-iterations=3}),inline{max-ops=2})"));
	char *s = ir_pm_pipeline_str(pm);
	cr_assert_str_eq(s, "builtin.module(func.func(cse,canonicalize{"
	    "max-iterations=3 max-rewrites=0 fold=true}),inline{max-ops=2 "
	    "max-depth=4 max-growth=1000000})");
	free(s);
	ir_pm_destroy(pm);
}

Test(pass, flags_nest_implicitly)
{
	ir_register_pass(ctx, &def_f);
	ir_register_pass(ctx, &def_a);
	IrPassManager *pm = ir_pm_create(ctx, NULL);
	cr_assert(ir_pm_add_pass(pm, "rec-f", NULL));
	cr_assert(ir_pm_add_pass(pm, "rec-f", NULL));
	cr_assert(ir_pm_add_pass(pm, "rec-a", NULL));
	cr_assert(ir_pm_add_pass(pm, "rec-f", NULL));
	char *s = ir_pm_pipeline_str(pm);
	cr_assert_str_eq(s, "builtin.module(func.func(rec-f,rec-f),rec-a,"
	    "func.func(rec-f))");
	free(s);
	IrOp *m = parse(two_funcs);
	trail[0] = 0;
	cr_assert(ir_pm_run(pm, m));
	/* The nested pipeline runs both passes on @f, then on @g. */
	cr_assert_str_eq(trail, "a@f a@f a@g a@g a@builtin.module a@f a@g");
	ir_op_destroy(m);
	ir_pm_destroy(pm);
}

Test(pass, failure_stops_the_pipeline)
{
	ir_register_pass(ctx, &def_a);
	ir_register_pass(ctx, &def_fail);
	IrPassManager *pm = ir_pm_create(ctx, NULL);
	cr_assert(ir_pm_add_pipeline(pm, "func.func(rec-a,rec-fail,rec-a)"));
	IrOp *m = parse(two_funcs);
	trail[0] = 0;
	cr_assert_not(ir_pm_run(pm, m));
	cr_assert_str_eq(trail, "a@f fail@f");
	/* A pass that fails without a diagnostic gets one. */
	cr_assert_eq(diags.n, 1);
	cr_assert_str_eq(diags.msg[0], "error: pass 'rec-fail' failed");
	ir_op_destroy(m);
	ir_pm_destroy(pm);
}

Test(pass, verify_each_catches_broken_ir)
{
	IrPmOptions o;
	ir_pm_options_default(&o);
	cr_assert(o.verify_each);
	IrPassManager *pm = ir_pm_create(ctx, &o);
	cr_assert(ir_pm_add_pipeline(pm, "test-break-ir,cse"));
	IrOp *m = parse(two_funcs);
	cr_assert_not(ir_pm_run(pm, m));
	cr_assert_str_eq(diags.msg[diags.n - 1], "error: the IR is invalid "
	    "after pass 'test-break-ir'");
	ir_op_destroy(m);
	ir_pm_destroy(pm);
	/* Without verification the run succeeds. */
	o.verify_each = false;
	pm = ir_pm_create(ctx, &o);
	cr_assert(ir_pm_add_pipeline(pm, "test-break-ir"));
	m = parse(two_funcs);
	cr_assert(ir_pm_run(pm, m));
	ir_op_destroy(m);
	ir_pm_destroy(pm);
}

/* A pass that breaks a function (as test-break-ir) but says it changed
 * only the module's attributes; and one that sets a bad module
 * attribute and says so truthfully. */
static bool
lie_run(IrOp *op, IrPass *pass)
{
	IrOp *f = ir_module_body(op)->first;
	ir_op_erase(ir_func_entry(f)->last);
	ir_pass_mark_attrs_only(pass);
	return true;
}

static bool
bad_attr_run(IrOp *op, IrPass *pass)
{
	ir_op_set_attr(op, "sym_visibility", ir_attr_unit(
	    ir_pass_context(pass)));
	ir_pass_mark_attrs_only(pass);
	return true;
}

static const IrPassDef def_lie = { .argument = "rec-lie",
	.summary = "breaks a function, says attributes only",
	.anchor = "builtin.module", .run = lie_run };
static const IrPassDef def_bad_attr = { .argument = "rec-bad-attr",
	.summary = "a bad module attribute", .anchor = "builtin.module",
	.run = bad_attr_run };

static bool
run_verified(const char *pipeline)
{
	IrPmOptions o;
	ir_pm_options_default(&o);
	IrPassManager *pm = ir_pm_create(ctx, &o);
	cr_assert(ir_pm_add_pipeline(pm, pipeline));
	IrOp *m = parse(two_funcs);
	bool ok = ir_pm_run(pm, m);
	ir_op_destroy(m);
	ir_pm_destroy(pm);
	return ok;
}

/* After a pass marked attributes-only, the op it ran on is verified
 * alone when the IR was verified whole just before it; otherwise (the
 * first pass of a run: its input is not known to be valid) whole. */
Test(pass, attrs_only_verifies_the_op_alone)
{
	ir_register_pass(ctx, &def_a);
	ir_register_pass(ctx, &def_lie);
	ir_register_pass(ctx, &def_bad_attr);
	/* First in the run: verified whole, the broken function found. */
	cr_assert_not(run_verified("rec-lie"));
	cr_assert_str_eq(diags.msg[diags.n - 1], "error: the IR is invalid "
	    "after pass 'rec-lie'");
	/* After a verified pass: only the module's own rules (the
	 * contract: the function's change goes unverified). */
	cr_assert(run_verified("rec-a,rec-lie"));
	/* The next pass, not marked, verifies the whole IR again. */
	cr_assert_not(run_verified("rec-a,rec-lie,rec-a"));
	/* The module's own attributes are still checked. */
	cr_assert_not(run_verified("rec-a,rec-bad-attr"));
	cr_assert_str_eq(diags.msg[diags.n - 1], "error: the IR is invalid "
	    "after pass 'rec-bad-attr'");
}

Test(pass, option_values)
{
	IrPassManager *pm = ir_pm_create(ctx, NULL);
	cr_assert(ir_pm_add_pipeline(pm, "test-options{i=-42 b=1 s={x y} "
	    "e=slow il=5,-6 sl=p,q,r}"));
	IrOp *m = parse(two_funcs);
	cr_assert(ir_pm_run(pm, m));
	cr_assert_str_eq(diags.msg[0], "remark: test-options: i=-42 b=1 "
	    "s='x y' e=slow il=[5,-6] sl=['p','q','r']");
	ir_op_destroy(m);
	ir_pm_destroy(pm);
}

Test(pass, int_option_range)
{
	IrPassManager *pm = ir_pm_create(ctx, NULL);
	cr_assert(ir_pm_add_pipeline(pm,
	    "test-options{i=-9223372036854775808}"));
	cr_assert_not(ir_pm_add_pipeline(pm,
	    "test-options{i=9223372036854775808}"));
	cr_assert_not(ir_pm_add_pipeline(pm, "test-options{i=1x}"));
	cr_assert_not(ir_pm_add_pipeline(pm, "test-options{i=}"));
	cr_assert_eq(diags.n, 3);
	ir_pm_destroy(pm);
}

Test(pass, run_needs_a_module)
{
	IrPassManager *pm = ir_pm_create(ctx, NULL);
	IrOp *m = parse(two_funcs);
	IrOp *f = find_op(m, "func.func");
	cr_assert_not(ir_pm_run(pm, f));
	cr_assert_str_eq(diags.msg[0], "error: the pass pipeline runs on "
	    "'builtin.module', not on 'func.func'");
	ir_op_destroy(m);
	ir_pm_destroy(pm);
}
