/* import/import.h: the model importers' common API (TFLite, ONNX) and the
 * helpers they share: a mapped input file with bounds-checked reads, the
 * list of unsupported ops reported at once, name locations, and graph
 * ops built through the dialect helpers so result types are inferred. */
#ifndef NPUIR_IMPORT_H
#define NPUIR_IMPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "dialects/dialect.h"
#include "ir/ir.h"

/* A fixed shape for one model input, from --input-shape=name:1x3x224x224. */
typedef struct ImportShape {
	const char *name;      /* the model's input name */
	size_t rank;
	const int64_t *dims;   /* rank entries, all > 0 */
} ImportShape;

/* What the importers take from the command line. */
typedef struct ImportOptions {
	bool allow_unsupported;      /* unsupported ops -> graph.custom */
	size_t nshapes;
	const ImportShape *shapes;   /* input shapes to fix */
} ImportOptions;

/* Imports a .tflite file (import/tflite). Returns a detached, verified
 * builtin.module holding func.func @main, owned by the caller, or NULL
 * after reporting every problem through ctx's diagnostic handler. The
 * graph dialect must be registered in ctx. opts may be NULL. */
IrOp *import_tflite(IrContext *ctx, const char *path,
    const ImportOptions *opts);

/* Imports a .onnx file (import/onnx); as import_tflite. */
IrOp *import_onnx(IrContext *ctx, const char *path,
    const ImportOptions *opts);

/* The largest input file the importers read (bytes). */
#define IMPORT_MAX_FILE ((uint64_t)1 << 31)

/* ------------------------------------------------------------ the file */

/* An input file mapped read-only (zero-copy: weights are read in place). */
typedef struct ImportFile {
	IrContext *ctx;
	const char *path;       /* as given */
	const IrIdent *name;    /* the base name, for locations */
	const uint8_t *data;    /* size bytes, read-only */
	size_t size;
	void *map;              /* munmap handle, or NULL (empty or heap) */
	bool heap;              /* data was malloc'd (not mappable) */
	bool lasting;           /* the context adopted the mapping: the
	                           data lives as long as the context */
} ImportFile;

/* Maps path into f. Reports "cannot open" etc. at an unknown location
 * and returns false. */
bool import_file_open(IrContext *ctx, const char *path, ImportFile *f);
/* Wraps bytes already in memory (fuzzers, unit tests); not copied. */
void import_file_from_memory(IrContext *ctx, const char *name,
    const void *data, size_t size, ImportFile *f);
/* Unmaps (or frees) the data. */
void import_file_close(ImportFile *f);

/* A format's importer of an open file (tfl_import_file, onnx_import_file):
 * the module, or NULL after reporting. */
typedef IrOp *(*ImportFileFn)(IrContext *ctx, const ImportFile *f,
    const ImportOptions *opts);
/* Opens path, imports it with `import` and lets its pages go. The
 * context adopts the mapping (ir_context_adopt_mapping), so the
 * importer's constants may borrow the model's bytes instead of copying
 * them (import_file_constant); the pages come back from the file when
 * they are read again. */
IrOp *import_path(IrContext *ctx, const char *path,
    const ImportOptions *opts, ImportFileFn import);

/* Tells the kernel the whole pages inside [p, p + n) of a mapped file
 * are no longer needed (after their bytes were copied), so they stop
 * counting towards the process's memory; reading them again is still
 * valid (the pages come back from the file). No-op for memory files. */
void import_file_drop(const ImportFile *f, const void *p, size_t n);

/* Is [off, off + len) inside the file? Overflow-safe. */
bool import_in_bounds(const ImportFile *f, uint64_t off, uint64_t len);
/* Little-endian loads at off; false (and *out untouched) when the bytes
 * are not all inside the file. */
bool import_read_u8(const ImportFile *f, uint64_t off, uint8_t *out);
bool import_read_u16(const ImportFile *f, uint64_t off, uint16_t *out);
bool import_read_u32(const ImportFile *f, uint64_t off, uint32_t *out);
bool import_read_u64(const ImportFile *f, uint64_t off, uint64_t *out);

/* An error about the file as a whole, at location "<path>":0:0. */
void import_file_error(const ImportFile *f, const char *fmt, ...)
    IR_PRINTF(2, 3);

/* ------------------------------------------------------------ locations */

/* loc("<node name>"("<file base name>":0:0)): a name location whose
 * child names the model file. name need not be NUL-terminated. */
const IrLoc *import_loc(const ImportFile *f, const char *name, size_t len);

/* ------------------------------------------------------------ unsupported */

/* One unsupported op (or attribute) found while importing. */
typedef struct ImportUnsupported {
	char *what;         /* "SVDF", "Resize mode 'cubic'" */
	const IrLoc *loc;   /* the node's location */
} ImportUnsupported;

/* Unsupported ops collected over a whole model, reported at once. */
typedef struct ImportUnsupportedList {
	ImportUnsupported *items;
	size_t n, cap;
} ImportUnsupportedList;

/* Records one unsupported op (what is copied). */
void import_unsupported_add(ImportUnsupportedList *l, const char *what,
    const IrLoc *loc);
/* When the list is not empty: one error naming the file and every entry
 * ("op 'SVDF' (node 'x')"), then a note at each node's location; returns
 * false. Returns true when empty. */
bool import_unsupported_report(const ImportFile *f,
    const ImportUnsupportedList *l);
void import_unsupported_free(ImportUnsupportedList *l);

/* ------------------------------------------------------------ building */

/* Creates graph op `name` at b's insertion point, at loc, with result
 * types inferred by the dialect (dialect_create). NULL after reporting. */
IrOp *import_graph_op(IrBuilder *b, const IrLoc *loc, const char *name,
    size_t noperands, IrValue *const *operands, const IrAttr *attrs);

/* A graph.constant of type `type` holding `size` bytes of `data` (the
 * storage element layout of ir_attr_dense; for a quantized element type
 * the dense attribute takes the storage type). */
IrValue *import_constant(IrBuilder *b, const IrLoc *loc,
    const IrType *type, const void *data, size_t size);

/* The same for bytes of the input file f: borrowed, not copied, when
 * the file lives as long as the context (f->lasting, import_path), so
 * a model's weights exist once in memory. */
IrValue *import_file_constant(const ImportFile *f, IrBuilder *b,
    const IrLoc *loc, const IrType *type, const void *data, size_t size);

/* The opaque op for an unsupported node with --allow-unsupported:
 * "graph.custom" with attribute `op` = the model's op name, results of
 * the given types. */
IrOp *import_custom_op(IrBuilder *b, const IrLoc *loc, const char *opname,
    size_t noperands, IrValue *const *operands, size_t nresults,
    const IrType *const *result_types);

/* A small attribute dictionary under construction. */
typedef struct ImportAttrs {
	IrContext *ctx;
	size_t n;
	IrNamedAttr e[24];
} ImportAttrs;

void import_attrs_init(ImportAttrs *a, IrContext *ctx);
void import_attrs_int(ImportAttrs *a, const char *name, int64_t v);
void import_attrs_float(ImportAttrs *a, const char *name, double v);
void import_attrs_bool(ImportAttrs *a, const char *name, bool v);
void import_attrs_str(ImportAttrs *a, const char *name, const char *s);
void import_attrs_ints(ImportAttrs *a, const char *name, size_t n,
    const int64_t *v);
void import_attrs_type(ImportAttrs *a, const char *name,
    const IrType *t);
void import_attrs_set(ImportAttrs *a, const char *name, const IrAttr *v);
/* The dictionary (uniqued). */
const IrAttr *import_attrs_dict(ImportAttrs *a);

/* Starts the module: builtin.module { func.func @main(inputs) } at loc.
 * Returns the module (detached, caller-owned); *func gets the function,
 * whose entry block holds one argument per input type. */
IrOp *import_main_begin(IrContext *ctx, const IrLoc *loc, size_t ninputs,
    const IrType *const *inputs, IrOp **func);
/* Ends @main: appends func.return of results and sets the function type
 * from the argument and result types. */
void import_main_finish(IrOp *func, const IrLoc *loc, size_t nresults,
    IrValue *const *results);

#endif /* NPUIR_IMPORT_H */
