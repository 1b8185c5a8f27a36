/* test/lib/test_ops.h: the test dialect and test passes that npu-opt
 * registers with --register-test-ops and the unit tests use; built into
 * libnpuir-test.a, never into libnpuir.a. */
#ifndef NPUIR_TEST_OPS_H
#define NPUIR_TEST_OPS_H

#include "ir/pass.h"

/* Registers the test dialect (test.constant, test.add, test.mul,
 * test.negate, test.pure_add, test.pure_mul, test.effect, test.region,
 * test.pure_region, test.isolated, test.grow and the "test" constant
 * materializer) and the test passes (test-fail, test-options, test-break-ir,
 * test-mark-func). For tests and benchmarks only: npu-opt registers
 * them with --register-test-ops. */
void passes_register_test(IrContext *ctx);

#endif /* NPUIR_TEST_OPS_H */
