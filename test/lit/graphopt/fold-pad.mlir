// fold-pad (passes/fold_pad.c): a zero pad of H and W in front of a
// convolution becomes its explicit padding; npu-run gives the same
// results before and after, bit for bit (float and quantized).
// RUN: npu-opt --split-input-file --fold-pad %s | FileCheck %s
// RUN: npu-opt --fold-pad %S/Inputs/pad-run.mlir -o %t.mlir
// RUN: FileCheck %s --check-prefix=RUN-IR < %t.mlir
// RUN-IR-NOT: graph.pad
// RUN: %npu_build/bin/npu-run %S/Inputs/pad-run.mlir --seed=5 --output=%t.0.npy --output=%t.1.npy --output=%t.2.npy
// RUN: %npu_build/bin/npu-run %t.mlir --seed=5 --compare=%t.0.npy --compare=%t.1.npy --compare=%t.2.npy --atol=0 --rtol=0 | FileCheck %s --check-prefix=SAME
// SAME-COUNT-3: 0 of {{[0-9]+}} outside tolerance: ok

// Pad [1, 2] rows and [0, 1] columns, then a "same" 3x3 stride-2 conv on
// the padded 7x6 input: same adds [1, 1] rows and [0, 1] columns.
// CHECK-LABEL: func.func @same
// CHECK-NEXT: "graph.conv2d"(%arg0, %arg1) {padding = [2, 3, 0, 2], strides = [2, 2]}
func.func @same(%x: tensor<1x4x5x2xf32>, %w: tensor<3x3x3x2xf32>) -> tensor<1x4x3x3xf32> {
  %p = "graph.pad"(%x) {paddings = [0, 0, 1, 2, 0, 1, 0, 0]} : (tensor<1x4x5x2xf32>) -> tensor<1x7x6x2xf32>
  %c = "graph.conv2d"(%p, %w) {padding = "same", strides = [2, 2]} : (tensor<1x7x6x2xf32>, tensor<3x3x3x2xf32>) -> tensor<1x4x3x3xf32>
  return %c : tensor<1x4x3x3xf32>
}

// -----
// Not applied: a non-zero pad value, reflect mode, padding of the
// channels, a pad that requantizes. The pad stays where another op uses
// it, and the conv still takes its input.
// CHECK-LABEL: func.func @not_applied
// CHECK-COUNT-4: "graph.pad"
// CHECK-NOT: "graph.pad"
func.func @not_applied(%x: tensor<1x4x4x2xf32>, %w: tensor<3x1x1x2xf32>, %w4: tensor<3x1x1x4xf32>, %q: tensor<1x4x4x2x!quant.uniform<i8:f32, 0.1>>, %qw: tensor<3x1x1x2x!quant.uniform<i8:f32, 0.1>>) -> (tensor<1x6x6x3xf32>, tensor<1x6x6x3xf32>, tensor<1x4x4x3xf32>, tensor<1x6x6x3x!quant.uniform<i8:f32, 0.5>>) {
  %p1 = "graph.pad"(%x) {paddings = [0, 0, 1, 1, 1, 1, 0, 0], constant_value = 1.0} : (tensor<1x4x4x2xf32>) -> tensor<1x6x6x2xf32>
  %c1 = "graph.conv2d"(%p1, %w) : (tensor<1x6x6x2xf32>, tensor<3x1x1x2xf32>) -> tensor<1x6x6x3xf32>
  %p2 = "graph.pad"(%x) {paddings = [0, 0, 1, 1, 1, 1, 0, 0], mode = "reflect"} : (tensor<1x4x4x2xf32>) -> tensor<1x6x6x2xf32>
  %c2 = "graph.conv2d"(%p2, %w) : (tensor<1x6x6x2xf32>, tensor<3x1x1x2xf32>) -> tensor<1x6x6x3xf32>
  %p3 = "graph.pad"(%x) {paddings = [0, 0, 0, 0, 0, 0, 1, 1]} : (tensor<1x4x4x2xf32>) -> tensor<1x4x4x4xf32>
  %c3 = "graph.conv2d"(%p3, %w4) : (tensor<1x4x4x4xf32>, tensor<3x1x1x4xf32>) -> tensor<1x4x4x3xf32>
  %p4 = "graph.pad"(%q) {paddings = [0, 0, 1, 1, 1, 1, 0, 0]} : (tensor<1x4x4x2x!quant.uniform<i8:f32, 0.1>>) -> tensor<1x6x6x2x!quant.uniform<i8:f32, 0.2>>
  %c4 = "graph.conv2d"(%p4, %qw) : (tensor<1x6x6x2x!quant.uniform<i8:f32, 0.2>>, tensor<3x1x1x2x!quant.uniform<i8:f32, 0.1>>) -> tensor<1x6x6x3x!quant.uniform<i8:f32, 0.5>>
  return %c1, %c2, %c3, %c4 : tensor<1x6x6x3xf32>, tensor<1x6x6x3xf32>, tensor<1x4x4x3xf32>, tensor<1x6x6x3x!quant.uniform<i8:f32, 0.5>>
}

// -----
// A pad with another user stays for it.
// CHECK-LABEL: func.func @shared
// CHECK: %[[P:.*]] = "graph.pad"(%arg0)
// CHECK: "graph.depthwise_conv2d"(%arg0, %arg1) {padding = [1, 1, 1, 1]}
// CHECK: return {{.*}}, %[[P]]
func.func @shared(%x: tensor<1x4x4x2xf32>, %w: tensor<1x1x1x2xf32>) -> (tensor<1x6x6x2xf32>, tensor<1x6x6x2xf32>) {
  %p = "graph.pad"(%x) {paddings = [0, 0, 1, 1, 1, 1, 0, 0]} : (tensor<1x4x4x2xf32>) -> tensor<1x6x6x2xf32>
  %c = "graph.depthwise_conv2d"(%p, %w) : (tensor<1x6x6x2xf32>, tensor<1x1x1x2xf32>) -> tensor<1x6x6x2xf32>
  return %c, %p : tensor<1x6x6x2xf32>, tensor<1x6x6x2xf32>
}
