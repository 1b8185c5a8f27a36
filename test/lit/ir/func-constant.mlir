// func.constant (MLIR 14: std's `constant @f : T`), a function as a
// value: read in custom form, printed generic (as mlir-opt-14 prints it
// under its std name), checked against the function it names.
// RUN: npu-opt %s --split-input-file --allow-unregistered-dialect --print-op-generic | FileCheck %s
// RUN: npu-opt %s --split-input-file | npu-opt | FileCheck %s --check-prefix=CUSTOM
// CUSTOM: %0 = "func.constant"() {value = @empty} : () -> (() -> ())

// CHECK: %0 = "func.constant"() {value = @empty} : () -> (() -> ())
// CHECK: "func.return"(%0) : (() -> ()) -> ()
func @empty() {
  return
}
func @second_order() -> (() -> ()) {
  %c = constant @empty : () -> ()
  return %c : () -> ()
}

// -----

// CHECK: %0 = "func.constant"() {value = @id} : () -> ((i32) -> i32)
func.func @id(%a: i32) -> i32 {
  return %a : i32
}
func.func @g() -> ((i32) -> i32) {
  %c = func.constant @id : (i32) -> i32
  return %c : (i32) -> i32
}
