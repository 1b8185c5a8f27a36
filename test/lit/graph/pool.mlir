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

// graph.max_pool2d_indices, NCHW, 2x2 windows over [[6, 5, 2], [7, 3, 7]]:
// window 0's maximum 7 is at y = 1, x = 0: flat 3 row-major, 1
// column-major (x * H + y); window 1's 7 at y = 1, x = 2 is 5 either way.
// Ties: [[7, 7]] keeps the first (flat 0). NHWC with 2 channels, a 1x2 window over (c0: 1, 4), (c1: 8, 2):
// 4 at ((0 * 2) + 1) * 2 + 0 = 2, 8 at 0 * 2 + 1 = 1.
// RUN: %npu_build/bin/npu-run %s --entry=indices --print | FileCheck %s --check-prefix=IDX
// IDX: result #0: tensor<1x1x1x2xf32> = [7, 7]
// IDX: result #1: tensor<1x1x1x2xi64> = [3, 5]
// IDX: result #2: tensor<1x1x1x2xi64> = [1, 5]
// IDX: result #3: tensor<1x1x1x2xf32> = [4, 8]
// IDX: result #4: tensor<1x1x1x2xi64> = [2, 1]
// IDX: result #5: tensor<1x1x1x1xi64> = [0]
func.func @indices() -> (tensor<1x1x1x2xf32>, tensor<1x1x1x2xi64>, tensor<1x1x1x2xi64>, tensor<1x1x1x2xf32>, tensor<1x1x1x2xi64>, tensor<1x1x1x1xi64>) {
  %t = "graph.constant"() {value = dense<[[[[7.0, 7.0]]]]> : tensor<1x1x1x2xf32>} : () -> tensor<1x1x1x2xf32>
  %v4, %i4 = "graph.max_pool2d_indices"(%t) {kernel = [1, 2], layout = "NCHW"} : (tensor<1x1x1x2xf32>) -> (tensor<1x1x1x1xf32>, tensor<1x1x1x1xi64>)
  %x = "graph.constant"() {value = dense<[[[[6.0, 5.0, 2.0], [7.0, 3.0, 7.0]]]]> : tensor<1x1x2x3xf32>} : () -> tensor<1x1x2x3xf32>
  %v, %i = "graph.max_pool2d_indices"(%x) {kernel = [2, 2], layout = "NCHW"} : (tensor<1x1x2x3xf32>) -> (tensor<1x1x1x2xf32>, tensor<1x1x1x2xi64>)
  %v2, %i2 = "graph.max_pool2d_indices"(%x) {column_major = true, kernel = [2, 2], layout = "NCHW"} : (tensor<1x1x2x3xf32>) -> (tensor<1x1x1x2xf32>, tensor<1x1x1x2xi64>)
  %y = "graph.constant"() {value = dense<[[[[1.0, 8.0], [4.0, 2.0]]]]> : tensor<1x1x2x2xf32>} : () -> tensor<1x1x2x2xf32>
  %v3, %i3 = "graph.max_pool2d_indices"(%y) {kernel = [1, 2]} : (tensor<1x1x2x2xf32>) -> (tensor<1x1x1x2xf32>, tensor<1x1x1x2xi64>)
  return %v, %i, %i2, %v3, %i3, %i4 : tensor<1x1x1x2xf32>, tensor<1x1x1x2xi64>, tensor<1x1x1x2xi64>, tensor<1x1x1x2xf32>, tensor<1x1x1x2xi64>, tensor<1x1x1x1xi64>
}
