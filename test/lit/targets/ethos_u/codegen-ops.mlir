// ethos-u-codegen op by op: which npu ops become NPU operations of an
// ethos_u.stream, and for every function npu-run gives the same bytes
// before and after (the streams run in the functional simulator) on
// random inputs over the whole storage range: single rounding against
// --arith=tflite, rounding=double against --arith=tflite-micro.
// RUN: npu-opt %s --ethos-u-target --ethos-u-legalize=report=/dev/null -o %t.npu.mlir
// RUN: npu-opt %t.npu.mlir --ethos-u-codegen -o %t.cg.mlir
// RUN: FileCheck %s < %t.cg.mlir
// RUN: %python %S/Inputs/codegen-same.py %npu_build/bin/npu-run tflite %t.npu.mlir %t.cg.mlir conv:2 dw fc16 pool:3 add:2 mul minmax lut chain views:2 pad16 | FileCheck %s --check-prefix=SAME
// SAME: runs: 55, mismatches: 0
// RUN: npu-opt %t.npu.mlir --ethos-u-codegen=rounding=double -o %t.dbl.mlir
// RUN: %python %S/Inputs/codegen-same.py %npu_build/bin/npu-run tflite-micro %t.npu.mlir %t.dbl.mlir conv:2 dw fc16 pool:3 add:2 mul minmax lut chain views:2 pad16 | FileCheck %s --check-prefix=DBL
// DBL: runs: 55, mismatches: 0
// Double rounding: add and sub in six operations each (both inputs
// shifted into int32 and multiplied with DBL rounding, the sum, the
// output MUL).
// RUN: FileCheck %s --check-prefix=DBLADD < %t.dbl.mlir
// DBLADD-LABEL: func.func @add
// DBLADD: "ethos_u.stream"
// DBLADD-NOT: "npu.
// DBLADD: return
// RUN: npu-opt %t.npu.mlir --ethos-u-codegen -o %t.cg2.mlir
// RUN: cmp %t.cg.mlir %t.cg2.mlir

!q = !quant.uniform<i8:f32, 0.05:-3>
!w = !quant.uniform<i8:f32, 0.01>
!b = !quant.uniform<i32:f32, 5.0e-4>
!o = !quant.uniform<i8:f32, 0.1:2>
!p = !quant.uniform<i8:f32, 0.1:-128>
!h = !quant.uniform<i16:f32, 0.001>

// Strided and padded convolutions and a max pool with "same" padding:
// one stream, the maps between them in NHCWB16.
// CHECK-LABEL: func.func @conv
// CHECK-COUNT-1: "ethos_u.stream"
// CHECK-NOT: "npu.
// CHECK: return
func.func @conv(%x: tensor<1x8x8x2x!q>) -> (tensor<1x4x8x4x!o>, tensor<1x2x3x2x!o>) {
  %w = "graph.constant"() {value = dense<[[[[1, -2], [3, 4], [-5, 6]], [[7, 8], [9, -10], [11, 12]], [[13, 14], [15, 16], [-17, 18]]], [[[-1, 2], [3, -4], [5, 6]], [[7, -8], [9, 10], [11, -12]], [[13, 14], [-15, 16], [17, 18]]], [[[2, 2], [3, 3], [4, 4]], [[5, 5], [6, 6], [7, 7]], [[8, 8], [9, 9], [10, 10]]], [[[-9, 1], [2, -3], [4, 5]], [[6, 7], [-8, 9], [10, 11]], [[12, 13], [14, 15], [16, -17]]]]> : tensor<4x3x3x2xi8>} : () -> tensor<4x3x3x2x!w>
  %bias = "graph.constant"() {value = dense<[10, -20, 30, -40]> : tensor<4xi32>} : () -> tensor<4x!b>
  %0 = "graph.conv2d"(%x, %w, %bias) {strides = [2, 1], padding = "same"} : (tensor<1x8x8x2x!q>, tensor<4x3x3x2x!w>, tensor<4x!b>) -> tensor<1x4x8x4x!o>
  %w2 = "graph.constant"() {value = dense<[[[[3, -3, 1, 2]]], [[[-1, 4, 2, 2]]]]> : tensor<2x1x1x4xi8>} : () -> tensor<2x1x1x4x!w>
  %1 = "graph.conv2d"(%0, %w2) {strides = [1, 1], padding = "valid", dilations = [1, 1]} : (tensor<1x4x8x4x!o>, tensor<2x1x1x4x!w>) -> tensor<1x4x8x2x!o>
  %2 = "graph.max_pool2d"(%1) {kernel = [2, 3], strides = [2, 3], padding = "same"} : (tensor<1x4x8x2x!o>) -> tensor<1x2x3x2x!o>
  %3 = "graph.max_pool2d"(%2) {kernel = [2, 2], strides = [1, 1], padding = "same"} : (tensor<1x2x3x2x!o>) -> tensor<1x2x3x2x!o>
  %4 = "graph.relu"(%3) : (tensor<1x2x3x2x!o>) -> tensor<1x2x3x2x!o>
  return %0, %4 : tensor<1x4x8x4x!o>, tensor<1x2x3x2x!o>
}

// Depthwise, stride 2, dilation 2.
// CHECK-LABEL: func.func @dw
// CHECK: "ethos_u.stream"
// CHECK-NOT: "npu.
// CHECK: return
func.func @dw(%x: tensor<1x9x9x3x!q>) -> tensor<1x5x5x3x!o> {
  %w = "graph.constant"() {value = dense<[[[[1, -2, 3], [4, 5, -6], [7, 8, 9]], [[-1, 2, 3], [4, -5, 6], [7, 8, -9]], [[2, 3, 4], [5, 6, 7], [8, 9, 10]]]]> : tensor<1x3x3x3xi8>} : () -> tensor<1x3x3x3x!w>
  %bias = "graph.constant"() {value = dense<[100, -200, 300]> : tensor<3xi32>} : () -> tensor<3x!b>
  %0 = "graph.depthwise_conv2d"(%x, %w, %bias) {strides = [2, 2], padding = "same", dilations = [2, 1]} : (tensor<1x9x9x3x!q>, tensor<1x3x3x3x!w>, tensor<3x!b>) -> tensor<1x5x5x3x!o>
  return %0 : tensor<1x5x5x3x!o>
}

// int16 fully connected, batch 2.
// CHECK-LABEL: func.func @fc16
// CHECK: "ethos_u.stream"
// CHECK-NOT: "npu.
// CHECK: return
func.func @fc16(%x: tensor<2x3x!h>) -> tensor<2x2x!h> {
  %w = "graph.constant"() {value = dense<[[1, 2, 3], [-4, 5, -6]]> : tensor<2x3xi8>} : () -> tensor<2x3x!w>
  %bias = "graph.constant"() {value = dense<[7, -8]> : tensor<2xi32>} : () -> tensor<2x!quant.uniform<i32:f32, 1.0e-5>>
  %0 = "graph.fully_connected"(%x, %w, %bias) : (tensor<2x3x!h>, tensor<2x3x!w>, tensor<2x!quant.uniform<i32:f32, 1.0e-5>>) -> tensor<2x2x!h>
  return %0 : tensor<2x2x!h>
}

// Average pools without padding run on the NPU (a scale found exact over
// the whole input range: 4 and 9 taps); with padding the tap count
// varies at the border, so the pool runs as one POOL per block of equal
// tap count (codegen-avgpool.mlir).
// CHECK-LABEL: func.func @pool
// CHECK: "ethos_u.stream"
// CHECK-NOT: "npu.
// CHECK: return
func.func @pool(%x: tensor<1x6x6x3x!q>) -> (tensor<1x3x3x3x!q>, tensor<1x2x2x3x!q>, tensor<1x6x6x3x!q>) {
  %0 = "graph.avg_pool2d"(%x) {kernel = [2, 2], strides = [2, 2]} : (tensor<1x6x6x3x!q>) -> tensor<1x3x3x3x!q>
  %1 = "graph.avg_pool2d"(%x) {kernel = [3, 3], strides = [3, 3]} : (tensor<1x6x6x3x!q>) -> tensor<1x2x2x3x!q>
  %2 = "graph.avg_pool2d"(%x) {kernel = [3, 3], padding = "same"} : (tensor<1x6x6x3x!q>) -> tensor<1x6x6x3x!q>
  return %0, %1, %2 : tensor<1x3x3x3x!q>, tensor<1x2x2x3x!q>, tensor<1x6x6x3x!q>
}

// TFLite's add and sub, each four NPU operations (two input rescales
// into int32, the int32 sum, the output multiplier), broadcast either
// way round (the sub reversed).
// CHECK-LABEL: func.func @add
// CHECK: "ethos_u.stream"
// CHECK-NOT: "npu.
// CHECK: return
func.func @add(%a: tensor<1x2x2x3x!q>, %b: tensor<1x1x1x3x!o>) -> (tensor<1x2x2x3x!o>, tensor<1x2x2x3x!o>) {
  %0 = "graph.add"(%a, %b) : (tensor<1x2x2x3x!q>, tensor<1x1x1x3x!o>) -> tensor<1x2x2x3x!o>
  %1 = "graph.sub"(%b, %0) : (tensor<1x1x1x3x!o>, tensor<1x2x2x3x!o>) -> tensor<1x2x2x3x!o>
  return %0, %1 : tensor<1x2x2x3x!o>, tensor<1x2x2x3x!o>
}

// CHECK-LABEL: func.func @mul
// CHECK: "ethos_u.stream"
// CHECK-NOT: "npu.
// CHECK: return
func.func @mul(%a: tensor<1x4x!q>, %b: tensor<1x4x!o>) -> tensor<1x4x!p> {
  %0 = "graph.mul"(%a, %b) : (tensor<1x4x!q>, tensor<1x4x!o>) -> tensor<1x4x!p>
  return %0 : tensor<1x4x!p>
}

// CHECK-LABEL: func.func @minmax
// CHECK: "ethos_u.stream"
// CHECK-NOT: "npu.
// CHECK: return
func.func @minmax(%a: tensor<1x4x!q>, %b: tensor<1x4x!q>) -> tensor<1x4x!q> {
  %0 = "graph.maximum"(%a, %b) : (tensor<1x4x!q>, tensor<1x4x!q>) -> tensor<1x4x!q>
  %1 = "graph.minimum"(%0, %b) : (tensor<1x4x!q>, tensor<1x4x!q>) -> tensor<1x4x!q>
  return %1 : tensor<1x4x!q>
}

// Two tables: the second DMA waits for the first table's operation.
// CHECK-LABEL: func.func @lut
// CHECK: "ethos_u.stream"
// CHECK-NOT: "npu.
// CHECK: return
func.func @lut(%x: tensor<1x16x!q>) -> tensor<1x16x!q> {
  %0 = "graph.sigmoid"(%x) : (tensor<1x16x!q>) -> tensor<1x16x!o>
  %1 = "graph.tanh"(%0) : (tensor<1x16x!o>) -> tensor<1x16x!q>
  return %1 : tensor<1x16x!q>
}

// Reshapes are addresses; the softmax ends the run and a new one starts.
// CHECK-LABEL: func.func @chain
// CHECK: "ethos_u.stream"
// CHECK-NEXT: "npu.softmax"
// CHECK-NEXT: "ethos_u.stream"
// CHECK-NEXT: return
func.func @chain(%x: tensor<1x2x2x4x!q>) -> tensor<16x!q> {
  %0 = "graph.reshape"(%x) {shape = [1, 16]} : (tensor<1x2x2x4x!q>) -> tensor<1x16x!q>
  %1 = "graph.tanh"(%0) : (tensor<1x16x!q>) -> tensor<1x16x!o>
  %2 = "graph.softmax"(%1) : (tensor<1x16x!o>) -> tensor<1x16x!quant.uniform<i8:f32, 0.00390625:-128>>
  %3 = "graph.sigmoid"(%2) : (tensor<1x16x!quant.uniform<i8:f32, 0.00390625:-128>>) -> tensor<1x16x!q>
  %4 = "graph.reshape"(%3) {shape = [16]} : (tensor<1x16x!q>) -> tensor<16x!q>
  return %4 : tensor<16x!q>
}

// Split, slice, concat and pad are copies (1x1 average pools of scale
// 1): slices read through the input's strides, concat parts and the
// padded input write through the output's, the pad value fills the
// output first (one flash element read through zero strides); the
// nearest resize by 2 is a copy through the NEAREST upscale.
// CHECK-LABEL: func.func @views
// CHECK: "ethos_u.stream"
// CHECK-NEXT: return
func.func @views(%x: tensor<1x4x4x6x!q>, %y: tensor<1x16x!q>) -> (tensor<1x4x4x6x!q>, tensor<1x4x4x8x!q>) {
  %0:3 = "graph.split"(%x) {axis = 3, sizes = [1, 2, 3]} : (tensor<1x4x4x6x!q>) -> (tensor<1x4x4x1x!q>, tensor<1x4x4x2x!q>, tensor<1x4x4x3x!q>)
  %1 = "graph.concat"(%0#2, %0#0, %0#1) {axis = 3} : (tensor<1x4x4x3x!q>, tensor<1x4x4x1x!q>, tensor<1x4x4x2x!q>) -> tensor<1x4x4x6x!q>
  %2 = "graph.slice"(%0#1) {begin = [0, 1, 2, 0], size = [-1, 3, -1, 2]} : (tensor<1x4x4x2x!q>) -> tensor<1x3x2x2x!q>
  %3 = "graph.pad"(%2) {paddings = [0, 0, 1, 0, 1, 1, 2, 2]} : (tensor<1x3x2x2x!q>) -> tensor<1x4x4x6x!q>
  %4 = "graph.maximum"(%1, %3) : (tensor<1x4x4x6x!q>, tensor<1x4x4x6x!q>) -> tensor<1x4x4x6x!q>
  %5 = "graph.reshape"(%y) {shape = [1, 2, 2, 4]} : (tensor<1x16x!q>) -> tensor<1x2x2x4x!q>
  %6 = "graph.slice"(%4) {begin = [0, 1, 1, 1], size = [1, 2, 2, 4]} : (tensor<1x4x4x6x!q>) -> tensor<1x2x2x4x!q>
  %7 = "graph.concat"(%5, %6) {axis = 3} : (tensor<1x2x2x4x!q>, tensor<1x2x2x4x!q>) -> tensor<1x2x2x8x!q>
  %8 = "graph.resize"(%7) {size = [4, 4]} : (tensor<1x2x2x8x!q>) -> tensor<1x4x4x8x!q>
  return %4, %8 : tensor<1x4x4x6x!q>, tensor<1x4x4x8x!q>
}

// An int16 pad along H, W and C with a zero point (the pad value).
// CHECK-LABEL: func.func @pad16
// CHECK: "ethos_u.stream"
// CHECK-NOT: "npu.
// CHECK: return
func.func @pad16(%x: tensor<1x2x3x2x!quant.uniform<i16:f32, 0.001:7>>) -> tensor<1x3x6x5x!quant.uniform<i16:f32, 0.001:7>> {
  %0 = "graph.pad"(%x) {paddings = [0, 0, 1, 0, 1, 2, 2, 1]} : (tensor<1x2x3x2x!quant.uniform<i16:f32, 0.001:7>>) -> tensor<1x3x6x5x!quant.uniform<i16:f32, 0.001:7>>
  return %0 : tensor<1x3x6x5x!quant.uniform<i16:f32, 0.001:7>>
}
