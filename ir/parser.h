/* ir/parser.h: private declarations shared by the lexer (lex.re), the
 * grammar (parse.y), the parse driver (parser.c) and the builders
 * (parse_op.c, parse_type.c, parse_attr.c, parse_alias.c). */
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
 * call (parser.c and parse_*.c). Every builder tolerates NULL inputs
 * after an error; builders that take a list own it (they free it). */

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

/* Numbered SSA names (%12, %v12) below this use a flat name array of
 * their prefix (whose size follows the largest such name seen: 16 MiB
 * at most, and pages never touched are never mapped). */
#define IR_P_FLAT_NAMES (1u << 22)

/* The shaped-type memo: slots, and the highest rank it keeps. */
#define IR_P_MEMO_SLOTS 64
#define IR_P_MEMO_RANK 8

/* Most free lists of each kind the parser keeps for reuse. */
#define IR_P_POOL 32

/* Most terminals the syntax error handler reports as expected. */
#define IR_P_MAX_EXPECT 64

/* Lists come from and go back to small pools in the parser (a type list
 * or a shape is built for nearly every op); push with l NULL starts a
 * new list. */
IrPtrList *ir_p_list_new(IrParser *p);
IrPtrList *ir_p_list_push(IrParser *p, IrPtrList *l, const void *x);
void ir_p_list_free(IrParser *p, IrPtrList *l);
IrI64List *ir_p_i64_new(IrParser *p);
IrI64List *ir_p_i64_push(IrParser *p, IrI64List *l, int64_t x);
void ir_p_i64_free(IrParser *p, IrI64List *l);
/* Frees the pooled lists (at the end of a parse). */
void ir_p_lists_free(IrParser *p);
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
void ir_p_func_attrs(IrParser *p, const IrToken *kw, const IrAttr *dict);
void ir_p_succ_args(IrParser *p, IrPtrList *types);
void ir_p_branch_finish(IrParser *p, const IrLoc *loc);
void ir_p_cast_finish(IrParser *p, IrPtrList *in, IrPtrList *out,
    const IrLoc *loc);
void ir_p_op_finish(IrParser *p, const IrType *type, const IrLoc *loc);
void ir_p_region_begin(IrParser *p, const IrToken *brace);
void ir_p_region_end(IrParser *p, const IrToken *brace);
void ir_p_block_begin(IrParser *p, const IrToken *label);
void ir_p_block_arg(IrParser *p, const IrToken *name, const IrType *t,
    const IrLoc *loc);
void ir_p_sugar_begin(IrParser *p, const char *opname, const IrToken *kw);
/* `func.constant @f : T`: the op with value = @f and one result of T. */
void ir_p_constant_finish(IrParser *p, IrPtrList *sym, const IrType *t,
    const IrLoc *loc);
void ir_p_sym_name(IrParser *p, const IrToken *sym);
/* The func.func visibility keyword ("private", "public", "nested"). */
void ir_p_func_visibility(IrParser *p, const char *vis);
/* A func.func argument (name NULL: a declaration's) with its attribute
 * dictionary (NULL: none). */
void ir_p_func_arg(IrParser *p, const IrToken *name, const IrType *t,
    const IrAttr *attrs, const IrLoc *loc);
void ir_p_func_result(IrParser *p, const IrType *t, const IrAttr *attrs);
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
/* Scalable dims `[N x M]x`, pushed to dims encoded as -2 - N (decoded
 * by ir_p_shaped; IR_DYNAMIC never collides). */
IrI64List *ir_p_sdims(IrParser *p, IrI64List *dims, const IrToken *tok);
const IrType *ir_p_complex(IrParser *p, const IrToken *kw,
    const IrType *elem);
/* A plain shaped type lexed as one SHAPED token. */
const IrType *ir_p_shaped_token(IrParser *p, const IrToken *tok);
int64_t ir_p_int64(IrParser *p, const IrToken *tok, bool neg);
void ir_p_quant_begin(IrParser *p, const IrToken *kw);
void ir_p_quant_storage(IrParser *p, const IrToken *tok, bool range,
    int64_t min, int64_t max);
void ir_p_quant_param(IrParser *p, const IrToken *scale, bool neg,
    int64_t zp);
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
const IrIdent *ir_p_quant_opaque(IrParser *p, const IrToken *tok,
    const IrIdent *body);
const IrAttr *ir_p_loc_attr(IrParser *p, const IrToken *kw,
    const IrLoc *loc);
const IrAttr *ir_p_dialect_attr(IrParser *p, const IrToken *tok,
    const IrType *type);
const IrAttr *ir_p_attr_dict(IrParser *p, IrNamedList *l);
IrNamedList *ir_p_named(IrParser *p, IrNamedList *l, const IrToken *key,
    const IrAttr *value);
void ir_p_dense_begin(IrParser *p);
IrI64List *ir_p_dense_scalar(IrParser *p, const IrToken *tok, bool neg);
/* (re, im): marks the last two scalars as one complex element. */
IrI64List *ir_p_dense_pair(IrParser *p, const IrToken *close, IrI64List *re,
    IrI64List *im);
IrI64List *ir_p_dlist(IrParser *p, IrI64List *list, IrI64List *elem);
const IrAttr *ir_p_dense(IrParser *p, const IrToken *kw, IrI64List *shape,
    const IrType *t);
const IrAttr *ir_p_dense_hex(IrParser *p, const IrToken *kw,
    const IrToken *str, const IrType *t);
/* sparse<I, V> : T; I and V NULL for sparse<>. The scalars of I are
 * p->dense[0 .. p->sparse_split), those of V follow. */
const IrAttr *ir_p_sparse(IrParser *p, const IrToken *kw, IrI64List *ishape,
    IrI64List *vshape, const IrType *t);
const IrAttr *ir_p_opaque_elems(IrParser *p, const IrToken *kw,
    const IrToken *dialect, const IrToken *hex, const IrType *t);
void ir_p_affine_begin(IrParser *p, const IrToken *kw);
void ir_p_affine_id(IrParser *p, const IrToken *tok, bool symbol);
const IrAffineExpr *ir_p_aff_bin(IrParser *p, IrAffineKind kind,
    const IrAffineExpr *a, const IrAffineExpr *b);
const IrAffineExpr *ir_p_constraint(IrParser *p, const IrToken *op,
    const IrAffineExpr *a, const IrAffineExpr *b, bool eq);
const IrAttr *ir_p_integer_set(IrParser *p, IrPtrList *exprs);
const IrAffineExpr *ir_p_aff_op(IrParser *p, const IrToken *op,
    IrAffineKind kind, const IrAffineExpr *a, const IrAffineExpr *b);
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

/* ---------------------------------------------------------------- state
 * The parser's private state, shared by parser.c (driver, SSA names,
 * regions), parse_op.c, parse_type.c, parse_attr.c and parse_alias.c. */

/* The values of a binding that are not one defined value: placeholders
 * of forward references (NULL until used), or a defined group of
 * several values (%x:2). */
typedef struct BindGroup {
	unsigned n;
	bool defined;
	IrValue *vals[];
} BindGroup;

/* One SSA name: a value or a group of values, or forward-reference
 * placeholders until the definition appears. Kept small (24 bytes): a
 * file has one per result name. Its region scope is the innermost one
 * whose bind_base is at or below its index; its line and column, needed
 * only for messages, come from `at`. */
typedef struct Binding {
	const char *at;       /* the `%` of its definition, or of the first
	                       * use of placeholders, in the source */
	union {
		IrValue *one;     /* bit 0 clear: the one defined value (NULL:
		                   * none, not defined) */
		uintptr_t group;  /* bit 0 set: a malloc'd BindGroup + 1 */
	} v;
	uint32_t shadow;      /* index+1 of the binding it hides, or 0 */
	uint32_t cell;        /* where its name's cell is (parser.c) */
} Binding;

/* b's group, or NULL when b holds at most one value. */
static inline BindGroup *
ir_p_bind_group(const Binding *b)
{
	return b->v.group & 1 ? (BindGroup *)(b->v.group - 1) : NULL;
}

/* The first value of b if b is defined, else NULL. */
static inline IrValue *
ir_p_bind_first(const Binding *b)
{
	BindGroup *g = ir_p_bind_group(b);

	return !g ? b->v.one : g->defined ? g->vals[0] : NULL;
}

/* Most name prefixes (the letters before the number of %v12 or %arg3)
 * that get a flat array of their own, and their longest length. */
#define IR_P_PREFIXES 4
#define IR_P_PREFIX_LEN 8

/* The flat array of one name prefix: names prefix+N with N canonical
 * decimal below IR_P_FLAT_NAMES. */
typedef struct NamePrefix {
	uint64_t key;         /* the prefix bytes, little-endian */
	size_t len;
	uint32_t *cells;      /* N -> newest binding index+1 (0: none) */
	size_t cap;
} NamePrefix;

/* A block label of the region being parsed. */
typedef struct Label {
	const IrIdent *name;
	IrBlock *block;
	bool defined;         /* false: only referenced so far */
	IrToken ref;          /* first reference */
} Label;

/* A region being parsed: its blocks, labels and name scope. */
typedef struct RegionFrame {
	IrRegion *region;     /* detached, malloc'd */
	IrBlock *cur;         /* where ops go; NULL before the first */
	Label *labels;
	size_t nlabels, labelcap;
	IrPtrMap labelmap;    /* name -> index+1 in labels */
	size_t bind_base;     /* bindings below this belong to outer scopes */
	bool isolated;        /* outer names are not visible */
	bool named_args;      /* entry block came from a func signature */
} RegionFrame;

typedef struct ResultRef {
	IrToken tok;
	const char *name;     /* bytes after %, in the source */
	size_t namelen;
	unsigned count;
} ResultRef;

typedef struct OperandRef {
	IrToken tok;
	const char *name;     /* bytes after %, before #N, in the source */
	size_t namelen;
	unsigned index;       /* #N */
} OperandRef;

typedef struct FuncArg {
	IrToken tok;
	bool named;
	const IrType *type;
	const IrAttr *attrs;  /* argument attributes, or NULL */
	const IrLoc *loc;
} FuncArg;

/* How an op was spelled: generic, MLIR 14's "builtin.func", or sugar. */
enum { SUGAR_NONE, SUGAR_BUILTIN_FUNC, SUGAR_MODULE, SUGAR_FUNC,
    SUGAR_RETURN };

/* An op being parsed (its name is known, its type not yet). */
typedef struct OpFrame {
	const IrOpName *name;
	IrToken tok;          /* op name or sugar keyword */
	int sugar;
	bool isolated;
	size_t rdepth;        /* region frames open when it began */
	ResultRef *results;
	size_t nresults, rescap;
	OperandRef *operands;
	size_t noperands, opcap;
	IrToken *succs;
	size_t nsuccs, succcap;
	IrRegion **regions;
	size_t nregions, regcap;
	const IrAttr *attrs;
	FuncArg *args;        /* func.func sugar */
	size_t nargs, argcap;
	IrPtrList fres;       /* func.func result types */
	IrPtrList fresattrs;  /* and their attributes (NULL: none) */
	const IrIdent *sym_name;
	const char *vis; /* func.func visibility keyword, or NULL */
	size_t segs[2];       /* br / cond_br: operands per successor */
	unsigned nsegs;       /* (their types are collected in fres) */
} OpFrame;

/* A location alias; placeholder stands for it until it is defined. */
typedef struct LocAlias {
	const IrIdent *name;
	const IrLoc *loc;         /* NULL until defined */
	const IrLoc *placeholder; /* NULL unless used before defined */
	IrToken use;              /* first use before the definition */
	IrToken def;              /* the name in the definition */
	uint64_t nuses;
	bool busy;                /* being resolved (finds cycles) */
} LocAlias;

/* What an object expands to when printed (see "measure" below). */
typedef struct Measure {
	unsigned depth;       /* nesting levels */
	uint32_t size;        /* objects printed, saturating */
} Measure;

typedef struct DenseElem {
	IrToken tok;
	bool neg;
	bool pair;   /* half of a (re, im) complex element */
} DenseElem;

struct IrParser {
	IrContext *ctx;
	const IrSource *src;
	bool failed;
	/* SSA names. */
	Binding *binds;
	size_t nbinds, bindcap;
	/* SSA name -> newest binding index+1 (0: none). Names are not
	 * interned: a name that is a short prefix then a canonical decimal
	 * below IR_P_FLAT_NAMES (%0, %v12, %arg3) indexes its prefix's flat
	 * array (the first IR_P_PREFIXES prefixes seen get one), other names
	 * an open-addressing table keyed by their bytes. */
	NamePrefix prefixes[IR_P_PREFIXES];
	size_t nprefixes;
	struct NameSlot {
		const char *s;
		size_t len;
		uint64_t hash;
		uint32_t cell;    /* its index in hcells */
	} *nslots;
	size_t nscap, nsused;
	uint32_t *hcells;     /* cells of the names in nslots (nsused) */
	size_t hcellcap;
	IrOp **placeholders;
	size_t nph, phcap;
	const IrOpName *ph_name;
	/* Frames. */
	RegionFrame **regions;
	size_t nregions, regcap;
	OpFrame **ops;
	size_t nops, opcap;
	OpFrame **spare;      /* popped frames kept for reuse */
	size_t nspare, sparecap;
	IrValue **opvals;     /* build_op's operand / result scratch */
	size_t opvalcap;
	IrBlock **opsuccs;    /* build_op's successor scratch */
	size_t opsucccap;
	/* Recently built plain shaped types (no encoding, layout or memory
	 * space), direct-mapped: the same tensor type is spelled several
	 * times per op and uniquing it from scratch hashes every dim. */
	struct ShapedMemo {
		const IrType *t;      /* NULL: empty */
		const IrType *elem;
		int kind;             /* TK_TENSOR, TK_VECTOR or TK_MEMREF */
		size_t rank;
		int64_t dims[IR_P_MEMO_RANK];
	} shmemo[IR_P_MEMO_SLOTS];
	/* SHAPED token text (in the source) -> its type, direct-mapped. */
	struct TokenMemo {
		const char *s;        /* NULL: empty */
		size_t len;
		const IrType *t;
	} tkmemo[IR_P_MEMO_SLOTS];
	/* Function-type text of fast-path ops (in the source, from `(` to
	 * the end of the type, which ended its line) -> the type. */
	struct TokenMemo fnmemo[IR_P_MEMO_SLOTS];
	/* Op name bytes (in the source) -> the uniqued name. */
	struct OpNameMemo {
		const char *s;        /* NULL: empty */
		size_t len;
		const IrOpName *name;
	} opmemo[IR_P_MEMO_SLOTS];
	/* Grammar symbol codes of `region_body` and `items` (0: not seen
	 * yet), where the fast path may take over an op. */
	int sym_body, sym_items;
	IrPtrList *lpool[IR_P_POOL]; /* emptied lists kept for reuse */
	size_t nlpool;
	IrI64List *ipool[IR_P_POOL];
	size_t nipool;
	ResultRef *pending;   /* results parsed before the op name */
	size_t npending, pendcap;
	/* Aliases. */
	IrPtrMap talias;      /* name -> IrType */
	IrPtrMap aalias;      /* name -> IrAttr */
	LocAlias *lalias;
	size_t nlalias, laliascap;
	IrPtrMap lamap;       /* name -> index+1 in lalias */
	IrPtrMap laph;        /* placeholder loc -> index+1 in lalias */
	IrPtrMap lamemo;      /* loc -> the loc with aliases resolved */
	IrPtrMap measmap;     /* object -> index+1 in meas */
	Measure *meas;        /* what measured objects expand to */
	size_t nmeas, meascap;
	uint64_t expanded;    /* objects that alias uses print, in total */
	bool loc_forward;     /* some location alias was used early */
	const IrToken *remap_use; /* alias being replaced, for errors */
	/* Open brackets, for "expected ')'" at a truncated end. */
	char closers[IR_MAX_NESTING + 1];
	size_t depth;
	/* Literal scratch. */
	DenseElem *dense;
	size_t ndense, densecap;
	size_t sparse_split;  /* sparse<I, V>: where the scalars of V start */
	IrPtrList affdims, affsyms;
	IrToken affkw;        /* affine_map keyword, for errors */
	IrI64List affeq;      /* affine_set: 1 for each == constraint */
	bool alias_def;       /* inside `#name = ...` at the top level */
	IrToken alias_ahead;  /* a loc(...) in it naming a later alias */
	struct QuantParse {   /* a !quant type being read */
		IrToken kw;   /* !quant.uniform, for errors */
		IrToken tok;
		bool is_signed, range;
		unsigned width;
		int64_t min, max;
		double *scales;
		int64_t *zps;
		size_t n, cap;
	} q;
};

#define IR_P_GROW(arr, n, cap) do { \
	if ((n) == (cap)) { \
		(cap) = (cap) ? (cap) * 2 : 8; \
		(arr) = ir_xrealloc((arr), (cap) * sizeof *(arr)); \
	} \
} while (0)

/* Object kinds the alias measure (parse_alias.c) walks. */
enum { IR_P_OBJ_TYPE, IR_P_OBJ_ATTR, IR_P_OBJ_AFFINE, IR_P_OBJ_LOC };

/* parser.c: tokens and text. */
/* The file location of tok. */
const IrLoc *ir_p_tok_loc(IrParser *p, const IrToken *tok);
/* The same location as a reference made only when asked for (an op's). */
IrLocRef ir_p_tok_locref(IrParser *p, const IrToken *tok);
/* Does l hold a NULL (a sub-construct that failed)? */
bool ir_p_has_null(const IrPtrList *l);
/* A builder got NULL without an error having been reported (a
 * constructor refused its input): reports it rather than lose the
 * construct silently. True when x is NULL. */
bool ir_p_lost(IrParser *p, const IrToken *tok, const void *x);
/* The text of tok after its first skip bytes, interned. */
const IrIdent *ir_p_tok_ident(IrParser *p, const IrToken *tok,
    size_t skip);
/* The bytes of a string token (after skip bytes; quotes removed, escapes
 * decoded), interned. */
const IrIdent *ir_p_tok_string(IrParser *p, const IrToken *tok,
    size_t skip);
/* Parses a decimal or 0x integer token into *out; false on overflow. */
bool ir_p_tok_u64(const IrToken *tok, uint64_t *out);
/* Is tok a 0x... integer? */
bool ir_p_tok_is_hex(const IrToken *tok);
/* The value of a float (or integer) token. */
double ir_p_tok_double(const IrToken *tok);

/* parser.c: the innermost region or op frame being parsed, or NULL. */
RegionFrame *ir_p_top_region(IrParser *p);
OpFrame *ir_p_top_op(IrParser *p);

/* parse_names.c: SSA names. */
/* The value a use `%name#index : t` refers to; a placeholder when the
 * name is not defined yet. NULL after an error. */
IrValue *ir_p_use_value(IrParser *p, const OperandRef *r, const IrType *t);
/* Defines `%name` (tok: `%name`) as the group vals[0..n). */
void ir_p_define(IrParser *p, const IrToken *tok, const char *name,
    size_t namelen, IrValue **vals, unsigned n);
/* The visible binding of name, or NULL (no side effect). */
Binding *ir_p_binding(IrParser *p, const char *name, size_t len);
/* Defines `%name` (tok) as the single value v; the name must have no
 * visible binding (ir_p_define's path for a new name). */
void ir_p_define_new(IrParser *p, const IrToken *tok, IrValue *v);
/* The same with the name's cell from ir_p_name_cell (still valid: no
 * name added since) and *code from it, so the name is looked up once. */
uint32_t *ir_p_name_cell(IrParser *p, const char *name, size_t len,
    uint32_t *code);
Binding *ir_p_cell_binding(IrParser *p, const uint32_t *cell);
void ir_p_define_at(IrParser *p, uint32_t *cell, uint32_t code,
    const IrToken *tok, IrValue *v);
/* `%name` or `%name#N` -> name and N. */
void ir_p_value_ref(IrParser *p, const IrToken *tok, OperandRef *r);
/* What the regions of parser.c need of the name table: the cell a
 * binding's cell code names; a new binding (at: its `%`) in cell (code:
 * where that is) hiding the one there; popping the newest binding; is a
 * binding a definition (not only placeholders); the `%name` token of a
 * binding, for messages. */
uint32_t *ir_p_code_cell(IrParser *p, uint32_t code);
Binding *ir_p_bind_push_at(IrParser *p, uint32_t *cell, uint32_t code,
    const char *at);
void ir_p_bind_pop(IrParser *p);
bool ir_p_bind_defined(const Binding *b);
IrToken ir_p_bind_tok(IrParser *p, const Binding *b);

/* parser.c: regions and blocks. */
/* The label `^name` (tok) of region r, created (undefined) on first
 * reference. */
Label *ir_p_label_get(IrParser *p, RegionFrame *r, const IrToken *tok);
/* The block ops of r go to, created for the first op. */
IrBlock *ir_p_current_block(RegionFrame *r);

/* parse_op.c: the uniqued op name of name[0..len), through a memo of
 * recent names when the bytes stay put (stable: in the source or
 * static). */
const IrOpName *ir_p_op_name(IrParser *p, const char *name, size_t len,
    bool stable);
/* parse_op.c: pops the innermost op frame (kept for reuse). */
void ir_p_op_pop(IrParser *p);
/* parse_op.c: frees the frames kept for reuse and build_op's scratch. */
void ir_p_op_frames_free(IrParser *p);

/* parse_alias.c: reports x (of kind IR_P_OBJ_*) if it nests deeper than
 * IR_MAX_NESTING; false then or after an earlier error. */
bool ir_p_depth_ok(IrParser *p, const IrToken *tok, int kind,
    const void *x);
/* parse_alias.c: checks every location alias and replaces those used
 * before their definition in the ops of top. */
bool ir_p_resolve_loc_aliases(IrParser *p, IrBlock *top);

/* parse_fast.c: builds the one-line generic op starting at token first
 * (a VALUE_ID or STRING where an op may start) through the same
 * builders, in the same order, as the grammar would, and lexes the token
 * after it into *next. False when the op is anything else: then nothing
 * has happened and the grammar parses it. */
bool ir_p_fast_op(IrParser *p, IrLexer *lx, const IrToken *first,
    IrToken *next);

/* Lemon's entry points (gen/parse.c). */
void *irParseAlloc(void *(*alloc)(size_t), IrParser *p);
void irParse(void *parser, int kind, IrToken tok);
void irParseFree(void *parser, void (*dealloc)(void *));
/* Does the parser's current state have an action of its own for
 * terminal kind (not a fallback or default one)? 0 when it cannot tell. */
int irParseHasAction(void *parser, int kind);
/* Performs the reductions lookahead kind (token tok) brings about, then
 * says whether the parser waits at the start of an op in a region body
 * or at the top level (see parse.y). */
int irParseAtOpStart(void *parser, int kind, IrToken tok, IrParser *p);

#endif /* NPUIR_PARSER_H */
