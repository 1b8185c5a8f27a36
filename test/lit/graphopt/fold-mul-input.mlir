// fold-mul on the input side (passes/fold_mul.c): a multiply by one
// constant per input channel in front of a conv, depthwise conv or fully
// connected layer folds into its weights. npu-run before and after
// (Inputs/mul-input-run.mlir: a padded NHWC conv, a grouped NCHW conv,
// a depthwise conv with multiplier 2 and explicit padding, an FC, an
// NCHW depthwise conv with multiplier 2 and a 2x3 window) agree
// within 1e-6: f32 rounding of the products only, the padding's zeros
// stay zero.
// RUN: npu-opt --split-input-file --fold-mul %s | FileCheck %s
// RUN: npu-opt --fold-mul %S/Inputs/mul-input-run.mlir -o %t.mlir
// RUN: FileCheck %s --check-prefix=RUN-IR < %t.mlir
// RUN-IR-NOT: graph.mul
// RUN: %npu_build/bin/npu-run %S/Inputs/mul-input-run.mlir --seed=3 --output=%t.0.npy --output=%t.1.npy --output=%t.2.npy --output=%t.3.npy --output=%t.4.npy
// RUN: %npu_build/bin/npu-run %t.mlir --seed=3 --compare=%t.0.npy --compare=%t.1.npy --compare=%t.2.npy --compare=%t.3.npy --compare=%t.4.npy --atol=1e-6 --rtol=0 | FileCheck %s --check-prefix=CLOSE
// CLOSE-COUNT-5: outside tolerance: ok

// The weights are scaled per input channel: OHWI's last axis.
// CHECK-LABEL: func.func @conv_nhwc
// CHECK: %[[W:.*]] = "graph.constant"() {value = dense<{{\[}}{{\[}}{{\[}}[2.000000e+00, -1.000000e+00], [4.000000e+00, -3.000000e+00]]]]>
// CHECK-NEXT: %[[C:.*]] = "graph.conv2d"(%arg0, %[[W]])
// CHECK-NEXT: return %[[C]]
func.func @conv_nhwc(%x: tensor<1x4x4x2xf32>) -> tensor<1x4x3x1xf32> {
  %s = "graph.constant"() {value = dense<[2.0, -0.5]> : tensor<2xf32>} : () -> tensor<2xf32>
  %m = "graph.mul"(%x, %s) : (tensor<1x4x4x2xf32>, tensor<2xf32>) -> tensor<1x4x4x2xf32>
  %w = "graph.constant"() {value = dense<[[[[1.0, 2.0], [2.0, 6.0]]]]> : tensor<1x1x2x2xf32>} : () -> tensor<1x1x2x2xf32>
  %c = "graph.conv2d"(%m, %w) : (tensor<1x4x4x2xf32>, tensor<1x1x2x2xf32>) -> tensor<1x4x3x1xf32>
  return %c : tensor<1x4x3x1xf32>
}

// -----
// NCHW (OIHW: axis 1), the constant first, a bias kept as it is.
// CHECK-LABEL: func.func @conv_nchw
// CHECK: %[[W:.*]] = "graph.constant"() {value = dense<{{\[}}{{\[}}{{\[}}[3.000000e+00]], {{\[}}[-2.000000e+00]]]]>
// CHECK-NEXT: %[[C:.*]] = "graph.conv2d"(%arg0, %[[W]], %{{.*}}) {layout = "NCHW"}
func.func @conv_nchw(%x: tensor<1x2x4x4xf32>) -> tensor<1x1x4x4xf32> {
  %s = "graph.constant"() {value = dense<[[[3.0]], [[-4.0]]]> : tensor<2x1x1xf32>} : () -> tensor<2x1x1xf32>
  %m = "graph.mul"(%s, %x) : (tensor<2x1x1xf32>, tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %w = "graph.constant"() {value = dense<[[[[1.0]], [[0.5]]]]> : tensor<1x2x1x1xf32>} : () -> tensor<1x2x1x1xf32>
  %b = "graph.constant"() {value = dense<[0.25]> : tensor<1xf32>} : () -> tensor<1xf32>
  %c = "graph.conv2d"(%m, %w, %b) {layout = "NCHW"} : (tensor<1x2x4x4xf32>, tensor<1x2x1x1xf32>, tensor<1xf32>) -> tensor<1x1x4x4xf32>
  return %c : tensor<1x1x4x4xf32>
}

// -----
// Depthwise with multiplier 2: output channels 0, 1 read input channel
// 0, channels 2, 3 read channel 1. A scalar multiply scales them all.
// CHECK-LABEL: func.func @depthwise
// CHECK: %[[W:.*]] = "graph.constant"() {value = dense<{{\[}}{{\[}}{{\[}}[1.000000e+00, 2.000000e+00, -3.000000e+00, -4.000000e+00]]]]>
// CHECK-NEXT: %[[C:.*]] = "graph.depthwise_conv2d"(%arg0, %[[W]])
// CHECK: %[[V:.*]] = "graph.constant"() {value = dense<{{\[}}[2.000000e+00, 4.000000e+00]]>
// CHECK-NEXT: "graph.fully_connected"(%arg1, %[[V]])
func.func @depthwise(%x: tensor<1x3x3x2xf32>, %v: tensor<3x2xf32>) -> (tensor<1x3x3x4xf32>, tensor<3x1xf32>) {
  %s = "graph.constant"() {value = dense<[1.0, -1.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %m = "graph.mul"(%x, %s) : (tensor<1x3x3x2xf32>, tensor<2xf32>) -> tensor<1x3x3x2xf32>
  %w = "graph.constant"() {value = dense<[[[[1.0, 2.0, 3.0, 4.0]]]]> : tensor<1x1x1x4xf32>} : () -> tensor<1x1x1x4xf32>
  %c = "graph.depthwise_conv2d"(%m, %w) {depth_multiplier = 2} : (tensor<1x3x3x2xf32>, tensor<1x1x1x4xf32>) -> tensor<1x3x3x4xf32>
  %two = "graph.constant"() {value = dense<2.0> : tensor<f32>} : () -> tensor<f32>
  %vm = "graph.mul"(%two, %v) : (tensor<f32>, tensor<3x2xf32>) -> tensor<3x2xf32>
  %fw = "graph.constant"() {value = dense<[[1.0, 2.0]]> : tensor<1x2xf32>} : () -> tensor<1x2xf32>
  %f = "graph.fully_connected"(%vm, %fw) : (tensor<3x2xf32>, tensor<1x2xf32>) -> tensor<3x1xf32>
  return %c, %f : tensor<1x3x3x4xf32>, tensor<3x1xf32>
}

// -----
// Not applied: the multiply has another user; by a non-constant; by a
// constant varying along W (not per channel); widening the input (the
// conv would read a broadcast value); with a fused clamp; weights not
// constant; quantized conv.
// CHECK-LABEL: func.func @not_folded
// CHECK-COUNT-7: "graph.mul"
// CHECK-NOT: "graph.mul"
func.func @not_folded(%x: tensor<1x4x4x2xf32>, %y: tensor<1x4x4x2xf32>, %z: tensor<1x4x4x1xf32>, %wv: tensor<1x1x1x2xf32>, %q: tensor<1x4x4x2x!quant.uniform<i8:f32, 0.5>>) -> (tensor<1x4x4x2xf32>, tensor<1x4x4x1xf32>, tensor<1x4x4x1xf32>, tensor<1x4x4x1xf32>, tensor<1x4x4x1xf32>, tensor<1x4x4x1xf32>, tensor<1x4x4x1xf32>, tensor<1x4x4x1x!quant.uniform<i8:f32, 0.5>>) {
  %s = "graph.constant"() {value = dense<[2.0, -0.5]> : tensor<2xf32>} : () -> tensor<2xf32>
  %w = "graph.constant"() {value = dense<[[[[1.0, 2.0]]]]> : tensor<1x1x1x2xf32>} : () -> tensor<1x1x1x2xf32>
  %m1 = "graph.mul"(%x, %s) : (tensor<1x4x4x2xf32>, tensor<2xf32>) -> tensor<1x4x4x2xf32>
  %c1 = "graph.conv2d"(%m1, %w) : (tensor<1x4x4x2xf32>, tensor<1x1x1x2xf32>) -> tensor<1x4x4x1xf32>
  %m2 = "graph.mul"(%x, %y) : (tensor<1x4x4x2xf32>, tensor<1x4x4x2xf32>) -> tensor<1x4x4x2xf32>
  %c2 = "graph.conv2d"(%m2, %w) : (tensor<1x4x4x2xf32>, tensor<1x1x1x2xf32>) -> tensor<1x4x4x1xf32>
  %sw = "graph.constant"() {value = dense<[[[1.0], [2.0], [3.0], [4.0]]]> : tensor<1x4x1xf32>} : () -> tensor<1x4x1xf32>
  %m3 = "graph.mul"(%x, %sw) : (tensor<1x4x4x2xf32>, tensor<1x4x1xf32>) -> tensor<1x4x4x2xf32>
  %c3 = "graph.conv2d"(%m3, %w) : (tensor<1x4x4x2xf32>, tensor<1x1x1x2xf32>) -> tensor<1x4x4x1xf32>
  %m4 = "graph.mul"(%z, %s) : (tensor<1x4x4x1xf32>, tensor<2xf32>) -> tensor<1x4x4x2xf32>
  %c4 = "graph.conv2d"(%m4, %w) : (tensor<1x4x4x2xf32>, tensor<1x1x1x2xf32>) -> tensor<1x4x4x1xf32>
  %m5 = "graph.mul"(%x, %s) {act_min = 0.0 : f32, act_max = 6.0 : f32} : (tensor<1x4x4x2xf32>, tensor<2xf32>) -> tensor<1x4x4x2xf32>
  %c5 = "graph.conv2d"(%m5, %w) : (tensor<1x4x4x2xf32>, tensor<1x1x1x2xf32>) -> tensor<1x4x4x1xf32>
  %m6 = "graph.mul"(%x, %s) : (tensor<1x4x4x2xf32>, tensor<2xf32>) -> tensor<1x4x4x2xf32>
  %c6 = "graph.conv2d"(%m6, %wv) : (tensor<1x4x4x2xf32>, tensor<1x1x1x2xf32>) -> tensor<1x4x4x1xf32>
  %qs = "graph.constant"() {value = dense<[2, 1]> : tensor<2xi8>} : () -> tensor<2x!quant.uniform<i8:f32, 0.5>>
  %m7 = "graph.mul"(%q, %qs) : (tensor<1x4x4x2x!quant.uniform<i8:f32, 0.5>>, tensor<2x!quant.uniform<i8:f32, 0.5>>) -> tensor<1x4x4x2x!quant.uniform<i8:f32, 0.5>>
  %qw = "graph.constant"() {value = dense<[[[[1, 2]]]]> : tensor<1x1x1x2xi8>} : () -> tensor<1x1x1x2x!quant.uniform<i8:f32, 0.5>>
  %c7 = "graph.conv2d"(%m7, %qw) : (tensor<1x4x4x2x!quant.uniform<i8:f32, 0.5>>, tensor<1x1x1x2x!quant.uniform<i8:f32, 0.5>>) -> tensor<1x4x4x1x!quant.uniform<i8:f32, 0.5>>
  return %m1, %c1, %c2, %c3, %c4, %c5, %c6, %c7 : tensor<1x4x4x2xf32>, tensor<1x4x4x1xf32>, tensor<1x4x4x1xf32>, tensor<1x4x4x1xf32>, tensor<1x4x4x1xf32>, tensor<1x4x4x1xf32>, tensor<1x4x4x1xf32>, tensor<1x4x4x1x!quant.uniform<i8:f32, 0.5>>
}
