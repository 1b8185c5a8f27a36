/* passes/passes.h: the built-in passes and their registration. passes/
 * holds one pass per file over any dialect; dialect-specific rewrites
 * (patterns, folds) belong to their dialect, and the test dialect to
 * test/lib/. */
#ifndef NPUIR_PASSES_H
#define NPUIR_PASSES_H

#include "ir/pass.h"

/* One definition per pass, in passes/<name>.c. */
extern const IrPassDef pass_canonicalize;
extern const IrPassDef pass_cse;
extern const IrPassDef pass_dce;
extern const IrPassDef pass_symbol_dce;
extern const IrPassDef pass_inline;
extern const IrPassDef pass_strip_debuginfo;
/* The graph optimizer (docs/graph-optimizer.md). */
extern const IrPassDef pass_fuse_activations;
extern const IrPassDef pass_fold_pad;
extern const IrPassDef pass_fold_batchnorm;
extern const IrPassDef pass_fuse_bias;
extern const IrPassDef pass_fold_mul;
extern const IrPassDef pass_fold_qdq;
extern const IrPassDef pass_strip_io_qdq;
extern const IrPassDef pass_idioms;
extern const IrPassDef pass_view_op_graph;
extern const IrPassDef pass_pad_channels;
extern const IrPassDef pass_fold_transposes;
extern const IrPassDef pass_layout;
extern const IrPassDef pass_merge_fc;
extern const IrPassDef pass_fuse_elementwise;
extern const IrPassDef pass_fixpoint;
extern const IrPassDef pass_graph_optimize;

/* Post-training quantization (docs/quantization.md). */
extern const IrPassDef pass_calibrate;
extern const IrPassDef pass_quantize;
extern const IrPassDef pass_quant_report;
extern const IrPassDef pass_equalize;

/* Memory (docs/memory.md). */
extern const IrPassDef pass_plan_memory;
extern const IrPassDef pass_schedule;
extern const IrPassDef pass_bufferize;

/* ---------------------------------------------------- passes/symbols.c */

/* A set of pointers: an IrPtrMap whose values are the keys.
 * Zero-initialise; free with passes_ptrset_free. */
typedef struct PassesPtrSet {
	IrPtrMap map;
} PassesPtrSet;

/* Adds p (not NULL); false when it was there already. */
bool passes_ptrset_add(PassesPtrSet *s, const void *p);
bool passes_ptrset_has(const PassesPtrSet *s, const void *p);
void passes_ptrset_free(PassesPtrSet *s);

/* MLIR's symbol visibility (sym_visibility; absent: public). */
typedef enum PassesVisibility {
	PASSES_PUBLIC,
	PASSES_PRIVATE,
	PASSES_NESTED,
} PassesVisibility;

PassesVisibility passes_visibility(const IrOp *op);
/* Is op a symbol as MLIR sees it: a registered op with a sym_name and
 * the SYMBOL or SYMBOL_TABLE trait (`module @m` is one)? */
bool passes_is_symbol(const IrOp *op);

/* Registers every built-in pass in ctx's registry. */
void passes_register_all(IrContext *ctx);

#endif /* NPUIR_PASSES_H */
