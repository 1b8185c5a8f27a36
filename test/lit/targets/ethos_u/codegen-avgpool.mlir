// ethos-u-codegen of average pools with padding. TFLite divides each
// window by its taps inside the map; the hardware divides every window
// of an operation by one scale. The output is cut into blocks of one tap
// count (runs of rows with equal valid kernel rows, times runs of
// columns), each one POOL that reads its part of the input through the
// input's strides with the padding it needs, and writes its part of the
// output: "same" 3x3 stride 1 gives 3 x 3 blocks. npu-run gives the same
// bytes before and after (the streams in the functional simulator) on
// seeded inputs over the whole storage range, under both roundings.
// RUN: npu-opt %s --ethos-u-target --ethos-u-legalize=report=/dev/null -o %t.npu.mlir
// RUN: npu-opt %t.npu.mlir --ethos-u-codegen -o %t.cg.mlir
// RUN: FileCheck %s < %t.cg.mlir
// RUN: %python %S/Inputs/codegen-same.py %npu_build/bin/npu-run tflite %t.npu.mlir %t.cg.mlir s1 s2 k5 h16 chain | FileCheck %s --check-prefix=SAME
// SAME: runs: 25, mismatches: 0
// RUN: npu-opt %t.npu.mlir --ethos-u-codegen=rounding=double -o %t.dbl.mlir
// RUN: %python %S/Inputs/codegen-same.py %npu_build/bin/npu-run tflite-micro %t.npu.mlir %t.dbl.mlir s1 s2 k5 h16 chain | FileCheck %s --check-prefix=SAME
// RUN: %python %S/Inputs/codegen-regs.py extract %t.cg.mlir %t.bin
// RUN: npu-translate --decode=ethos-u %t.bin | FileCheck %s --check-prefix=BLOCKS
// BLOCKS-COUNT-9: NPU_OP_POOL pooling_mode=AVERAGE
// BLOCKS-NOT: NPU_OP_POOL
// BLOCKS: NPU_OP_STOP

!q = !quant.uniform<i8:f32, 0.05:-3>
!h = !quant.uniform<i16:f32, 0.001:0>
!w = !quant.uniform<i8:f32, 0.01>
!b = !quant.uniform<i32:f32, 5.0e-4>

// CHECK-LABEL: func.func @s1
// CHECK-COUNT-1: "ethos_u.stream"
// CHECK-NOT: "npu.
func.func @s1(%x: tensor<1x6x7x5x!q>) -> tensor<1x6x7x5x!q> {
  %0 = "graph.avg_pool2d"(%x) {kernel = [3, 3], strides = [1, 1], padding = "same"} : (tensor<1x6x7x5x!q>) -> tensor<1x6x7x5x!q>
  return %0 : tensor<1x6x7x5x!q>
}

// Stride 2, a 3x2 kernel: padding only at the bottom and right.
// CHECK-LABEL: func.func @s2
// CHECK-COUNT-1: "ethos_u.stream"
// CHECK-NOT: "npu.
func.func @s2(%x: tensor<1x9x8x17x!q>) -> tensor<1x5x4x17x!q> {
  %0 = "graph.avg_pool2d"(%x) {kernel = [3, 2], strides = [2, 2], padding = "same"} : (tensor<1x9x8x17x!q>) -> tensor<1x5x4x17x!q>
  return %0 : tensor<1x5x4x17x!q>
}

// A 5x5 kernel over a 4x6 map: windows clipped on both sides at once.
// CHECK-LABEL: func.func @k5
// CHECK-COUNT-1: "ethos_u.stream"
// CHECK-NOT: "npu.
func.func @k5(%x: tensor<1x4x6x3x!q>) -> tensor<1x4x6x3x!q> {
  %0 = "graph.avg_pool2d"(%x) {kernel = [5, 5], strides = [1, 1], padding = "same"} : (tensor<1x4x6x3x!q>) -> tensor<1x4x6x3x!q>
  return %0 : tensor<1x4x6x3x!q>
}

// CHECK-LABEL: func.func @h16
// CHECK-COUNT-1: "ethos_u.stream"
// CHECK-NOT: "npu.
func.func @h16(%x: tensor<1x5x5x4x!h>) -> tensor<1x5x5x4x!h> {
  %0 = "graph.avg_pool2d"(%x) {kernel = [3, 3], strides = [1, 1], padding = "same"} : (tensor<1x5x5x4x!h>) -> tensor<1x5x5x4x!h>
  return %0 : tensor<1x5x5x4x!h>
}

// Between two convolutions of one stream (the pool's input and output
// then NHWC, as its views need).
// CHECK-LABEL: func.func @chain
// CHECK-COUNT-1: "ethos_u.stream"
// CHECK-NOT: "npu.
func.func @chain(%x: tensor<1x4x4x2x!q>) -> tensor<1x4x4x2x!q> {
  %w = "graph.constant"() {value = dense<[[[[1, -2]]], [[[3, 4]]]]> : tensor<2x1x1x2xi8>} : () -> tensor<2x1x1x2x!w>
  %bias = "graph.constant"() {value = dense<[10, -20]> : tensor<2xi32>} : () -> tensor<2x!b>
  %0 = "graph.conv2d"(%x, %w, %bias) {strides = [1, 1], padding = "valid"} : (tensor<1x4x4x2x!q>, tensor<2x1x1x2x!w>, tensor<2x!b>) -> tensor<1x4x4x2x!q>
  %1 = "graph.avg_pool2d"(%0) {kernel = [3, 3], strides = [1, 1], padding = "same"} : (tensor<1x4x4x2x!q>) -> tensor<1x4x4x2x!q>
  %2 = "graph.conv2d"(%1, %w, %bias) {strides = [1, 1], padding = "valid"} : (tensor<1x4x4x2x!q>, tensor<2x1x1x2x!w>, tensor<2x!b>) -> tensor<1x4x4x2x!q>
  return %2 : tensor<1x4x4x2x!q>
}
