// 0-d tensors go through shape inference and verification like any other
// (the sanitizer build once caught a memcmp of NULL dims here).
// RUN: npu-opt %s | FileCheck %s
// RUN: %npu_build/bin/npu-run %s --print | FileCheck %s --check-prefix=INTERP

// CHECK: "graph.prelu"(%{{.*}}, %{{.*}}) : (tensor<f32>, tensor<f32>) -> tensor<f32>
// -3 * 0.25 = -0.75
// INTERP: result #0: tensor<f32> = [-0.75]
func.func @main() -> tensor<f32> {
  %x = "graph.constant"() {value = dense<-3.0> : tensor<f32>} : () -> tensor<f32>
  %a = "graph.constant"() {value = dense<0.25> : tensor<f32>} : () -> tensor<f32>
  %0 = "graph.prelu"(%x, %a) : (tensor<f32>, tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}
