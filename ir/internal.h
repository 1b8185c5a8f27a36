/* ir/internal.h: declarations shared between files of ir/ that are not
 * part of the public API. */
#ifndef NPUIR_INTERNAL_H
#define NPUIR_INTERNAL_H

#include "ir/ir.h"

/* ir/builtin.c: registers builtin.module, func.func, func.return and
 * func.call; called by ir_context_create. */
void ir_builtin_register(IrContext *ctx);

/* ir/builtin.c: the checks of IR_TRAIT_FUNCTION (sym_name, a
 * function_type type attribute, entry block arguments matching its
 * inputs), run by the verifier for every op with that trait. */
bool ir_verify_function_trait(IrOp *op);

/* ir/util.c: maps in, in one system call, the whole pages inside
 * [p, p + n) of heap memory about to be written in order, which costs
 * less than one page fault per 4 KiB page. Changes no byte; a no-op
 * where MADV_POPULATE_WRITE is missing (Linux < 5.14, other systems). */
void ir_mem_populate(void *p, size_t n);

/* A file location that is made only when it is needed: most parsed ops'
 * locations are never looked at, and making one per op costs the parser
 * 40 bytes and a uniquing step per op. A reference is either an IrLoc
 * pointer (bit 0 clear) or, on 64-bit hosts, bit 0 set, the file's index
 * in the context's lazy file table in bits 1-11, the column in bits
 * 12-31 and the line in bits 32-63. */
typedef uintptr_t IrLocRef;

/* Is ref a file location not made yet (rather than an IrLoc pointer)? */
static inline bool
ir_loc_ref_lazy(IrLocRef ref)
{
	return ref & 1;
}

/* The reference of file location (file, line, col): lazy when it fits
 * the encoding, else the uniqued location itself. */
IrLocRef ir_loc_ref_file(IrContext *ctx, const IrIdent *file,
    unsigned line, unsigned col);
/* The location a reference stands for (made now if it was lazy). */
const IrLoc *ir_loc_ref_get(IrContext *ctx, IrLocRef ref);
/* The reference of an existing location (NULL: unknown). */
IrLocRef ir_loc_ref_of(IrContext *ctx, const IrLoc *loc);
/* Creates a detached op whose location is ref (st->loc is ignored). */
IrOp *ir_op_create_ref(IrContext *ctx, const IrOpState *st, IrLocRef ref);

/* ir/op.c: frees the context's op pool (ir_context_destroy calls it;
 * ops still alive then are freed with it). */
void ir_op_pool_free(IrContext *ctx);

/* Ops created one after another sit one after another in their pool
 * (ir/op.c), so a walk in block order mostly moves forward through
 * memory, with gaps where ops were erased. Called for each op of such a
 * walk, this asks for the memory from 2 to 4 KiB past op, each cache
 * line once: *next is where the last call stopped (start it at 0). A
 * prefetch of memory that is not mapped does nothing. */
static inline void
ir_op_prefetch_following(uintptr_t *next, const IrOp *op)
{
	uintptr_t from = ((uintptr_t)op + 2048) & ~(uintptr_t)63;
	uintptr_t to = (uintptr_t)op + 4096;
	if (*next < from || *next > to)
		*next = from;
	for (int i = 0; i < 32 && *next < to; i++, *next += 64)
		__builtin_prefetch((const void *)*next);
}

/* ir/op.c: inserts detached op into block before `before` (NULL: at the
 * end) and updates its order cache. */
void ir_op_link(IrOp *op, IrBlock *block, IrOp *before);

/* ir/block.c: is b reachable from its region's entry block through
 * terminator successors? (Detached and entry blocks are.) */
bool ir_block_reachable(IrBlock *b);

/* ir/block.c: dominance queries that keep each region's dominator tree
 * between calls (the IR must not change meanwhile), for the verifier and
 * passes that ask many questions. */
typedef struct IrDominance IrDominance;
IrDominance *ir_dominance_create(void);
bool ir_dominance_dominates(IrDominance *d, IrValue *v, IrOp *user);
bool ir_dominance_reachable(IrDominance *d, IrBlock *b);
void ir_dominance_destroy(IrDominance *d);

/* ir/diag.c: the line and column of byte offset `off` in src:
 * line = src->first_line + the newlines before off (so data[0] is on
 * first_line), col = 1 + the bytes since the last newline. */
void ir_source_linecol(const IrSource *src, size_t off, unsigned *line,
    unsigned *col);

/* ir/context.c: the i-th registered op definition in registration order,
 * or NULL when i is past the end (deterministic listings, docs). */
const IrOpDef *ir_registered_op(const IrContext *ctx, size_t i);

/* ir/pass.c: frees the context's pass registry and closes the plugins
 * it loaded (ir_context_destroy calls it). */
void ir_pass_registry_free(IrContext *ctx);
/* ir/pass.c: keeps a plugin's dlopen handle until the context dies. */
void ir_pass_registry_add_plugin(IrContext *ctx, void *handle);
/* ir/pass.c: the i-th ir_register_canonical_patterns callback, or NULL
 * past the end (IrPatternsFn is declared in ir/rewrite.h). */
void (*ir_canonical_patterns_fn(IrContext *ctx, size_t i))(IrContext *,
    IrPatternSet *);

/* ir/wide.c: f80/f128 storage (ir_float_bytes(k) bytes, little endian)
 * and integers wider than 64 bits (ceil(width / 8) bytes). */
typedef enum IrWideFloatClass {
	IR_WF_ZERO,
	IR_WF_FINITE,
	IR_WF_INF,
	IR_WF_NAN,
} IrWideFloatClass;

/* A decoded f80/f128: value = (hi:lo) * 2^exp, negated when neg. */
typedef struct IrWideFloat {
	IrWideFloatClass cls;
	bool neg;
	uint64_t hi, lo;
	int exp;
} IrWideFloat;

/* Storage bytes of f80 (10) and f128 (16); 0 for other kinds. */
size_t ir_float_bytes(IrFloatKind k);
bool ir_float_wide_decode(IrFloatKind k, const uint8_t *b, IrWideFloat *w);
/* The value as a double: true when exact (infinities too), false for a
 * NaN or a value no double holds (then *out is near it, or NaN). */
bool ir_float_wide_to_double(IrFloatKind k, const uint8_t *b, double *out);
/* The exact f80/f128 bits of v (NaNs keep their payload). */
void ir_float_wide_from_double(IrFloatKind k, double v, uint8_t *out);
/* Integer literal s[0..len) (decimal digits or 0x hex, the magnitude),
 * negated when neg, as an integer of `width` bits, checked as MLIR checks
 * attribute values (fits the width; a negated value has its sign bit
 * set; a positive signed or index value has not). Writes ceil(width/8)
 * bytes to out and returns NULL, or returns the error message. */
const char *ir_wide_int_parse(const char *s, size_t len, bool neg,
    unsigned width, IrSignedness sign, bool index, uint8_t *out);
/* The decimal text of b (width bits; negative when is_signed and the top
 * bit is set); malloc'd. */
char *ir_wide_int_str(const uint8_t *b, unsigned width, bool is_signed);

/* ir/attr.c: why (type, indices, values) is not a sparse attribute:
 * NULL when it is; "shape" when the shapes disagree, "index" when index
 * number *bad is outside the type, else a message. */
const char *ir_sparse_check(const IrType *type, const IrAttr *indices,
    const IrAttr *values, int64_t *bad);
/* ir/parser.c: the double a decimal literal s[0..n) denotes, exactly as
 * strtod would read it, when Clinger's fast path applies (at most 15
 * significant digits, a power of ten within 10^+-22); else false. */
bool ir_decimal_fast(const char *s, size_t n, double *out);
/* ir/print_float.c: ir_float_text without its shortcut past the 6-digit
 * attempt (the unit test checks the two agree). */
bool ir_float_text_unfiltered(char s[static 128], double v, IrFloatKind kind);

#endif /* NPUIR_INTERNAL_H */
