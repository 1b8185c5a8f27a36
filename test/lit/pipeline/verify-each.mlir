// The IR is verified after each pass (test-break-ir erases the return of
// the first function): the pipeline stops with the verifier's error, exit
// 1, and -o is not written. --no-verify-each skips the check.
// RUN: rm -f %t.out
// RUN: not npu-opt --register-test-ops --test-break-ir --cse %s -o %t.out 2>&1 | FileCheck --check-prefix=VERIFY %s
// RUN: not ls %t.out
// VERIFY: verify-each.mlir:{{[0-9]+}}:1: error: empty block: expect at least a terminator
// VERIFY: error: the IR is invalid after pass 'test-break-ir'
// VERIFY-NOT: error

// RUN: npu-opt --register-test-ops --test-break-ir --no-verify-each %s | FileCheck --check-prefix=NOVERIFY %s
// The function has no terminator: the printer falls back to the generic
// form.
// NOVERIFY: "func.func"() ({
// NOVERIFY-NEXT: ^bb0:
// NOVERIFY-NEXT: }) {function_type = () -> (), sym_name = "f"}

func.func @f() {
  return
}
