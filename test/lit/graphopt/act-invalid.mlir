// The fused activation clamp's verifier rules (dialects/graph/act.c).
// RUN: npu-opt --split-input-file --verify-diagnostics %s

func.func @inverted(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'graph.add' op act_min must not exceed act_max}}
  %a = "graph.add"(%x, %x) {act_min = 2.0 : f32, act_max = 1.0 : f32} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %a : tensor<4xf32>
}

// -----
func.func @fraction(%x: tensor<4x!quant.uniform<i8:f32, 0.1>>) -> tensor<4x!quant.uniform<i8:f32, 0.1>> {
  // expected-error @+1 {{'graph.add' op act_min and act_max of a quantized result must be integers in its storage range [-128, 127]}}
  %a = "graph.add"(%x, %x) {act_min = 0.5 : f32} : (tensor<4x!quant.uniform<i8:f32, 0.1>>, tensor<4x!quant.uniform<i8:f32, 0.1>>) -> tensor<4x!quant.uniform<i8:f32, 0.1>>
  return %a : tensor<4x!quant.uniform<i8:f32, 0.1>>
}

// -----
func.func @outside(%x: tensor<1x2x2x1x!quant.uniform<i8:f32, 0.1>>) -> tensor<1x1x1x1x!quant.uniform<i8:f32, 0.1>> {
  // expected-error @+1 {{'graph.max_pool2d' op act_min and act_max of a quantized result must be integers in its storage range [-128, 127]}}
  %a = "graph.max_pool2d"(%x) {kernel = [2, 2], act_max = 300.0 : f32} : (tensor<1x2x2x1x!quant.uniform<i8:f32, 0.1>>) -> tensor<1x1x1x1x!quant.uniform<i8:f32, 0.1>>
  return %a : tensor<1x1x1x1x!quant.uniform<i8:f32, 0.1>>
}
