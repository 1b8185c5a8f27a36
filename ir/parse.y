/* ir/parse.y: the Lemon grammar of the MLIR text format; every action is
 * one call into the builders of parser.c. */

%name irParse
%token_prefix TK_
%extra_context {IrParser *p}
%token_type {IrToken}
%token_destructor { (void)p; (void)$$; }
%default_type {const void *}
%stack_size 0

%include {
/* The generated engine's tracing hooks and internal asserts cost a few
 * percent of every parse; nothing turns tracing on. */
#ifndef NDEBUG
#define NDEBUG 1
#endif
#include <assert.h>
#include <stdlib.h>
#include "ir/parser.h"
#define YYNOERRORRECOVERY 1
#define YYMALLOCARGTYPE size_t
/* In a reduce action: the code of the rule's left-hand symbol. */
#define IR_LHS_SYMBOL() ((int)yyRuleInfoLhs[yyruleno])
}

%syntax_error {
	int want[IR_P_MAX_EXPECT];
	int n = 0, t;

	for (t = 1; t < YYNTOKEN && n < IR_P_MAX_EXPECT; t++)
		if (yy_find_shift_action((YYCODETYPE)t,
		    yypParser->yytos->stateno) != YY_ERROR_ACTION &&
		    yyFallback[t] == 0)
			want[n++] = t;
	ir_p_syntax_error(p, yymajor, &yyminor, want, n);
}

%stack_overflow { ir_p_fail(p, NULL, "parser stack overflow"); }

/* Keywords are bare identifiers where a keyword cannot go. */
%fallback BARE AFFINE_MAP AFFINE_SET AT ATTRIBUTES BF16 CALLSITE CEILDIV DENSE F16
    F32 F64 F80 F128 COMPLEX SPARSE OPAQUE CONSTANT FALSE FLOORDIV FUNC FUSED INDEX LOC MEMREF MOD MODULE NESTED
    NONE OFFSET PRIVATE PUBLIC RETURN STRIDED STRIDES TENSOR TRUE TUPLE
    TYPE UNIT UNKNOWN VECTOR INTTYPE BR COND_BR CAST TO.

/* `return` then `%x` is an operand, not the next op's result. */
%nonassoc LOCOPT.
%nonassoc VALUE_ID.
%left PLUS MINUS.
%left STAR FLOORDIV CEILDIV MOD.
%right UMINUS.

%type type {const IrType *}
%type nonfn_type {const IrType *}
%type fn_type {const IrType *}
%type attr {const IrAttr *}
%type attr_dict {const IrAttr *}
%type loc_opt {const IrLoc *}
%type loc {const IrLoc *}
%type aexpr {const IrAffineExpr *}
%type dimval {int64_t}
%type qint {int64_t}
%type qaxis {int64_t}

%type type_list {IrPtrList *}
%destructor type_list { (void)p; ir_p_list_free(p, $$); }
%type type_list_opt {IrPtrList *}
%destructor type_list_opt { (void)p; ir_p_list_free(p, $$); }
%type fn_results {IrPtrList *}
%destructor fn_results { (void)p; ir_p_list_free(p, $$); }
%type attr_list {IrPtrList *}
%destructor attr_list { (void)p; ir_p_list_free(p, $$); }
%type loc_list {IrPtrList *}
%destructor loc_list { (void)p; ir_p_list_free(p, $$); }
%type aconstraints {IrPtrList *}
%destructor aconstraints { (void)p; ir_p_list_free(p, $$); }
%type aconstraint {const IrAffineExpr *}
%type aexpr_items {IrPtrList *}
%destructor aexpr_items { (void)p; ir_p_list_free(p, $$); }
%type symref {IrPtrList *}
%destructor symref { (void)p; ir_p_list_free(p, $$); }
%type named_list {IrNamedList *}
%destructor named_list { (void)p; ir_p_named_free($$); }
%type dims {IrI64List *}
%destructor dims { (void)p; ir_p_i64_free(p, $$); }
%type i64_list {IrI64List *}
%destructor i64_list { (void)p; ir_p_i64_free(p, $$); }
%type i64_list_opt {IrI64List *}
%destructor i64_list_opt { (void)p; ir_p_i64_free(p, $$); }
%type delem {IrI64List *}
%destructor delem { (void)p; ir_p_i64_free(p, $$); }
%type dscalar {IrI64List *}
%destructor dscalar { (void)p; ir_p_i64_free(p, $$); }
%type dlist {IrI64List *}
%destructor dlist { (void)p; ir_p_i64_free(p, $$); }

/* ------------------------------------------------------------ top level */

/* file ::= (op | alias-def)* */
file ::= items.
/* The empty lists note their symbol codes for irParseAtOpStart. */
items ::= . { p->sym_items = IR_LHS_SYMBOL(); }
items ::= items item.
item ::= op.
/* !name = type T (MLIR 14) | !name = T ; #name = attr */
item ::= TYPE_ALIAS(A) EQUAL TYPE type(T). { ir_p_type_alias(p, &A, T); }
item ::= TYPE_ALIAS(A) EQUAL type(T). { ir_p_type_alias(p, &A, T); }
/* #loc = loc(...), as mlir-opt-14 prints with debug info, defines a
 * location alias (uses may come first): see ir_p_attr_alias. */
item ::= attr_alias_head(A) attr(V). { ir_p_attr_alias(p, &A, V); }
%type attr_alias_head {IrToken}
attr_alias_head(H) ::= ATTR_ALIAS(A) EQUAL. { H = A; p->alias_def = true; }

/* ------------------------------------------------------------ generic ops */

/* op ::= results? "name" (operands) [succs]? (regions)? dict? : T loc? */
op ::= results op_name op_operands op_succs op_regions op_attrs
    COLON type(T) loc_opt(L). { ir_p_op_finish(p, T, L); }
results ::= .
results ::= result_list EQUAL.
result_list ::= result.
result_list ::= result_list COMMA result.
result ::= VALUE_ID(V). { ir_p_result(p, &V, NULL); }
result ::= VALUE_ID(V) COLON INTEGER(N). { ir_p_result(p, &V, &N); }
op_name ::= STRING(S). { ir_p_op_begin(p, &S); }
op_operands ::= LPAREN RPAREN.
op_operands ::= LPAREN operand_list RPAREN.
operand_list ::= operand.
operand_list ::= operand_list COMMA operand.
operand ::= VALUE_ID(V). { ir_p_operand(p, &V); }
op_succs ::= .
op_succs ::= LBRACKET succ_list RBRACKET.
succ_list ::= succ.
succ_list ::= succ_list COMMA succ.
succ ::= CARET_ID(B). { ir_p_successor(p, &B); }
op_regions ::= .
op_regions ::= LPAREN region_list RPAREN.
region_list ::= region.
region_list ::= region_list COMMA region.
op_attrs ::= .
op_attrs ::= attr_dict(D). { ir_p_op_attrs(p, D); }

/* region ::= { block-label? op* (block-label op*)* } */
region ::= region_begin region_body RBRACE(R). { ir_p_region_end(p, &R); }
region_begin ::= LBRACE(L). { ir_p_region_begin(p, &L); }
region_body ::= . { p->sym_body = IR_LHS_SYMBOL(); }
region_body ::= region_body op.
region_body ::= region_body block_label.
/* block-label ::= ^id ( (%arg : T loc?)* )? : */
block_label ::= block_name block_args COLON.
block_name ::= CARET_ID(B). { ir_p_block_begin(p, &B); }
block_args ::= .
block_args ::= LPAREN RPAREN.
block_args ::= LPAREN block_arg_list RPAREN.
block_arg_list ::= block_arg.
block_arg_list ::= block_arg_list COMMA block_arg.
block_arg ::= VALUE_ID(V) COLON type(T) loc_opt(L).
	{ ir_p_block_arg(p, &V, T, L); }

/* ------------------------------------------------------------ sugar */

/* module @name? (attributes dict)? region loc? */
op ::= module_kw module_name module_attrs region loc_opt(L).
	{ ir_p_module_finish(p, L); }
module_kw ::= MODULE(M). { ir_p_sugar_begin(p, "builtin.module", &M); }
module_name ::= .
module_name ::= AT_ID(N). { ir_p_sym_name(p, &N); }
module_attrs ::= .
module_attrs ::= ATTRIBUTES attr_dict(D). { ir_p_op_attrs(p, D); }

/* func.func (private|public|nested)? @name(args) (-> results)?
 * (attributes dict)? region? loc? ; MLIR 14's `func` is the same. */
op ::= func_kw func_vis func_name LPAREN func_args RPAREN func_results
    func_attrs func_body loc_opt(L). { ir_p_func_finish(p, L); }
func_kw ::= FUNC(F). { ir_p_sugar_begin(p, "func.func", &F); }
func_vis ::= .
func_vis ::= PRIVATE. { ir_p_func_visibility(p, "private"); }
func_vis ::= PUBLIC. { ir_p_func_visibility(p, "public"); }
func_vis ::= NESTED. { ir_p_func_visibility(p, "nested"); }
func_name ::= AT_ID(N). { ir_p_sym_name(p, &N); }
func_args ::= .
func_args ::= func_arg_list.
func_arg_list ::= func_arg.
func_arg_list ::= func_arg_list COMMA func_arg.
func_arg ::= VALUE_ID(V) COLON type(T) arg_attrs(D) loc_opt(L).
	{ ir_p_func_arg(p, &V, T, D, L); }
func_arg ::= type(T) arg_attrs(D). { ir_p_func_arg(p, NULL, T, D, NULL); }
/* Argument and result attributes: kept as arg_attrs / res_attrs. */
%type arg_attrs {const IrAttr *}
arg_attrs(D) ::= . { D = NULL; }
arg_attrs(D) ::= attr_dict(A). { D = A; }
func_results ::= .
func_results ::= ARROW nonfn_type(T). { ir_p_func_result(p, T, NULL); }
func_results ::= ARROW LPAREN RPAREN.
func_results ::= ARROW LPAREN func_res_list RPAREN.
func_res_list ::= func_res.
func_res_list ::= func_res_list COMMA func_res.
func_res ::= type(T) arg_attrs(D). { ir_p_func_result(p, T, D); }
func_attrs ::= .
func_attrs ::= ATTRIBUTES(A) attr_dict(D). { ir_p_func_attrs(p, &A, D); }
func_body ::= .
func_body ::= region.

/* return (%v, ... : T, ...)? loc? */
op ::= return_kw loc_opt(L). { ir_p_return_finish(p, NULL, L); }
op ::= return_kw operand_list COLON type_list(T) loc_opt(L).
	{ ir_p_return_finish(p, T, L); }
return_kw ::= RETURN(R). { ir_p_sugar_begin(p, "func.return", &R); }

/* MLIR 14's custom forms of its builtin and branch ops (cf.br and
 * cf.cond_br are spelled br and cond_br there):
 * br ^bb(%a, ... : T, ...)?
 * cond_br %c, ^bb(%a : T)?, ^bb(...)?
 * %r, ... = builtin.unrealized_conversion_cast %a, ... : T, ... to R, ... */
op ::= br_kw succ_use loc_opt(L). { ir_p_branch_finish(p, L); }
br_kw ::= BR(B). { ir_p_sugar_begin(p, "cf.br", &B); }
op ::= cond_br_kw operand COMMA succ_use COMMA succ_use loc_opt(L).
	{ ir_p_branch_finish(p, L); }
cond_br_kw ::= COND_BR(B). { ir_p_sugar_begin(p, "cf.cond_br", &B); }
succ_use ::= succ. { ir_p_succ_args(p, NULL); }
succ_use ::= succ LPAREN operand_list COLON type_list(T) RPAREN.
	{ ir_p_succ_args(p, T); }
op ::= results cast_kw TO type_list(R) loc_opt(L).
	{ ir_p_cast_finish(p, NULL, R, L); }
op ::= results cast_kw operand_list COLON type_list(I) TO type_list(R)
    loc_opt(L). { ir_p_cast_finish(p, I, R, L); }
cast_kw ::= CAST(C).
	{ ir_p_sugar_begin(p, "builtin.unrealized_conversion_cast", &C); }
/* %f = func.constant @fn : T (MLIR 14: std's `constant @fn : T`) */
op ::= results constant_kw symref(S) COLON type(T) loc_opt(L).
	{ ir_p_constant_finish(p, S, T, L); }
constant_kw ::= CONSTANT(C). { ir_p_sugar_begin(p, "func.constant", &C); }

/* ------------------------------------------------------------ types */

type(T) ::= nonfn_type(A). { T = A; }
type(T) ::= fn_type(A). { T = A; }
/* (T, ...) -> T | (T, ...) -> (T, ...) */
fn_type(T) ::= LPAREN type_list_opt(I) RPAREN ARROW fn_results(R).
	{ T = ir_p_func_type(p, I, R); }
fn_results(R) ::= nonfn_type(T). { R = ir_p_list_push(p, NULL, T); }
fn_results(R) ::= LPAREN type_list_opt(L) RPAREN. { R = L; }
type_list_opt(L) ::= . { L = ir_p_list_new(p); }
type_list_opt(L) ::= type_list(A). { L = A; }
type_list(L) ::= type(T). { L = ir_p_list_push(p, NULL, T); }
type_list(L) ::= type_list(A) COMMA type(T). { L = ir_p_list_push(p, A, T); }

nonfn_type(T) ::= INTTYPE(K). { T = ir_p_int_type(p, &K); }
nonfn_type(T) ::= F16. { T = ir_p_float_type(p, IR_F16); }
nonfn_type(T) ::= BF16. { T = ir_p_float_type(p, IR_BF16); }
nonfn_type(T) ::= F32. { T = ir_p_float_type(p, IR_F32); }
nonfn_type(T) ::= F64. { T = ir_p_float_type(p, IR_F64); }
nonfn_type(T) ::= F80. { T = ir_p_float_type(p, IR_F80); }
nonfn_type(T) ::= F128. { T = ir_p_float_type(p, IR_F128); }
nonfn_type(T) ::= COMPLEX(K) LT type(E) GT. { T = ir_p_complex(p, &K, E); }
nonfn_type(T) ::= INDEX. { T = ir_p_index_type(p); }
nonfn_type(T) ::= NONE. { T = ir_p_none_type(p); }
nonfn_type(T) ::= TYPE_ALIAS(A). { T = ir_p_type_alias_ref(p, &A); }
nonfn_type(T) ::= DIALECT_TYPE(A). { T = ir_p_dialect_type(p, &A); }
nonfn_type(T) ::= TUPLE LT type_list_opt(L) GT. { T = ir_p_tuple(p, L); }
/* tensor<4x?xf32> or memref<8xi32> lexed as one token (lex.re). */
nonfn_type(T) ::= SHAPED(K). { T = ir_p_shaped_token(p, &K); }
/* tensor<dims x T (, encoding)?> | tensor<*xT> */
nonfn_type(T) ::= TENSOR(K) LT dims(D) type(E) GT.
	{ T = ir_p_shaped(p, &K, D, E, NULL, NULL); }
nonfn_type(T) ::= TENSOR(K) LT dims(D) type(E) COMMA attr(A) GT.
	{ T = ir_p_shaped(p, &K, D, E, A, NULL); }
nonfn_type(T) ::= TENSOR(K) LT UNRANKED type(E) GT.
	{ T = ir_p_shaped(p, &K, NULL, E, NULL, NULL); }
nonfn_type(T) ::= VECTOR(K) LT dims(D) type(E) GT.
	{ T = ir_p_shaped(p, &K, D, E, NULL, NULL); }
/* memref<dims x T (, layout)? (, memspace)?> | memref<*xT (, space)?> */
nonfn_type(T) ::= MEMREF(K) LT dims(D) type(E) GT.
	{ T = ir_p_shaped(p, &K, D, E, NULL, NULL); }
nonfn_type(T) ::= MEMREF(K) LT dims(D) type(E) COMMA attr(A) GT.
	{ T = ir_p_shaped(p, &K, D, E, A, NULL); }
nonfn_type(T) ::= MEMREF(K) LT dims(D) type(E) COMMA attr(A) COMMA attr(B)
    GT. { T = ir_p_shaped(p, &K, D, E, A, B); }
nonfn_type(T) ::= MEMREF(K) LT UNRANKED type(E) GT.
	{ T = ir_p_shaped(p, &K, NULL, E, NULL, NULL); }
nonfn_type(T) ::= MEMREF(K) LT UNRANKED type(E) COMMA attr(B) GT.
	{ T = ir_p_shaped(p, &K, NULL, E, NULL, B); }
/* MLIR 14: memref<?x8xf32, offset: ?, strides: [8, 1] (, space)?> */
nonfn_type(T) ::= MEMREF(K) LT dims(D) type(E) COMMA OFFSET COLON dimval(O)
    COMMA STRIDES COLON LBRACKET i64_list_opt(S) RBRACKET GT.
	{ T = ir_p_memref_old(p, &K, D, E, O, S, NULL); }
nonfn_type(T) ::= MEMREF(K) LT dims(D) type(E) COMMA OFFSET COLON dimval(O)
    COMMA STRIDES COLON LBRACKET i64_list_opt(S) RBRACKET COMMA attr(B) GT.
	{ T = ir_p_memref_old(p, &K, D, E, O, S, B); }
dims(D) ::= . { D = ir_p_i64_new(p); }
dims(D) ::= dims(A) DIM(X). { D = ir_p_i64_push(p, A, ir_p_dim(p, &X)); }
/* vector<2x[4x8]xf32> (MLIR 14) or vector<2x[4]x[8]xf32>: scalable
 * dimensions, encoded by ir_p_sdims */
dims(D) ::= dims(A) SDIM(X). { D = ir_p_sdims(p, A, &X); }

/* !quant.uniform<storage(<min:max>)? : expressed (:axis)?, params> */
nonfn_type(T) ::= quant_kw(K) LT quant_storage COLON type(E) qaxis(X) COMMA
    quant_params GT. { T = ir_p_quant(p, &K, E, X); }
%type quant_kw {IrToken}
quant_kw(K) ::= QUANT_UNIFORM(Q). { K = Q; ir_p_quant_begin(p, &Q); }
quant_storage ::= qstorage_name(S). { ir_p_quant_storage(p, &S, false, 0, 0); }
quant_storage ::= qstorage_name(S) LT qint(A) COLON qint(B) GT.
	{ ir_p_quant_storage(p, &S, true, A, B); }
%type qstorage_name {IrToken}
qstorage_name(S) ::= INTTYPE(A). { S = A; }
qstorage_name(S) ::= BARE(A). { S = A; }
qaxis(X) ::= . { X = -1; }
qaxis(X) ::= COLON INTEGER(N). { X = ir_p_int64(p, &N, false); }
quant_params ::= qparam.
quant_params ::= LBRACE qparam_list RBRACE.
qparam_list ::= qparam.
qparam_list ::= qparam_list COMMA qparam.
qparam ::= qscale(S). { ir_p_quant_param(p, &S, false, 0); }
qparam ::= qscale(S) COLON qint(Z).
	{ ir_p_quant_param(p, &S, false, Z); }
qparam ::= MINUS qscale(S). { ir_p_quant_param(p, &S, true, 0); }
qparam ::= MINUS qscale(S) COLON qint(Z).
	{ ir_p_quant_param(p, &S, true, Z); }
%type qscale {IrToken}
qscale(S) ::= FLOAT(A). { S = A; }
qscale(S) ::= INTEGER(A). { S = A; }
qint(V) ::= INTEGER(N). { V = ir_p_int64(p, &N, false); }
qint(V) ::= MINUS INTEGER(N). { V = ir_p_int64(p, &N, true); }

/* ------------------------------------------------------------ attributes */

attr(A) ::= INTEGER(N). { A = ir_p_attr_int(p, &N, false, NULL); }
attr(A) ::= MINUS INTEGER(N). { A = ir_p_attr_int(p, &N, true, NULL); }
attr(A) ::= INTEGER(N) COLON type(T). { A = ir_p_attr_int(p, &N, false, T); }
attr(A) ::= MINUS INTEGER(N) COLON type(T).
	{ A = ir_p_attr_int(p, &N, true, T); }
attr(A) ::= FLOAT(N). { A = ir_p_attr_float(p, &N, false, NULL); }
attr(A) ::= MINUS FLOAT(N). { A = ir_p_attr_float(p, &N, true, NULL); }
attr(A) ::= FLOAT(N) COLON type(T). { A = ir_p_attr_float(p, &N, false, T); }
attr(A) ::= MINUS FLOAT(N) COLON type(T).
	{ A = ir_p_attr_float(p, &N, true, T); }
attr(A) ::= TRUE. { A = ir_p_attr_bool(p, true); }
attr(A) ::= FALSE. { A = ir_p_attr_bool(p, false); }
attr(A) ::= STRING(S). { A = ir_p_attr_string(p, &S, NULL); }
attr(A) ::= STRING(S) COLON type(T). { A = ir_p_attr_string(p, &S, T); }
attr(A) ::= UNIT. { A = ir_p_attr_unit(p); }
attr(A) ::= LBRACKET RBRACKET. { A = ir_p_attr_array(p, NULL); }
attr(A) ::= LBRACKET attr_list(L) RBRACKET. { A = ir_p_attr_array(p, L); }
attr(A) ::= attr_dict(D). { A = D; }
attr(A) ::= type(T). { A = ir_p_attr_type(p, T); }
attr(A) ::= symref(S). { A = ir_p_attr_symref(p, S); }
attr(A) ::= ATTR_ALIAS(N). { A = ir_p_attr_alias_ref(p, &N); }
attr(A) ::= DIALECT_ATTR(N). { A = ir_p_dialect_attr(p, &N, NULL); }
attr(A) ::= LOC(K) LPAREN loc(L) RPAREN. { A = ir_p_loc_attr(p, &K, L); }
attr(A) ::= DIALECT_ATTR(N) COLON type(T).
	{ A = T ? ir_p_dialect_attr(p, &N, T) : NULL; }
attr_list(L) ::= attr(A). { L = ir_p_list_push(p, NULL, A); }
attr_list(L) ::= attr_list(B) COMMA attr(A). { L = ir_p_list_push(p, B, A); }

/* @a::@b::@c */
symref(S) ::= AT_ID(N). { S = ir_p_list_push(p, NULL, ir_p_symbol(p, &N)); }
symref(S) ::= symref(A) COLONCOLON AT_ID(N).
	{ S = ir_p_list_push(p, A, ir_p_symbol(p, &N)); }

/* { (name (= attr)?)* } */
attr_dict(D) ::= LBRACE RBRACE. { D = ir_p_attr_dict(p, NULL); }
attr_dict(D) ::= LBRACE named_list(L) RBRACE. { D = ir_p_attr_dict(p, L); }
named_list(L) ::= dict_key(K).
	{ L = ir_p_named(p, NULL, &K, ir_p_attr_unit(p)); }
named_list(L) ::= dict_key(K) EQUAL attr(A). { L = ir_p_named(p, NULL, &K, A); }
named_list(L) ::= named_list(B) COMMA dict_key(K).
	{ L = ir_p_named(p, B, &K, ir_p_attr_unit(p)); }
named_list(L) ::= named_list(B) COMMA dict_key(K) EQUAL attr(A).
	{ L = ir_p_named(p, B, &K, A); }
%type dict_key {IrToken}
dict_key(K) ::= BARE(A). { K = A; }
dict_key(K) ::= STRING(A). { K = A; }

/* dense<literal> : T | dense<"0xHEX"> : T | dense<> : T; strings are the
 * elements of a non-numeric element type (dense<["a", "b"]>). */
attr(A) ::= dense_kw(K) LT delem(E) GT COLON type(T).
	{ A = ir_p_dense(p, &K, E, T); }
attr(A) ::= dense_kw(K) LT GT COLON type(T).
	{ A = ir_p_dense(p, &K, NULL, T); }
%type dense_kw {IrToken}
dense_kw(K) ::= DENSE(D). { K = D; ir_p_dense_begin(p); }
delem(E) ::= dscalar(S). { E = S; }
/* (re, im): one element of a complex element type */
delem(E) ::= LPAREN dscalar(A) COMMA dscalar(B) RPAREN(R).
	{ E = ir_p_dense_pair(p, &R, A, B); }
dscalar(E) ::= INTEGER(N). { E = ir_p_dense_scalar(p, &N, false); }
dscalar(E) ::= MINUS INTEGER(N). { E = ir_p_dense_scalar(p, &N, true); }
dscalar(E) ::= FLOAT(N). { E = ir_p_dense_scalar(p, &N, false); }
dscalar(E) ::= MINUS FLOAT(N). { E = ir_p_dense_scalar(p, &N, true); }
dscalar(E) ::= TRUE(N). { E = ir_p_dense_scalar(p, &N, false); }
dscalar(E) ::= FALSE(N). { E = ir_p_dense_scalar(p, &N, false); }
dscalar(E) ::= STRING(N). { E = ir_p_dense_scalar(p, &N, false); }
delem(E) ::= LBRACKET RBRACKET. { E = ir_p_i64_push(p, NULL, 0); }
delem(E) ::= LBRACKET dlist(L) RBRACKET. { E = L; }
dlist(L) ::= delem(E). { L = ir_p_dlist(p, NULL, E); }
dlist(L) ::= dlist(A) COMMA delem(E). { L = ir_p_dlist(p, A, E); }

/* sparse<indices, values> : T | sparse<> : T (MLIR's sparse elements) */
attr(A) ::= sparse_kw(K) LT GT COLON type(T).
	{ A = ir_p_sparse(p, &K, NULL, NULL, T); }
attr(A) ::= sparse_kw(K) LT delem(I) sparse_comma delem(V) GT COLON type(T).
	{ A = ir_p_sparse(p, &K, I, V, T); }
%type sparse_kw {IrToken}
sparse_kw(K) ::= SPARSE(D). { K = D; ir_p_dense_begin(p); }
sparse_comma ::= COMMA. { p->sparse_split = p->ndense; }
/* opaque<"dialect", "0xHEX"> : T (MLIR 14's opaque elements) */
attr(A) ::= OPAQUE(K) LT STRING(D) COMMA STRING(H) GT COLON type(T).
	{ A = ir_p_opaque_elems(p, &K, &D, &H, T); }

/* affine_map<(d0, ...)[s0, ...] -> (expr, ...)> */
attr(A) ::= affine_kw LT LPAREN affine_dims RPAREN affine_syms ARROW
    LPAREN RPAREN GT. { A = ir_p_affine_map(p, ir_p_list_new(p)); }
attr(A) ::= affine_kw LT LPAREN affine_dims RPAREN affine_syms ARROW
    LPAREN aexpr_items(L) RPAREN GT. { A = ir_p_affine_map(p, L); }
affine_kw ::= AFFINE_MAP(K). { ir_p_affine_begin(p, &K); }
/* affine_set<(d0, ...)[s0, ...] : (expr >= 0 | expr == 0, ...)> */
attr(A) ::= aset_kw LT LPAREN affine_dims RPAREN affine_syms COLON
    LPAREN RPAREN GT. { A = ir_p_integer_set(p, ir_p_list_new(p)); }
attr(A) ::= aset_kw LT LPAREN affine_dims RPAREN affine_syms COLON
    LPAREN aconstraints(L) RPAREN GT. { A = ir_p_integer_set(p, L); }
aset_kw ::= AFFINE_SET(K). { ir_p_affine_begin(p, &K); }
aconstraints(L) ::= aconstraint(E). { L = ir_p_list_push(p, NULL, E); }
aconstraints(L) ::= aconstraints(A) COMMA aconstraint(E).
	{ L = ir_p_list_push(p, A, E); }
aconstraint(E) ::= aexpr(A) GT EQUAL(T) aexpr(B).
	{ E = ir_p_constraint(p, &T, A, B, false); }
aconstraint(E) ::= aexpr(A) EQUAL EQUAL(T) aexpr(B).
	{ E = ir_p_constraint(p, &T, A, B, true); }
affine_dims ::= .
affine_dims ::= affine_dim_list.
affine_dim_list ::= BARE(D). { ir_p_affine_id(p, &D, false); }
affine_dim_list ::= affine_dim_list COMMA BARE(D).
	{ ir_p_affine_id(p, &D, false); }
affine_syms ::= .
affine_syms ::= LBRACKET RBRACKET.
affine_syms ::= LBRACKET affine_sym_list RBRACKET.
affine_sym_list ::= BARE(S). { ir_p_affine_id(p, &S, true); }
affine_sym_list ::= affine_sym_list COMMA BARE(S).
	{ ir_p_affine_id(p, &S, true); }
aexpr_items(L) ::= aexpr(E). { L = ir_p_list_push(p, NULL, E); }
aexpr_items(L) ::= aexpr_items(A) COMMA aexpr(E).
	{ L = ir_p_list_push(p, A, E); }
aexpr(E) ::= aexpr(A) PLUS aexpr(B).
	{ E = ir_p_aff_bin(p, IR_AFFINE_ADD, A, B); }
aexpr(E) ::= aexpr(A) MINUS aexpr(B). { E = ir_p_aff_sub(p, A, B); }
/* MLIR's rules for what stays affine are checked at the operator. */
aexpr(E) ::= aexpr(A) STAR(O) aexpr(B).
	{ E = ir_p_aff_op(p, &O, IR_AFFINE_MUL, A, B); }
aexpr(E) ::= aexpr(A) FLOORDIV(O) aexpr(B).
	{ E = ir_p_aff_op(p, &O, IR_AFFINE_FLOORDIV, A, B); }
aexpr(E) ::= aexpr(A) CEILDIV(O) aexpr(B).
	{ E = ir_p_aff_op(p, &O, IR_AFFINE_CEILDIV, A, B); }
aexpr(E) ::= aexpr(A) MOD(O) aexpr(B).
	{ E = ir_p_aff_op(p, &O, IR_AFFINE_MOD, A, B); }
aexpr(E) ::= MINUS aexpr(A). [UMINUS] { E = ir_p_aff_neg(p, A); }
aexpr(E) ::= LPAREN aexpr(A) RPAREN. { E = A; }
aexpr(E) ::= INTEGER(N). { E = ir_p_aff_const(p, &N); }
aexpr(E) ::= BARE(N). { E = ir_p_aff_ref(p, &N); }

/* strided<[s, ...](, offset: o)?> */
attr(A) ::= STRIDED LT LBRACKET i64_list_opt(S) RBRACKET GT.
	{ A = ir_p_strided(p, S, 0); }
attr(A) ::= STRIDED LT LBRACKET i64_list_opt(S) RBRACKET COMMA OFFSET COLON
    dimval(O) GT. { A = ir_p_strided(p, S, O); }
i64_list_opt(L) ::= . { L = ir_p_i64_new(p); }
i64_list_opt(L) ::= i64_list(A). { L = A; }
i64_list(L) ::= dimval(V). { L = ir_p_i64_push(p, NULL, V); }
i64_list(L) ::= i64_list(A) COMMA dimval(V). { L = ir_p_i64_push(p, A, V); }
dimval(V) ::= INTEGER(N). { V = ir_p_int64(p, &N, false); }
dimval(V) ::= MINUS INTEGER(N). { V = ir_p_int64(p, &N, true); }
dimval(V) ::= QUESTION. { V = IR_DYNAMIC; }

/* ------------------------------------------------------------ locations */

loc_opt(L) ::= . [LOCOPT] { L = NULL; }
loc_opt(L) ::= LOC LPAREN loc(A) RPAREN. { L = A; }
loc(L) ::= UNKNOWN. { L = ir_p_loc_unknown(p); }
loc(L) ::= STRING(F) COLON INTEGER(A) COLON INTEGER(B).
	{ L = ir_p_loc_file(p, &F, &A, &B); }
loc(L) ::= STRING(N). { L = ir_p_loc_name(p, &N, NULL); }
loc(L) ::= STRING(N) LPAREN loc(C) RPAREN. { L = ir_p_loc_name(p, &N, C); }
loc(L) ::= FUSED LBRACKET loc_list(A) RBRACKET.
	{ L = ir_p_loc_fused(p, A, NULL); }
loc(L) ::= FUSED LT attr(M) GT LBRACKET loc_list(A) RBRACKET.
	{ L = ir_p_loc_fused(p, A, M); }
loc(L) ::= CALLSITE LPAREN loc(A) AT loc(B) RPAREN.
	{ L = ir_p_loc_callsite(p, A, B); }
loc(L) ::= ATTR_ALIAS(A). { L = ir_p_loc_alias_ref(p, &A); }
loc_list(L) ::= loc(A). { L = ir_p_list_push(p, NULL, A); }
loc_list(L) ::= loc_list(B) COMMA loc(A). { L = ir_p_list_push(p, B, A); }

%code {
/* A SHAPED token (one whole tensor or memref type) is fed only where the
 * state has an action of its own for it: there TENSOR and MEMREF have the
 * same actions (they only start types), so both spellings parse alike;
 * elsewhere the pump splits it and TENSOR may fall back to BARE. */
int
irParseHasAction(void *parser, int kind)
{
	yyParser *pp = (yyParser *)parser;
	YYACTIONTYPE st = pp->yytos->stateno;
	int i;

	if (st > YY_MAX_SHIFT)
		return 0;
	i = (int)yy_shift_ofst[st] + kind;
	return i >= 0 && i < YY_NLOOKAHEAD && yy_lookahead[i] == kind;
}

/* Performs the reductions lookahead kind brings about, as irParse does
 * before it shifts the token (so feeding the token afterwards changes
 * nothing), then says whether the parser waits at the start of an op in
 * a list of ops: a region body or the top level. There a whole op may
 * be built without the engine, which stays in the same state. */
int
irParseAtOpStart(void *parser, int kind, IrToken tok, IrParser *p)
{
	yyParser *yypParser = (yyParser *)parser;
	YYACTIONTYPE act = yypParser->yytos->stateno;
	int sym;

	for (;;) {
		unsigned int rule;

		act = yy_find_shift_action((YYCODETYPE)kind, act);
		if (act < YY_MIN_REDUCE)
			break;
		rule = act - YY_MIN_REDUCE;
		if (yyRuleInfoNRhs[rule] == 0 && yypParser->yytos >=
		    &yypParser->yystack[yypParser->yystksz - 1] &&
		    yyGrowStack(yypParser)) {
			yyStackOverflow(yypParser);
			return 0;
		}
		act = yy_reduce(yypParser, rule, kind, tok, p);
		if (p->failed)
			return 0;
	}
	sym = yypParser->yytos->major;
	return sym != 0 && (sym == p->sym_body || sym == p->sym_items);
}
}
