/* passes/passes.h: the built-in passes and their registration. */
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
extern const IrPassDef pass_calibrate;
extern const IrPassDef pass_quantize;
extern const IrPassDef pass_quant_report;

/* passes/graph_canonicalize.c: adds the graph dialect's canonicalization
 * patterns to set when graph ops are registered in ctx
 * (passes_register_all registers it as a canonical pattern source). */
void passes_add_graph_patterns(IrContext *ctx, IrPatternSet *set);

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
/* The nearest symbol table op strictly above op, or NULL. */
IrOp *passes_symbol_table_of(IrOp *op);

/* A cache of hashed symbol tables, built on first use; the IR's symbols
 * must not change while it is used. */
typedef struct PassesSymbols PassesSymbols;

PassesSymbols *passes_symbols_create(void);
void passes_symbols_destroy(PassesSymbols *s);
/* The table of table_op, or NULL (reported once) when it has duplicate
 * symbols. */
IrSymbolTable *passes_symbols_table(PassesSymbols *s, IrOp *table_op);
/* Resolves ref (@a::@b) in table_op: path[i] is the symbol named by
 * its i-th part. Returns the number of parts, 0 when a part is missing
 * or names no symbol table to look into, or there are more than max. */
size_t passes_symbols_resolve(PassesSymbols *s, IrOp *table_op,
    const IrAttr *ref, IrOp **path, size_t max);
/* The op ref names, resolved from the symbol table around user. */
IrOp *passes_symbols_lookup(PassesSymbols *s, IrOp *user,
    const IrAttr *ref);

/* Registers every built-in pass in ctx's registry. */
void passes_register_all(IrContext *ctx);

/* Registers the test dialect (test.constant, test.add, test.mul,
 * test.negate, test.pure_add, test.pure_mul, test.effect, test.region,
 * test.pure_region, test.isolated, test.grow and the "test" constant
 * materializer) and the test passes (test-fail, test-options, test-break-ir,
 * test-mark-func). For tests and benchmarks only: npu-opt registers
 * them with --register-test-ops. */
void passes_register_test(IrContext *ctx);

#endif /* NPUIR_PASSES_H */
