/* test/unit/ir/lex_test.c: the re2c lexer (token kinds and text, dimension
 * lists, strings and escapes, numbers, errors, line and column tracking)
 * and the parse driver through ir_parse. */
#include <criterion/criterion.h>
#include <criterion/redirect.h>
#include <stdlib.h>
#include <string.h>

#include "ir/parser.h"
#include "parse.h"

/* Lexes all of s (NUL-terminated) into toks; returns the count, the
 * final EOF or error token included. */
static size_t
lex_all(const char *s, size_t len, IrLexer *lx, IrToken *toks, size_t max)
{
	size_t n = 0;

	ir_lexer_init(lx, s, len, 1);
	while (n < max) {
		int k = ir_lex(lx, &toks[n++]);

		if (k == IR_TK_EOF || k == IR_TK_ERROR)
			break;
	}
	return n;
}

/* Lexes s and checks the kinds (terminated by IR_TK_EOF). */
static void
expect_kinds(const char *s, const int *kinds)
{
	IrLexer lx;
	IrToken toks[64];
	size_t n = lex_all(s, strlen(s), &lx, toks, 64), i;

	for (i = 0; i < n; i++) {
		cr_assert_eq(toks[i].kind, kinds[i],
		    "'%s' token %zu ('%.*s'): kind %d, want %d", s, i,
		    (int)toks[i].len, toks[i].s, toks[i].kind, kinds[i]);
		if (kinds[i] == IR_TK_EOF)
			return;
	}
	cr_assert_fail("'%s': no EOF", s);
}

static void
expect_text(const IrToken *t, const char *text)
{
	cr_assert_eq(t->len, strlen(text), "'%.*s' vs '%s'", (int)t->len,
	    t->s, text);
	cr_assert(memcmp(t->s, text, t->len) == 0);
}

Test(lex, punctuation)
{
	const int k[] = { TK_LPAREN, TK_RPAREN, TK_LBRACKET, TK_RBRACKET,
	    TK_LBRACE, TK_RBRACE, TK_LT, TK_GT, TK_COMMA, TK_COLON,
	    TK_COLONCOLON, TK_EQUAL, TK_ARROW, TK_MINUS, TK_PLUS, TK_STAR,
	    TK_QUESTION, IR_TK_EOF };

	expect_kinds("( ) [ ] { } < > , : :: = -> - + * ?", k);
}

Test(lex, identifiers)
{
	const int k[] = { TK_VALUE_ID, TK_VALUE_ID, TK_VALUE_ID, TK_CARET_ID,
	    TK_AT_ID, TK_AT_ID, TK_TYPE_ALIAS, TK_ATTR_ALIAS, TK_DIALECT_TYPE,
	    TK_DIALECT_ATTR, TK_BARE, TK_BARE, IR_TK_EOF };
	const char *s = "%0 %arg$.x-1 %x#12 ^bb0 @f @\"q s\" !al #al !d.t "
	    "#d.a foo_bar a.b$c";
	IrLexer lx;
	IrToken t[32];

	expect_kinds(s, k);
	lex_all(s, strlen(s), &lx, t, 32);
	expect_text(&t[1], "%arg$.x-1");
	expect_text(&t[2], "%x#12");
	expect_text(&t[5], "@\"q s\"");
	expect_text(&t[11], "a.b$c");
}

Test(lex, keywords_and_types)
{
	const int k[] = { TK_INTTYPE, TK_INTTYPE, TK_INTTYPE, TK_F16, TK_BF16,
	    TK_F32, TK_F64, TK_INDEX, TK_NONE, TK_TENSOR, TK_MEMREF,
	    TK_VECTOR, TK_TUPLE, TK_DENSE, TK_AFFINE_MAP, TK_STRIDED,
	    TK_LOC, TK_FUNC, TK_FUNC, TK_MODULE, TK_RETURN, TK_TRUE,
	    TK_FALSE, TK_UNIT, TK_QUANT_UNIFORM, TK_BARE, IR_TK_EOF };

	expect_kinds("i32 si8 ui1 f16 bf16 f32 f64 index none tensor memref "
	    "vector tuple dense affine_map strided loc func func.func module "
	    "return true false unit !quant.uniform i32x", k);
}

Test(lex, numbers)
{
	const int k[] = { TK_INTEGER, TK_INTEGER, TK_FLOAT, TK_FLOAT,
	    TK_FLOAT, TK_MINUS, TK_FLOAT, TK_INTEGER, TK_BARE, IR_TK_EOF };
	const char *s = "42 0x1F 1.0 1. 2.5e-3 -7.5E+2 0 xf32";
	IrLexer lx;
	IrToken t[16];

	expect_kinds(s, k);
	lex_all(s, strlen(s), &lx, t, 16);
	expect_text(&t[1], "0x1F");
	expect_text(&t[3], "1.");
	expect_text(&t[4], "2.5e-3");
	expect_text(&t[6], "7.5E+2");
}

Test(lex, hex_needs_digits)
{
	/* `0x` without hex digits is 0 then the identifier x. */
	const int k[] = { TK_INTEGER, TK_BARE, IR_TK_EOF };

	expect_kinds("0xg", k);
}

Test(lex, dims_only_in_dim_mode)
{
	const char *s = "4x4xf32 ?x*xi8 0xf32";
	IrLexer lx;
	IrToken t;
	const int want[] = { TK_DIM, TK_DIM, TK_F32, TK_DIM, TK_UNRANKED,
	    TK_INTTYPE, TK_DIM, TK_F32, IR_TK_EOF };
	size_t i;

	ir_lexer_init(&lx, s, strlen(s), 1);
	for (i = 0; i < sizeof want / sizeof want[0]; i++) {
		/* Dims mode stays on while dims continue; turn it back on
		 * where a new list would start (the pump does this after
		 * `tensor<`). */
		if (i == 0 || i == 3 || i == 6)
			lx.dims = true;
		cr_assert_eq(ir_lex(&lx, &t), want[i], "token %zu", i);
	}
	ir_lexer_init(&lx, "0xf32", 5, 1);
	cr_assert_eq(ir_lex(&lx, &t), TK_INTEGER, "not a dim outside lists");
	expect_text(&t, "0xf32");
}

Test(lex, dim_text)
{
	IrLexer lx;
	IrToken t;

	ir_lexer_init(&lx, "12x?x", 5, 1);
	lx.dims = true;
	cr_assert_eq(ir_lex(&lx, &t), TK_DIM);
	expect_text(&t, "12x");
	cr_assert_eq(ir_lex(&lx, &t), TK_DIM);
	expect_text(&t, "?x");
	cr_assert_eq(ir_lex(&lx, &t), IR_TK_EOF);
}

Test(lex, strings_and_escapes)
{
	const char *s = "\"a\\tb\\\"c\\\\d\\n\\0A\\ff\"";
	IrLexer lx;
	IrToken t;
	size_t n;
	char *u;

	ir_lexer_init(&lx, s, strlen(s), 1);
	cr_assert_eq(ir_lex(&lx, &t), TK_STRING);
	cr_assert_eq(t.len, strlen(s));
	u = ir_lex_unescape(t.s + 1, t.len - 2, &n);
	cr_assert_eq(n, 10);
	cr_assert(memcmp(u, "a\tb\"c\\d\n\n\xff", 10) == 0);
	free(u);
}

Test(lex, string_errors)
{
	IrLexer lx;
	IrToken t;

	ir_lexer_init(&lx, "\"abc", 4, 1);
	cr_assert_eq(ir_lex(&lx, &t), IR_TK_ERROR);
	cr_assert_str_eq(lx.err, "expected '\"' in string literal");
	ir_lexer_init(&lx, "\"ab\ncd\"", 7, 1);
	cr_assert_eq(ir_lex(&lx, &t), IR_TK_ERROR);
	cr_assert_str_eq(lx.err, "expected '\"' in string literal");
	ir_lexer_init(&lx, "\"a\\qb\"", 6, 1);
	cr_assert_eq(ir_lex(&lx, &t), IR_TK_ERROR);
	cr_assert_str_eq(lx.err, "unknown escape in string literal");
}

Test(lex, nul_and_garbage)
{
	static const char nul[] = "%a \0 %b";
	IrLexer lx;
	IrToken t;

	ir_lexer_init(&lx, nul, sizeof nul - 1, 1);
	cr_assert_eq(ir_lex(&lx, &t), TK_VALUE_ID);
	cr_assert_eq(ir_lex(&lx, &t), IR_TK_ERROR);
	cr_assert_str_eq(lx.err, "unexpected NUL byte");
	cr_assert_eq(lx.errpos, nul + 3);
	ir_lexer_init(&lx, "\x01", 1, 1);
	cr_assert_eq(ir_lex(&lx, &t), IR_TK_ERROR);
	cr_assert_str_eq(lx.err, "unexpected character");
	ir_lexer_init(&lx, "%", 1, 1);
	cr_assert_eq(ir_lex(&lx, &t), IR_TK_ERROR);
	cr_assert_str_eq(lx.err, "invalid identifier after prefix character");
}

Test(lex, pretty_dialect_bodies)
{
	const char *s = "!d.t<1, \"x>\", [a<b>], (x) -> y> !d.u<(]>";
	IrLexer lx;
	IrToken t;

	ir_lexer_init(&lx, s, strlen(s), 1);
	cr_assert_eq(ir_lex(&lx, &t), TK_DIALECT_TYPE);
	expect_text(&t, "!d.t<1, \"x>\", [a<b>], (x) -> y>");
	cr_assert_eq(ir_lex(&lx, &t), IR_TK_ERROR);
	cr_assert_str_eq(lx.err,
	    "unbalanced character in pretty dialect name");
	ir_lexer_init(&lx, "#d.a<[1", 7, 1);
	cr_assert_eq(ir_lex(&lx, &t), IR_TK_ERROR);
	cr_assert_str_eq(lx.err,
	    "unbalanced '<' character in pretty dialect name");
	ir_lexer_init(&lx, "!foo<\"x\">", 9, 1);
	cr_assert_eq(ir_lex(&lx, &t), TK_DIALECT_TYPE);
}

Test(lex, lines_and_columns)
{
	const char *s = "// comment\n  %a\t= \r\n\"x\" // c\n   ^bb1";
	IrLexer lx;
	IrToken t[8];
	size_t n;

	n = lex_all(s, strlen(s), &lx, t, 8);
	cr_assert_eq(n, 5);
	cr_assert_eq(t[0].line, 2);
	cr_assert_eq(t[0].col, 3);
	cr_assert_eq(t[1].kind, TK_EQUAL);
	cr_assert_eq(t[1].col, 6);
	cr_assert_eq(t[2].line, 3);
	cr_assert_eq(t[2].col, 1);
	cr_assert_eq(t[3].line, 4);
	cr_assert_eq(t[3].col, 4);
	cr_assert_eq(t[3].off, strlen(s) - 4);
}

Test(lex, first_line_offset)
{
	IrLexer lx;
	IrToken t;

	ir_lexer_init(&lx, "\n\n  %x", 5, 40);
	cr_assert_eq(ir_lex(&lx, &t), TK_VALUE_ID);
	cr_assert_eq(t.line, 42);
	cr_assert_eq(t.col, 3);
}

/* ---------------------------------------------------------------- ir_parse
 * The driver through the public API: result shape, first error only,
 * positions, no leaks on failure (run under --sanitize). */

typedef struct Diags {
	int n;
	char first[256];
	unsigned line, col;
} Diags;

static void
collect(IrContext *ctx, const IrDiagnostic *d, void *user)
{
	Diags *g = user;
	const IrLoc *l = ir_loc_file_of(d->loc);

	(void)ctx;
	if (d->severity != IR_SEV_ERROR)
		return;
	if (g->n++ == 0) {
		snprintf(g->first, sizeof g->first, "%s", d->message);
		g->line = l ? l->u.file.line : 0;
		g->col = l ? l->u.file.col : 0;
	}
}

/* Parses s; on failure fills g. */
static IrOp *
parse(IrContext *ctx, const char *s, Diags *g)
{
	memset(g, 0, sizeof *g);
	ir_context_set_diag_handler(ctx, collect, g);
	return ir_parse_string(ctx, "t.mlir", s, strlen(s));
}

Test(parse, implicit_module)
{
	IrContext *ctx = ir_context_create();
	Diags g;
	IrOp *m = parse(ctx, "%0 = \"a.b\"() : () -> i32\n"
	    "\"a.c\"(%0) : (i32) -> ()\n", &g);
	IrBlock *body;

	cr_assert_not_null(m, "%s", g.first);
	cr_assert(ir_op_is(m, "builtin.module"));
	body = ir_module_body(m);
	cr_assert_eq(ir_block_num_ops(body), 2);
	cr_assert_eq(ir_op_operand(body->last, 0), ir_op_result(body->first,
	    0));
	cr_assert_eq(ir_op_loc(m)->u.file.line, 0);
	cr_assert_eq(ir_op_loc(body->first)->u.file.col, 6);
	ir_op_destroy(m);
	ir_context_destroy(ctx);
}

Test(parse, single_module_is_the_result)
{
	IrContext *ctx = ir_context_create();
	Diags g;
	IrOp *m = parse(ctx, "module @x {\n}\n", &g);

	cr_assert_not_null(m);
	cr_assert(ir_op_is(m, "builtin.module"));
	cr_assert_not_null(ir_op_attr(m, "sym_name"));
	cr_assert_eq(ir_op_loc(m)->u.file.line, 1);
	ir_op_destroy(m);
	ir_context_destroy(ctx);
}

Test(parse, first_error_only_and_null)
{
	IrContext *ctx = ir_context_create();
	Diags g;
	IrOp *m = parse(ctx, "\"a.b\"() : () -> ()\n  \"a.c\"(%x, %y) : "
	    "(i32, i32) -> ()\n", &g);

	cr_assert_null(m);
	cr_assert_eq(g.n, 1);
	cr_assert_str_eq(g.first, "use of undeclared SSA value name");
	cr_assert_eq(g.line, 2);
	cr_assert_eq(g.col, 9);
	ir_context_destroy(ctx);
}

Test(parse, forward_refs_resolve)
{
	IrContext *ctx = ir_context_create();
	Diags g;
	IrOp *m = parse(ctx, "\"a.r\"() ({\n"
	    "  \"a.br\"()[^b2] : () -> ()\n"
	    "^b1:\n"
	    "  \"a.use\"(%v, %v) : (i8, i8) -> ()\n"
	    "  \"a.ret\"() : () -> ()\n"
	    "^b2:\n"
	    "  %v = \"a.def\"() : () -> i8\n"
	    "  \"a.br\"()[^b1] : () -> ()\n"
	    "}) : () -> ()\n", &g);
	IrRegion *r;
	IrOp *use, *def;

	cr_assert_not_null(m, "%s", g.first);
	r = ir_op_region(ir_module_body(m)->first, 0);
	use = r->first->next->first;
	def = r->last->first;
	cr_assert_eq(ir_op_operand(use, 0), ir_op_result(def, 0));
	cr_assert_eq(ir_value_num_uses(ir_op_result(def, 0)), 2);
	ir_op_destroy(m);
	ir_context_destroy(ctx);
}

Test(parse, errors_inside_regions_free_everything)
{
	static const char *bad[] = {
		"\"a\"() ({ %0 = \"b\"(%f) : (i32) -> i32 \"c\"(%0) ({ "
		    "\"d\"(%0, %g) : (i32, i1) -> () ^x: \"e\"() [^y] : "
		    "() -> ()"
		    " }) : (i32) -> () }) : () -> ()",
		"func.func @f(%a: i32) { %0:2 = \"b\"(%a, %later) : (i32, f32)"
		    " -> (i1, i1) \"c\"() ({ \"d\"(%0#1) : (i1) -> () \"x",
		"\"a\"() {d = dense<[[1, 2], [3]]> : tensor<2x2xi8>} : "
		    "() -> ()",
		"%0 = \"a\"() : () -> i32 \"b\"() ({ \"c\"(%0) : (f32) -> () "
		    "}) : () -> ()",
	};
	size_t i;

	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		IrContext *ctx = ir_context_create();
		Diags g;

		cr_assert_null(parse(ctx, bad[i], &g), "case %zu", i);
		cr_assert_eq(g.n, 1, "case %zu: %d errors", i, g.n);
		ir_context_destroy(ctx);
	}
}

Test(parse, split_chunk_lines)
{
	IrContext *ctx = ir_context_create();
	Diags g;
	const IrSource *src;

	memset(&g, 0, sizeof g);
	ir_context_set_diag_handler(ctx, collect, &g);
	src = ir_context_add_source(ctx, "t.mlir", "\n\"a\"(", 5, 10);
	cr_assert_null(ir_parse(ctx, src));
	cr_assert_str_eq(g.first, "expected ')'");
	cr_assert_eq(g.line, 11);
	ir_context_destroy(ctx);
}

/* A plain tensor/memref type is one SHAPED token (a parsing shortcut);
 * anything with an encoding, layout, space or '*' lexes piece by piece. */
Test(lex, shaped_fast_path)
{
	static const struct {
		const char *s;
		int kind;
		size_t len;
	} cases[] = {
		{ "tensor<4x?xf32>", TK_SHAPED, 15 },
		{ "memref<i8>", TK_SHAPED, 10 },
		{ "tensor<1x224x224x3xbf16>", TK_SHAPED, 24 },
		{ "tensor<*xf32>", TK_TENSOR, 6 },
		{ "tensor<4xf32, #e>", TK_TENSOR, 6 },
		{ "memref<4xi8, \"sram\">", TK_MEMREF, 6 },
		{ "tensor<4xsi8>", TK_TENSOR, 6 },
		{ "vector<4xf32>", TK_VECTOR, 6 },
	};
	IrLexer lx;
	IrToken t;

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		ir_lexer_init(&lx, cases[i].s, strlen(cases[i].s), 1);
		cr_assert_eq(ir_lex(&lx, &t), cases[i].kind, "'%s'",
		    cases[i].s);
		cr_assert_eq(t.len, cases[i].len, "'%s'", cases[i].s);
	}
}

/* The SHAPED shortcut gives the same types as the piece-by-piece path,
 * and falls back where a type cannot start. */
Test(lex, shaped_parses_like_pieces)
{
	IrContext *ctx = ir_context_create();
	const char *text = "\"x.y\"() {t = tensor<2x?xf32>} : () -> "
	    "(tensor<2x?xf32>, tensor<2x?xf32, #x.e>, memref<3xi8>)\n";
	ir_context_set_allow_unregistered(ctx, true);
	IrOp *m = ir_parse_string(ctx, "s.mlir", text, strlen(text));
	cr_assert_not_null(m);
	IrOp *op = ir_module_body(m)->first;
	int64_t d[] = { 2, IR_DYNAMIC }, three = 3;
	const IrType *f32 = ir_type_float(ctx, IR_F32);
	const IrType *t = ir_type_tensor(ctx, 2, d, f32, NULL);
	cr_assert_eq(ir_op_results(op)->type, t);
	cr_assert_eq(ir_op_attr(op, "t")->u.type.type, t);
	cr_assert_eq(ir_op_results(op)[1].type->u.shaped.elem, f32);
	cr_assert_not_null(ir_op_results(op)[1].type->u.shaped.encoding);
	cr_assert_eq(ir_op_results(op)[2].type, ir_type_memref(ctx, 1, &three,
	    ir_type_int(ctx, 8, IR_SIGNLESS), NULL, NULL));
	ir_op_destroy(m);
	/* Where no type may start, the error is the one the pieces give. */
	const char *bad = "\"x.y\"(tensor<4xf32>) : () -> ()\n";
	ir_context_set_diag_handler(ctx, NULL, NULL);
	cr_redirect_stderr();
	cr_assert_null(ir_parse_string(ctx, "b.mlir", bad, strlen(bad)));
	ir_context_destroy(ctx);
}

/* A parsed op's file location is made when asked for: it must be the very
 * location ir_loc_file uniques, for every column and line, and a clone
 * keeps it. */
Test(parse, lazy_op_locations_are_the_uniqued_ones)
{
	IrContext *ctx = ir_context_create();
	Diags g;
	char *src = malloc(((size_t)1 << 20) + 100);
	size_t n = 0;
	IrOp *m, *a, *far, *c;
	const IrIdent *file;

	/* One op at column 3 of line 2, one at column 2^20 + 1 (too wide
	 * for a lazy reference) of line 4. */
	n += (size_t)sprintf(src + n, "\n  \"a.b\"() : () -> ()\n\n");
	memset(src + n, ' ', (size_t)1 << 20);
	n += (size_t)1 << 20;
	n += (size_t)sprintf(src + n, "\"a.c\"() : () -> ()\n");
	m = parse(ctx, src, &g);
	cr_assert_not_null(m, "%s", g.first);
	a = ir_module_body(m)->first;
	far = a->next;
	file = ir_loc_file_of(ir_op_loc(a))->u.file.file;
	cr_assert(ir_loc_ref_lazy(a->locref), "a parsed op's location is lazy");
	cr_assert_eq(ir_op_loc(a), ir_loc_file(ctx, file, 2, 3));
	cr_assert_eq(ir_op_loc(a), ir_op_loc(a));
	cr_assert_not(ir_loc_ref_lazy(far->locref),
	    "column 2^20 + 1 is made at once");
	cr_assert_eq(ir_op_loc(far), ir_loc_file(ctx, file, 4,
	    ((unsigned)1 << 20) + 1));
	c = ir_op_clone(ctx, a);
	cr_assert_eq(ir_op_loc(c), ir_op_loc(a));
	ir_op_set_loc(c, NULL);
	cr_assert_eq(ir_op_loc(c)->kind, IR_LOC_UNKNOWN);
	ir_op_destroy(c);
	ir_op_destroy(m);
	ir_context_destroy(ctx);
	free(src);
}
