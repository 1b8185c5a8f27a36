// u8 quantized storage (!quant.uniform<u8:...>, a signless i8 storage
// type with is_signed false) is read and clamped as unsigned.
// RUN: %npu_build/bin/npu-run %s --print | FileCheck %s

// Storage [200, 10, 255, 0] with scale 0.5 and zero point 128:
// (200 - 128) * 0.5 = 36, (10 - 128) * 0.5 = -59, 63.5, -64.
// CHECK: result #0: tensor<4xf32> = [36, -59, 63.5, -64]
// Requantizing 36, -59, 63.5, -64 to scale 1, zero point 100 and clamping
// to [0, 255]: 136, 41, 163.5 -> 164 (ties away from zero), 36.
// CHECK: result #1: tensor<4x!quant.uniform<u8:f32, 1.000000e+00:100>> = [136, 41, 164, 36]
func.func @main() -> (tensor<4xf32>, tensor<4x!quant.uniform<u8:f32, 1.0:100>>) {
  %q = "graph.constant"() {value = dense<[200, 10, 255, 0]> : tensor<4xi8>} : () -> tensor<4x!quant.uniform<u8:f32, 0.5:128>>
  %f = "graph.dequantize"(%q) : (tensor<4x!quant.uniform<u8:f32, 0.5:128>>) -> tensor<4xf32>
  %r = "graph.quantize"(%f) {qtype = !quant.uniform<u8:f32, 1.0:100>} : (tensor<4xf32>) -> tensor<4x!quant.uniform<u8:f32, 1.0:100>>
  return %f, %r : tensor<4xf32>, tensor<4x!quant.uniform<u8:f32, 1.0:100>>
}
