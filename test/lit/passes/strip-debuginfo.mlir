// strip-debuginfo: every op and block argument location becomes
// loc(unknown).
// RUN: npu-opt --strip-debuginfo --mlir-print-debuginfo %s | FileCheck %s
// CHECK-NOT: loc("
// CHECK: func.func @f(%arg0: i32 loc(unknown)) -> i32 {
// CHECK-NEXT: return %arg0 : i32 loc(unknown)
// CHECK-NEXT: } loc(unknown)
// CHECK-NEXT: } loc(unknown)
// Without the pass the locations are there:
// RUN: npu-opt --mlir-print-debuginfo %s | FileCheck --check-prefix=KEEP %s
// KEEP: func.func @f(%arg0: i32 loc("x.py":1:2)) -> i32 {
// KEEP-NEXT: return %arg0 : i32 loc(fused["a.py":3:4, "b"])
module {
func.func @f(%a: i32 loc("x.py":1:2)) -> i32 {
  return %a : i32 loc(fused["a.py":3:4, "b"])
}
}
