// Dilated pooling (graph.max_pool2d / avg_pool2d `dilations`) on
// hand-computed values, and the attribute's range.
// RUN: %npu_build/bin/npu-run %s --entry=dilated --print | FileCheck %s
// RUN: npu-opt --split-input-file --verify-diagnostics %S/Inputs/pool-invalid.mlir

// W = [1, 5, 2, 4, 3], kernel 2, dilation 2: windows {0, 2}, {1, 3},
// {2, 4}: max 2, 5, 3; mean 1.5, 4.5, 2.5. NCHW layout, same numbers.
// CHECK: result #0: tensor<1x1x3x1xf32> = [2, 5, 3]
// CHECK: result #1: tensor<1x1x3x1xf32> = [1.5, 4.5, 2.5]
// CHECK: result #2: tensor<1x1x1x3xf32> = [2, 5, 3]
func.func @dilated() -> (tensor<1x1x3x1xf32>, tensor<1x1x3x1xf32>, tensor<1x1x1x3xf32>) {
  %x = "graph.constant"() {value = dense<[[[[1.0], [5.0], [2.0], [4.0], [3.0]]]]> : tensor<1x1x5x1xf32>} : () -> tensor<1x1x5x1xf32>
  %c = "graph.constant"() {value = dense<[[[[1.0, 5.0, 2.0, 4.0, 3.0]]]]> : tensor<1x1x1x5xf32>} : () -> tensor<1x1x1x5xf32>
  %0 = "graph.max_pool2d"(%x) {dilations = [1, 2], kernel = [1, 2]} : (tensor<1x1x5x1xf32>) -> tensor<1x1x3x1xf32>
  %1 = "graph.avg_pool2d"(%x) {dilations = [1, 2], kernel = [1, 2]} : (tensor<1x1x5x1xf32>) -> tensor<1x1x3x1xf32>
  %2 = "graph.max_pool2d"(%c) {dilations = [1, 2], kernel = [1, 2], layout = "NCHW"} : (tensor<1x1x1x5xf32>) -> tensor<1x1x1x3xf32>
  return %0, %1, %2 : tensor<1x1x3x1xf32>, tensor<1x1x3x1xf32>, tensor<1x1x1x3xf32>
}
