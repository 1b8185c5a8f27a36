/* ir/ir.h: the public API of the npu-ir core (context, types, attributes,
 * locations, operations, values, blocks, regions, dominators, builder,
 * walker, symbols, verifier, diagnostics, parser and printer, f16/bf16).
 * ir/ is the bottom layer (DESIGN.md 2): it knows no dialect, and holds
 * the one copy of each core algorithm everything above calls; atomic
 * output files are ir/output.h. */
#ifndef NPUIR_IR_H
#define NPUIR_IR_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define NPUIR_VERSION "0.1.0"

#if defined(__GNUC__)
#define IR_PRINTF(f, a) __attribute__((format(printf, f, a)))
#define IR_NORETURN __attribute__((noreturn))
#else
#define IR_PRINTF(f, a)
#define IR_NORETURN
#endif

typedef struct IrContext IrContext;
typedef struct IrIdent IrIdent;
typedef struct IrType IrType;
typedef struct IrAttr IrAttr;
typedef struct IrNamedAttr IrNamedAttr;
typedef struct IrAffineExpr IrAffineExpr;
typedef struct IrLoc IrLoc;
typedef struct IrOpDef IrOpDef;
typedef struct IrOpName IrOpName;
typedef struct IrOp IrOp;
typedef struct IrValue IrValue;
typedef struct IrUse IrUse;
typedef struct IrBlock IrBlock;
typedef struct IrBlockRef IrBlockRef;
typedef struct IrRegion IrRegion;
typedef struct IrSource IrSource;

/* ---------------------------------------------------------------- memory */

/* Allocation that never fails: out of memory prints one line and aborts
 * (the only place npu-ir aborts for a resource). */
void *ir_xmalloc(size_t n);
void *ir_xcalloc(size_t n, size_t size);
void *ir_xrealloc(void *p, size_t n);
char *ir_xstrndup(const char *s, size_t n);
/* Tools call this first: large blocks go back to the system when
 * freed, so peak memory follows the live data (glibc only). */
void ir_malloc_tune(void);

/* An internal invariant broke: print the C file:line and abort. */
IR_NORETURN void ir_unreachable_at(const char *file, int line,
    const char *msg);
#define ir_unreachable(msg) ir_unreachable_at(__FILE__, __LINE__, (msg))

/* IEEE half and bfloat16 conversions, the only copy (ir/half.c). To
 * wider types they are exact; to f16/bf16 they round to nearest, ties to
 * even, once (overflow gives infinity, subnormals are kept). The f32
 * forms keep a NaN's sign and payload (quietened); the double forms
 * make a plain quiet NaN. */
uint16_t ir_f16_from_double(double d);
double ir_f16_to_double(uint16_t h);
uint16_t ir_bf16_from_double(double d);
double ir_bf16_to_double(uint16_t h);
float ir_f16_to_f32(uint16_t h);
uint16_t ir_f16_from_f32(float f);
float ir_bf16_to_f32(uint16_t h);
uint16_t ir_bf16_from_f32(float f);

/* A pointer -> pointer hash map (open addressing) for passes and the
 * core: clone maps, visited sets (value = key), numbering. Offers no
 * iteration, so nothing printed can depend on pointer values.
 * Zero-initialise; keys are not NULL. */
typedef struct IrPtrMap {
	const void **keys;
	void **vals;
	size_t cap, n;
} IrPtrMap;
/* Sets key's value, replacing an earlier one. */
void ir_ptrmap_put(IrPtrMap *m, const void *key, void *val);
/* key's value; NULL when absent. */
void *ir_ptrmap_get(const IrPtrMap *m, const void *key);
void ir_ptrmap_free(IrPtrMap *m);

/* A bump allocator. Zero-initialise (`IrArena a = {0};`), allocate, then
 * free everything at once. Memory is zeroed. A request larger than the
 * current chunk gets a chunk of its own, from 2 MiB up aligned for
 * transparent huge pages (a page written at all is then resident
 * whole). */
typedef struct IrArena {
	struct IrArenaChunk *head; /* newest chunk first */
	size_t total;              /* bytes handed out, for statistics */
} IrArena;

void *ir_arena_alloc(IrArena *a, size_t size, size_t align);
void *ir_arena_memdup(IrArena *a, const void *p, size_t size, size_t align);
void ir_arena_free(IrArena *a); /* frees every chunk; the arena is reusable */
/* ir_arena_alloc(a, size, 16) made of p, a malloc'd block (taken) whose
 * first n bytes are wanted at offset `at` of the result (at + n <=
 * size); the rest is zeroed. p is realloc'd, so a large (mapped) block
 * keeps its pages in memory instead of the arena faulting in fresh ones
 * for a copy of it. */
void *ir_arena_adopt(IrArena *a, void *p, size_t n, size_t size,
    size_t at);

/* ---------------------------------------------------------------- context */

/* Creates a context with the builtin ops (builtin.module, func.func,
 * func.return, func.call, func.constant, cf.br, cf.cond_br,
 * builtin.unrealized_conversion_cast) registered and the default
 * diagnostic handler (prints to stderr). Free with ir_context_destroy. */
IrContext *ir_context_create(void);
void ir_context_destroy(IrContext *ctx);

/* MLIR's --allow-unregistered-dialect: when false (the default) the
 * verifier rejects ops whose name is not registered. */
void ir_context_set_allow_unregistered(IrContext *ctx, bool allow);
bool ir_context_allow_unregistered(const IrContext *ctx);

/* The context's arena, for objects that live as long as the context. */
IrArena *ir_context_arena(IrContext *ctx);

/* ---------------------------------------------------------------- identifiers */

/* An interned byte string. Equal strings give the same pointer. `str` is
 * NUL-terminated (it may also contain NULs; `len` is authoritative). */
struct IrIdent {
	uint64_t hash; /* XXH3-64 of the bytes */
	size_t len;
	char str[];
};

const IrIdent *ir_ident_get(IrContext *ctx, const char *s, size_t len);
const IrIdent *ir_ident_cstr(IrContext *ctx, const char *s);

/* ---------------------------------------------------------------- types */

typedef enum IrTypeKind {
	IR_TYPE_INTEGER,  /* i1..i64, si8, ui8, ... */
	IR_TYPE_FLOAT,    /* f16, bf16, f32, f64 */
	IR_TYPE_INDEX,
	IR_TYPE_NONE,
	IR_TYPE_TENSOR,   /* ranked or unranked (rank == -1) */
	IR_TYPE_MEMREF,   /* ranked or unranked */
	IR_TYPE_VECTOR,
	IR_TYPE_FUNCTION,
	IR_TYPE_TUPLE,
	IR_TYPE_QUANT,    /* !quant.uniform<...> */
	IR_TYPE_OPAQUE,   /* !dialect.body, kept as text */
	IR_TYPE_COMPLEX,  /* complex<f32>, complex<i8> */
} IrTypeKind;

typedef enum IrSignedness {
	IR_SIGNLESS,
	IR_SIGNED,
	IR_UNSIGNED,
} IrSignedness;

typedef enum IrFloatKind {
	IR_F16,
	IR_BF16,
	IR_F32,
	IR_F64,
	IR_F80,  /* x87 extended: 64-bit significand, explicit integer bit */
	IR_F128, /* IEEE quad */
} IrFloatKind;

/* A dynamic dimension ('?') or a dynamic stride/offset. */
#define IR_DYNAMIC INT64_MIN

/* Types are uniqued by the context: compare them by pointer, never free or
 * mutate them. Arrays inside a type live in the context arena. */
struct IrType {
	IrTypeKind kind;
	uint64_t hash;
	union {
		struct {
			unsigned width;        /* 1..64 */
			IrSignedness sign;
		} integer;
		struct {
			IrFloatKind kind;
		} flt;
		struct {                       /* tensor, memref, vector */
			int64_t rank;          /* -1: unranked ('*') */
			const int64_t *dims;   /* rank entries, IR_DYNAMIC for '?';
			                          never NULL */
			const IrType *elem;
			const IrAttr *encoding; /* tensor encoding, or NULL */
			const IrAttr *layout;  /* memref layout (affine map or
			                          strided), or NULL for identity */
			const IrAttr *memspace; /* memref memory space, or NULL */
			unsigned nscalable;    /* vector: how many trailing dims
			                          are scalable (`[4]`) */
		} shaped;
		struct {
			size_t ninputs;
			const IrType *const *inputs;
			size_t nresults;
			const IrType *const *results;
		} func;
		struct {
			size_t ntypes;
			const IrType *const *types;
		} tuple;
		struct {
			bool is_signed;        /* storage is signed (i8, not u8) */
			const IrType *storage; /* integer storage type */
			const IrType *expressed; /* float expressed type */
			int64_t storage_min;   /* clamp range, <min:max> */
			int64_t storage_max;
			int32_t axis;          /* -1: per tensor */
			size_t nscales;        /* 1 per tensor, else per channel */
			const double *scales;
			const int64_t *zero_points;
			bool in_range;         /* every scale > 0 and zero point
			                          in [storage_min, storage_max]:
			                          set when uniqued, so a verifier
			                          checks a type once, not per use */
		} quant;
		struct {
			const IrIdent *dialect; /* "foo" in !foo.bar<1> */
			const IrIdent *body;    /* "bar<1>" verbatim */
		} opaque;
		struct {
			const IrType *elem;    /* integer or float */
		} complex;
	} u;
};

/* MLIR's limit on integer widths. Widths 0 and above 64 exist as types
 * (MLIR's i0, i65, ...), but values of such types are limited: integer
 * attributes hold what fits in 64 bits, dense<> and the interpreter do
 * not take them. */
#define IR_INT_MAX_WIDTH 16777215u
/* Widest integer type whose values attributes and dense<> hold (each
 * value takes width / 8 bytes, so this bounds what a short literal can
 * make the context store). */
#define IR_INT_MAX_VALUE_WIDTH 4096u
const IrType *ir_type_int(IrContext *ctx, unsigned width, IrSignedness sign);
const IrType *ir_type_float(IrContext *ctx, IrFloatKind kind);
const IrType *ir_type_index(IrContext *ctx);
const IrType *ir_type_none(IrContext *ctx);
/* rank -1 for unranked; dims are copied. */
const IrType *ir_type_tensor(IrContext *ctx, int64_t rank,
    const int64_t *dims, const IrType *elem, const IrAttr *encoding);
const IrType *ir_type_memref(IrContext *ctx, int64_t rank,
    const int64_t *dims, const IrType *elem, const IrAttr *layout,
    const IrAttr *memspace);
const IrType *ir_type_vector(IrContext *ctx, int64_t rank,
    const int64_t *dims, const IrType *elem);
/* A vector whose last nscalable dims are scalable (MLIR's
 * vector<2x[4]xf32>); NULL when nscalable > rank. */
const IrType *ir_type_vector_scalable(IrContext *ctx, int64_t rank,
    const int64_t *dims, const IrType *elem, unsigned nscalable);
/* complex<elem>: elem is an integer or float type, else NULL. */
const IrType *ir_type_complex(IrContext *ctx, const IrType *elem);
const IrType *ir_type_function(IrContext *ctx, size_t ninputs,
    const IrType *const *inputs, size_t nresults,
    const IrType *const *results);
const IrType *ir_type_tuple(IrContext *ctx, size_t n,
    const IrType *const *types);
/* nscales == 1 and axis == -1 for per-tensor parameters. */
const IrType *ir_type_quant(IrContext *ctx, bool is_signed,
    const IrType *storage, const IrType *expressed, int64_t storage_min,
    int64_t storage_max, int32_t axis, size_t nscales, const double *scales,
    const int64_t *zero_points);
const IrType *ir_type_opaque(IrContext *ctx, const IrIdent *dialect,
    const IrIdent *body);

bool ir_type_is_shaped(const IrType *t); /* tensor, memref, vector */
/* A ranked shaped type without dynamic dims (its element count may
 * still overflow an int64: MLIR allows tensor<9223372036854775807x2xf32>). */
bool ir_type_is_static(const IrType *t);
/* Product of the dims of a ranked static shaped type, else -1 (also when
 * the product overflows an int64). */
int64_t ir_type_num_elements(const IrType *t);
/* Bit width of an integer or float type (index: 64), else 0. */
unsigned ir_type_bitwidth(const IrType *t);

/* ---------------------------------------------------------------- affine */

typedef enum IrAffineKind {
	IR_AFFINE_DIM,
	IR_AFFINE_SYMBOL,
	IR_AFFINE_CONST,
	IR_AFFINE_ADD,
	IR_AFFINE_MUL,
	IR_AFFINE_MOD,
	IR_AFFINE_FLOORDIV,
	IR_AFFINE_CEILDIV,
} IrAffineKind;

/* An affine expression tree, allocated in the context arena and owned by
 * the affine_map attribute that holds it. Subtraction is represented as
 * MLIR does: a - b is a + (b * -1). */
struct IrAffineExpr {
	IrAffineKind kind;
	int64_t value;                 /* position (dim, symbol) or constant */
	const IrAffineExpr *lhs, *rhs; /* binary kinds */
};

/* ---------------------------------------------------------------- attributes */

typedef enum IrAttrKind {
	IR_ATTR_INTEGER,   /* 42 : i32 ; i1 prints as true/false */
	IR_ATTR_FLOAT,     /* 1.0 : f32 */
	IR_ATTR_STRING,    /* "bytes" */
	IR_ATTR_UNIT,
	IR_ATTR_ARRAY,
	IR_ATTR_DICT,      /* sorted by name, names unique */
	IR_ATTR_TYPE,
	IR_ATTR_SYMREF,    /* @root::@nested */
	IR_ATTR_DENSE,     /* dense<...> : tensor/vector */
	IR_ATTR_AFFINE_MAP,
	IR_ATTR_STRIDED,   /* strided<[s0, s1], offset: N> */
	IR_ATTR_OPAQUE,    /* #dialect.body, kept as text */
	IR_ATTR_LOC,       /* loc(...) as an attribute value */
	IR_ATTR_DENSE_STRING, /* dense<"a"> / dense<["a", "b"]> : tensor<2x!d.t> */
	IR_ATTR_INTEGER_SET, /* affine_set<(d0)[s0] : (d0 - s0 >= 0, d0 == 0)> */
	IR_ATTR_SPARSE,    /* sparse<[[0, 1]], [5]> : tensor<2x2xi32> */
	IR_ATTR_OPAQUE_ELEMS, /* opaque<"dialect", "0xDEAD"> : tensor<2xi8> */
} IrAttrKind;

struct IrNamedAttr {
	const IrIdent *name;
	const IrAttr *value;
};

/* Attributes are uniqued like types. */
struct IrAttr {
	IrAttrKind kind;
	uint64_t hash;
	union {
		struct {
			const IrType *type;  /* integer or index type */
			int64_t value;       /* unsigned types: the bits; wider
			                        than 64: the low 64 bits */
			/* Integers wider than 64 bits: ceil(width / 8) bytes,
			 * little endian, the value's bits (two's complement
			 * for negative ones) with zeros above the width;
			 * NULL otherwise. */
			const uint8_t *wide;
		} integer;
		struct {
			const IrType *type;  /* float type */
			double value;        /* exactly representable in type;
			                        f80/f128: the value when it is a
			                        double, else an approximation */
			/* f80/f128: the storage bits, little endian (f80 in
			 * the low 80 bits); 0 for narrower types. */
			uint64_t wide[2];
		} flt;
		struct {
			const char *data;    /* NUL-terminated, len is the size */
			size_t len;
			const IrType *type;  /* "x" : T, or NULL */
		} string;
		struct {
			size_t n;
			const IrAttr *const *elems;
		} array;
		struct {
			size_t n;
			const IrNamedAttr *entries; /* sorted by name bytes */
		} dict;
		struct {
			const IrType *type;
		} type;
		struct {
			const IrIdent *root;
			size_t nnested;
			const IrIdent *const *nested;
		} symref;
		struct {
			const IrType *type;  /* static tensor or vector */
			bool splat;          /* data holds one element */
			/* Element storage, little endian: integers in
			 * ceil(width/8) bytes (i1 in one byte, 0 or 1),
			 * f16/bf16 as 2 bytes, f32 4, f64 8, f80 10, f128
			 * 16; index 8; complex: the real part, then the
			 * imaginary part. */
			const uint8_t *data;
			size_t size;         /* bytes in data */
		} dense;
		struct {
			unsigned ndims, nsymbols;
			size_t nresults;
			const IrAffineExpr *const *results;
		} affine;
		struct {
			int64_t offset;      /* IR_DYNAMIC for '?' */
			size_t nstrides;
			const int64_t *strides;
		} strided;
		struct {
			const IrIdent *dialect;
			const IrIdent *body;
			const IrType *type;  /* #d.x : T, or NULL */
		} opaque;
		struct {
			const IrLoc *loc;    /* never NULL */
		} loc;
		struct {
			const IrType *type;  /* static tensor or vector */
			bool splat;          /* elems holds one string */
			size_t n;            /* strings in elems */
			const IrIdent *const *elems;
		} dstr;
		struct {
			unsigned ndims, nsymbols;
			size_t n;            /* constraints (0: printed 0 == 0) */
			const IrAffineExpr *const *exprs;
			const uint8_t *eq;   /* 1: expr == 0, 0: expr >= 0 */
		} iset;
		struct {
			const IrType *type;    /* static tensor or vector */
			/* dense i64: N x rank (or N for rank 1) indices */
			const IrAttr *indices;
			const IrAttr *values;  /* dense, N elements */
		} sparse;
		struct {
			const IrType *type;    /* static tensor or vector */
			const IrIdent *dialect;
			const IrIdent *data;   /* the bytes, uninterpreted */
		} opaque_elems;
	} u;
};

const IrAttr *ir_attr_int(IrContext *ctx, const IrType *type, int64_t v);
const IrAttr *ir_attr_bool(IrContext *ctx, bool v); /* i1 integer */
const IrAttr *ir_attr_float(IrContext *ctx, const IrType *type, double v);
/* An f80 or f128 attribute from its storage bytes (10 or 16, little
 * endian): every bit is kept. NULL for other types. */
const IrAttr *ir_attr_float_bytes(IrContext *ctx, const IrType *type,
    const uint8_t *bytes);
/* An integer wider than 64 bits from its bytes (ceil(width / 8), little
 * endian, two's complement; bits above the width are dropped); NULL when
 * the type is not such an integer or is wider than
 * IR_INT_MAX_VALUE_WIDTH. */
const IrAttr *ir_attr_int_bytes(IrContext *ctx, const IrType *type,
    const uint8_t *bytes);
const IrAttr *ir_attr_string(IrContext *ctx, const char *s, size_t len,
    const IrType *type);
const IrAttr *ir_attr_unit(IrContext *ctx);
const IrAttr *ir_attr_array(IrContext *ctx, size_t n,
    const IrAttr *const *elems);
/* Reads an array attribute of exactly n integers into v; false (v
 * partly written) when a is no such array. */
bool ir_attr_ints(const IrAttr *a, int64_t *v, size_t n);
/* Entries are copied and sorted by name; on duplicate names returns NULL
 * (the caller reports the error). */
const IrAttr *ir_attr_dict(IrContext *ctx, size_t n,
    const IrNamedAttr *entries);
const IrAttr *ir_attr_empty_dict(IrContext *ctx);
const IrAttr *ir_attr_type(IrContext *ctx, const IrType *type);
const IrAttr *ir_attr_symref(IrContext *ctx, const IrIdent *root,
    size_t nnested, const IrIdent *const *nested);
/* data is copied; size must be one element (splat) or all of them. */
const IrAttr *ir_attr_dense(IrContext *ctx, const IrType *type, bool splat,
    const void *data, size_t size);
/* The same (all elements) without the copy: the attribute points at
 * data, which must stay valid and unchanged as long as the context (a
 * mapped input the context adopted: ir_context_adopt_mapping), and
 * may lie at any alignment. An equal attribute made before is returned
 * as it is; a splat, an i1 tensor or a single element is copied. */
const IrAttr *ir_attr_dense_borrow(IrContext *ctx, const IrType *type,
    const void *data, size_t size);
const IrAttr *ir_attr_affine_map(IrContext *ctx, unsigned ndims,
    unsigned nsymbols, size_t nresults,
    const IrAffineExpr *const *results);
const IrAttr *ir_attr_strided(IrContext *ctx, int64_t offset,
    size_t nstrides, const int64_t *strides);
const IrAttr *ir_attr_opaque(IrContext *ctx, const IrIdent *dialect,
    const IrIdent *body);
/* Dense string elements (MLIR's DenseStringElementsAttr), for element
 * types that are not numbers: n == 1 (a splat), or one string per element
 * of the static shaped `type` (none when it has no elements); NULL when
 * the counts disagree.
 * All equal strings are kept as a splat, as MLIR does. */
const IrAttr *ir_attr_dense_string(IrContext *ctx, const IrType *type,
    size_t n, const IrIdent *const *elems);
/* An integer set, MLIR's affine_set<...>: n constraints exprs[i] == 0
 * (eq[i] != 0) or exprs[i] >= 0 over ndims dims and nsymbols symbols. */
const IrAttr *ir_attr_integer_set(IrContext *ctx, unsigned ndims,
    unsigned nsymbols, size_t n, const IrAffineExpr *const *exprs,
    const uint8_t *eq);
/* MLIR's sparse elements: `indices`, a dense i64 tensor of N x rank
 * (or N when the type has rank 1), gives the positions of the N values
 * (a dense attribute whose type is tensor<N x elem>); every other element
 * is zero. NULL when the shapes disagree or an index is outside type. */
const IrAttr *ir_attr_sparse(IrContext *ctx, const IrType *type,
    const IrAttr *indices, const IrAttr *values);
/* MLIR 14's opaque elements: bytes for a dialect to interpret. */
const IrAttr *ir_attr_opaque_elems(IrContext *ctx, const IrType *type,
    const IrIdent *dialect, const IrIdent *data);
/* A location as an attribute value, `{a = loc("f":1:2)}`; NULL for NULL. */
const IrAttr *ir_attr_loc(IrContext *ctx, const IrLoc *loc);
/* The same with a type, as MLIR writes `#d.x : i32` (type may be NULL). */
const IrAttr *ir_attr_opaque_typed(IrContext *ctx, const IrIdent *dialect,
    const IrIdent *body, const IrType *type);

/* Affine expressions, uniqued in the context (compare by pointer). */
const IrAffineExpr *ir_affine_dim(IrContext *ctx, unsigned pos);
/* Whether e uses no dimension, only symbols and constants (MLIR's
 * isSymbolicOrConstant). */
bool ir_affine_is_symbolic(const IrAffineExpr *e);
const IrAffineExpr *ir_affine_symbol(IrContext *ctx, unsigned pos);
const IrAffineExpr *ir_affine_const(IrContext *ctx, int64_t v);
const IrAffineExpr *ir_affine_binary(IrContext *ctx, IrAffineKind kind,
    const IrAffineExpr *lhs, const IrAffineExpr *rhs);

/* Dictionary lookup by name; NULL when absent. */
const IrAttr *ir_dict_get(const IrAttr *dict, const char *name);
const IrAttr *ir_dict_get_ident(const IrAttr *dict, const IrIdent *name);
/* A new dictionary with `name` set to `value` (NULL removes it). */
const IrAttr *ir_dict_set(IrContext *ctx, const IrAttr *dict,
    const IrIdent *name, const IrAttr *value);

/* Byte size of one element of a dense attribute's element type. */
size_t ir_dense_elem_size(const IrType *elem);

/* ---------------------------------------------------------------- locations */

typedef enum IrLocKind {
	IR_LOC_UNKNOWN,
	IR_LOC_FILE,     /* "file":line:col */
	IR_LOC_NAME,     /* "name" or "name"(child) */
	IR_LOC_FUSED,    /* fused[a, b] or fused<#meta>[a, b] */
	IR_LOC_CALLSITE, /* callsite(callee at caller) */
} IrLocKind;

struct IrLoc {
	IrLocKind kind;
	uint64_t hash;
	union {
		struct {
			const IrIdent *file;
			unsigned line, col; /* 1-based */
		} file;
		struct {
			const IrIdent *name;
			const IrLoc *child; /* NULL: no child */
		} name;
		struct {
			size_t n;
			const IrLoc *const *locs;
			const IrAttr *metadata; /* NULL: none */
		} fused;
		struct {
			const IrLoc *callee, *caller;
		} callsite;
	} u;
};

const IrLoc *ir_loc_unknown(IrContext *ctx);
const IrLoc *ir_loc_file(IrContext *ctx, const IrIdent *file, unsigned line,
    unsigned col);
const IrLoc *ir_loc_name(IrContext *ctx, const IrIdent *name,
    const IrLoc *child);
const IrLoc *ir_loc_fused(IrContext *ctx, size_t n, const IrLoc *const *locs,
    const IrAttr *metadata);
const IrLoc *ir_loc_callsite(IrContext *ctx, const IrLoc *callee,
    const IrLoc *caller);
/* The first file location found in loc (depth first), or NULL. */
const IrLoc *ir_loc_file_of(const IrLoc *loc);

/* ---------------------------------------------------------------- diagnostics */

typedef enum IrSeverity {
	IR_SEV_ERROR,
	IR_SEV_WARNING,
	IR_SEV_NOTE,
	IR_SEV_REMARK,
} IrSeverity;

typedef struct IrDiagnostic {
	IrSeverity severity;
	const IrLoc *loc;    /* never NULL (unknown location instead) */
	const char *message; /* valid only during the handler call */
} IrDiagnostic;

typedef void (*IrDiagHandler)(IrContext *ctx, const IrDiagnostic *diag,
    void *user);

/* Replaces the handler; NULL restores the default, which prints
 * `file:line:col: error: msg`, the source line and a caret to stderr. */
void ir_context_set_diag_handler(IrContext *ctx, IrDiagHandler handler,
    void *user);
/* The default rendering of a diagnostic (what the default handler
 * prints), to `out`. */
void ir_diag_print(IrContext *ctx, FILE *out, const IrDiagnostic *diag);

/* Report a diagnostic through the context's handler. Errors also bump the
 * context's error count. Notes belong to the error or warning emitted just
 * before them. */
void ir_emit(IrContext *ctx, IrSeverity sev, const IrLoc *loc,
    const char *fmt, ...) IR_PRINTF(4, 5);
void ir_emitv(IrContext *ctx, IrSeverity sev, const IrLoc *loc,
    const char *fmt, va_list ap);
void ir_emit_error(IrContext *ctx, const IrLoc *loc, const char *fmt, ...)
    IR_PRINTF(3, 4);
void ir_emit_note(IrContext *ctx, const IrLoc *loc, const char *fmt, ...)
    IR_PRINTF(3, 4);
/* Errors reported since the context was created. */
unsigned ir_context_error_count(const IrContext *ctx);

/* Source buffers, kept by the context so diagnostics can show the line.
 * The context copies the bytes and appends a NUL. */
struct IrSource {
	const IrIdent *name; /* as used in file locations */
	const char *data;    /* NUL-terminated copy */
	size_t len;
	unsigned first_line; /* line number of data[0] (split-input-file) */
};
const IrSource *ir_context_add_source(IrContext *ctx, const char *name,
    const char *data, size_t len, unsigned first_line);
/* The same without the copy: the context takes data, a malloc'd buffer
 * of at least len + 1 bytes (it sets data[len] to NUL), and frees it. */
const IrSource *ir_context_adopt_source(IrContext *ctx, const char *name,
    char *data, size_t len, unsigned first_line);
/* The same without taking the bytes: data (with data[len] NUL, e.g. a
 * mapped file) must outlive the context, which never frees it. */
const IrSource *ir_context_borrow_source(IrContext *ctx, const char *name,
    const char *data, size_t len, unsigned first_line);
/* The context takes a read-only mapping (mmap) of n bytes, unmapped
 * with the context: attributes may borrow its bytes
 * (ir_attr_dense_borrow). */
void ir_context_adopt_mapping(IrContext *ctx, void *p, size_t n);
/* Tells the kernel the bytes [p, p + n) of an adopted mapping are not
 * needed for now (a pass has read a borrowed attribute's data), so
 * their whole pages stop counting towards the process's memory; they
 * stay valid and come back from the file when read again. False (and
 * nothing done) when the bytes are not in an adopted mapping. */
bool ir_context_release(IrContext *ctx, const void *p, size_t n);
/* The most recently added source with this file name, or NULL. */
const IrSource *ir_context_find_source(const IrContext *ctx,
    const IrIdent *name);

/* ---------------------------------------------------------------- op registry */

typedef enum IrTrait {
	IR_TRAIT_PURE = 1u << 0,          /* no side effects, CSE-able */
	IR_TRAIT_COMMUTATIVE = 1u << 1,
	IR_TRAIT_ELEMENTWISE = 1u << 2,
	IR_TRAIT_SAME_SHAPE = 1u << 3,    /* operands and results */
	IR_TRAIT_SAME_TYPE = 1u << 4,     /* operands and results */
	IR_TRAIT_TERMINATOR = 1u << 5,
	IR_TRAIT_ISOLATED = 1u << 6,      /* isolated from above */
	IR_TRAIT_NO_TERMINATOR = 1u << 7, /* single-block regions without one */
	IR_TRAIT_SINGLE_BLOCK = 1u << 8,
	IR_TRAIT_SYMBOL_TABLE = 1u << 9,
	IR_TRAIT_SYMBOL = 1u << 10,       /* has a sym_name */
	IR_TRAIT_RETURN_LIKE = 1u << 11,
	IR_TRAIT_FUNCTION = 1u << 12,     /* function_type + entry block */
} IrTrait;

#define IR_VARIADIC (-1)

typedef struct IrOpState IrOpState;
typedef struct IrPatternSet IrPatternSet; /* the pattern rewriter's */
/* The reference interpreter's state and runtime values (interp/). */
typedef struct IrInterp IrInterp;
typedef struct IrTensor IrTensor;

/* An interpret hook (a reference kernel, interp/interp.h runs them):
 * reads operands (one IrTensor per op operand, NULL for non-tensor
 * operands), creates one result tensor per op result with
 * ir_tensor_create (or a view) and stores it in results[i]. Reports a
 * user error through ir_op_emit_error and returns false. */
typedef bool (*IrInterpretFn)(IrInterp *it, IrOp *op,
    IrTensor *const *operands, IrTensor **results);

/* What a fold hook produces for one result: a constant attribute (to be
 * materialized as a constant op) or an existing value; both NULL: that
 * result does not fold. */
typedef struct IrFoldResult {
	const IrAttr *attr;
	IrValue *value;
} IrFoldResult;

/* What the registry knows of an op. Dialects define these statically
 * (usually from an X-macro table) and register them. */
struct IrOpDef {
	const char *name;        /* "dialect.op" */
	unsigned traits;         /* IrTrait bits */
	int min_operands;        /* fixed count when max == min */
	int max_operands;        /* IR_VARIADIC: no upper bound */
	int nresults;            /* IR_VARIADIC: any */
	int nregions;            /* IR_VARIADIC: any */
	int nsuccessors;         /* IR_VARIADIC: any */
	const char *summary;     /* one line, for docs */
	/* Op-specific checks after the generic ones; reports through
	 * ir_op_emit_error and returns false on failure. */
	bool (*verify)(IrOp *op);
	/* Result types from operand types and attributes (st->result_types
	 * is ignored): fills results[0..nresults) and returns true, or
	 * reports through ir_emit_error at st->loc and returns false.
	 * NULL: the op's result types must always be given. */
	bool (*infer_types)(IrContext *ctx, const IrOpState *st,
	    size_t nresults, const IrType **results);
	/* Constant folding: operands[i] is the constant value of operand i
	 * or NULL. Fills one IrFoldResult per result and returns true, or
	 * returns false when nothing folds. Never changes the IR. */
	bool (*fold)(IrOp *op, const IrAttr *const *operands,
	    IrFoldResult *results);
	/* The reference kernel npu-run executes, or NULL when the op has
	 * none. A target registers its own ops with theirs. */
	IrInterpretFn interpret;
	/* Adds this op's canonicalization patterns to `set`. */
	void (*canonicalize)(IrContext *ctx, IrPatternSet *set);
	const void *dialect_data; /* owned by the defining dialect (e.g. its
	                             attribute specs) */
};

/* Registers a definition (not copied; must outlive the context). Returns
 * false when the name is already registered. */
bool ir_register_op(IrContext *ctx, const IrOpDef *def);
const IrOpDef *ir_lookup_op(IrContext *ctx, const char *name);

/* An op name, uniqued by the context. def is NULL for unregistered ops. */
struct IrOpName {
	IrContext *ctx;         /* the context that uniqued it */
	const IrIdent *name;    /* "dialect.op" */
	const IrIdent *dialect; /* "dialect"; for "foo" with no dot: "" */
	const IrOpDef *def;
};
const IrOpName *ir_op_name_get(IrContext *ctx, const char *name,
    size_t len);

/* ---------------------------------------------------------------- IR objects */

struct IrUse {
	IrValue *value;  /* the used value, NULL when unset */
	IrOp *owner;     /* the op whose operand this is */
	IrUse *next;     /* next use of the same value */
	IrUse **back;    /* the pointer that points at this use */
};

typedef enum IrValueKind {
	IR_VALUE_RESULT,
	IR_VALUE_ARG,
} IrValueKind;

/* 32 bytes on LP64: a million ops' results are walked by every pass, so
 * the fields that only some values need live elsewhere (a block
 * argument's location sits beside it, see ir_value_loc). */
struct IrValue {
	const IrType *type;
	IrUse *uses;         /* head of the use-list */
	union {
		IrOp *op;        /* IR_VALUE_RESULT */
		IrBlock *block;  /* IR_VALUE_ARG */
	} owner;
	unsigned kind : 1;   /* IrValueKind */
	unsigned index : 31; /* result or argument number */
	/* The printer's number for the value (ir/print.c); meaningful only
	 * while a printing of an op that holds the value runs. */
	uint32_t print_num;
};

/* Largest result or argument count (IrValue.index). */
#define IR_VALUE_MAX_INDEX 0x7fffffffu

/* A successor slot of a terminator; also an entry in the target block's
 * predecessor list. */
struct IrBlockRef {
	IrBlock *block;
	IrOp *owner;
	IrBlockRef *next;   /* next reference to the same block */
	IrBlockRef **back;
};

struct IrRegion {
	IrOp *parent;        /* NULL while detached */
	IrBlock *first, *last;
};

struct IrBlock {
	IrBlock *prev, *next; /* siblings in the parent region */
	IrRegion *parent;
	IrOp *first, *last;   /* ops in order */
	unsigned nargs, argcap;
	IrValue **args;       /* each separately allocated (stable address) */
	IrBlockRef *preds;    /* successor slots that target this block */
};

/* One allocation per op: the header, then results, regions, successors
 * and the inline operands. Every trailing array's place follows from the
 * counts (operands come last so that holds even after they moved out of
 * line when they grew); the accessors below compute them. */
struct IrOp {
	IrOp *prev, *next;    /* siblings in the parent block */
	IrBlock *parent;      /* NULL while detached */
	const IrOpName *name;
	const IrAttr *attrs;  /* dictionary, never NULL */
	IrUse *operands;      /* inline, or malloc'd once grown */
	uint32_t nresults, noperands;
	uint32_t nregions, nsuccs;
	uint32_t operandcap;  /* room at operands */
	uint32_t order;       /* position cache for dominance queries */
	/* The location: an IrLoc pointer, or a file location not made yet
	 * (ir/internal.h's IrLocRef). Read it with ir_op_loc, set it with
	 * ir_op_set_loc. */
	uintptr_t locref;
};

/* The op's results, regions and successor slots (trailing arrays). */
static inline IrValue *
ir_op_results(const IrOp *op)
{
	return (IrValue *)((char *)op + sizeof(IrOp));
}

static inline IrRegion *
ir_op_regions(const IrOp *op)
{
	return (IrRegion *)(ir_op_results(op) + op->nresults);
}

static inline IrBlockRef *
ir_op_succs(const IrOp *op)
{
	return (IrBlockRef *)(ir_op_regions(op) + op->nregions);
}

/* Everything needed to create an op. Arrays are read, not kept. */
struct IrOpState {
	const IrOpName *name;
	const IrLoc *loc;         /* NULL: unknown */
	size_t noperands;
	IrValue *const *operands;
	size_t nresults;
	const IrType *const *result_types;
	const IrAttr *attrs;      /* dictionary or NULL (empty) */
	size_t nregions;          /* regions start empty */
	size_t nsuccs;
	IrBlock *const *succs;
};

/* Creates a detached op. The caller owns it until it is inserted into a
 * block; ir_op_destroy frees a detached op. */
IrOp *ir_op_create(IrContext *ctx, const IrOpState *st);
/* Unlinks op from its block (if any) and frees it and everything nested.
 * Its results must have no uses left outside the op itself. */
void ir_op_destroy(IrOp *op);
/* Same as ir_op_destroy; reads better at rewrite sites. */
void ir_op_erase(IrOp *op);
/* Deep copy, detached. Operands defined outside op keep pointing at the
 * same values; values defined inside are remapped to the copies. */
IrOp *ir_op_clone(IrContext *ctx, IrOp *op);
/* Unlinks op from its parent block, keeping it alive. */
void ir_op_remove(IrOp *op);
/* Moves op (attached or detached) right before `before`, or to the end of
 * `block` when before is NULL. */
void ir_op_move_before(IrOp *op, IrOp *before);
void ir_op_move_to_end(IrOp *op, IrBlock *block);

IrContext *ir_op_context(const IrOp *op);
/* The op's location (never NULL). A parsed op's file location is made
 * (uniqued) the first time it is asked for. */
const IrLoc *ir_op_loc(const IrOp *op);
/* Sets the op's location (NULL: unknown). */
void ir_op_set_loc(IrOp *op, const IrLoc *loc);
const char *ir_op_name_str(const IrOp *op);
/* Is op named name? Inline: passes ask it of every op for several
 * names, and a literal's length is known where it is compiled, so a
 * name of another length costs no call (ir/op.c holds the external
 * definition). */
inline bool
ir_op_is(const IrOp *op, const char *name)
{
	const IrIdent *s = op->name->name;
	size_t n = strlen(name);
	return s->len == n && memcmp(s->str, name, n) == 0;
}
bool ir_op_has_trait(const IrOp *op, unsigned trait);
/* The op's attribute named `name`, or NULL. */
const IrAttr *ir_op_attr(const IrOp *op, const char *name);
void ir_op_set_attr(IrOp *op, const char *name, const IrAttr *value);
void ir_op_remove_attr(IrOp *op, const char *name);
/* Replaces operand i's value (use-lists kept right). */
void ir_op_set_operand(IrOp *op, unsigned i, IrValue *v);
/* Replaces all operands; may reallocate the operand array. */
void ir_op_set_operands(IrOp *op, size_t n, IrValue *const *values);
IrValue *ir_op_operand(const IrOp *op, unsigned i);
IrValue *ir_op_result(IrOp *op, unsigned i);
/* Op that contains op (through its block and region), or NULL. */
IrOp *ir_op_parent_op(const IrOp *op);
/* True when a is an ancestor of b or a == b. */
bool ir_op_is_ancestor(const IrOp *a, const IrOp *b);
/* True when a comes before b in the same block. */
bool ir_op_is_before(IrOp *a, IrOp *b);
/* Emit an error/note at the op's location, prefixed with
 * "'op.name' op " as MLIR does. */
void ir_op_emit_error(IrOp *op, const char *fmt, ...) IR_PRINTF(2, 3);
/* The same for an op that is named but not built yet (inference):
 * "'<opname>' op <message>" at loc. */
void ir_emit_op_errorv(IrContext *ctx, const IrLoc *loc, const char *opname,
    const char *fmt, va_list ap);

/* Values. */
/* A block argument's location (may be NULL); NULL for op results. */
const IrLoc *ir_value_loc(const IrValue *v);
/* Sets a block argument's location. */
void ir_value_set_loc(IrValue *v, const IrLoc *loc);
bool ir_value_has_uses(const IrValue *v);
size_t ir_value_num_uses(const IrValue *v);
/* Every use of `from` now uses `to`. O(uses). */
void ir_value_replace_all_uses(IrValue *from, IrValue *to);
/* The op defining v, or NULL for block arguments. */
IrOp *ir_value_def_op(const IrValue *v);
/* The block in which v is defined. */
IrBlock *ir_value_parent_block(const IrValue *v);
/* The operand index of a use in its owner. */
unsigned ir_use_index(const IrUse *u);

/* Regions. */
IrRegion *ir_op_region(IrOp *op, unsigned i);
bool ir_region_empty(const IrRegion *r);
void ir_region_append(IrRegion *r, IrBlock *b);   /* b detached */
void ir_region_insert_before(IrRegion *r, IrBlock *before, IrBlock *b);
/* Moves all blocks of `from` to the end of `to`. */
void ir_region_take_body(IrRegion *to, IrRegion *from);
/* Frees every block of r (and their ops). */
void ir_region_clear(IrRegion *r);
IrOp *ir_region_parent_op(const IrRegion *r);

/* Blocks. */
IrBlock *ir_block_create(void);             /* detached, owned by caller */
void ir_block_destroy(IrBlock *b);          /* unlinks and frees */
IrValue *ir_block_add_arg(IrBlock *b, const IrType *type, const IrLoc *loc);
/* Erases argument i, which must have no uses. */
void ir_block_erase_arg(IrBlock *b, unsigned i);
void ir_block_remove(IrBlock *b);           /* unlink from region */
IrOp *ir_block_terminator(IrBlock *b);      /* last op, or NULL if none */
bool ir_block_is_entry(const IrBlock *b);
IrOp *ir_block_parent_op(const IrBlock *b);
size_t ir_block_num_ops(const IrBlock *b);
size_t ir_block_num_preds(const IrBlock *b);
/* Sets successor i of op (op must have at least i+1 successor slots). */
void ir_op_set_successor(IrOp *op, unsigned i, IrBlock *b);

/* Dominance: does the definition of v dominate the use in op? Handles
 * values defined in enclosing regions and across blocks of one region
 * (computed on the region's CFG). */
bool ir_value_dominates(IrValue *v, IrOp *user);

/* The dominator tree of a region's CFG (Cooper, Harvey and Kennedy, "A
 * Simple, Fast Dominance Algorithm"), the one npu-ir has: the verifier
 * and CSE walk it. Nodes are the blocks reachable from the entry, by
 * reverse-postorder number (0: the entry); a predecessor is a reachable
 * block of the region whose terminator branches to the block. */
typedef struct IrDomTree IrDomTree;
/* Builds the tree of r (which has at least one block). */
IrDomTree *ir_domtree_build(IrRegion *r);
void ir_domtree_free(IrDomTree *t);
/* Number of reachable blocks. */
size_t ir_domtree_size(const IrDomTree *t);
/* The block numbered i; b's number, or -1 when b is unreachable. */
IrBlock *ir_domtree_block(const IrDomTree *t, size_t i);
long ir_domtree_number(const IrDomTree *t, const IrBlock *b);
/* The immediate dominator of node i (the entry's is 0, itself). */
size_t ir_domtree_idom(const IrDomTree *t, size_t i);
/* The nodes node i immediately dominates, in increasing number; *n gets
 * their count. */
const size_t *ir_domtree_children(const IrDomTree *t, size_t i,
    size_t *n);

/* ---------------------------------------------------------------- builder */

/* An insertion point. Ops are inserted before `before`, or at the end of
 * `block` when before is NULL. */
typedef struct IrBuilder {
	IrContext *ctx;
	IrBlock *block;
	IrOp *before;
	const IrLoc *loc; /* default location for created ops, or NULL */
} IrBuilder;

void ir_builder_init(IrBuilder *b, IrContext *ctx);
void ir_builder_set_end(IrBuilder *b, IrBlock *block);
void ir_builder_set_start(IrBuilder *b, IrBlock *block);
void ir_builder_set_before(IrBuilder *b, IrOp *op);
void ir_builder_set_after(IrBuilder *b, IrOp *op);
/* Inserts a detached op at the insertion point and returns it. */
IrOp *ir_builder_insert(IrBuilder *b, IrOp *op);
/* ir_op_create + ir_builder_insert (st->loc NULL: builder's loc). */
IrOp *ir_builder_create(IrBuilder *b, const IrOpState *st);

/* ---------------------------------------------------------------- walker */

typedef enum IrWalkOrder {
	IR_WALK_PRE,
	IR_WALK_POST,
} IrWalkOrder;

typedef enum IrWalkResult {
	IR_WALK_ADVANCE,   /* continue */
	IR_WALK_SKIP,      /* pre-order only: do not visit nested ops */
	IR_WALK_INTERRUPT, /* stop the walk */
} IrWalkResult;

typedef IrWalkResult (*IrWalkFn)(IrOp *op, void *user);

/* Visits op and every nested op. In post order the callback may erase the
 * op it is given. Returns IR_WALK_INTERRUPT if a callback interrupted. */
IrWalkResult ir_op_walk(IrOp *op, IrWalkOrder order, IrWalkFn fn,
    void *user);

/* ---------------------------------------------------------------- symbols */

/* The value of op's sym_name attribute, or NULL. */
const IrIdent *ir_symbol_name(const IrOp *op);
/* Linear search of table_op's first region for a symbol named `name`. */
IrOp *ir_symbol_lookup(IrOp *table_op, const IrIdent *name);
/* Resolves @a::@b starting at the nearest symbol table above `from`
 * (including from itself). NULL when not found. */
IrOp *ir_symbol_resolve(IrOp *from, const IrAttr *symref);

/* A hashed symbol table over one op's region, for repeated lookups. */
typedef struct IrSymbolTable IrSymbolTable;
/* Builds the table; reports duplicate symbols and returns NULL. */
IrSymbolTable *ir_symbol_table_create(IrOp *table_op);
IrOp *ir_symbol_table_lookup(IrSymbolTable *t, const IrIdent *name);
void ir_symbol_table_destroy(IrSymbolTable *t);

/* The nearest symbol table op strictly above op, or NULL. */
IrOp *ir_symbol_table_above(IrOp *op);

/* A cache of hashed symbol tables, built on first use, for passes that
 * resolve many references; the IR's symbols must not change while it is
 * used. */
typedef struct IrSymbolCache IrSymbolCache;
IrSymbolCache *ir_symbol_cache_create(void);
void ir_symbol_cache_destroy(IrSymbolCache *c);
/* The table of table_op, or NULL (reported once) when it has duplicate
 * symbols. */
IrSymbolTable *ir_symbol_cache_table(IrSymbolCache *c, IrOp *table_op);
/* Resolves ref (@a::@b) in table_op as ir_symbol_resolve does, through
 * c's tables: path[i] is the symbol named by its i-th part. Returns the
 * number of parts, 0 when a part is missing or names no symbol table to
 * look into, or there are more than max. */
size_t ir_symbol_resolve_path(IrSymbolCache *c, IrOp *table_op,
    const IrAttr *ref, IrOp **path, size_t max);
/* The op ref names, resolved from the symbol table around user. */
IrOp *ir_symbol_cache_lookup(IrSymbolCache *c, IrOp *user,
    const IrAttr *ref);

/* ---------------------------------------------------------------- verifier */

/* Checks op and everything nested: operand/result/argument consistency,
 * SSA dominance, terminators, successors, registered-op counts, traits and
 * hooks, and unregistered ops (unless allowed). Reports every problem
 * found through the diagnostic handler; returns true when valid. */
bool ir_verify(IrOp *op);
/* Verifies op's own rules (operands, counts, traits, its op verifier)
 * but none of the ops nested in it, which the caller knows are as a
 * full ir_verify last found them (the pass manager, after a pass that
 * changed only the attributes of the op it ran on). */
bool ir_verify_local(IrOp *op);

/* ---------------------------------------------------------------- builtin ops */

/* Creates an empty builtin.module with one empty block. */
IrOp *ir_module_create(IrContext *ctx, const IrLoc *loc);
IrBlock *ir_module_body(IrOp *module);
/* Creates func.func @name with function_type `type`, an entry block with
 * one argument per input, detached. */
IrOp *ir_func_create(IrContext *ctx, const IrLoc *loc, const char *name,
    const IrType *type);
/* The entry block of a func.func (NULL for a declaration). */
IrBlock *ir_func_entry(IrOp *func);
const IrType *ir_func_type(const IrOp *func);

/* ---------------------------------------------------------------- text format */

/* Parses MLIR text (generic form plus the builtin sugar of docs/syntax.md)
 * from `src`, which must have been added with ir_context_add_source.
 * Returns the top-level builtin.module (an implicit one wraps top-level
 * ops that are not a single module), detached and owned by the caller, or
 * NULL after reporting the first syntax error. The result is not yet
 * verified: call ir_verify. */
IrOp *ir_parse(IrContext *ctx, const IrSource *src);
/* Convenience: add the source and parse it. */
IrOp *ir_parse_string(IrContext *ctx, const char *name, const char *text,
    size_t len);

/* Maximum nesting of regions, brackets and attributes the parser accepts
 * (deeper input gets a diagnostic, so no recursion can exhaust the
 * stack). */
#define IR_MAX_NESTING 512

typedef struct IrPrintFlags {
	bool generic;    /* --print-op-generic */
	bool debuginfo;  /* --print-debuginfo: print loc(...) */
} IrPrintFlags;

/* Prints op (usually a module) and a trailing newline. Output depends only
 * on the IR, never on pointers or hash order. */
void ir_print_op(FILE *out, IrOp *op, const IrPrintFlags *flags);
void ir_print_type(FILE *out, const IrType *type);
void ir_print_attr(FILE *out, const IrAttr *attr);
void ir_print_loc(FILE *out, const IrLoc *loc);
/* Malloc'd strings for diagnostics; free() them. */
char *ir_type_str(const IrType *type);
char *ir_attr_str(const IrAttr *attr);

#endif /* NPUIR_IR_H */
