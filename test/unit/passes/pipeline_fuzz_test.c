/* test/unit/passes/pipeline_fuzz_test.c: the pipeline parser on random
 * text never crashes and reports exactly one error when it refuses; on
 * random valid pipelines, printing and parsing again is a fixpoint. */
#include "test/unit/passes/common.h"

TestSuite(pipeline_fuzz, .init = passes_setup, .fini = passes_teardown);

static uint64_t
rnd(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

/* Pieces the random text is made of: names, punctuation, options. */
static const char *const pieces[] = {
	"cse", "canonicalize", "inline", "dce", "func.func", "any",
	"builtin.module", "test-options", "(", ")", ",", "{", "}", "=", " ",
	"\"", "max-ops", "i", "il", "sl", "e", "b", "1", "-2", "x", "slow",
	"1,2", "\t", "test-mark-func", "symbol-dce", "{}", "()",
};

Test(pipeline_fuzz, random_text)
{
	uint64_t s = 0x243F6A8885A308D3ull;
	for (int iter = 0; iter < 3000; iter++) {
		char text[256] = "";
		size_t len = 0;
		int n = 1 + (int)(rnd(&s) % 12);
		for (int k = 0; k < n; k++) {
			const char *p = pieces[rnd(&s) %
			    (sizeof pieces / sizeof pieces[0])];
			size_t m = strlen(p);
			if (len + m + 1 >= sizeof text)
				break;
			memcpy(text + len, p, m + 1);
			len += m;
		}
		diags.n = 0;
		IrPassManager *pm = ir_pm_create(ctx, NULL);
		bool ok = ir_pm_add_pipeline(pm, text);
		cr_assert_eq(diags.n, ok ? 0 : 1, "'%s': %d diagnostics", text,
		    diags.n);
		ir_pm_destroy(pm);
	}
}

/* A random valid pipeline: nested op pipelines and passes with options
 * drawn so the anchors always match. */
static void
gen(uint64_t *s, char *out, size_t cap, int depth, bool module)
{
	int n = (int)(rnd(s) % 3);
	for (int k = 0; k < n; k++) {
		if (k)
			strncat(out, ",", cap - strlen(out) - 1);
		uint64_t r = rnd(s) % 6;
		if (r == 0 && depth < 3) {
			strncat(out, module ? "func.func(" : "any(",
			    cap - strlen(out) - 1);
			gen(s, out, cap, depth + 1, false);
			strncat(out, ")", cap - strlen(out) - 1);
		} else if (r == 1 && module) {
			strncat(out, "inline{max-ops=3}", cap - strlen(out) - 1);
		} else if (r == 2) {
			strncat(out, "test-options{il=1,2 e=slow s=\"a b\"}",
			    cap - strlen(out) - 1);
		} else if (r == 3) {
			strncat(out, "canonicalize{fold=false}",
			    cap - strlen(out) - 1);
		} else {
			strncat(out, "cse", cap - strlen(out) - 1);
		}
	}
}

Test(pipeline_fuzz, print_parse_fixpoint)
{
	uint64_t s = 0x13198A2E03707344ull;
	for (int iter = 0; iter < 500; iter++) {
		char text[2048] = "builtin.module(";
		gen(&s, text, sizeof text - 2, 0, true);
		strcat(text, ")");
		IrPassManager *a = ir_pm_create(ctx, NULL);
		cr_assert(ir_pm_add_pipeline(a, text), "%s: %s", text,
		    diags.n ? diags.msg[0] : "");
		char *pa = ir_pm_pipeline_str(a);
		IrPassManager *b = ir_pm_create(ctx, NULL);
		cr_assert(ir_pm_add_pipeline(b, pa), "%s", pa);
		char *pb = ir_pm_pipeline_str(b);
		cr_assert_str_eq(pa, pb);
		free(pa);
		free(pb);
		ir_pm_destroy(a);
		ir_pm_destroy(b);
	}
}
