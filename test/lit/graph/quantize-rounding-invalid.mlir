// graph.quantize's `rounding` takes "away" or "even" only.
// RUN: npu-opt %s -verify-diagnostics -o /dev/null
// RUN: not npu-opt %s 2>&1 | FileCheck %s
// CHECK: quantize-rounding-invalid.mlir:[[@LINE+4]]:8: error: 'graph.quantize' op attribute 'rounding' must be one of: away, even

func.func @bad(%x: tensor<2xf32>) -> tensor<2x!quant.uniform<i8:f32, 1.0>> {
  // expected-error@+1 {{attribute 'rounding' must be one of: away, even}}
  %0 = "graph.quantize"(%x) {qtype = !quant.uniform<i8:f32, 1.0>, rounding = "up"} : (tensor<2xf32>) -> tensor<2x!quant.uniform<i8:f32, 1.0>>
  return %0 : tensor<2x!quant.uniform<i8:f32, 1.0>>
}
