/* test/unit/passes/inline_test.c: inline, with limits that do not stop
 * it (1000 rounds, 100000 ops), on random call graphs of multi-block
 * functions that call each other and themselves: it ends quickly, the
 * result verifies, and recursion was not unrolled (the module stays
 * small). */
#include <inttypes.h>

#include "test/unit/passes/common.h"

TestSuite(inline_calls, .init = passes_setup, .fini = passes_teardown);

enum { NFUNCS = 6, NGRAPHS = 40 };

static uint64_t
rnd(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

/* NFUNCS functions @f0..: each calls two random functions (itself
 * included), one in its entry block and one in a branch. */
static char *
gen(uint64_t seed)
{
	char *b = NULL;
	size_t n = 0;
	FILE *f = open_memstream(&b, &n);
	for (int i = 0; i < NFUNCS; i++) {
		int j = (int)(rnd(&seed) % NFUNCS), k = (int)(rnd(&seed) %
		    NFUNCS);
		fprintf(f, "func.func @f%d(%%c: i1, %%x: i64) -> i64 {\n"
		    "  %%0 = \"test.add\"(%%x, %%x) : (i64, i64) -> i64\n"
		    "  %%1 = \"func.call\"(%%c, %%0) {callee = @f%d} : "
		    "(i1, i64) -> i64\n"
		    "  \"cf.cond_br\"(%%c, %%1, %%x)[^bb1, ^bb2] "
		    "{operand_segment_sizes = dense<1> : vector<3xi32>} : "
		    "(i1, i64, i64) -> ()\n"
		    "^bb1(%%y: i64):\n"
		    "  %%2 = \"func.call\"(%%c, %%y) {callee = @f%d} : "
		    "(i1, i64) -> i64\n"
		    "  return %%2 : i64\n"
		    "^bb2(%%z: i64):\n"
		    "  return %%z : i64\n}\n", i, j, k);
	}
	fclose(f);
	return b;
}

typedef struct Count {
	size_t ops, calls;
} Count;

static IrWalkResult
count(IrOp *op, void *user)
{
	Count *c = user;
	c->ops++;
	c->calls += ir_op_is(op, "func.call");
	return IR_WALK_ADVANCE;
}

Test(inline_calls, random_recursive_graphs_end_and_verify, .timeout = 60)
{
	for (uint64_t g = 1; g <= NGRAPHS; g++) {
		char *text = gen(g * 0x9E3779B97F4A7C15ull);
		IrOp *m = parse(text);
		IrPassManager *pm = ir_pm_create(ctx, NULL);
		cr_assert(ir_pm_add_pipeline(pm,
		    "inline{max-depth=1000 max-ops=100000}"));
		cr_assert(ir_pm_run(pm, m), "graph %" PRIu64 ": %s", g,
		    diags.n ? diags.msg[0] : "");
		cr_assert(ir_verify(m), "graph %" PRIu64 " does not verify: %s",
		    g, diags.n ? diags.msg[0] : "");
		/* Every function calls another, so some cycle remains and
		 * its calls stay; a body is copied into a caller outside
		 * its cycle at most once per chain of components, so the
		 * module stays far below what unrolling would make. */
		Count c = { 0, 0 };
		ir_op_walk(m, IR_WALK_PRE, count, &c);
		cr_assert_gt(c.calls, 0, "recursion cannot vanish");
		cr_assert_lt(c.ops, 2000, "graph %" PRIu64 ": %zu ops", g,
		    c.ops);
		ir_pm_destroy(pm);
		ir_op_destroy(m);
		free(text);
	}
}
