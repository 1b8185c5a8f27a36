/* test/lib/test_ops.c: a small test dialect (constants, integer add, mul
 * and negate with fold hooks and a pattern, an op with side effects, a
 * never-converging op) and test passes, for the pass infrastructure's
 * tests and benchmarks. */
#include <string.h>

#include "test/lib/test_ops.h"
#include "ir/rewrite.h"

/* ---------------------------------------------------------------- ops */

static bool
verify_constant(IrOp *op)
{
	if (ir_op_attr(op, "value"))
		return true;
	ir_op_emit_error(op, "requires a 'value' attribute");
	return false;
}

static bool
fold_constant(IrOp *op, const IrAttr *const *operands, IrFoldResult *res)
{
	(void)operands;
	res[0].attr = ir_op_attr(op, "value");
	return res[0].attr != NULL;
}

/* The integer value of a constant operand; false when not one. */
static bool
int_of(const IrAttr *a, int64_t *v)
{
	if (!a || a->kind != IR_ATTR_INTEGER)
		return false;
	*v = a->u.integer.value;
	return true;
}

/* Folds a binary integer op: both constant gives the result of `f`;
 * x op identity gives x (either side: the ops are commutative). */
static bool
fold_binary(IrOp *op, const IrAttr *const *cst, IrFoldResult *res,
    int64_t identity, bool is_mul)
{
	int64_t a = 0, b = 0;
	bool ka = int_of(cst[0], &a), kb = int_of(cst[1], &b);
	IrContext *ctx = ir_op_context(op);
	const IrType *t = ir_op_result(op, 0)->type;
	if (ka && kb) {
		uint64_t r = is_mul ? (uint64_t)a * (uint64_t)b :
		    (uint64_t)a + (uint64_t)b;
		res[0].attr = ir_attr_int(ctx, t, (int64_t)r);
		return true;
	}
	if (kb && b == identity) {
		res[0].value = ir_op_operand(op, 0);
		return true;
	}
	if (ka && a == identity) {
		res[0].value = ir_op_operand(op, 1);
		return true;
	}
	return false;
}

static bool
fold_add(IrOp *op, const IrAttr *const *cst, IrFoldResult *res)
{
	return fold_binary(op, cst, res, 0, false);
}

static bool
fold_mul(IrOp *op, const IrAttr *const *cst, IrFoldResult *res)
{
	return fold_binary(op, cst, res, 1, true);
}

static bool
fold_negate(IrOp *op, const IrAttr *const *cst, IrFoldResult *res)
{
	int64_t a;
	if (!int_of(cst[0], &a))
		return false;
	res[0].attr = ir_attr_int(ir_op_context(op), ir_op_result(op, 0)->type,
	    (int64_t)(0 - (uint64_t)a));
	return true;
}

/* negate(negate(x)) -> x */
static bool
double_negate(IrOp *op, IrRewriter *rw, const void *data)
{
	(void)data;
	IrOp *inner = ir_value_def_op(ir_op_operand(op, 0));
	if (!inner || !ir_op_is(inner, "test.negate"))
		return false;
	IrValue *x = ir_op_operand(inner, 0);
	ir_rewriter_replace_op(rw, op, &x);
	return true;
}

static void
canon_negate(IrContext *ctx, IrPatternSet *set)
{
	(void)ctx;
	ir_pattern_set_add(set, &(IrPattern){ .name = "double-negate",
	    .root = "test.negate", .benefit = 1, .fn = double_negate });
}

/* test.grow: n -> n + 1, forever (tests the non-convergence error). */
static bool
grow(IrOp *op, IrRewriter *rw, const void *data)
{
	(void)data;
	IrContext *ctx = ir_rewriter_context(rw);
	const IrAttr *n = ir_op_attr(op, "n");
	int64_t v = n && n->kind == IR_ATTR_INTEGER ? n->u.integer.value : 0;
	ir_rewriter_set_attr(rw, op, "n",
	    ir_attr_int(ctx, ir_type_int(ctx, 64, IR_SIGNLESS), v + 1));
	return true;
}

static void
canon_grow(IrContext *ctx, IrPatternSet *set)
{
	(void)ctx;
	ir_pattern_set_add(set, &(IrPattern){ .name = "grow",
	    .root = "test.grow", .benefit = 1, .fn = grow });
}

#define BINARY(n, f, s) { .name = n, .traits = IR_TRAIT_PURE | \
	IR_TRAIT_COMMUTATIVE | IR_TRAIT_SAME_TYPE, .min_operands = 2, \
	.max_operands = 2, .nresults = 1, .summary = s, .fold = f }

static const IrOpDef test_ops[] = {
	{ .name = "test.constant", .traits = IR_TRAIT_PURE, .nresults = 1,
	  .summary = "A constant holding its `value` attribute",
	  .verify = verify_constant, .fold = fold_constant },
	BINARY("test.add", fold_add, "Integer addition"),
	BINARY("test.mul", fold_mul, "Integer multiplication"),
	{ .name = "test.negate", .traits = IR_TRAIT_PURE |
	  IR_TRAIT_SAME_TYPE, .min_operands = 1, .max_operands = 1,
	  .nresults = 1, .summary = "Integer negation",
	  .fold = fold_negate, .canonicalize = canon_negate },
	/* Pure, not commutative, no folder: what mlir-opt-14's CSE sees
	 * in arith.addi / arith.muli (it ignores commutativity). */
	{ .name = "test.pure_add", .traits = IR_TRAIT_PURE | IR_TRAIT_SAME_TYPE,
	  .min_operands = 2, .max_operands = 2, .nresults = 1,
	  .summary = "Pure, not commutative, no folder (benchmarks)" },
	{ .name = "test.pure_mul", .traits = IR_TRAIT_PURE | IR_TRAIT_SAME_TYPE,
	  .min_operands = 2, .max_operands = 2, .nresults = 1,
	  .summary = "Pure, not commutative, no folder (benchmarks)" },
	{ .name = "test.effect", .max_operands = IR_VARIADIC,
	  .nresults = IR_VARIADIC, .summary = "An op with side effects" },
	{ .name = "test.region", .traits = IR_TRAIT_NO_TERMINATOR,
	  .nregions = IR_VARIADIC, .summary = "Holds regions, not isolated" },
	{ .name = "test.pure_region", .traits = IR_TRAIT_PURE |
	  IR_TRAIT_NO_TERMINATOR, .nregions = IR_VARIADIC,
	  .nresults = IR_VARIADIC, .max_operands = IR_VARIADIC,
	  .summary = "Pure itself; dead only when what it holds is pure" },
	{ .name = "test.isolated", .traits = IR_TRAIT_NO_TERMINATOR |
	  IR_TRAIT_ISOLATED, .nregions = IR_VARIADIC,
	  .summary = "Holds regions isolated from above" },
	{ .name = "test.grow", .max_operands = IR_VARIADIC,
	  .nresults = IR_VARIADIC, .canonicalize = canon_grow,
	  .summary = "Its pattern rewrites it forever" },
};

static IrOp *
materialize_test(IrBuilder *b, const IrAttr *value, const IrType *type,
    const IrLoc *loc)
{
	IrContext *ctx = b->ctx;
	IrNamedAttr na = { ir_ident_cstr(ctx, "value"), value };
	IrOpState st = {
		.name = ir_op_name_get(ctx, "test.constant", 13),
		.loc = loc,
		.nresults = 1,
		.result_types = &type,
		.attrs = ir_attr_dict(ctx, 1, &na),
	};
	return ir_builder_create(b, &st);
}

/* ---------------------------------------------------------------- passes */

static bool
fail_run(IrOp *op, IrPass *pass)
{
	ir_op_emit_error(op, "test-fail: %s", ir_pass_string(pass, "message"));
	return false;
}

/* Appends "name=value" for every option to a remark. */
static bool
options_run(IrOp *op, IrPass *pass)
{
	char buf[512];
	size_t n, k = 0;
	const int64_t *il = ir_pass_int_list(pass, "il", &n);
	k += (size_t)snprintf(buf + k, sizeof buf - k, "i=%lld b=%d s='%s' "
	    "e=%s il=[", (long long)ir_pass_int(pass, "i"),
	    ir_pass_bool(pass, "b"), ir_pass_string(pass, "s"),
	    ir_pass_string(pass, "e"));
	for (size_t i = 0; i < n && k < sizeof buf - 64; i++)
		k += (size_t)snprintf(buf + k, sizeof buf - k, "%s%lld",
		    i ? "," : "", (long long)il[i]);
	const char *const *sl = ir_pass_string_list(pass, "sl", &n);
	k += (size_t)snprintf(buf + k, sizeof buf - k, "] sl=[");
	for (size_t i = 0; i < n && k < sizeof buf - 64; i++)
		k += (size_t)snprintf(buf + k, sizeof buf - k, "%s'%s'",
		    i ? "," : "", sl[i]);
	snprintf(buf + k, sizeof buf - k, "]");
	ir_emit(ir_pass_context(pass), IR_SEV_REMARK, ir_op_loc(op),
	    "test-options: %s", buf);
	return true;
}

static IrWalkResult
break_first_func(IrOp *op, void *user)
{
	(void)user;
	if (!ir_op_is(op, "func.func") || !ir_func_entry(op))
		return IR_WALK_ADVANCE;
	IrOp *t = ir_block_terminator(ir_func_entry(op));
	if (t)
		ir_op_erase(t);
	return IR_WALK_INTERRUPT;
}

static bool
break_run(IrOp *op, IrPass *pass)
{
	(void)pass;
	ir_op_walk(op, IR_WALK_PRE, break_first_func, NULL);
	return true;
}

static bool
mark_run(IrOp *op, IrPass *pass)
{
	ir_op_set_attr(op, "test.visited", ir_attr_unit(ir_pass_context(pass)));
	ir_pass_stat_add(pass, "num-visited", 1);
	return true;
}

static const IrPassOption fail_opts[] = {
	{ "message", IR_OPT_STRING, "failure requested", "the error text",
	  NULL },
};

static const char *const speeds[] = { "fast", "slow", NULL };

static const IrPassOption opt_opts[] = {
	{ "i", IR_OPT_INT, "0", "an int", NULL },
	{ "b", IR_OPT_BOOL, "false", "a bool", NULL },
	{ "s", IR_OPT_STRING, "", "a string", NULL },
	{ "e", IR_OPT_ENUM, "fast", "an enum", speeds },
	{ "il", IR_OPT_INT_LIST, "", "an int list", NULL },
	{ "sl", IR_OPT_STRING_LIST, "", "a string list", NULL },
};

static const IrPassStatistic mark_stats[] = {
	{ "num-visited", "functions visited" },
};

static const IrPassDef test_passes[] = {
	{ .argument = "test-fail", .summary = "Fail with an error",
	  .options = fail_opts, .noptions = 1, .run = fail_run },
	{ .argument = "test-options", .summary = "Report the option values "
	  "as a remark", .options = opt_opts,
	  .noptions = sizeof opt_opts / sizeof opt_opts[0],
	  .run = options_run },
	{ .argument = "test-break-ir", .summary = "Erase the terminator of "
	  "the first function (the IR becomes invalid)", .run = break_run },
	{ .argument = "test-mark-func", .summary = "Set test.visited on "
	  "each function", .anchor = "func.func", .stats = mark_stats,
	  .nstats = 1, .run = mark_run },
};

void
passes_register_test(IrContext *ctx)
{
	for (size_t i = 0; i < sizeof test_ops / sizeof test_ops[0]; i++)
		ir_register_op(ctx, &test_ops[i]);
	ir_register_constant_materializer(ctx, "test", materialize_test);
	for (size_t i = 0; i < sizeof test_passes / sizeof test_passes[0]; i++)
		ir_register_pass(ctx, &test_passes[i]);
}
