// The default form: module, func.func and return sugar for the builtin
// ops, everything else generic.
// RUN: npu-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: npu-opt %s --allow-unregistered-dialect | npu-opt --allow-unregistered-dialect | FileCheck %s
// RUN: npu-opt %s --allow-unregistered-dialect --print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: npu-opt %s --allow-unregistered-dialect --print-op-generic | npu-opt --allow-unregistered-dialect --print-op-generic | FileCheck %s --check-prefix=GENERIC

module @m attributes {x.a = 1, x.b} {
  func.func @f(%a: i32, %b: f32) -> (i32, f32) attributes {x.z = "q"} {
    %0 = "x.y"(%a) : (i32) -> i32
    "x.br"()[^bb1] : () -> ()
  ^bb1:
    return %0, %b : i32, f32
  }
  func.func @g() {
    return
  }
  func.func private @h(i32) -> (i32, f32)
  func.func @i() -> (() -> ()) {
    %0 = "x.a"() : () -> (() -> ())
    return %0 : () -> ()
  }
  module {
  }
  func.func @j(%a: tensor<4xf32>) -> tensor<4xf32> {
    %0 = "func.call"(%a) {callee = @j} : (tensor<4xf32>) -> tensor<4xf32>
    return %0 : tensor<4xf32>
  }
}

// CHECK: module @m attributes {x.a = 1 : i64, x.b} {
// CHECK-NEXT:   func.func @f(%arg0: i32, %arg1: f32) -> (i32, f32) attributes {x.z = "q"} {
// CHECK-NEXT:     %0 = "x.y"(%arg0) : (i32) -> i32
// CHECK-NEXT:     "x.br"()[^bb1] : () -> ()
// CHECK-NEXT:   ^bb1:  // pred: ^bb0
// CHECK-NEXT:     return %0, %arg1 : i32, f32
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @g() {
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func private @h(i32) -> (i32, f32)
// CHECK-NEXT:   func.func @i() -> (() -> ()) {
// CHECK-NEXT:     %0 = "x.a"() : () -> (() -> ())
// CHECK-NEXT:     return %0 : () -> ()
// CHECK-NEXT:   }
// CHECK-NEXT:   module {
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @j(%arg0: tensor<4xf32>) -> tensor<4xf32> {
// CHECK-NEXT:     %0 = "func.call"(%arg0) {callee = @j} : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT:     return %0 : tensor<4xf32>
// CHECK-NEXT:   }
// CHECK-NEXT: }

// GENERIC: "builtin.module"() ({
// GENERIC-NEXT:   "func.func"() ({
// GENERIC-NEXT:   ^bb0(%arg0: i32, %arg1: f32):
// GENERIC-NEXT:     %0 = "x.y"(%arg0) : (i32) -> i32
// GENERIC-NEXT:     "x.br"()[^bb1] : () -> ()
// GENERIC-NEXT:   ^bb1:  // pred: ^bb0
// GENERIC-NEXT:     "func.return"(%0, %arg1) : (i32, f32) -> ()
// GENERIC-NEXT:   }) {function_type = (i32, f32) -> (i32, f32), sym_name = "f", x.z = "q"} : () -> ()
// GENERIC-NEXT:   "func.func"() ({
// GENERIC-NEXT:     "func.return"() : () -> ()
// GENERIC-NEXT:   }) {function_type = () -> (), sym_name = "g"} : () -> ()
// GENERIC-NEXT:   "func.func"() ({
// GENERIC-NEXT:   }) {function_type = (i32) -> (i32, f32), sym_name = "h", sym_visibility = "private"} : () -> ()
// GENERIC-NEXT:   "func.func"() ({
// GENERIC-NEXT:     %0 = "x.a"() : () -> (() -> ())
// GENERIC-NEXT:     "func.return"(%0) : (() -> ()) -> ()
// GENERIC-NEXT:   }) {function_type = () -> (() -> ()), sym_name = "i"} : () -> ()
// GENERIC-NEXT:   "builtin.module"() ({
// GENERIC-NEXT:   ^bb0:
// GENERIC-NEXT:   }) : () -> ()
// GENERIC-NEXT:   "func.func"() ({
// GENERIC-NEXT:   ^bb0(%arg0: tensor<4xf32>):
// GENERIC-NEXT:     %0 = "func.call"(%arg0) {callee = @j} : (tensor<4xf32>) -> tensor<4xf32>
// GENERIC-NEXT:     "func.return"(%0) : (tensor<4xf32>) -> ()
// GENERIC-NEXT:   }) {function_type = (tensor<4xf32>) -> tensor<4xf32>, sym_name = "j"} : () -> ()
// GENERIC-NEXT: }) {sym_name = "m", x.a = 1 : i64, x.b} : () -> ()
