// A MEAN whose int32 sum passes 2^31 within Vela's limits (int16, 33,024
// reduced elements <= 2^16): every value 32767 with zero point -32768,
// so each x - zp is 65535 and the sum 33,024 x 65,535 = 2,164,227,840,
// which TFLite's int32 accumulator wraps to -2,130,739,456. Scale 1 in
// and out: QuantizeMultiplier(1) = (2^30, 1) with 1/33,024 folded in
// (s = 15): (2^30 << 15) / 33024 = 1065418243, shift -14, so the mean is
// -64,521 (65,028 had the sum saturated instead), clamped to -32768.
// The graph kernel and npu.mean both wrap, under either rounding.
// RUN: npu-opt %s --ethos-u-legalize -o %t.mlir
// RUN: FileCheck %s --check-prefix=LOWERED < %t.mlir
// LOWERED: "npu.mean"
// LOWERED-SAME: multiplier = 1065418243 : i64
// LOWERED-SAME: shift = -14 : i64
// RUN: %npu_build/bin/npu-run %s --arith=tflite --print | FileCheck %s
// RUN: %npu_build/bin/npu-run %t.mlir --arith=tflite --print | FileCheck %s
// RUN: %npu_build/bin/npu-run %s --arith=tflite-micro --print | FileCheck %s
// RUN: %npu_build/bin/npu-run %t.mlir --arith=tflite-micro --print | FileCheck %s
// CHECK: result #0: {{.*}} = [-32768]

func.func @wrap() -> tensor<1x1x1x1x!quant.uniform<i16:f32, 1.0>> {
  %x = "graph.constant"() {value = dense<32767> : tensor<1x256x129x1xi16>} : () -> tensor<1x256x129x1x!quant.uniform<i16:f32, 1.0:-32768>>
  %0 = "graph.reduce_mean"(%x) {axes = [1, 2], keep_dims = true} : (tensor<1x256x129x1x!quant.uniform<i16:f32, 1.0:-32768>>) -> tensor<1x1x1x1x!quant.uniform<i16:f32, 1.0>>
  return %0 : tensor<1x1x1x1x!quant.uniform<i16:f32, 1.0>>
}
