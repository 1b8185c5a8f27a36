// graph.pow: numpy broadcasting, the base's element type, integer results
// truncated toward zero; values computed by hand.
// RUN: %npu_build/bin/npu-run %s --entry=pow --print | FileCheck %s
// RUN: %npu_build/bin/npu-run %s --entry=ipow --print | FileCheck %s --check-prefix=INT
// RUN: npu-opt --split-input-file --verify-diagnostics %S/Inputs/pow-invalid.mlir

// [[1, 2, 3], [4, 9, 16]] ^ [2, 0.5, -1]: the row broadcasts.
// 1^2 = 1, 2^0.5 = 1.41421, 3^-1 = 0.333333, 4^2 = 16, 9^0.5 = 3,
// 16^-1 = 0.0625.
// CHECK: result #0: tensor<2x3xf32> = [1, 1.41421{{[0-9]*}}, 0.33333{{[0-9]*}}, 16, 3, 0.0625]
func.func @pow() -> tensor<2x3xf32> {
  %a = "graph.constant"() {value = dense<[[1.0, 2.0, 3.0], [4.0, 9.0, 16.0]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %b = "graph.constant"() {value = dense<[2.0, 0.5, -1.0]> : tensor<3xf32>} : () -> tensor<3xf32>
  %0 = "graph.pow"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// i32 base, f32 exponent: [2, 3, -8, 7] ^ [[3], [0.5]]:
// row 0: 8, 27, -512, 343; row 1: 1.414 -> 1, 1.732 -> 1, nan -> 0,
// 2.6458 -> 2. An i64 base ^ i64 exponent: 3^3 = 27, 10^12 exactly.
// INT: result #0: tensor<2x4xi32> = [8, 27, -512, 343, 1, 1, 0, 2]
// INT: result #1: tensor<2xi64> = [27, 1000000000000]
func.func @ipow() -> (tensor<2x4xi32>, tensor<2xi64>) {
  %a = "graph.constant"() {value = dense<[2, 3, -8, 7]> : tensor<4xi32>} : () -> tensor<4xi32>
  %b = "graph.constant"() {value = dense<[[3.0], [0.5]]> : tensor<2x1xf32>} : () -> tensor<2x1xf32>
  %c = "graph.constant"() {value = dense<[3, 10]> : tensor<2xi64>} : () -> tensor<2xi64>
  %d = "graph.constant"() {value = dense<[3, 12]> : tensor<2xi64>} : () -> tensor<2xi64>
  %0 = "graph.pow"(%a, %b) : (tensor<4xi32>, tensor<2x1xf32>) -> tensor<2x4xi32>
  %1 = "graph.pow"(%c, %d) : (tensor<2xi64>, tensor<2xi64>) -> tensor<2xi64>
  return %0, %1 : tensor<2x4xi32>, tensor<2xi64>
}
