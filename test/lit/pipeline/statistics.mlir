// --pass-statistics: one block per pass with its counters, computed by
// hand for this input: cse merges the second add into the first (1) and
// erases the unused mul when it reaches it (1); canonicalize folds
// add(x, 0) to x (1 fold), then erases the two constants left unused (2
// erased), no pattern applies (0).
// RUN: npu-opt --register-test-ops --cse --canonicalize --pass-statistics %s 2>&1 >/dev/null | FileCheck %s
// CHECK: ... Pass statistics report ...
// CHECK-NEXT: ===-
// CHECK-NEXT: {{^}}cse
// CHECK-NEXT: {{^}}  (S) 1 num-cse'd - ops replaced by an equal dominating op
// CHECK-NEXT: {{^}}  (S) 1 num-dce'd - pure ops erased because unused when visited
// CHECK-NEXT: {{^}}canonicalize
// CHECK-NEXT: {{^}}  (S) 1 num-folds - ops replaced by folding
// CHECK-NEXT: {{^}}  (S) 0 num-rewrites - canonicalization patterns applied
// CHECK-NEXT: {{^}}  (S) 2 num-erased - dead pure ops erased

// -mlir-pass-statistics is accepted too.
// RUN: npu-opt --register-test-ops --cse -mlir-pass-statistics %s 2>&1 >/dev/null | FileCheck --check-prefix=MLIR %s
// MLIR: (S) 1 num-cse'd

func.func @f(%a: i32) -> (i32, i32) {
  %z = "test.constant"() {value = 0 : i32} : () -> i32
  %u = "test.constant"() {value = 7 : i32} : () -> i32
  %0 = "test.add"(%a, %z) : (i32, i32) -> i32
  %1 = "test.add"(%a, %z) : (i32, i32) -> i32
  %d = "test.mul"(%1, %u) : (i32, i32) -> i32
  return %0, %1 : i32, i32
}
