// quant-report breakdown=true simulates the int8 model in float: with
// every layer's weights and every result rounded, and the input, it
// must give what the integer kernels give. Each rounded value is read
// through a dequantize(quantize(x)), which carries no calibration
// statistics of its own; the layer reading it used to stay float, so
// the simulation rounded only every other layer (here: neither the
// first layer's weights nor the second's result).
// One sample, x = [1, 1] (on the input grid: 100 steps of 0.01).
// RUN: rm -rf %t && %python %S/Inputs/mknpy.py %t/ev --shape 1x2 --lo 1 --hi 1
// RUN: npu-opt %S/Inputs/qdq-first.mlir --quant-report='inputs=%t/ev sensitivity=false breakdown=true' -o /dev/null 2>&1 | FileCheck %s
// Float: f = 1.004, g = 0.333 * 1.004 = 0.334332. Integer kernels:
// f: acc = 100 * 127 + 100 * 1 = 12800 at 0.01/127, 100.79 steps -> 101
// (1.01); g: 1.01 * 0.333 = 0.33633 -> 0.34; error 0.005668:
// 20 log10(0.334332 / 0.005668) = 35.41 dB.
// CHECK: quant-report: int8, 1 samples: output SQNR 35.41 dB
// Weights only: f = 1.007874, g = 0.335622, error 0.00129: 48.27 dB.
// Results only: f = 1.00, g = 0.333 -> 0.33, error 0.004332: 37.75 dB
// (47.99 before the fix: g was not rounded). Both, and the input: the
// integer model's 35.41 dB (37.75 before: f's weights stayed float).
// CHECK: every layer's weights int8, float activations: 48.27 dB; every result int8, float weights: 37.75 dB; both and the inputs, in float: 35.41 dB
// One layer at a time: f's result alone rounded, g = 0.333: 47.99 dB;
// g's alone, 0.334332 -> 0.33: 37.75 dB; g's weights are exact (inf).
// CHECK-NEXT: layer  op                          w8_dB    a8_dB
// CHECK-NEXT: 0  graph.fully_connected       48.27    47.99
// CHECK-NEXT: 1  graph.fully_connected         inf    37.75
