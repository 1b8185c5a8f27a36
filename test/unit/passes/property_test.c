/* test/unit/passes/property_test.c: canonicalize + cse on random
 * expression DAGs of test ops keep what the function computes (checked
 * by interpreting it before and after on random inputs), and leave no
 * two equal pure ops and no foldable op behind. */
#include <inttypes.h>

#include "test/unit/passes/common.h"

TestSuite(property, .init = passes_setup, .fini = passes_teardown);

enum { NOPS = 120, NRES = 4, NRUNS = 8 };

/* xorshift64: the test's own deterministic generator. */
static uint64_t
rnd(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

/* Appends printf output to a growing string. */
static void
add(char **buf, size_t *len, const char *fmt, ...) IR_PRINTF(3, 4);

static void
add(char **buf, size_t *len, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	char tmp[256];
	int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
	va_end(ap);
	*buf = realloc(*buf, *len + (size_t)n + 1);
	memcpy(*buf + *len, tmp, (size_t)n + 1);
	*len += (size_t)n;
}

/* A function of two i64 arguments: NOPS random ops over the arguments
 * and earlier values (constants are few and small, so equal ops and
 * foldable ones are common), returning NRES of the last values. */
static char *
gen(uint64_t seed)
{
	char *b = NULL;
	size_t n = 0;
	add(&b, &n, "func.func @f(%%a: i64, %%b: i64) -> (i64, i64, i64, "
	    "i64) {\n");
	for (int i = 0; i < NOPS; i++) {
		uint64_t k = rnd(&seed) % 4;
		char x[16], y[16];
		for (int j = 0; j < 2; j++) {
			char *s = j ? y : x;
			uint64_t r = rnd(&seed) % (uint64_t)(i + 2);
			if (r < 2)
				snprintf(s, 16, "%%%c", r ? 'b' : 'a');
			else
				snprintf(s, 16, "%%v%d", (int)r - 2);
		}
		if (k == 0)
			add(&b, &n, "  %%v%d = \"test.constant\"() {value = "
			    "%d : i64} : () -> i64\n", i,
			    (int)(rnd(&seed) % 3));
		else if (k == 3)
			add(&b, &n, "  %%v%d = \"test.negate\"(%s) : (i64) -> "
			    "i64\n", i, x);
		else
			add(&b, &n, "  %%v%d = \"test.%s\"(%s, %s) : (i64, i64)"
			    " -> i64\n", i, k == 1 ? "add" : "mul", x, y);
	}
	add(&b, &n, "  return %%v%d, %%v%d, %%v%d, %%v%d : i64, i64, i64, "
	    "i64\n}\n", NOPS - 1, NOPS - 2, NOPS / 2, NOPS / 3);
	return b;
}

/* Evaluates the function's entry block on (a, b) into out[NRES]: a
 * small interpreter of the test ops with 64-bit wrapping arithmetic. */
typedef struct Env {
	IrValue *keys[4 * NOPS];
	uint64_t vals[4 * NOPS];
	int n;
} Env;

static uint64_t
get(const Env *e, IrValue *v)
{
	for (int i = 0; i < e->n; i++)
		if (e->keys[i] == v)
			return e->vals[i];
	cr_assert_fail("value used before it is defined");
	return 0;
}

static void
eval(IrOp *func, uint64_t a, uint64_t b, uint64_t *out)
{
	Env e = { .n = 2 };
	IrBlock *blk = ir_func_entry(func);
	e.keys[0] = blk->args[0];
	e.vals[0] = a;
	e.keys[1] = blk->args[1];
	e.vals[1] = b;
	for (IrOp *op = blk->first; op; op = op->next) {
		uint64_t r = 0;
		if (ir_op_is(op, "func.return")) {
			for (unsigned i = 0; i < NRES; i++)
				out[i] = get(&e, ir_op_operand(op, i));
			return;
		}
		if (ir_op_is(op, "test.constant"))
			r = (uint64_t)ir_op_attr(op, "value")->u.integer.value;
		else if (ir_op_is(op, "test.negate"))
			r = 0 - get(&e, ir_op_operand(op, 0));
		else if (ir_op_is(op, "test.add"))
			r = get(&e, ir_op_operand(op, 0)) +
			    get(&e, ir_op_operand(op, 1));
		else if (ir_op_is(op, "test.mul"))
			r = get(&e, ir_op_operand(op, 0)) *
			    get(&e, ir_op_operand(op, 1));
		else
			cr_assert_fail("unexpected op %s", ir_op_name_str(op));
		cr_assert_lt(e.n, 4 * NOPS);
		e.keys[e.n] = ir_op_result(op, 0);
		e.vals[e.n++] = r;
	}
}

/* Are two pure ops equal (name, attributes, operands in any order for
 * the commutative ones)? */
static bool
equal_ops(IrOp *x, IrOp *y)
{
	if (x->name != y->name || x->attrs != y->attrs ||
	    x->noperands != y->noperands)
		return false;
	if (x->noperands < 2)
		return x->noperands == 0 ||
		    x->operands[0].value == y->operands[0].value;
	IrValue *a = x->operands[0].value, *b = x->operands[1].value;
	IrValue *c = y->operands[0].value, *d = y->operands[1].value;
	return (a == c && b == d) || (a == d && b == c);
}

static void
check_fixpoint(IrOp *func)
{
	IrBlock *blk = ir_func_entry(func);
	for (IrOp *x = blk->first; x; x = x->next) {
		if (ir_op_is(x, "func.return"))
			continue;
		for (IrOp *y = x->next; y; y = y->next)
			cr_assert_not(!ir_op_is(y, "func.return") &&
			    equal_ops(x, y), "cse left two equal %s",
			    ir_op_name_str(x));
		cr_assert(ir_value_has_uses(ir_op_result(x, 0)),
		    "a dead %s is left", ir_op_name_str(x));
		if (ir_op_is(x, "test.constant"))
			continue;
		bool all_const = true;
		for (unsigned i = 0; i < x->noperands; i++)
			all_const &= ir_value_constant(x->operands[i].value) !=
			    NULL;
		cr_assert_not(all_const, "%s of constants was not folded",
		    ir_op_name_str(x));
	}
}

Test(property, canonicalize_and_cse_keep_the_function)
{
	for (uint64_t seed = 1; seed <= 40; seed++) {
		uint64_t s = seed * 0x9E3779B97F4A7C15ull;
		char *text = gen(s);
		IrOp *m = parse(text);
		IrOp *f = find_op(m, "func.func");
		uint64_t in[NRUNS][2], before[NRUNS][NRES], after[NRUNS][NRES];
		for (int r = 0; r < NRUNS; r++) {
			in[r][0] = rnd(&s) % 7;
			in[r][1] = rnd(&s);
			eval(f, in[r][0], in[r][1], before[r]);
		}
		IrPmOptions o;
		ir_pm_options_default(&o);
		IrPassManager *pm = ir_pm_create(ctx, &o);
		cr_assert(ir_pm_add_pipeline(pm, "canonicalize,cse,"
		    "canonicalize"));
		cr_assert(ir_pm_run(pm, m), "seed %" PRIu64 ": %s", seed,
		    diags.n ? diags.msg[0] : "");
		for (int r = 0; r < NRUNS; r++) {
			eval(f, in[r][0], in[r][1], after[r]);
			for (int i = 0; i < NRES; i++)
				cr_assert_eq(before[r][i], after[r][i],
				    "seed %" PRIu64 " result %d", seed, i);
		}
		check_fixpoint(f);
		ir_pm_destroy(pm);
		ir_op_destroy(m);
		free(text);
	}
}
