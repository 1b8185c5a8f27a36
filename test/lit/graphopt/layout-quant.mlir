// layout with per-channel quantized filters (passes/layout.c) and the
// fold-transposes rewrites QDQ models need (passes/fold_transposes.c):
// a filter's quantization axis moves with the transpose (OIHW -> OHWI
// keeps axis 0, O1HW -> 1HWO moves it to 3). npu-run before and after
// (Inputs/qnchw-run.mlir, per-channel scales 20x apart) is bit exact.
// RUN: npu-opt --layout %S/Inputs/qnchw-run.mlir -o %t.mlir
// RUN: FileCheck %s --check-prefix=LAYOUT < %t.mlir
// LAYOUT-DAG: "graph.constant"() {{.*}} -> tensor<1x2x2x3x!quant.uniform<i8:f32:3, {4.000000e-03,1.000000e-03,8.000000e-03}>>
// LAYOUT-DAG: "graph.constant"() {{.*}} -> tensor<3x3x3x2x!quant.uniform<i8:f32:0, {2.000000e-03,1.000000e-02,5.000000e-04}>>
// LAYOUT: "graph.conv2d"({{.*}}) {layout = "NHWC"
// LAYOUT: "graph.depthwise_conv2d"({{.*}}) {layout = "NHWC"
// LAYOUT-NOT: NCHW
// RUN: %npu_build/bin/npu-run %S/Inputs/qnchw-run.mlir --seed=4 --output=%t.0.npy
// RUN: %npu_build/bin/npu-run %t.mlir --seed=4 --compare=%t.0.npy --atol=0 --rtol=0 | FileCheck %s --check-prefix=SAME
// SAME: max abs error 0, {{.*}}: ok
// RUN: npu-opt --split-input-file --fold-transposes %s | FileCheck %s

// A transpose of a dequantized per-channel constant becomes the
// dequantize of the constant transposed, axis 0 now axis 3.
// CHECK-LABEL: func.func @dequantized
// CHECK-NEXT: %[[C:.*]] = "graph.constant"() {value = dense<{{\[\[\[\[}}1, 2]]]]> : tensor<1x1x1x2xi8>} : () -> tensor<1x1x1x2x!quant.uniform<i8:f32:3, {5.000000e-01,2.500000e-01}>>
// CHECK-NEXT: %[[D:.*]] = "graph.dequantize"(%[[C]]) : (tensor<1x1x1x2x!quant.uniform<i8:f32:3, {5.000000e-01,2.500000e-01}>>) -> tensor<1x1x1x2xf32>
// CHECK-NEXT: return %[[D]]
func.func @dequantized() -> tensor<1x1x1x2xf32> {
  %c = "graph.constant"() {value = dense<[[[[1]]], [[[2]]]]> : tensor<2x1x1x1xi8>} : () -> tensor<2x1x1x1x!quant.uniform<i8:f32:0, {0.5, 0.25}>>
  %d = "graph.dequantize"(%c) : (tensor<2x1x1x1x!quant.uniform<i8:f32:0, {0.5, 0.25}>>) -> tensor<2x1x1x1xf32>
  %t = "graph.transpose"(%d) {perm = [1, 2, 3, 0]} : (tensor<2x1x1x1xf32>) -> tensor<1x1x1x2xf32>
  return %t : tensor<1x1x1x2xf32>
}

// -----
// Transposes that move only unit dimensions next to a reshape (directly,
// or through one elementwise op) become reshapes, which merge with it.
// CHECK-LABEL: func.func @unit_dims
// CHECK-NEXT: %[[R:.*]] = "graph.reshape"(%arg0) {shape = [1, 4, 1, 1]}
// CHECK-NEXT: %[[D:.*]] = "graph.dequantize"(%[[R]])
// CHECK-NEXT: %[[S:.*]] = "graph.reshape"(%arg1) {shape = [4]}
// CHECK-NEXT: return %[[D]], %[[S]]
func.func @unit_dims(%q: tensor<1x1x4x1x!quant.uniform<i8:f32, 0.5>>, %x: tensor<1x4x1x1xf32>) -> (tensor<1x4x1x1xf32>, tensor<4xf32>) {
  %r = "graph.reshape"(%q) {shape = [1, 1, 1, 4]} : (tensor<1x1x4x1x!quant.uniform<i8:f32, 0.5>>) -> tensor<1x1x1x4x!quant.uniform<i8:f32, 0.5>>
  %d = "graph.dequantize"(%r) : (tensor<1x1x1x4x!quant.uniform<i8:f32, 0.5>>) -> tensor<1x1x1x4xf32>
  %t = "graph.transpose"(%d) {perm = [0, 3, 1, 2]} : (tensor<1x1x1x4xf32>) -> tensor<1x4x1x1xf32>
  %u = "graph.transpose"(%x) {perm = [0, 2, 3, 1]} : (tensor<1x4x1x1xf32>) -> tensor<1x1x1x4xf32>
  %s = "graph.reshape"(%u) {shape = [4]} : (tensor<1x1x1x4xf32>) -> tensor<4xf32>
  return %t, %s : tensor<1x4x1x1xf32>, tensor<4xf32>
}

// -----
// Not rewritten: a unit-dimension transpose with no reshape next to it
// (it may still meet its inverse); one that reorders two dimensions of
// extent 2 before a reshape.
// CHECK-LABEL: func.func @not_unit_dims
// CHECK: "graph.transpose"(%arg0) {perm = [0, 2, 3, 1]}
// CHECK: "graph.transpose"(%arg1) {perm = [0, 2, 3, 1]}
// CHECK-NEXT: "graph.reshape"
func.func @not_unit_dims(%x: tensor<1x4x1x1xf32>, %y: tensor<1x2x2x1xf32>) -> (tensor<1x1x1x4xf32>, tensor<4xf32>) {
  %t = "graph.transpose"(%x) {perm = [0, 2, 3, 1]} : (tensor<1x4x1x1xf32>) -> tensor<1x1x1x4xf32>
  %u = "graph.transpose"(%y) {perm = [0, 2, 3, 1]} : (tensor<1x2x2x1xf32>) -> tensor<1x2x1x2xf32>
  %s = "graph.reshape"(%u) {shape = [4]} : (tensor<1x2x1x2xf32>) -> tensor<4xf32>
  return %t, %s : tensor<1x1x1x4xf32>, tensor<4xf32>
}

// -----
// A transpose with two users it can move below (a residual branch)
// becomes one per user; both move down and cancel.
// CHECK-LABEL: func.func @split
// CHECK-NEXT: %[[R:.*]] = "graph.relu"(%arg0)
// CHECK-NEXT: %[[A:.*]] = "graph.add"(%arg0, %[[R]])
// CHECK-NEXT: return %[[A]]
func.func @split(%x: tensor<1x2x3x4xf32>) -> tensor<1x2x3x4xf32> {
  %t = "graph.transpose"(%x) {perm = [0, 2, 3, 1]} : (tensor<1x2x3x4xf32>) -> tensor<1x3x4x2xf32>
  %r = "graph.relu"(%t) : (tensor<1x3x4x2xf32>) -> tensor<1x3x4x2xf32>
  %a = "graph.add"(%t, %r) : (tensor<1x3x4x2xf32>, tensor<1x3x4x2xf32>) -> tensor<1x3x4x2xf32>
  %b = "graph.transpose"(%a) {perm = [0, 3, 1, 2]} : (tensor<1x3x4x2xf32>) -> tensor<1x2x3x4xf32>
  return %b : tensor<1x2x3x4xf32>
}

// -----
// Not split: one of the users (a reshape) does not take a transpose.
// CHECK-LABEL: func.func @no_split
// CHECK-COUNT-1: "graph.transpose"
// CHECK-NOT: "graph.transpose"
func.func @no_split(%x: tensor<1x2x3x4xf32>) -> (tensor<1x3x4x2xf32>, tensor<24xf32>) {
  %t = "graph.transpose"(%x) {perm = [0, 2, 3, 1]} : (tensor<1x2x3x4xf32>) -> tensor<1x3x4x2xf32>
  %r = "graph.relu"(%t) : (tensor<1x3x4x2xf32>) -> tensor<1x3x4x2xf32>
  %s = "graph.reshape"(%t) {shape = [24]} : (tensor<1x3x4x2xf32>) -> tensor<24xf32>
  return %r, %s : tensor<1x3x4x2xf32>, tensor<24xf32>
}
