// ethos-u-codegen of the one-input npu.elementwise ops: abs as the
// hardware's ABS (x - zp, then the output multiplier), leaky_relu as two
// 1x1 average pools (the input rescaled by the output multiplier and by
// alpha's) and a MAX (alpha below 1) or MIN (above 1), as Vela runs an
// int16 leaky relu (MUL by alpha, MAX). npu-run gives the same bytes
// before and after (the streams in the functional simulator) on seeded
// inputs over the whole storage range, under both roundings.
// RUN: npu-opt %s --ethos-u-target --ethos-u-codegen -o %t.cg.mlir
// RUN: FileCheck %s < %t.cg.mlir
// RUN: %python %S/Inputs/codegen-same.py %npu_build/bin/npu-run tflite %s %t.cg.mlir abs8 abs16 lrelu8 lrelu16 lrelu_big lrelu0 | FileCheck %s --check-prefix=SAME
// SAME: runs: 30, mismatches: 0
// RUN: npu-opt %s --ethos-u-target --ethos-u-codegen=rounding=double -o %t.dbl.mlir
// RUN: FileCheck %s < %t.dbl.mlir
// RUN: %python %S/Inputs/codegen-same.py %npu_build/bin/npu-run tflite-micro %s %t.dbl.mlir abs8 abs16 lrelu8 lrelu16 lrelu_big lrelu0 | FileCheck %s --check-prefix=SAME
// RUN: %python %S/Inputs/codegen-regs.py extract %t.cg.mlir %t.bin
// RUN: npu-translate --decode=ethos-u %t.bin | FileCheck %s --check-prefix=ABS
// ABS: NPU_OP_ELEMENTWISE elementwise_mode=ABS ; operation 0
// ABS-NEXT: NPU_OP_STOP

// CHECK-LABEL: func.func @abs8
// CHECK-COUNT-1: "ethos_u.stream"
// CHECK-NOT: "npu.
func.func @abs8(%x: tensor<1x4x5x6xi8>) -> tensor<1x4x5x6xi8> {
  %0 = "npu.elementwise"(%x) {op = "abs", input_zp = [-3], output_zp = 5, output_multiplier = 1288490189 : i64, output_shift = 0 : i64} : (tensor<1x4x5x6xi8>) -> tensor<1x4x5x6xi8>
  return %0 : tensor<1x4x5x6xi8>
}

// CHECK-LABEL: func.func @abs16
// CHECK-COUNT-1: "ethos_u.stream"
// CHECK-NOT: "npu.
func.func @abs16(%x: tensor<1x3x7xi16>) -> tensor<1x3x7xi16> {
  %0 = "npu.elementwise"(%x) {op = "abs", act_max = 20000} : (tensor<1x3x7xi16>) -> tensor<1x3x7xi16>
  return %0 : tensor<1x3x7xi16>
}

// alpha 0.1 (0.8 x 2^-3) and the output scale 0.9.
// CHECK-LABEL: func.func @lrelu8
// CHECK-COUNT-1: "ethos_u.stream"
// CHECK-NOT: "npu.
func.func @lrelu8(%x: tensor<1x4x4x8xi8>) -> tensor<1x4x4x8xi8> {
  %0 = "npu.elementwise"(%x) {op = "leaky_relu", input_zp = [4], output_zp = -2, output_multiplier = 1932735283 : i64, output_shift = 0 : i64, alpha_multiplier = 1717986918 : i64, alpha_shift = -3 : i64} : (tensor<1x4x4x8xi8>) -> tensor<1x4x4x8xi8>
  return %0 : tensor<1x4x4x8xi8>
}

// CHECK-LABEL: func.func @lrelu16
// CHECK-COUNT-1: "ethos_u.stream"
// CHECK-NOT: "npu.
func.func @lrelu16(%x: tensor<1x5x9xi16>) -> tensor<1x5x9xi16> {
  %0 = "npu.elementwise"(%x) {op = "leaky_relu", alpha_multiplier = 1288490189 : i64, alpha_shift = -1 : i64} : (tensor<1x5x9xi16>) -> tensor<1x5x9xi16>
  return %0 : tensor<1x5x9xi16>
}

// alpha 3 (above 1): a MIN.
// CHECK-LABEL: func.func @lrelu_big
// CHECK-COUNT-1: "ethos_u.stream"
// CHECK-NOT: "npu.
func.func @lrelu_big(%x: tensor<2x8xi8>) -> tensor<2x8xi8> {
  %0 = "npu.elementwise"(%x) {op = "leaky_relu", output_zp = 10, alpha_multiplier = 1610612736 : i64, alpha_shift = 2 : i64} : (tensor<2x8xi8>) -> tensor<2x8xi8>
  return %0 : tensor<2x8xi8>
}

// alpha 0: a ReLU.
// CHECK-LABEL: func.func @lrelu0
// CHECK-COUNT-1: "ethos_u.stream"
// CHECK-NOT: "npu.
func.func @lrelu0(%x: tensor<1x2x2x3xi8>) -> tensor<1x2x2x3xi8> {
  %0 = "npu.elementwise"(%x) {op = "leaky_relu", input_zp = [-1], alpha_multiplier = 0 : i64, alpha_shift = 0 : i64} : (tensor<1x2x2x3xi8>) -> tensor<1x2x2x3xi8>
  return %0 : tensor<1x2x2x3xi8>
}
