// cf.br and cf.cond_br (MLIR's branch ops) in generic form round-trip,
// and mlir-opt-14 (where cf.* is unknown: its branches are std.br and
// std.cond_br) reads what npu-opt prints.
// RUN: npu-opt %s --print-op-generic > %t.generic.mlir
// RUN: npu-opt %t.generic.mlir | FileCheck %s
// RUN: npu-opt %s | npu-opt | FileCheck %s
// RUN: mlir-opt-14 --allow-unregistered-dialect %t.generic.mlir | FileCheck %s --check-prefix=MLIR

// CHECK-LABEL: func.func @diamond(%arg0: i1, %arg1: i32, %arg2: i32) -> i32
// CHECK-NEXT: "cf.cond_br"(%arg0, %arg1, %arg2, %arg1)[^bb1, ^bb2] {operand_segment_sizes = dense<[1, 1, 2]> : vector<3xi32>}
// CHECK-NEXT: ^bb1(%0: i32):  // pred: ^bb0
// CHECK-NEXT: "cf.br"(%0)[^bb3] : (i32) -> ()
// CHECK: ^bb3(%3: i32):  // 2 preds: ^bb1, ^bb2
// CHECK-NEXT: return %3 : i32
// MLIR: "cf.cond_br"(%arg0, %arg1, %arg2, %arg1)[^bb1, ^bb2] {operand_segment_sizes = dense<[1, 1, 2]> : vector<3xi32>}
// MLIR: "cf.br"(%2)[^bb3] : (i32) -> ()
func.func @diamond(%c: i1, %a: i32, %b: i32) -> i32 {
  "cf.cond_br"(%c, %a, %b, %a)[^bb1, ^bb2] {operand_segment_sizes = dense<[1, 1, 2]> : vector<3xi32>} : (i1, i32, i32, i32) -> ()
^bb1(%x: i32):
  "cf.br"(%x)[^bb3] : (i32) -> ()
^bb2(%y: i32, %z: i32):
  "cf.br"(%z)[^bb3] : (i32) -> ()
^bb3(%r: i32):
  return %r : i32
}

