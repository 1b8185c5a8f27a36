// Integer division truncates toward zero, as in C, TFLite and ONNX;
// float division does not.
// RUN: %npu_build/bin/npu-run %s --print | FileCheck %s

// 7 / 2 = 3, -7 / 2 = -3 (not -4 or -3.5), 255 / 4 = 63, 5 / -3 = -1.
// CHECK: result #0: tensor<4xi32> = [3, -3, 63, -1]
// CHECK: result #1: tensor<4xui8> = [3, 0, 63, 1]
// CHECK: result #2: tensor<2xf32> = [3.5, -3.5]
func.func @main() -> (tensor<4xi32>, tensor<4xui8>, tensor<2xf32>) {
  %a = "graph.constant"() {value = dense<[7, -7, 255, 5]> : tensor<4xi32>} : () -> tensor<4xi32>
  %b = "graph.constant"() {value = dense<[2, 2, 4, -3]> : tensor<4xi32>} : () -> tensor<4xi32>
  %0 = "graph.div"(%a, %b) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %c = "graph.constant"() {value = dense<[7, 1, 255, 5]> : tensor<4xui8>} : () -> tensor<4xui8>
  %d = "graph.constant"() {value = dense<[2, 2, 4, 3]> : tensor<4xui8>} : () -> tensor<4xui8>
  %1 = "graph.div"(%c, %d) : (tensor<4xui8>, tensor<4xui8>) -> tensor<4xui8>
  %e = "graph.constant"() {value = dense<[7.0, -7.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %f = "graph.constant"() {value = dense<2.0> : tensor<2xf32>} : () -> tensor<2xf32>
  %2 = "graph.div"(%e, %f) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return %0, %1, %2 : tensor<4xi32>, tensor<4xui8>, tensor<2xf32>
}
