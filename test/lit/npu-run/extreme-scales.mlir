// Requantization by a scale ratio no int32 multiplier can hold (1e36 to
// 1, and the reverse) saturates in every --arith rather than shifting
// past 64 bits (undefined behaviour the sanitizer build traps).
// RUN: %npu_build/bin/npu-run %s --entry=up --print | FileCheck %s --check-prefix=UP
// RUN: %npu_build/bin/npu-run %s --entry=up --arith=tflite --print | FileCheck %s --check-prefix=UP
// RUN: %npu_build/bin/npu-run %s --entry=down --arith=xnnpack --print | FileCheck %s --check-prefix=DOWN
// RUN: %npu_build/bin/npu-run %s --entry=down --print | FileCheck %s --check-prefix=DOWN

// UP: result #0: tensor<3x!quant.uniform<i8:f32, 1.000000e+00:3>> = [127, -128, 3]
func.func @up() -> tensor<3x!quant.uniform<i8:f32, 1.0:3>> {
  %q = "graph.constant"() {value = dense<[1, -1, 0]> : tensor<3xi8>} : () -> tensor<3x!quant.uniform<i8:f32, 1.0e36>>
  %0 = "graph.requantize"(%q) {qtype = !quant.uniform<i8:f32, 1.0:3>} : (tensor<3x!quant.uniform<i8:f32, 1.0e36>>) -> tensor<3x!quant.uniform<i8:f32, 1.0:3>>
  return %0 : tensor<3x!quant.uniform<i8:f32, 1.0:3>>
}

// DOWN: result #0: tensor<2x!quant.uniform<i8:f32, 1.000000e+36>> = [0, 0]
func.func @down() -> tensor<2x!quant.uniform<i8:f32, 1.0e36>> {
  %q = "graph.constant"() {value = dense<[127, -128]> : tensor<2xi8>} : () -> tensor<2x!quant.uniform<i8:f32, 1.0>>
  %0 = "graph.requantize"(%q) {qtype = !quant.uniform<i8:f32, 1.0e36>} : (tensor<2x!quant.uniform<i8:f32, 1.0>>) -> tensor<2x!quant.uniform<i8:f32, 1.0e36>>
  return %0 : tensor<2x!quant.uniform<i8:f32, 1.0e36>>
}
