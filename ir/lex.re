/* ir/lex.re: the re2c lexer of the MLIR text format (tokens for parse.y). */
#include <stdlib.h>
#include <string.h>

#include "ir/parser.h"
#include "parse.h"

void
ir_lexer_init(IrLexer *lx, const char *data, size_t len, unsigned first_line)
{
	lx->buf = data;
	lx->cur = data;
	lx->lim = data + len;
	lx->linestart = data;
	lx->line = first_line;
	lx->dims = false;
	lx->err = NULL;
	lx->errpos = NULL;
}

static int
lex_error(IrLexer *lx, const char *pos, const char *msg)
{
	lx->err = msg;
	lx->errpos = pos;
	return IR_TK_ERROR;
}

static int
hexval(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* string-literal ::= '"' (char | '\' [nt"\\] | '\' hex hex)* '"'
 * p is just after the opening quote. */
static int
lex_string(IrLexer *lx, const char *p)
{
	for (;;) {
		char c = *p;

		if (c == '"') {
			lx->cur = p + 1;
			return TK_STRING;
		}
		if (c == '\n' || c == '\r' || (c == 0 && p >= lx->lim))
			return lex_error(lx, p,
			    "expected '\"' in string literal");
		if (c == 0)
			return lex_error(lx, p, "unexpected NUL byte");
		if (c == '\\') {
			char e = p[1];

			if (e == 'n' || e == 't' || e == '"' || e == '\\') {
				p += 2;
				continue;
			}
			if (hexval((unsigned char)e) >= 0 &&
			    hexval((unsigned char)p[2]) >= 0) {
				p += 3;
				continue;
			}
			return lex_error(lx, p,
			    "unknown escape in string literal");
		}
		p++;
	}
}

static char
closer(char c)
{
	return c == '<' ? '>' : c == '(' ? ')' : c == '[' ? ']' : '}';
}

/* A pretty dialect body `<...>` after !d.name or #d.name: balanced over
 * <> () [] {}, strings skipped, `->` is not a closing '>'. p is at '<'.
 * The stack of open brackets grows on the heap (no recursion). */
static int
lex_pretty_body(IrLexer *lx, const char *p, int kind)
{
	const char *start = p;
	char *stack = NULL;
	size_t depth = 0, cap = 0;
	int k = kind;

	for (;; p++) {
		char c = *p;

		if (c == 0 && p >= lx->lim) {
			k = lex_error(lx, start,
			    "unbalanced '<' character in pretty dialect name");
			break;
		}
		if (c == 0) {
			k = lex_error(lx, p, "unexpected NUL byte");
			break;
		}
		if (c == '"') {
			k = lex_string(lx, p + 1);
			if (k == IR_TK_ERROR)
				break;
			k = kind;
			p = lx->cur - 1;
			continue;
		}
		if (c == '\n') {
			lx->line++;
			lx->linestart = p + 1;
		}
		if (c == '<' || c == '(' || c == '[' || c == '{') {
			if (depth == cap) {
				cap = cap ? cap * 2 : 16;
				stack = ir_xrealloc(stack, cap);
			}
			stack[depth++] = closer(c);
			continue;
		}
		if (c == '>' && p[-1] == '-')
			continue;
		if (c != ')' && c != ']' && c != '}' && c != '>')
			continue;
		if (stack[depth - 1] != c) {
			k = lex_error(lx, p, "unbalanced character in pretty "
			    "dialect name");
			break;
		}
		if (--depth == 0) {
			lx->cur = p + 1;
			break;
		}
	}
	free(stack);
	return k;
}

/* `!name` / `#name`: an alias without a dot, a dialect type or attribute
 * with one (then an optional pretty body). */
static int
lex_prefixed(IrLexer *lx, const char *s, const char *end, bool is_type)
{
	if (memchr(s, '.', (size_t)(end - s)) == NULL && *end != '<')
		return is_type ? TK_TYPE_ALIAS : TK_ATTR_ALIAS;
	if (is_type && (size_t)(end - s) == 14 &&
	    memcmp(s, "!quant.uniform", 14) == 0)
		return TK_QUANT_UNIFORM;
	lx->cur = end;
	if (*end == '<')
		return lex_pretty_body(lx, end,
		    is_type ? TK_DIALECT_TYPE : TK_DIALECT_ATTR);
	return is_type ? TK_DIALECT_TYPE : TK_DIALECT_ATTR;
}

/*!re2c
	re2c:define:YYCTYPE = "unsigned char";
	re2c:yyfill:enable = 0;
	re2c:eof = 0;

	digit = [0-9];
	hex = [0-9a-fA-F];
	letter = [a-zA-Z];
	bareid = (letter | "_") (letter | digit | [_$.])*;
	/* A whole plain tensor or memref type (no spaces, static or `?`
	 * dims of at most 18 digits, a float, index or signless standard
	 * integer element) is one token: most types in real files are
	 * these, and six tokens less per type halve the grammar's work.
	 * Anything else is lexed piece by piece. */
	fastdim = (digit{1,18} | "?") "x";
	fastelem = "f16" | "bf16" | "f32" | "f64" | "index" | "i1" | "i8" |
	    "i16" | "i32" | "i64";
	fastshaped = ("tensor" | "memref") "<" fastdim* fastelem ">";
	suffixid = digit+ | (letter | [$._-]) (letter | digit | [$._-])*;
*/

/* In a dimension list (after `tensor<` etc.): `4x`, `?x`, `*x`, with
 * blanks before the `x` as MLIR allows (`vector<1 x f32>`). Returns 0 when
 * the input does not continue the list. */
static int
lex_dim(IrLexer *lx)
{
	const unsigned char *YYCURSOR = (const unsigned char *)lx->cur;
	const unsigned char *YYLIMIT = (const unsigned char *)lx->lim;
	const unsigned char *YYMARKER;

	/*!re2c
		(digit+ | "?") [ \t]* "x"
				{ lx->cur = (const char *)YYCURSOR;
				  return TK_DIM; }
		"*" [ \t]* "x"	{ lx->cur = (const char *)YYCURSOR;
				  return TK_UNRANKED; }
		"[" [ \t]* digit+ ([ \t]* "x" [ \t]* digit+)* [ \t]* "]"
		    [ \t]* "x"
				{ lx->cur = (const char *)YYCURSOR;
				  return TK_SDIM; }
		$		{ return 0; }
		*		{ return 0; }
	*/
}

static int
lex_main(IrLexer *lx, IrToken *tok)
{
	const unsigned char *YYCURSOR;
	const unsigned char *YYLIMIT = (const unsigned char *)lx->lim;
	const unsigned char *YYMARKER;
	const unsigned char *start;

again:
	start = YYCURSOR = (const unsigned char *)lx->cur;
	tok->s = lx->cur;
	tok->off = (size_t)(lx->cur - lx->buf);
	tok->line = lx->line;
	tok->col = (unsigned)(lx->cur - lx->linestart) + 1;
#define DONE(k) do { lx->cur = (const char *)YYCURSOR; return (k); } while (0)
	/*!re2c
		$		{ return IR_TK_EOF; }
		"\n"		{ lx->cur = (const char *)YYCURSOR;
				  lx->line++; lx->linestart = lx->cur;
				  goto again; }
		[ \t\r]+	{ lx->cur = (const char *)YYCURSOR;
				  goto again; }
		"//" [^\n\x00]*	{ lx->cur = (const char *)YYCURSOR;
				  goto again; }
		"\x00"		{ return lex_error(lx, lx->cur,
				      "unexpected NUL byte"); }

		"("	{ DONE(TK_LPAREN); }
		")"	{ DONE(TK_RPAREN); }
		"["	{ DONE(TK_LBRACKET); }
		"]"	{ DONE(TK_RBRACKET); }
		"{"	{ DONE(TK_LBRACE); }
		"}"	{ DONE(TK_RBRACE); }
		"<"	{ DONE(TK_LT); }
		">"	{ DONE(TK_GT); }
		","	{ DONE(TK_COMMA); }
		":"	{ DONE(TK_COLON); }
		"::"	{ DONE(TK_COLONCOLON); }
		"="	{ DONE(TK_EQUAL); }
		"->"	{ DONE(TK_ARROW); }
		"-"	{ DONE(TK_MINUS); }
		"+"	{ DONE(TK_PLUS); }
		"*"	{ DONE(TK_STAR); }
		"?"	{ DONE(TK_QUESTION); }

		digit+			{ DONE(TK_INTEGER); }
		"0x" hex+		{ DONE(TK_INTEGER); }
		digit+ "." digit* ([eE] [-+]? digit+)?
			{ DONE(TK_FLOAT); }

		"\""	{ return lex_string(lx, (const char *)YYCURSOR); }

		[su]? "i" digit+	{ DONE(TK_INTTYPE); }
		fastshaped	{ DONE(TK_SHAPED); }

		/* Keywords: re2c prefers the longest match, then the first
		 * rule, so `tensorx` stays a bare identifier. */
		"affine_map"		{ DONE(TK_AFFINE_MAP); }
		"affine_set"		{ DONE(TK_AFFINE_SET); }
		"at"			{ DONE(TK_AT); }
		"attributes"		{ DONE(TK_ATTRIBUTES); }
		"bf16"			{ DONE(TK_BF16); }
		"callsite"		{ DONE(TK_CALLSITE); }
		"ceildiv"		{ DONE(TK_CEILDIV); }
		"complex"		{ DONE(TK_COMPLEX); }
		"constant"		{ DONE(TK_CONSTANT); }
		"func.constant"		{ DONE(TK_CONSTANT); }
		"dense"			{ DONE(TK_DENSE); }
		"f16"			{ DONE(TK_F16); }
		"f32"			{ DONE(TK_F32); }
		"f64"			{ DONE(TK_F64); }
		"f80"			{ DONE(TK_F80); }
		"f128"			{ DONE(TK_F128); }
		"false"			{ DONE(TK_FALSE); }
		"floordiv"		{ DONE(TK_FLOORDIV); }
		"br"			{ DONE(TK_BR); }
		"builtin.unrealized_conversion_cast"
					{ DONE(TK_CAST); }
		"unrealized_conversion_cast"
					{ DONE(TK_CAST); }
		"cf.br"			{ DONE(TK_BR); }
		"cf.cond_br"		{ DONE(TK_COND_BR); }
		"cond_br"		{ DONE(TK_COND_BR); }
		"func"			{ DONE(TK_FUNC); }
		"func.func"		{ DONE(TK_FUNC); }
		"fused"			{ DONE(TK_FUSED); }
		"index"			{ DONE(TK_INDEX); }
		"loc"			{ DONE(TK_LOC); }
		"memref"		{ DONE(TK_MEMREF); }
		"mod"			{ DONE(TK_MOD); }
		"module"		{ DONE(TK_MODULE); }
		"nested"		{ DONE(TK_NESTED); }
		"none"			{ DONE(TK_NONE); }
		"offset"		{ DONE(TK_OFFSET); }
		"opaque"		{ DONE(TK_OPAQUE); }
		"private"		{ DONE(TK_PRIVATE); }
		"public"		{ DONE(TK_PUBLIC); }
		"return"		{ DONE(TK_RETURN); }
		"sparse"		{ DONE(TK_SPARSE); }
		"strided"		{ DONE(TK_STRIDED); }
		"strides"		{ DONE(TK_STRIDES); }
		"tensor"		{ DONE(TK_TENSOR); }
		"to"			{ DONE(TK_TO); }
		"true"			{ DONE(TK_TRUE); }
		"tuple"			{ DONE(TK_TUPLE); }
		"type"			{ DONE(TK_TYPE); }
		"unit"			{ DONE(TK_UNIT); }
		"unknown"		{ DONE(TK_UNKNOWN); }
		"vector"		{ DONE(TK_VECTOR); }
		bareid	{ DONE(TK_BARE); }

		"%" suffixid ("#" digit+)?	{ DONE(TK_VALUE_ID); }
		"^" suffixid	{ DONE(TK_CARET_ID); }
		"@" bareid	{ DONE(TK_AT_ID); }
		"@\""	{ int k = lex_string(lx, (const char *)YYCURSOR);
			  return k == TK_STRING ? TK_AT_ID : k; }
		"!" suffixid	{ lx->cur = (const char *)YYCURSOR;
			  return lex_prefixed(lx, (const char *)start,
			      (const char *)YYCURSOR, true); }
		"#" suffixid	{ lx->cur = (const char *)YYCURSOR;
			  return lex_prefixed(lx, (const char *)start,
			      (const char *)YYCURSOR, false); }

		"%" | "^" | "@" | "!" | "#"
			{ return lex_error(lx, lx->cur,
			      "invalid identifier after prefix character"); }
		*	{ return lex_error(lx, lx->cur,
			      "unexpected character"); }
	*/
#undef DONE
}

int
ir_lex(IrLexer *lx, IrToken *tok)
{
	int k;

	lx->err = NULL;
	if (lx->dims) {
		/* Skip blanks first so the token position is right. */
		while (*lx->cur == ' ' || *lx->cur == '\t' ||
		    *lx->cur == '\r' || *lx->cur == '\n') {
			if (*lx->cur == '\n') {
				lx->line++;
				lx->linestart = lx->cur + 1;
			}
			lx->cur++;
		}
		tok->s = lx->cur;
		tok->off = (size_t)(lx->cur - lx->buf);
		tok->line = lx->line;
		tok->col = (unsigned)(lx->cur - lx->linestart) + 1;
		k = lex_dim(lx);
		if (k != 0) {
			tok->kind = k;
			tok->len = (size_t)(lx->cur - tok->s);
			return k;
		}
		lx->dims = false;
	}
	k = lex_main(lx, tok);
	tok->kind = k;
	tok->len = k == IR_TK_ERROR ? 0 : (size_t)(lx->cur - tok->s);
	return k;
}

char *
ir_lex_unescape(const char *s, size_t len, size_t *outlen)
{
	char *out = ir_xmalloc(len + 1);
	size_t i, n = 0;

	for (i = 0; i < len; i++) {
		if (s[i] != '\\' || i + 1 >= len) {
			out[n++] = s[i];
			continue;
		}
		i++;
		if (s[i] == 'n')
			out[n++] = '\n';
		else if (s[i] == 't')
			out[n++] = '\t';
		else if (s[i] == '"' || s[i] == '\\')
			out[n++] = s[i];
		else if (i + 1 < len) {
			out[n++] = (char)(hexval((unsigned char)s[i]) * 16 +
			    hexval((unsigned char)s[i + 1]));
			i++;
		}
	}
	out[n] = 0;
	*outlen = n;
	return out;
}
