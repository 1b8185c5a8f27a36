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

/* passes/graph_canonicalize.c: adds the graph dialect's canonicalization
 * patterns to set when graph ops are registered in ctx
 * (passes_register_all registers it as a canonical pattern source). */
void passes_add_graph_patterns(IrContext *ctx, IrPatternSet *set);

/* Registers every built-in pass in ctx's registry. */
void passes_register_all(IrContext *ctx);

/* Registers the test dialect (test.constant, test.add, test.mul,
 * test.negate, test.pure_add, test.pure_mul, test.effect, test.region,
 * test.pure_region, test.isolated, test.grow and the "test" constant materializer) and
 * the test passes (test-fail, test-options, test-break-ir,
 * test-mark-func). For tests and benchmarks only: npu-opt registers
 * them with --register-test-ops. */
void passes_register_test(IrContext *ctx);

#endif /* NPUIR_PASSES_H */
