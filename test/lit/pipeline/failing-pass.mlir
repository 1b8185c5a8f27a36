// A failing pass stops the pipeline with its diagnostic (the later pass
// does not run: no IR dump after it) and the output file is not written.
// RUN: rm -f %t.out
// RUN: %python %S/../tools/Inputs/expect-exit.py 1 npu-opt --register-test-ops --test-fail %s -o %t.out
// RUN: not ls %t.out
// RUN: not npu-opt --register-test-ops --test-fail='message="boom here"' --cse --print-ir-after-all %s 2>&1 | FileCheck %s
// CHECK: error: 'builtin.module' op test-fail: boom here
// CHECK-NOT: IR Dump
// A nested failure: the error is at the function.
// RUN: not npu-opt --register-test-ops --pass-pipeline='builtin.module(func.func(test-fail))' %s 2>&1 | FileCheck --check-prefix=NESTED %s
// NESTED: failing-pass.mlir:[[@LINE+1]]:1: error: 'func.func' op test-fail: failure requested
func.func @f() {
  return
}
