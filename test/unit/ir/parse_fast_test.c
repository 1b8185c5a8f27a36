/* test/unit/ir/parse_fast_test.c: the parser's fast path (parse_fast.c)
 * against the grammar on the forms it takes: attribute dictionaries,
 * result counts, trailing loc("name"). Each op is parsed twice, once
 * with a blank after its name (the fast path takes it) and once with a
 * carriage return there (a blank to the lexer, which the fast path does
 * not skip, so the grammar parses it): the printed IR, or the first
 * error with its line and column, must be the same. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir/internal.h"

typedef struct Result {
	bool ok;
	char *text;       /* printed IR (generic, with locations) */
	int nerr;
	char first[256];
	unsigned line, col;
} Result;

static void
collect(IrContext *ctx, const IrDiagnostic *d, void *user)
{
	Result *r = user;
	const IrLoc *l = ir_loc_file_of(d->loc);

	(void)ctx;
	if (d->severity != IR_SEV_ERROR)
		return;
	if (r->nerr++ == 0) {
		snprintf(r->first, sizeof r->first, "%s", d->message);
		r->line = l ? l->u.file.line : 0;
		r->col = l ? l->u.file.col : 0;
	}
}

/* Parses the ops of body, each `@` replaced by blank, and prints. */
static Result
run(const char *body, char blank)
{
	static const char *head = "%x = \"t.src\"() : () -> tensor<4xf32>\n";
	IrContext *ctx = ir_context_create();
	size_t n = strlen(head) + strlen(body) + 1;
	char *text = malloc(n), *c;
	Result r;
	IrOp *m;

	memset(&r, 0, sizeof r);
	snprintf(text, n, "%s%s", head, body);
	for (c = text; (c = strchr(c, '@')) != NULL; c++)
		*c = blank;
	ir_context_set_allow_unregistered(ctx, true);
	ir_context_set_diag_handler(ctx, collect, &r);
	m = ir_parse_string(ctx, "t.mlir", text, strlen(text));
	r.ok = m != NULL;
	if (m) {
		size_t len = 0;
		FILE *f = open_memstream(&r.text, &len);
		IrPrintFlags flags = { .generic = true, .debuginfo = true };

		cr_assert_not_null(f);
		ir_print_op(f, m, &flags);
		fclose(f);
		ir_op_destroy(m);
	}
	ir_context_destroy(ctx);
	free(text);
	return r;
}

/* The fast path and the grammar agree on body; it parses iff ok. */
static void
same(const char *body, bool ok)
{
	Result f = run(body, ' '), g = run(body, '\r');

	cr_assert_eq(g.ok, ok, "grammar on %s: %s", body, g.first);
	cr_assert_eq(f.ok, g.ok, "%s", body);
	if (ok) {
		cr_assert_str_eq(f.text, g.text, "%s", body);
	} else {
		cr_assert_str_eq(f.first, g.first, "%s", body);
		cr_assert_eq(f.line, g.line, "%s", body);
		cr_assert_eq(f.col, g.col, "%s", body);
	}
	cr_assert_eq(f.nerr, g.nerr, "%s", body);
	free(f.text);
	free(g.text);
}

Test(parse_fast, dictionaries)
{
	static const char *ok[] = {
		"%c = \"t.conv\"@(%x, %x) {dilations = [1, 1], groups = 1 : "
		    "i64, layout = \"NHWC\", padding = [1, 1, 1, 1]} : "
		    "(tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>\n",
		"%r = \"t.relu6\"@(%x) {max = 6.000000e+00 : f32, min = -0.5 "
		    ": f16, flag, u = unit, b = true, c = false, \"q k\" = "
		    "\"s\" : i32, n = -3, h = 0x1F : i8, big = 1.0e300} : "
		    "(tensor<4xf32>) -> tensor<4xf32>\n",
		"\"t.a\"@() {} : () -> ()\n",
		("\"t.a\"@() {e = [], m = [1.5, \"a\", true, -2 : i8, "
		    "unit]} : () -> ()\n"),
		"\"t.a\"@() {z = 1 : i1, s = \"\", k = 7 : index} : () -> ()\n",
		"\"t.a\"@() {f = 1.0e999 : f32, g = -1.0e999} : () -> ()\n",
		/* Nested arrays: left to the grammar. */
		"\"t.a\"@() {k = [1, [2]]} : () -> ()\n",
	};

	for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++)
		same(ok[i], true);
}

Test(parse_fast, dense)
{
	static const char *ok[] = {
		"%w = \"t.c\"@() {value = dense<[0.0775770247, -0.5, 1.0e-3, "
		    "2.0]> : tensor<4xf32>} : () -> tensor<4xf32>\n",
		"%w = \"t.c\"@() {value = dense<-0.495015651> : "
		    "tensor<4xf32>} : () -> tensor<4xf32>\n",
		"%w = \"t.c\"@() {value = dense<\"0x0000803F00000040000040400"
		    "0008040\"> : tensor<4xf32>} : () -> tensor<4xf32>\n",
		"\"t.c\"@() {a = dense<[[1, 2], [3, -4]]> : tensor<2x2xi8>, "
		    "b = dense<> : tensor<0xf32>, c = dense<[true, false]> : "
		    "tensor<2xi1>, d = dense<[]> : tensor<0xi8>} : () -> ()\n",
	};

	for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++)
		same(ok[i], true);
}

Test(parse_fast, results_and_locations)
{
	static const char *ok[] = {
		"%s:2 = \"t.split\"@(%x) {axis = 3 : i64, sizes = [2, 2]} : "
		    "(tensor<4xf32>) -> (tensor<2xf32>, tensor<2xf32>)\n"
		    "\"t.use\"@(%s#1, %s#0) : (tensor<2xf32>, tensor<2xf32>) "
		    "-> ()\n",
		"%a:2, %b = \"t.three\"@() {} : () -> (i32, i32, f32)\n"
		    "\"t.use\"@(%a#1, %b) : (i32, f32) -> ()\n",
		"%y = \"t.n\"@(%x) : (tensor<4xf32>) -> tensor<4xf32> "
		    "loc(\"layer0/op4\")\n"
		    "%z = \"t.n\"@(%y) {k = 1} : (tensor<4xf32>) -> "
		    "tensor<4xf32> loc(\"a loc(b\")\n"
		    "%w = \"t.n\"@(%z) {k = 1} : (tensor<4xf32>) -> "
		    "tensor<4xf32> loc(\"a loc(b\")\n",
		/* The same type text with and without a location. */
		"%y = \"t.n\"@(%x) : (tensor<4xf32>) -> tensor<4xf32>\n"
		    "%z = \"t.n\"@(%y) : (tensor<4xf32>) -> tensor<4xf32>  "
		    "loc(\"q\")\n"
		    "%w = \"t.n\"@(%z) : (tensor<4xf32>) -> tensor<4xf32>\n",
	};

	for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++)
		same(ok[i], true);
}

/* Errors inside what the fast path takes: the grammar's message at the
 * grammar's place. */
Test(parse_fast, errors)
{
	static const char *bad[] = {
		"%s:0 = \"t.a\"@() : () -> i32\n",
		"%s:3 = \"t.a\"@() : () -> (i32, i32)\n",
		"%s:99999999999999999999 = \"t.a\"@() : () -> i32\n",
		"\"t.a\"@() {k = 300 : i8} : () -> ()\n",
		"\"t.a\"@() {k = 1, k = 2} : () -> ()\n",
		"\"t.a\"@() {k = 99999999999999999999999} : () -> ()\n",
		"\"t.a\"@() {d = dense<[1.0, 2.0]> : tensor<3xf32>} : "
		    "() -> ()\n",
		"\"t.a\"@() {d = dense<[[1, 2], [3]]> : tensor<2x2xi8>} : "
		    "() -> ()\n",
		"\"t.a\"@() {d = dense<\"0x00\"> : tensor<4xf32>} : () -> ()\n",
		"\"t.a\"@() {d = dense<1.5> : tensor<4xi8>} : () -> ()\n",
		"\"t.a\"@() {d = dense<[1.0, 2]> : tensor<2xf32>} : "
		    "() -> ()\n",
		"\"t.a\"@() {f = 1.5 : i32} : () -> ()\n",
		"\"t.a\"@(%x) {k = 1} : (i32) -> ()\n",
		"%x = \"t.a\"@() {k = 1} : () -> i32\n",
		"\"t.a\"@(%nope) {k = 1} : (i32) -> () loc(\"n\")\n",
		"\"t.a\"@() {k = 1 : tensor<2xi8>} : () -> ()\n",
		"%s:2 = \"t.a\"@() {k = 1} : () -> i32\n",
	};

	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
		same(bad[i], false);
}
