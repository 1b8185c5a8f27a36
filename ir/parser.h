/* ir/parser.h: private declarations shared by the lexer (lex.re), the
 * grammar (parse.y) and the parse driver (parser.c). */
#ifndef NPUIR_PARSER_H
#define NPUIR_PARSER_H

#include "ir/internal.h"

/* Token kinds beyond the grammar's TK_* codes (gen/parse.h). */
#define IR_TK_EOF 0    /* end of input (Lemon's end marker) */
#define IR_TK_ERROR (-1) /* lexical error; IrLexer.err says why */

/* One token. Text points into the NUL-terminated source buffer. */
typedef struct IrToken {
	int kind;          /* TK_*, IR_TK_EOF or IR_TK_ERROR */
	const char *s;     /* first byte of the token */
	size_t len;        /* bytes */
	size_t off;        /* offset of s in the buffer */
	unsigned line;     /* line (first_line-based) of s */
	unsigned col;      /* 1-based byte column of s */
} IrToken;

/* Lexer state over one NUL-terminated buffer. */
typedef struct IrLexer {
	const char *buf;       /* start of the buffer */
	const char *cur;       /* next byte to lex */
	const char *lim;       /* the terminating NUL (buf + len) */
	const char *linestart; /* first byte of the current line */
	unsigned line;         /* current line number */
	bool dims;             /* inside a dimension list: lex 4x, ?x, *x */
	const char *err;       /* message of the last IR_TK_ERROR */
	const char *errpos;    /* where that error is (may be past tok.s) */
} IrLexer;

/* Starts lexing data[0..len) (data[len] must be NUL); data[0] is on line
 * first_line. */
void ir_lexer_init(IrLexer *lx, const char *data, size_t len,
    unsigned first_line);
/* Lexes the next token into tok and returns its kind. After
 * IR_TK_ERROR, lx->err holds the message. */
int ir_lex(IrLexer *lx, IrToken *tok);
/* Decodes the escapes of a string token's body (without quotes) into a
 * malloc'd buffer (NUL-terminated; *outlen gets the size). The lexer has
 * already checked the escapes. */
char *ir_lex_unescape(const char *s, size_t len, size_t *outlen);

/* ---------------------------------------------------------------- grammar
 * Values the grammar passes between rules, and the builders its actions
 * call (parser.c). Every builder tolerates NULL inputs after an error;
 * builders that take a list own it (they free it). */

typedef struct IrParser IrParser;

/* A growable vector of pointers (types, attributes, locations, ...). */
typedef struct IrPtrList {
	size_t n, cap;
	const void **v;
} IrPtrList;

/* A growable vector of integers (dimensions, strides, shapes). */
typedef struct IrI64List {
	size_t n, cap;
	int64_t *v;
} IrI64List;

/* Dictionary entries being collected. */
typedef struct IrNamedList {
	size_t n, cap;
	IrNamedAttr *v;
	IrPtrMap seen;   /* names so far, to find duplicates */
} IrNamedList;

/* Most objects (types, attributes, locations, affine expressions, dense
 * elements) one alias may expand to when printed: aliases built from
 * copies of other aliases grow exponentially, and printing them must not
 * hang. */
#define IR_P_MAX_EXPANSION (1u << 24)
/* Most objects all alias uses of one file may expand to together (each
 * use prints its alias in full). */
#define IR_P_MAX_ALIAS_TOTAL ((uint64_t)1 << 26)

/* Most terminals the syntax error handler reports as expected. */
#define IR_P_MAX_EXPECT 64

IrPtrList *ir_p_list_new(void);
IrPtrList *ir_p_list_push(IrPtrList *l, const void *x);
void ir_p_list_free(IrPtrList *l);
IrI64List *ir_p_i64_new(void);
IrI64List *ir_p_i64_push(IrI64List *l, int64_t x);
void ir_p_i64_free(IrI64List *l);
void ir_p_named_free(IrNamedList *l);

void ir_p_fail(IrParser *p, const IrToken *tok, const char *fmt, ...)
    IR_PRINTF(3, 4);
void ir_p_syntax_error(IrParser *p, int major, const IrToken *tok,
    const int *want, int nwant);

/* Top level and ops. */
void ir_p_type_alias(IrParser *p, const IrToken *name, const IrType *t);
void ir_p_attr_alias(IrParser *p, const IrToken *name, const IrAttr *a);
void ir_p_result(IrParser *p, const IrToken *name, const IrToken *count);
void ir_p_op_begin(IrParser *p, const IrToken *name);
void ir_p_operand(IrParser *p, const IrToken *name);
void ir_p_successor(IrParser *p, const IrToken *label);
void ir_p_op_attrs(IrParser *p, const IrAttr *dict);
void ir_p_op_finish(IrParser *p, const IrType *type, const IrLoc *loc);
void ir_p_region_begin(IrParser *p, const IrToken *brace);
void ir_p_region_end(IrParser *p, const IrToken *brace);
void ir_p_block_begin(IrParser *p, const IrToken *label);
void ir_p_block_arg(IrParser *p, const IrToken *name, const IrType *t,
    const IrLoc *loc);
void ir_p_sugar_begin(IrParser *p, const char *opname, const IrToken *kw);
void ir_p_sym_name(IrParser *p, const IrToken *sym);
void ir_p_func_private(IrParser *p);
void ir_p_func_arg(IrParser *p, const IrToken *name, const IrType *t,
    const IrLoc *loc);
void ir_p_func_result(IrParser *p, const IrType *t);
void ir_p_module_finish(IrParser *p, const IrLoc *loc);
void ir_p_func_finish(IrParser *p, const IrLoc *loc);
void ir_p_return_finish(IrParser *p, IrPtrList *types, const IrLoc *loc);

/* Types. */
const IrType *ir_p_int_type(IrParser *p, const IrToken *tok);
const IrType *ir_p_float_type(IrParser *p, IrFloatKind kind);
const IrType *ir_p_index_type(IrParser *p);
const IrType *ir_p_none_type(IrParser *p);
const IrType *ir_p_type_alias_ref(IrParser *p, const IrToken *tok);
const IrType *ir_p_dialect_type(IrParser *p, const IrToken *tok);
const IrType *ir_p_tuple(IrParser *p, IrPtrList *types);
const IrType *ir_p_func_type(IrParser *p, IrPtrList *in, IrPtrList *out);
const IrType *ir_p_shaped(IrParser *p, const IrToken *kw, IrI64List *dims,
    const IrType *elem, const IrAttr *a, const IrAttr *b);
const IrType *ir_p_memref_old(IrParser *p, const IrToken *kw,
    IrI64List *dims, const IrType *elem, int64_t offset,
    IrI64List *strides, const IrAttr *space);
int64_t ir_p_dim(IrParser *p, const IrToken *tok);
int64_t ir_p_int64(IrParser *p, const IrToken *tok, bool neg);
void ir_p_quant_begin(IrParser *p);
void ir_p_quant_storage(IrParser *p, const IrToken *tok, bool range,
    int64_t min, int64_t max);
void ir_p_quant_param(IrParser *p, const IrToken *scale, int64_t zp);
const IrType *ir_p_quant(IrParser *p, const IrToken *kw,
    const IrType *expressed, int64_t axis);

/* Attributes. */
const IrAttr *ir_p_attr_int(IrParser *p, const IrToken *tok, bool neg,
    const IrType *t);
const IrAttr *ir_p_attr_float(IrParser *p, const IrToken *tok, bool neg,
    const IrType *t);
const IrAttr *ir_p_attr_bool(IrParser *p, bool v);
const IrAttr *ir_p_attr_string(IrParser *p, const IrToken *tok,
    const IrType *t);
const IrAttr *ir_p_attr_unit(IrParser *p);
const IrAttr *ir_p_attr_array(IrParser *p, IrPtrList *elems);
const IrAttr *ir_p_attr_type(IrParser *p, const IrType *t);
const IrIdent *ir_p_symbol(IrParser *p, const IrToken *tok);
const IrAttr *ir_p_attr_symref(IrParser *p, IrPtrList *names);
const IrAttr *ir_p_attr_alias_ref(IrParser *p, const IrToken *tok);
const IrAttr *ir_p_dialect_attr(IrParser *p, const IrToken *tok);
const IrAttr *ir_p_attr_dict(IrParser *p, IrNamedList *l);
IrNamedList *ir_p_named(IrParser *p, IrNamedList *l, const IrToken *key,
    const IrAttr *value);
void ir_p_dense_begin(IrParser *p);
IrI64List *ir_p_dense_scalar(IrParser *p, const IrToken *tok, bool neg);
IrI64List *ir_p_dlist(IrParser *p, IrI64List *list, IrI64List *elem);
const IrAttr *ir_p_dense(IrParser *p, const IrToken *kw, IrI64List *shape,
    const IrType *t);
const IrAttr *ir_p_dense_hex(IrParser *p, const IrToken *kw,
    const IrToken *str, const IrType *t);
void ir_p_affine_begin(IrParser *p, const IrToken *kw);
void ir_p_affine_id(IrParser *p, const IrToken *tok, bool symbol);
const IrAffineExpr *ir_p_aff_bin(IrParser *p, IrAffineKind kind,
    const IrAffineExpr *a, const IrAffineExpr *b);
const IrAffineExpr *ir_p_aff_sub(IrParser *p, const IrAffineExpr *a,
    const IrAffineExpr *b);
const IrAffineExpr *ir_p_aff_neg(IrParser *p, const IrAffineExpr *a);
const IrAffineExpr *ir_p_aff_const(IrParser *p, const IrToken *tok);
const IrAffineExpr *ir_p_aff_ref(IrParser *p, const IrToken *tok);
const IrAttr *ir_p_affine_map(IrParser *p, IrPtrList *results);
const IrAttr *ir_p_strided(IrParser *p, IrI64List *strides,
    int64_t offset);

/* Locations. */
const IrLoc *ir_p_loc_unknown(IrParser *p);
const IrLoc *ir_p_loc_file(IrParser *p, const IrToken *file,
    const IrToken *line, const IrToken *col);
const IrLoc *ir_p_loc_name(IrParser *p, const IrToken *name,
    const IrLoc *child);
const IrLoc *ir_p_loc_fused(IrParser *p, IrPtrList *locs,
    const IrAttr *meta);
const IrLoc *ir_p_loc_callsite(IrParser *p, const IrLoc *callee,
    const IrLoc *caller);
void ir_p_loc_alias(IrParser *p, const IrToken *name, const IrLoc *loc);
const IrLoc *ir_p_loc_alias_ref(IrParser *p, const IrToken *name);

/* Lemon's entry points (gen/parse.c). */
void *irParseAlloc(void *(*alloc)(size_t), IrParser *p);
void irParse(void *parser, int kind, IrToken tok);
void irParseFree(void *parser, void (*dealloc)(void *));

#endif /* NPUIR_PARSER_H */
