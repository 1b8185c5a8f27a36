/* dialects/dialect.h: the dialect mechanism: op tables with attribute
 * specs, the generic verifier, type-inference helpers, the builder helper
 * and the markdown docs renderer. */
#ifndef NPUIR_DIALECT_H
#define NPUIR_DIALECT_H

#include <math.h>

#include "ir/ir.h"
#include "ir/rewrite.h"

/* The kinds an attribute spec can require. */
typedef enum DialectAttrKind {
	DIALECT_ATTR_INT,     /* integer attribute */
	DIALECT_ATTR_FLOAT,   /* float attribute (an integer is accepted) */
	DIALECT_ATTR_BOOL,    /* true / false */
	DIALECT_ATTR_STR,     /* string, one of `allowed` when set */
	DIALECT_ATTR_INTS,    /* array of integers */
	DIALECT_ATTR_FLOATS,  /* array of floats or integers */
	DIALECT_ATTR_DENSE,   /* dense<...> elements */
	DIALECT_ATTR_TYPE,    /* a type, e.g. f32 */
	DIALECT_ATTR_PAD,     /* "same", "valid" or [top, bottom, left,
	                         right] */
} DialectAttrKind;

/* For the `req` column of attribute rows. */
#define DIALECT_REQ true
#define DIALECT_OPT false

/* A pseudo-trait for op rows: results cannot be inferred (infer_types is
 * left NULL). Never stored in IrOpDef.traits. */
#define DIALECT_NO_INFER (1u << 31)

/* One attribute of one op, declared beside the op's row in ops.def. */
typedef struct DialectAttrSpec {
	unsigned op;          /* the op's id in its dialect */
	const char *name;
	DialectAttrKind kind;
	bool required;
	const char *def;      /* default in attribute syntax, or NULL */
	double min, max;      /* range of numbers and of array elements */
	int count;            /* arrays: required length, 0: any */
	const char *allowed;  /* strings: "a|b|c", or NULL for any */
	const char *doc;      /* one line */
} DialectAttrSpec;

typedef struct Dialect Dialect;

/* Everything the table says about one op. IrOpDef.dialect_data points
 * back at the DialectOpInfo holding it. */
typedef struct DialectOpInfo {
	IrOpDef def;
	const Dialect *dialect;
	unsigned id;                  /* index in dialect->ops */
	bool (*verify)(IrOp *op);     /* the op's own rules, after the
	                                 generic attribute checks */
	const char *operands;         /* doc: "input, filter, bias?" */
	const char *results;          /* doc: "output" */
} DialectOpInfo;

/* A dialect: its op table and attribute specs. */
struct Dialect {
	const char *name;             /* "graph" */
	const char *doc;              /* introduction paragraph(s), markdown */
	const DialectOpInfo *ops;
	size_t nops;
	const DialectAttrSpec *attrs; /* in op order (ops.def: each op's
	                                 ATTR rows after its OP row) */
	size_t nattrs;
	/* Makes the dialect's constant op for a folded value, or NULL when
	 * the dialect has none: dialect_register registers it. */
	IrMaterializeFn materialize;
	/* Adds the dialect's canonicalization patterns that span several
	 * ops, or NULL: dialect_register registers it as a canonical
	 * pattern source. */
	IrPatternsFn canonical;
};

/* Registers every op of d in ctx, its constant materializer and its
 * canonical patterns. Returns false when a name is already registered
 * (an internal error of the tables). */
bool dialect_register(IrContext *ctx, const Dialect *d);

/* The generic verify hook every dialect op's IrOpDef uses: attributes
 * against their specs, quantized element types, then the op's own verify,
 * then inferred result types against the declared ones. */
bool dialect_verify_op(IrOp *op);

/* The op's table entry, or NULL when op is not a dialect op. */
const DialectOpInfo *dialect_op_info(const IrOp *op);

/* ------------------------------------------------------------ attributes */

/* The spec of attribute `name` of the op defined by def, or NULL. */
const DialectAttrSpec *dialect_attr_spec(const IrOpDef *def,
    const char *name);
/* Attribute getters over an attribute dictionary (an op's attrs or an
 * IrOpState's), falling back on the spec's default. They assume the
 * attribute passed the generic check (or is absent). */
int64_t dialect_get_int(const IrOpDef *def, const IrAttr *attrs,
    const char *name);
double dialect_get_float(const IrOpDef *def, const IrAttr *attrs,
    const char *name);
bool dialect_get_bool(const IrOpDef *def, const IrAttr *attrs,
    const char *name);
/* The string value, or the default, or "" when neither. */
const char *dialect_get_str(const IrOpDef *def, const IrAttr *attrs,
    const char *name);
/* Fills up to max elements of an integer array; returns its length, or
 * -1 when absent without a default. */
int dialect_get_ints(const IrOpDef *def, const IrAttr *attrs,
    const char *name, int64_t *out, int max);
/* Is the attribute present or defaulted? */
bool dialect_has_attr(const IrOpDef *def, const IrAttr *attrs,
    const char *name);

/* Padding as spelled by a DIALECT_ATTR_PAD attribute. */
typedef enum DialectPadKind {
	DIALECT_PAD_VALID,
	DIALECT_PAD_SAME,
	DIALECT_PAD_EXPLICIT,
} DialectPadKind;

typedef struct DialectPad {
	DialectPadKind kind;
	int64_t top, bottom, left, right; /* explicit only */
} DialectPad;

DialectPad dialect_get_pad(const IrOpDef *def, const IrAttr *attrs,
    const char *name);

/* Output size of a window op along one axis (TFLite's rules): "valid"
 * ceil((in - eff + 1) / stride), "same" ceil(in / stride), explicit
 * floor((in + before + after - eff) / stride) + 1, where eff =
 * dilation * (k - 1) + 1. IR_DYNAMIC in, IR_DYNAMIC out. May be <= 0
 * (the caller reports it). */
int64_t dialect_window_out(int64_t in, int64_t k, int64_t stride,
    int64_t dilation, DialectPadKind kind, int64_t before, int64_t after);
/* The padding before the first element that "same" implies (TFLite:
 * total / 2, the extra one after). */
int64_t dialect_same_pad_before(int64_t in, int64_t k, int64_t stride,
    int64_t dilation);

/* ------------------------------------------------------------ inference */

/* The largest rank inference handles (dialect_ranked rejects more). */
#define DIALECT_MAX_RANK 16
/* The largest static dimension dialect_ranked accepts, and the magnitude
 * limit of integer attributes, so shape arithmetic (a window's dilated
 * extent, a transposed convolution's stride product) cannot overflow. */
#define DIALECT_MAX_DIM INT32_MAX

/* a * b into *out; false on int64 overflow. */
bool dialect_mul(int64_t a, int64_t b, int64_t *out);

/* The infer hook of ops without results (and of DIALECT_NO_INFER rows,
 * which never call it): succeeds when no result is asked for. Each
 * dialect header maps its `<d>_infer_none` (the name a row's `none` hook
 * expands to) onto this one function. */
bool dialect_infer_none(IrContext *ctx, const IrOpState *st,
    size_t nresults, const IrType **results);

/* Reports "'op.name' op <msg>" at st->loc (as ir_op_emit_error does for
 * an op) and returns false. */
bool dialect_infer_error(IrContext *ctx, const IrOpState *st,
    const char *fmt, ...) IR_PRINTF(3, 4);
/* Type of operand i. */
const IrType *dialect_operand_type(const IrOpState *st, size_t i);
/* Operand i's type when it is a ranked tensor (of rank `rank`, or any
 * rank when rank < 0); otherwise reports and returns NULL. */
const IrType *dialect_ranked(IrContext *ctx, const IrOpState *st, size_t i,
    int64_t rank);
/* A ranked tensor type. */
const IrType *dialect_tensor(IrContext *ctx, int64_t rank,
    const int64_t *dims, const IrType *elem);
/* numpy broadcasting of a and b's shapes into out (rank = max); false
 * when incompatible. Dynamic dims broadcast to dynamic. */
bool dialect_broadcast(const IrType *a, const IrType *b, int64_t *out,
    int64_t *rank);
/* An axis in [-rank, rank) normalised to [0, rank), or -1. */
int64_t dialect_norm_axis(int64_t axis, int64_t rank);
/* The storage type of a quantized element type, else t itself. */
const IrType *dialect_storage_type(const IrType *t);
/* May a value of inferred type `inf` be declared as `decl`? Same shape
 * (dynamic dims match anything) and same element type, or two quantized
 * element types with one storage type (output scales are free), or an
 * integer type and a quantized type stored in it. */
bool dialect_type_compatible(const IrType *inf, const IrType *decl);
/* Checks a quantized element type used in a value of type t: scales > 0,
 * zero points in the storage range, per-axis axis < rank and one scale
 * per channel. Reports on op and returns false. */
bool dialect_check_quant(IrOp *op, const IrType *t, const char *what);

/* ------------------------------------------------------------ builder */

/* Creates op `name` at the builder's insertion point with result types
 * inferred from operands and attributes (attrs: dictionary or NULL).
 * nresults is used by variadic-result ops only (else ignored). Returns
 * NULL after reporting when the op is unknown, cannot infer its results
 * or inference fails. */
IrOp *dialect_create(IrBuilder *b, const char *name, size_t noperands,
    IrValue *const *operands, const IrAttr *attrs, size_t nresults);

/* ------------------------------------------------------------ docs */

/* Writes d's markdown reference (one section per op). */
void dialect_print_docs(FILE *out, const Dialect *d);

/* ------------------------------------------------------------ registry */

/* dialects/registry.c: registers graph, npu and buffer into ctx. */
void dialects_register_all(IrContext *ctx);
/* The built-in dialect named `name`, or NULL. */
const Dialect *dialects_lookup(const char *name);

#endif /* NPUIR_DIALECT_H */
