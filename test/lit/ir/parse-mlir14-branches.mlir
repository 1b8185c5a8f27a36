// MLIR 14's branch ops (std.br, std.cond_br, with operand_segment_sizes)
// are read as cf.br / cf.cond_br, like std.return as func.return; the
// verifier then checks them as cf ops (successor operands against block
// arguments). The input is what mlir-opt-14 prints for this function.
// RUN: npu-opt %s | FileCheck %s
// RUN: npu-opt %s --print-op-generic | npu-opt | FileCheck %s
// RUN: mlir-opt-14 %s | mlir-opt-14

// CHECK-LABEL: func.func @sel(%arg0: i1, %arg1: i32, %arg2: i32) -> i32
// CHECK-NEXT: "cf.cond_br"(%arg0, %arg1, %arg2)[^bb1, ^bb2] {operand_segment_sizes = dense<1> : vector<3xi32>} : (i1, i32, i32) -> ()
// CHECK-NEXT: ^bb1(%0: i32):  // pred: ^bb0
// CHECK-NEXT: "cf.br"(%0)[^bb3] : (i32) -> ()
// CHECK-NEXT: ^bb2(%1: i32):  // pred: ^bb0
// CHECK-NEXT: "cf.br"(%1)[^bb3] : (i32) -> ()
// CHECK-NEXT: ^bb3(%2: i32):  // 2 preds: ^bb1, ^bb2
// CHECK-NEXT: return %2 : i32
"builtin.module"() ({
  "builtin.func"() ({
  ^bb0(%arg0: i1, %arg1: i32, %arg2: i32):
    "std.cond_br"(%arg0, %arg1, %arg2)[^bb1, ^bb2] {operand_segment_sizes = dense<1> : vector<3xi32>} : (i1, i32, i32) -> ()
  ^bb1(%0: i32):
    "std.br"(%0)[^bb3] : (i32) -> ()
  ^bb2(%1: i32):
    "std.br"(%1)[^bb3] : (i32) -> ()
  ^bb3(%2: i32):
    "std.return"(%2) : (i32) -> ()
  }) {sym_name = "sel", type = (i1, i32, i32) -> i32} : () -> ()
}) : () -> ()
