// fold-batchnorm, fuse-bias, fold-mul (passes/fold_batchnorm.c,
// fuse_bias.c, fold_mul.c): per-channel affine ops after a convolution
// or fully connected layer fold into its weights and bias. Float results
// change by f32 rounding only: npu-run before and after agree within
// 1e-6 absolute + 1e-6 relative on inputs in [-1, 1).
// RUN: npu-opt --split-input-file --fold-batchnorm --fuse-bias --fold-mul %s | FileCheck %s
// RUN: npu-opt --fold-batchnorm --fuse-bias --fold-mul %S/Inputs/affine-run.mlir -o %t.mlir
// RUN: FileCheck %s --check-prefix=RUN-IR < %t.mlir
// RUN-IR-NOT: graph.batch_norm
// RUN-IR-NOT: graph.add
// RUN-IR-NOT: graph.mul
// RUN: %npu_build/bin/npu-run %S/Inputs/affine-run.mlir --seed=7 --output=%t.0.npy --output=%t.1.npy --output=%t.2.npy
// RUN: %npu_build/bin/npu-run %t.mlir --seed=7 --compare=%t.0.npy --compare=%t.1.npy --compare=%t.2.npy --atol=1e-6 --rtol=1e-6 | FileCheck %s --check-prefix=SAME
// SAME-COUNT-3: 0 of {{[0-9]+}} outside tolerance: ok

// conv, batch norm (epsilon 1: a = 2 / sqrt(3 + 1) = 1, b = 1 - 2 * 1 =
// -1 for channel 0; a = 1 / sqrt(15 + 1) = 0.25, b = 0 - 1 * 0.25 for
// channel 1), then + [10, 20] and * 0.5: weights [1, 2] * [1, 0.25] *
// 0.5 = [0.5, 0.25] and bias ((-1, -0.25) + (10, 20)) * 0.5.
// CHECK-LABEL: func.func @chain
// CHECK-DAG: %[[W:.*]] = "graph.constant"() {value = dense<{{\[\[\[\[}}5.000000e-01]]], {{\[\[\[}}2.500000e-01]]]]> : tensor<2x1x1x1xf32>}
// CHECK-DAG: %[[B:.*]] = "graph.constant"() {value = dense<[4.500000e+00, 9.875000e+00]> : tensor<2xf32>}
// CHECK: %[[C:.*]] = "graph.conv2d"(%arg0, %[[W]], %[[B]])
// CHECK-NEXT: return %[[C]]
func.func @chain(%x: tensor<1x3x3x1xf32>) -> tensor<1x3x3x2xf32> {
  %w = "graph.constant"() {value = dense<[[[[1.0]]], [[[2.0]]]]> : tensor<2x1x1x1xf32>} : () -> tensor<2x1x1x1xf32>
  %c = "graph.conv2d"(%x, %w) : (tensor<1x3x3x1xf32>, tensor<2x1x1x1xf32>) -> tensor<1x3x3x2xf32>
  %s = "graph.constant"() {value = dense<[2.0, 1.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %o = "graph.constant"() {value = dense<[1.0, 0.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %m = "graph.constant"() {value = dense<[2.0, 1.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %v = "graph.constant"() {value = dense<[3.0, 15.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %bn = "graph.batch_norm"(%c, %s, %o, %m, %v) {epsilon = 1.0} : (tensor<1x3x3x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<1x3x3x2xf32>
  %k = "graph.constant"() {value = dense<[10.0, 20.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %a = "graph.add"(%k, %bn) : (tensor<2xf32>, tensor<1x3x3x2xf32>) -> tensor<1x3x3x2xf32>
  %h = "graph.constant"() {value = dense<0.5> : tensor<1x1x1x1xf32>} : () -> tensor<1x1x1x1xf32>
  %y = "graph.mul"(%a, %h) : (tensor<1x3x3x2xf32>, tensor<1x1x1x1xf32>) -> tensor<1x3x3x2xf32>
  return %y : tensor<1x3x3x2xf32>
}

// -----
// A lone batch norm (its input is an argument) becomes mul + add by
// per-channel constants, [C, 1, 1] in NCHW.
// CHECK-LABEL: func.func @lone
// CHECK: %[[M:.*]] = "graph.mul"(%arg0, %{{.*}}) : (tensor<1x2x3x3xf32>, tensor<2x1x1xf32>)
// CHECK-NEXT: "graph.add"(%[[M]], %{{.*}}) : (tensor<1x2x3x3xf32>, tensor<2x1x1xf32>)
func.func @lone(%x: tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32> {
  %s = "graph.constant"() {value = dense<[2.0, 1.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %bn = "graph.batch_norm"(%x, %s, %s, %s, %s) {layout = "NCHW"} : (tensor<1x2x3x3xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<1x2x3x3xf32>
  return %bn : tensor<1x2x3x3xf32>
}

// -----
// Not applied: the conv's result has another user; the add's constant
// differs along H (not per channel); the mul's operand is not constant;
// the add broadcasts the conv's result to a bigger shape; the conv
// carries a fused activation; the weights are not constant.
// CHECK-LABEL: func.func @not_applied
// CHECK-COUNT-2: "graph.add"
// CHECK: "graph.mul"
// CHECK: "graph.add"
// CHECK: "graph.add"
// CHECK: "graph.mul"
func.func @not_applied(%x: tensor<1x3x3x1xf32>, %y: tensor<1x3x3x2xf32>, %wv: tensor<2x1x1x1xf32>) -> (tensor<1x3x3x2xf32>, tensor<1x3x3x2xf32>, tensor<1x3x3x2xf32>, tensor<1x3x3x2xf32>, tensor<2x1x3x3x2xf32>, tensor<1x3x3x2xf32>, tensor<1x3x3x2xf32>) {
  %w = "graph.constant"() {value = dense<[[[[1.0]]], [[[2.0]]]]> : tensor<2x1x1x1xf32>} : () -> tensor<2x1x1x1xf32>
  %k = "graph.constant"() {value = dense<[10.0, 20.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %c1 = "graph.conv2d"(%x, %w) : (tensor<1x3x3x1xf32>, tensor<2x1x1x1xf32>) -> tensor<1x3x3x2xf32>
  %a1 = "graph.add"(%c1, %k) : (tensor<1x3x3x2xf32>, tensor<2xf32>) -> tensor<1x3x3x2xf32>
  %c2 = "graph.conv2d"(%x, %w) {strides = [1, 1]} : (tensor<1x3x3x1xf32>, tensor<2x1x1x1xf32>) -> tensor<1x3x3x2xf32>
  %kh = "graph.constant"() {value = dense<[[[1.0]], [[2.0]], [[3.0]]]> : tensor<3x1x1xf32>} : () -> tensor<3x1x1xf32>
  %a2 = "graph.add"(%c2, %kh) : (tensor<1x3x3x2xf32>, tensor<3x1x1xf32>) -> tensor<1x3x3x2xf32>
  %c3 = "graph.conv2d"(%x, %w) {dilations = [1, 1]} : (tensor<1x3x3x1xf32>, tensor<2x1x1x1xf32>) -> tensor<1x3x3x2xf32>
  %m3 = "graph.mul"(%c3, %y) : (tensor<1x3x3x2xf32>, tensor<1x3x3x2xf32>) -> tensor<1x3x3x2xf32>
  %c4 = "graph.conv2d"(%x, %w) {padding = "valid"} : (tensor<1x3x3x1xf32>, tensor<2x1x1x1xf32>) -> tensor<1x3x3x2xf32>
  %k5 = "graph.constant"() {value = dense<1.0> : tensor<2x1x1x1x2xf32>} : () -> tensor<2x1x1x1x2xf32>
  %a4 = "graph.add"(%c4, %k5) : (tensor<1x3x3x2xf32>, tensor<2x1x1x1x2xf32>) -> tensor<2x1x3x3x2xf32>
  %c5 = "graph.conv2d"(%x, %w) {act_min = 0.0 : f32} : (tensor<1x3x3x1xf32>, tensor<2x1x1x1xf32>) -> tensor<1x3x3x2xf32>
  %a5 = "graph.add"(%c5, %k) : (tensor<1x3x3x2xf32>, tensor<2xf32>) -> tensor<1x3x3x2xf32>
  %c6 = "graph.conv2d"(%x, %wv) : (tensor<1x3x3x1xf32>, tensor<2x1x1x1xf32>) -> tensor<1x3x3x2xf32>
  %m6 = "graph.mul"(%c6, %k) : (tensor<1x3x3x2xf32>, tensor<2xf32>) -> tensor<1x3x3x2xf32>
  return %a1, %c1, %a2, %m3, %a4, %a5, %m6 : tensor<1x3x3x2xf32>, tensor<1x3x3x2xf32>, tensor<1x3x3x2xf32>, tensor<1x3x3x2xf32>, tensor<2x1x3x3x2xf32>, tensor<1x3x3x2xf32>, tensor<1x3x3x2xf32>
}
