// Quantized graph conv2d, depthwise_conv2d and fully_connected take
// TFLite's integer path: the same arithmetic as the npu ops.
// RUN: %npu_build/bin/npu-run %s --entry=hand --print | FileCheck %s --check-prefix=HAND
// RUN: %npu_build/bin/npu-run %s --entry=ew --print | FileCheck %s --check-prefix=EW
// RUN: %npu_build/bin/npu-run %s --entry=same --seed=3 --print | FileCheck %s --check-prefix=SAME
// RUN: %npu_build/bin/npu-run %s --entry=same --seed=4 --print | FileCheck %s --check-prefix=SAME

// Input scale 0.5 zp 1 (storage [3, 5, 7, 9] = 1, 2, 3, 4), filter scale
// 0.25 (4 = 1), bias scale 0.125 (8 = 1), output scale 1 zp -1:
// (2 + 4 + 6 + 8) * 4 + 8 = 88, times 0.5 * 0.25 / 1 = 11, minus 1 = 10.
// Per channel, filter scales [0.25, 0.5] on input 1 (storage 3) with
// filters [4] and [4]: 1 and 2, minus 1: [0, 1]. fully_connected of [1, 2,
// 3, 4] with weights 1 (per tensor) and no bias: 10 - 1 = 9.
// HAND: result #0: tensor<1x1x1x1x!quant.uniform<i8:f32, 1.000000e+00:-1>> = [10]
// HAND: result #1: tensor<1x1x1x2x!quant.uniform<i8:f32, 1.000000e+00:-1>> = [0, 1]
// HAND: result #2: tensor<1x1x!quant.uniform<i8:f32, 1.000000e+00:-1>> = [9]
func.func @hand() -> (tensor<1x1x1x1x!quant.uniform<i8:f32, 1.0:-1>>, tensor<1x1x1x2x!quant.uniform<i8:f32, 1.0:-1>>, tensor<1x1x!quant.uniform<i8:f32, 1.0:-1>>) {
  %x = "graph.constant"() {value = dense<[[[[3], [5]], [[7], [9]]]]> : tensor<1x2x2x1xi8>} : () -> tensor<1x2x2x1x!quant.uniform<i8:f32, 0.5:1>>
  %w = "graph.constant"() {value = dense<4> : tensor<1x2x2x1xi8>} : () -> tensor<1x2x2x1x!quant.uniform<i8:f32, 0.25>>
  %b = "graph.constant"() {value = dense<8> : tensor<1xi32>} : () -> tensor<1x!quant.uniform<i32:f32, 0.125>>
  %0 = "graph.conv2d"(%x, %w, %b) : (tensor<1x2x2x1x!quant.uniform<i8:f32, 0.5:1>>, tensor<1x2x2x1x!quant.uniform<i8:f32, 0.25>>, tensor<1x!quant.uniform<i32:f32, 0.125>>) -> tensor<1x1x1x1x!quant.uniform<i8:f32, 1.0:-1>>
  %y = "graph.constant"() {value = dense<3> : tensor<1x1x1x1xi8>} : () -> tensor<1x1x1x1x!quant.uniform<i8:f32, 0.5:1>>
  %v = "graph.constant"() {value = dense<4> : tensor<2x1x1x1xi8>} : () -> tensor<2x1x1x1x!quant.uniform<i8:f32:0, {0.25, 0.5}>>
  %1 = "graph.conv2d"(%y, %v) : (tensor<1x1x1x1x!quant.uniform<i8:f32, 0.5:1>>, tensor<2x1x1x1x!quant.uniform<i8:f32:0, {0.25, 0.5}>>) -> tensor<1x1x1x2x!quant.uniform<i8:f32, 1.0:-1>>
  %f = "graph.constant"() {value = dense<[[3, 5, 7, 9]]> : tensor<1x4xi8>} : () -> tensor<1x4x!quant.uniform<i8:f32, 0.5:1>>
  %fw = "graph.constant"() {value = dense<2> : tensor<1x4xi8>} : () -> tensor<1x4x!quant.uniform<i8:f32, 0.5>>
  %2 = "graph.fully_connected"(%f, %fw) : (tensor<1x4x!quant.uniform<i8:f32, 0.5:1>>, tensor<1x4x!quant.uniform<i8:f32, 0.5>>) -> tensor<1x1x!quant.uniform<i8:f32, 1.0:-1>>
  return %0, %1, %2 : tensor<1x1x1x1x!quant.uniform<i8:f32, 1.0:-1>>, tensor<1x1x1x2x!quant.uniform<i8:f32, 1.0:-1>>, tensor<1x1x!quant.uniform<i8:f32, 1.0:-1>>
}

// add, sub, mul and pools, 8-bit, TFLite's integer kernels. lhs at scale
// 0.5 ([3, -3] = 1.5, -1.5), rhs at 0.25 ([2, 2] = 0.5, 0.5), results at
// 0.25 with zero point 1: sums 2, -1 -> 9, -3; differences 1, -2 -> 5,
// -7; products at 0.125 (zero point 0): 0.75, -0.75 -> 6, -6. Pools with
// in = out quantization over [1, 2, -1, -2]: averages 1.5 -> 2, -1.5 ->
// -2 (half away from zero), maxima 2, -1.
// EW: result #0: tensor<2x!quant.uniform<i8:f32, 2.500000e-01:1>> = [9, -3]
// EW: result #1: tensor<2x!quant.uniform<i8:f32, 2.500000e-01:1>> = [5, -7]
// EW: result #2: tensor<2x!quant.uniform<i8:f32, 1.250000e-01>> = [6, -6]
// EW: result #3: tensor<1x1x2x1x!quant.uniform<i8:f32, 5.000000e-01>> = [2, -2]
// EW: result #4: tensor<1x1x2x1x!quant.uniform<i8:f32, 5.000000e-01>> = [2, -1]
func.func @ew() -> (tensor<2x!quant.uniform<i8:f32, 0.25:1>>, tensor<2x!quant.uniform<i8:f32, 0.25:1>>, tensor<2x!quant.uniform<i8:f32, 0.125>>, tensor<1x1x2x1x!quant.uniform<i8:f32, 0.5>>, tensor<1x1x2x1x!quant.uniform<i8:f32, 0.5>>) {
  %a = "graph.constant"() {value = dense<[3, -3]> : tensor<2xi8>} : () -> tensor<2x!quant.uniform<i8:f32, 0.5>>
  %b = "graph.constant"() {value = dense<2> : tensor<2xi8>} : () -> tensor<2x!quant.uniform<i8:f32, 0.25>>
  %0 = "graph.add"(%a, %b) : (tensor<2x!quant.uniform<i8:f32, 0.5>>, tensor<2x!quant.uniform<i8:f32, 0.25>>) -> tensor<2x!quant.uniform<i8:f32, 0.25:1>>
  %1 = "graph.sub"(%a, %b) : (tensor<2x!quant.uniform<i8:f32, 0.5>>, tensor<2x!quant.uniform<i8:f32, 0.25>>) -> tensor<2x!quant.uniform<i8:f32, 0.25:1>>
  %2 = "graph.mul"(%a, %b) : (tensor<2x!quant.uniform<i8:f32, 0.5>>, tensor<2x!quant.uniform<i8:f32, 0.25>>) -> tensor<2x!quant.uniform<i8:f32, 0.125>>
  %p = "graph.constant"() {value = dense<[[[[1], [2], [-1], [-2]]]]> : tensor<1x1x4x1xi8>} : () -> tensor<1x1x4x1x!quant.uniform<i8:f32, 0.5>>
  %3 = "graph.avg_pool2d"(%p) {kernel = [1, 2], strides = [1, 2]} : (tensor<1x1x4x1x!quant.uniform<i8:f32, 0.5>>) -> tensor<1x1x2x1x!quant.uniform<i8:f32, 0.5>>
  %4 = "graph.max_pool2d"(%p) {kernel = [1, 2], strides = [1, 2]} : (tensor<1x1x4x1x!quant.uniform<i8:f32, 0.5>>) -> tensor<1x1x2x1x!quant.uniform<i8:f32, 0.5>>
  return %0, %1, %2, %3, %4 : tensor<2x!quant.uniform<i8:f32, 0.25:1>>, tensor<2x!quant.uniform<i8:f32, 0.25:1>>, tensor<2x!quant.uniform<i8:f32, 0.125>>, tensor<1x1x2x1x!quant.uniform<i8:f32, 0.5>>, tensor<1x1x2x1x!quant.uniform<i8:f32, 0.5>>
}

// The same depthwise convolution as a graph op on quantized types and as
// an npu op with the multiplier of 0.02 * 0.01 / 0.05, the scales taken as
// f32 the way TFLite stores them: 0.0039999998 = 0.51199997 * 2^-7, so
// QuantizeMultiplier gives (1099511562, -7) (exact 0.004 would give
// 1099511628). On random inputs the two results print the same integers.
// SAME: result #0: {{.*}} = [[V:\[.*\]]]
// SAME-NEXT: result #1: {{.*}} = [[V]]
func.func @same(%x: tensor<1x4x4x2x!quant.uniform<i8:f32, 0.02:-5>>, %w: tensor<1x3x3x2x!quant.uniform<i8:f32, 0.01>>) -> (tensor<1x4x4x2x!quant.uniform<i8:f32, 0.05:3>>, tensor<1x4x4x2x!quant.uniform<i8:f32, 0.05:3>>) {
  %0 = "graph.depthwise_conv2d"(%x, %w) {padding = "same"} : (tensor<1x4x4x2x!quant.uniform<i8:f32, 0.02:-5>>, tensor<1x3x3x2x!quant.uniform<i8:f32, 0.01>>) -> tensor<1x4x4x2x!quant.uniform<i8:f32, 0.05:3>>
  %b = "graph.constant"() {value = dense<0> : tensor<2xi32>} : () -> tensor<2xi32>
  %1 = "npu.depthwise_conv2d"(%x, %w, %b) {padding = "same", multiplier = dense<1099511562> : tensor<1xi32>, shift = dense<-7> : tensor<1xi32>, input_zp = -5 : i64, output_zp = 3 : i64} : (tensor<1x4x4x2x!quant.uniform<i8:f32, 0.02:-5>>, tensor<1x3x3x2x!quant.uniform<i8:f32, 0.01>>, tensor<2xi32>) -> tensor<1x4x4x2x!quant.uniform<i8:f32, 0.05:3>>
  return %0, %1 : tensor<1x4x4x2x!quant.uniform<i8:f32, 0.05:3>>, tensor<1x4x4x2x!quant.uniform<i8:f32, 0.05:3>>
}
