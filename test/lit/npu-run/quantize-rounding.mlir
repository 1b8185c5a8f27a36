// graph.quantize's `rounding`: ties away from zero (the default, TFLite's
// reference kernels) or to even (ONNX's QuantizeLinear, which the ONNX
// importer sets), after a float division x / scale; values by hand.
// RUN: %npu_build/bin/npu-run %s --entry=ties --print | FileCheck %s --check-prefix=TIES
// RUN: %npu_build/bin/npu-run %s --entry=division --print | FileCheck %s --check-prefix=DIV
// RUN: %npu_build/bin/npu-run %s --entry=per_axis --print | FileCheck %s --check-prefix=AXIS

// Scale 1, zero point 0, i8: 0.5, 1.5, 2.5, -0.5, -1.5, -2.5, 126.5, 127.5,
// -128.5, -129. Even: 0, 2, 2, -0, -2, -2, 126, 128 -> 127 (saturated),
// -128, -129 -> -128. Away: 1, 2, 3, -1, -2, -3, 127, 127, -128, -128.
// TIES: result #0: tensor<10x!quant.uniform<i8:f32, 1.000000e+00>> = [0, 2, 2, 0, -2, -2, 126, 127, -128, -128]
// TIES: result #1: tensor<10x!quant.uniform<i8:f32, 1.000000e+00>> = [1, 2, 3, -1, -2, -3, 127, 127, -128, -128]
func.func @ties() -> (tensor<10x!quant.uniform<i8:f32, 1.0>>, tensor<10x!quant.uniform<i8:f32, 1.0>>) {
  %x = "graph.constant"() {value = dense<[0.5, 1.5, 2.5, -0.5, -1.5, -2.5, 126.5, 127.5, -128.5, -129.0]> : tensor<10xf32>} : () -> tensor<10xf32>
  %0 = "graph.quantize"(%x) {qtype = !quant.uniform<i8:f32, 1.0>, rounding = "even"} : (tensor<10xf32>) -> tensor<10x!quant.uniform<i8:f32, 1.0>>
  %1 = "graph.quantize"(%x) {qtype = !quant.uniform<i8:f32, 1.0>} : (tensor<10xf32>) -> tensor<10x!quant.uniform<i8:f32, 1.0>>
  return %0, %1 : tensor<10x!quant.uniform<i8:f32, 1.0>>, tensor<10x!quant.uniform<i8:f32, 1.0>>
}

// x = 0.25, scale = float(0.1) = 0.100000001490116...: the exact quotient is
// 2.4999999627, but the float division rounds it to 2.5 (the float spacing
// there is 2^-22 = 2.4e-7), a tie: even gives 2, away 3; zero point 10.
// DIV: result #0: {{.*}} = [12]
// DIV: result #1: {{.*}} = [13]
func.func @division() -> (tensor<1x!quant.uniform<i8:f32, 0.1:10>>, tensor<1x!quant.uniform<i8:f32, 0.1:10>>) {
  %x = "graph.constant"() {value = dense<0.25> : tensor<1xf32>} : () -> tensor<1xf32>
  %0 = "graph.quantize"(%x) {qtype = !quant.uniform<i8:f32, 0.1:10>, rounding = "even"} : (tensor<1xf32>) -> tensor<1x!quant.uniform<i8:f32, 0.1:10>>
  %1 = "graph.quantize"(%x) {qtype = !quant.uniform<i8:f32, 0.1:10>, rounding = "away"} : (tensor<1xf32>) -> tensor<1x!quant.uniform<i8:f32, 0.1:10>>
  return %0, %1 : tensor<1x!quant.uniform<i8:f32, 0.1:10>>, tensor<1x!quant.uniform<i8:f32, 0.1:10>>
}

// Per axis 1, scales 1 and 2, zero points 0 and -3: 2.5 / 1 = 2.5 -> 2;
// 5 / 2 = 2.5 -> 2, -3 -> -1; 3.5 -> 4; 7 / 2 = 3.5 -> 4, -3 -> 1.
// AXIS: result #0: {{.*}} = [2, -1, 4, 1]
func.func @per_axis() -> tensor<2x2x!quant.uniform<i8:f32:1, {1.0, 2.0:-3}>> {
  %x = "graph.constant"() {value = dense<[[2.5, 5.0], [3.5, 7.0]]> : tensor<2x2xf32>} : () -> tensor<2x2xf32>
  %0 = "graph.quantize"(%x) {qtype = !quant.uniform<i8:f32:1, {1.0, 2.0:-3}>, rounding = "even"} : (tensor<2x2xf32>) -> tensor<2x2x!quant.uniform<i8:f32:1, {1.0, 2.0:-3}>>
  return %0 : tensor<2x2x!quant.uniform<i8:f32:1, {1.0, 2.0:-3}>>
}

