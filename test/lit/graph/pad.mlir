// graph.pad's edge mode (the nearest border element) beside the other
// modes, on hand-computed values, and its verifier rule.
// RUN: %npu_build/bin/npu-run %s --entry=pads --print | FileCheck %s
// RUN: npu-opt --split-input-file --verify-diagnostics %S/Inputs/pad-invalid.mlir

// [1, 2, 3] padded by [2, 3]: edge repeats 1 and 3; reflect mirrors
// without the border, symmetric with it.
// CHECK: result #0: tensor<8xf32> = [1, 1, 1, 2, 3, 3, 3, 3]
// CHECK: result #1: tensor<8xf32> = [0, 0, 1, 2, 3, 0, 0, 0]
// [[1, 2], [3, 4]] padded by rows [1, 0] and columns [0, 2] in edge mode.
// CHECK: result #2: tensor<3x4xf32> = [1, 2, 2, 2, 1, 2, 2, 2, 3, 4, 4, 4]
func.func @pads() -> (tensor<8xf32>, tensor<8xf32>, tensor<3x4xf32>) {
  %a = "graph.constant"() {value = dense<[1.0, 2.0, 3.0]> : tensor<3xf32>} : () -> tensor<3xf32>
  %b = "graph.constant"() {value = dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>} : () -> tensor<2x2xf32>
  %0 = "graph.pad"(%a) {mode = "edge", paddings = [2, 3]} : (tensor<3xf32>) -> tensor<8xf32>
  %1 = "graph.pad"(%a) {paddings = [2, 3]} : (tensor<3xf32>) -> tensor<8xf32>
  %2 = "graph.pad"(%b) {mode = "edge", paddings = [1, 0, 0, 2]} : (tensor<2x2xf32>) -> tensor<3x4xf32>
  return %0, %1, %2 : tensor<8xf32>, tensor<8xf32>, tensor<3x4xf32>
}
