// MLIR 14's spellings are read and printed the current way: func @f,
// "builtin.func" with `type`, "std.return".
// RUN: npu-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: npu-opt %s --allow-unregistered-dialect | npu-opt --allow-unregistered-dialect | FileCheck %s
// RUN: npu-opt %s --allow-unregistered-dialect --print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: npu-opt %s --allow-unregistered-dialect --print-op-generic | npu-opt --allow-unregistered-dialect --print-op-generic | FileCheck %s --check-prefix=GENERIC

func @f(%arg0: i32) -> i32 {
  return %arg0 : i32
}
"builtin.func"() ({
^bb0(%arg0: f32):
  "std.return"(%arg0) : (f32) -> ()
}) {sym_name = "g", type = (f32) -> f32} : () -> ()
func private @h(i32)

// CHECK: module {
// CHECK-NEXT:   func.func @f(%arg0: i32) -> i32 {
// CHECK-NEXT:     return %arg0 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @g(%arg0: f32) -> f32 {
// CHECK-NEXT:     return %arg0 : f32
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func private @h(i32)
// CHECK-NEXT: }

// GENERIC: "builtin.module"() ({
// GENERIC-NEXT:   "func.func"() ({
// GENERIC-NEXT:   ^bb0(%arg0: i32):
// GENERIC-NEXT:     "func.return"(%arg0) : (i32) -> ()
// GENERIC-NEXT:   }) {function_type = (i32) -> i32, sym_name = "f"} : () -> ()
// GENERIC-NEXT:   "func.func"() ({
// GENERIC-NEXT:   ^bb0(%arg0: f32):
// GENERIC-NEXT:     "func.return"(%arg0) : (f32) -> ()
// GENERIC-NEXT:   }) {function_type = (f32) -> f32, sym_name = "g"} : () -> ()
// GENERIC-NEXT:   "func.func"() ({
// GENERIC-NEXT:   }) {function_type = (i32) -> (), sym_name = "h", sym_visibility = "private"} : () -> ()
// GENERIC-NEXT: }) : () -> ()
