// ethos-u-codegen reads a MAC op's weights straight from the constant's
// bytes (codegen_ops.c gather_weights): signed and unsigned 8-bit
// storage, a weight zero point, a splat, a depthwise transpose. Each
// stream computes in the simulator what npu-run's kernels compute on the
// npu ops. (A weight outside the encoder's -255..255 once its zero point
// is taken off would keep its op off the stream; the verifier's zero
// points, -128..127 on 8-bit storage, never make one.)
// RUN: npu-opt %s --ethos-u-target --ethos-u-codegen=threads=2 -o %t.cg.mlir
// RUN: FileCheck %s < %t.cg.mlir
// RUN: %python %S/Inputs/codegen-same.py %npu_build/bin/npu-run tflite %s %t.cg.mlir zp unsigned splat dw
// RUN: npu-opt %s --ethos-u-target --ethos-u-codegen=threads=1 -o %t.cg1.mlir
// RUN: cmp %t.cg.mlir %t.cg1.mlir

!q = !quant.uniform<i8:f32, 0.05:-3>
!w = !quant.uniform<i8:f32, 0.01>
!z = !quant.uniform<i8:f32, 0.01:127>
!s = !quant.uniform<i8:f32, 0.01:3>
!d = !quant.uniform<i8:f32, 0.01:-1>
!u = !quant.uniform<u8:f32, 0.01:100>
!o = !quant.uniform<i8:f32, 0.1:2>

// CHECK-LABEL: func.func @zp
// CHECK: "ethos_u.stream"
// CHECK-NOT: "npu.
func.func @zp(%x: tensor<1x4x4x3x!q>) -> tensor<1x4x4x2x!o> {
  %w = "graph.constant"() {value = dense<[[[[127, -128, 5]]], [[[-7, 100, -128]]]]> : tensor<2x1x1x3xi8>} : () -> tensor<2x1x1x3x!z>
  %b = "graph.constant"() {value = dense<[10, -20]> : tensor<2xi32>} : () -> tensor<2xi32>
  %0 = "npu.conv2d"(%x, %w, %b) {input_zp = -3 : i64, multiplier = dense<1374389504> : tensor<2xi32>, output_zp = 2 : i64, padding = "valid", shift = dense<-9> : tensor<2xi32>, strides = [1, 1], weight_zp = 127 : i64} : (tensor<1x4x4x3x!q>, tensor<2x1x1x3x!z>, tensor<2xi32>) -> tensor<1x4x4x2x!o>
  return %0 : tensor<1x4x4x2x!o>
}

// Unsigned storage: bytes 0..255 less the zero point 100.
// CHECK-LABEL: func.func @unsigned
// CHECK: "ethos_u.stream"
// CHECK-NOT: "npu.
func.func @unsigned(%x: tensor<1x4x4x3x!q>) -> tensor<1x4x4x2x!o> {
  %w = "graph.constant"() {value = dense<[[[[-1, 0, -127]]], [[[1, 127, -56]]]]> : tensor<2x1x1x3xi8>} : () -> tensor<2x1x1x3x!u>
  %b = "graph.constant"() {value = dense<[10, -20]> : tensor<2xi32>} : () -> tensor<2xi32>
  %0 = "npu.conv2d"(%x, %w, %b) {input_zp = -3 : i64, multiplier = dense<1374389504> : tensor<2xi32>, output_zp = 2 : i64, padding = "valid", shift = dense<-9> : tensor<2xi32>, strides = [1, 1], weight_zp = 100 : i64} : (tensor<1x4x4x3x!q>, tensor<2x1x1x3x!u>, tensor<2xi32>) -> tensor<1x4x4x2x!o>
  return %0 : tensor<1x4x4x2x!o>
}

// CHECK-LABEL: func.func @splat
// CHECK: "ethos_u.stream"
// CHECK-NOT: "npu.
func.func @splat(%x: tensor<1x4x4x3x!q>) -> tensor<1x2x2x2x!o> {
  %w = "graph.constant"() {value = dense<-9> : tensor<2x3x3x3xi8>} : () -> tensor<2x3x3x3x!s>
  %b = "graph.constant"() {value = dense<[10, -20]> : tensor<2xi32>} : () -> tensor<2xi32>
  %0 = "npu.conv2d"(%x, %w, %b) {input_zp = -3 : i64, multiplier = dense<1374389504> : tensor<2xi32>, output_zp = 2 : i64, padding = "valid", shift = dense<-9> : tensor<2xi32>, strides = [1, 1], weight_zp = 3 : i64} : (tensor<1x4x4x3x!q>, tensor<2x3x3x3x!s>, tensor<2xi32>) -> tensor<1x2x2x2x!o>
  return %0 : tensor<1x2x2x2x!o>
}

// Depthwise weights are 1HWO; the encoder wants OHW1.
// CHECK-LABEL: func.func @dw
// CHECK: "ethos_u.stream"
// CHECK-NOT: "npu.
func.func @dw(%x: tensor<1x5x5x3x!q>) -> tensor<1x3x3x3x!o> {
  %w = "graph.constant"() {value = dense<[[[[1, -2, 3], [4, 5, -6], [7, 8, 9]], [[-1, 2, 3], [4, -5, 6], [7, 8, -9]], [[2, 3, 4], [5, 6, 7], [8, 9, 10]]]]> : tensor<1x3x3x3xi8>} : () -> tensor<1x3x3x3x!d>
  %b = "graph.constant"() {value = dense<[100, -200, 300]> : tensor<3xi32>} : () -> tensor<3xi32>
  %0 = "npu.depthwise_conv2d"(%x, %w, %b) {input_zp = -3 : i64, multiplier = dense<1374389504> : tensor<3xi32>, output_zp = 2 : i64, padding = "valid", shift = dense<-7> : tensor<3xi32>, strides = [1, 1], weight_zp = -1 : i64} : (tensor<1x5x5x3x!q>, tensor<1x3x3x3x!d>, tensor<3xi32>) -> tensor<1x3x3x3x!o>
  return %0 : tensor<1x3x3x3x!o>
}
