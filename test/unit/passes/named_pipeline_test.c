/* test/unit/passes/named_pipeline_test.c: named pipelines (IrPassDef
 * .expand): options reach the expansion, a pipeline naming itself stops
 * with an error, an expansion that does not parse is reported. */
#include "test/unit/passes/common.h"

TestSuite(named_pipeline, .init = passes_setup, .fini = passes_teardown);

static const IrPassOption opts[] = {
	{ "n", IR_OPT_INT, "1", "copies of cse", NULL },
};

/* "cse,cse,..." n times. */
static char *
expand_n(const IrPass *pass)
{
	int64_t n = ir_pass_int(pass, "n");
	char *s = ir_xcalloc((size_t)(4 * n + 1), 1);
	for (int64_t i = 0; i < n; i++)
		strcat(s, i ? ",cse" : "cse");
	return s;
}

static char *
expand_self(const IrPass *pass)
{
	(void)pass;
	return ir_xstrndup("cse,test-self", 13);
}

static char *
expand_bad(const IrPass *pass)
{
	(void)pass;
	return ir_xstrndup("cse,,", 5);
}

static const IrPassDef named_n = {
	.argument = "test-named", .summary = "n copies of cse",
	.options = opts, .noptions = 1, .expand = expand_n,
};
static const IrPassDef named_self = {
	.argument = "test-self", .summary = "names itself",
	.expand = expand_self,
};
static const IrPassDef named_bad = {
	.argument = "test-bad", .summary = "does not parse",
	.expand = expand_bad,
};

static char *
pipeline_of(const char *text, bool *ok)
{
	IrPassManager *pm = ir_pm_create(ctx, NULL);
	*ok = ir_pm_add_pipeline(pm, text);
	char *s = ir_pm_pipeline_str(pm);
	ir_pm_destroy(pm);
	return s;
}

Test(named_pipeline, expands_with_its_options)
{
	cr_assert(ir_register_pass(ctx, &named_n));
	bool ok;
	char *s = pipeline_of("dce,test-named{n=3},dce", &ok);
	cr_assert(ok);
	cr_assert_str_eq(s, "builtin.module(dce,cse,cse,cse,dce)");
	free(s);
	s = pipeline_of("func.func(test-named)", &ok);
	cr_assert(ok);
	cr_assert_str_eq(s, "builtin.module(func.func(cse))");
	free(s);
}

Test(named_pipeline, self_reference_is_an_error)
{
	cr_assert(ir_register_pass(ctx, &named_self));
	bool ok;
	free(pipeline_of("test-self", &ok));
	cr_assert_not(ok);
	cr_assert_eq(diags.n, 1);
	cr_assert(strstr(diags.msg[0], "named pipeline 'test-self' expands "
	    "too deeply"), "%s", diags.msg[0]);
}

Test(named_pipeline, bad_expansion_is_reported_in_its_text)
{
	cr_assert(ir_register_pass(ctx, &named_bad));
	bool ok;
	free(pipeline_of("test-bad", &ok));
	cr_assert_not(ok);
	cr_assert_eq(diags.n, 1);
	cr_assert(strstr(diags.msg[0], "expected a pass or op name"), "%s",
	    diags.msg[0]);
}
