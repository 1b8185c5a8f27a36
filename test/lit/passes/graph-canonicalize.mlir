// The graph dialect's canonicalization patterns (dialects/graph/
// canonicalize.c) on the real graph ops; expected values by hand.
// Needs the graph dialect in npu-opt (lit feature graph-dialect, set by
// lit.local.cfg when npu-opt verifies a graph op).
// REQUIRES: graph-dialect
// RUN: npu-opt --register-test-ops --split-input-file --canonicalize %s | FileCheck %s

// Identity reshape, cast and transpose, a transpose pair that cancels
// ([0, 3, 1, 2] then [0, 2, 3, 1]: [0, 3, 1, 2][[0, 2, 3, 1][i]] =
// [0, 1, 2, 3]), a reshape pair back to the input shape, x + 0: all go.
// CHECK-LABEL: func.func @identities
// CHECK-NEXT: %[[R:.*]] = "graph.relu"(%arg0)
// CHECK-NEXT: return %[[R]]
func.func @identities(%x: tensor<1x4x4x3xf32>) -> tensor<1x4x4x3xf32> {
  %t1 = "graph.transpose"(%x) {perm = [0, 3, 1, 2]} : (tensor<1x4x4x3xf32>) -> tensor<1x3x4x4xf32>
  %t2 = "graph.transpose"(%t1) {perm = [0, 2, 3, 1]} : (tensor<1x3x4x4xf32>) -> tensor<1x4x4x3xf32>
  %r1 = "graph.reshape"(%t2) {shape = [16, 3]} : (tensor<1x4x4x3xf32>) -> tensor<16x3xf32>
  %r2 = "graph.reshape"(%r1) {shape = [1, 4, 4, 3]} : (tensor<16x3xf32>) -> tensor<1x4x4x3xf32>
  %z = "graph.constant"() {value = dense<0.0> : tensor<1x4x4x3xf32>} : () -> tensor<1x4x4x3xf32>
  %a = "graph.add"(%r2, %z) : (tensor<1x4x4x3xf32>, tensor<1x4x4x3xf32>) -> tensor<1x4x4x3xf32>
  %c = "graph.cast"(%a) {to = f32} : (tensor<1x4x4x3xf32>) -> tensor<1x4x4x3xf32>
  %u = "graph.relu"(%c) : (tensor<1x4x4x3xf32>) -> tensor<1x4x4x3xf32>
  return %u : tensor<1x4x4x3xf32>
}

// -----
// Pre-transposed weights: [[1, 2, 3], [4, 5, 6]] transposed is
// [[1, 4], [2, 5], [3, 6]]; then 2 * w + w folds to [[3, 12], ...].
// CHECK-LABEL: func.func @weights
// CHECK-NEXT: %[[W:.*]] = "graph.constant"() {value = dense<{{\[\[}}3.000000e+00, 1.200000e+01], [6.000000e+00, 1.500000e+01], [9.000000e+00, 1.800000e+01]]> : tensor<3x2xf32>}
// CHECK-NEXT: return %[[W]]
func.func @weights() -> tensor<3x2xf32> {
  %w = "graph.constant"() {value = dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %wt = "graph.transpose"(%w) {perm = [1, 0]} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %two = "graph.constant"() {value = dense<2.0> : tensor<3x2xf32>} : () -> tensor<3x2xf32>
  %d = "graph.mul"(%wt, %two) : (tensor<3x2xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
  %s = "graph.add"(%d, %wt) : (tensor<3x2xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
  return %s : tensor<3x2xf32>
}

// -----
// A transpose chain that does not cancel merges into one:
// [1, 0, 2] then [2, 0, 1] is [1, 0, 2][[2, 0, 1][i]] = [2, 1, 0].
// CHECK-LABEL: func.func @chain
// CHECK-NEXT: %[[T:.*]] = "graph.transpose"(%arg0) {perm = [2, 1, 0]} : (tensor<2x3x4xf32>) -> tensor<4x3x2xf32>
// CHECK-NEXT: return %[[T]]
func.func @chain(%x: tensor<2x3x4xf32>) -> tensor<4x3x2xf32> {
  %0 = "graph.transpose"(%x) {perm = [1, 0, 2]} : (tensor<2x3x4xf32>) -> tensor<3x2x4xf32>
  %1 = "graph.transpose"(%0) {perm = [2, 0, 1]} : (tensor<3x2x4xf32>) -> tensor<4x3x2xf32>
  return %1 : tensor<4x3x2xf32>
}
