// npu-run --arith: the three integer arithmetics on exact ties, values
// computed by hand. tflite-micro (the default) rounds a requantization
// tie away from zero (double rounding), tflite (= --single-rounding)
// rounds it up, xnnpack to even (fp32 requantization), except in its add,
// which rounds up.
// RUN: %npu_build/bin/npu-run %s --entry=mac --print | FileCheck %s --check-prefix=MAC-MICRO
// RUN: %npu_build/bin/npu-run %s --entry=mac --arith=tflite-micro --print | FileCheck %s --check-prefix=MAC-MICRO
// RUN: %npu_build/bin/npu-run %s --entry=mac --arith=tflite --print | FileCheck %s --check-prefix=MAC-TFL
// RUN: %npu_build/bin/npu-run %s --entry=mac --single-rounding --print | FileCheck %s --check-prefix=MAC-TFL
// RUN: %npu_build/bin/npu-run %s --entry=mac --arith=xnnpack --print | FileCheck %s --check-prefix=MAC-XNN
// RUN: %npu_build/bin/npu-run %s --entry=ew --print | FileCheck %s --check-prefix=EW-MICRO
// RUN: %npu_build/bin/npu-run %s --entry=ew --arith=xnnpack --print | FileCheck %s --check-prefix=EW-XNN
// RUN: %npu_build/bin/npu-run %s --entry=mean --print | FileCheck %s --check-prefix=MEAN-MICRO
// RUN: %npu_build/bin/npu-run %s --entry=mean --arith=tflite --print | FileCheck %s --check-prefix=MEAN-TFL
// RUN: %npu_build/bin/npu-run %s --entry=mean --arith=xnnpack --print | FileCheck %s --check-prefix=MEAN-XNN

// Input scale 0.5, weight scale 0.5, output scale 1 (zero points 0): the
// requantization scale is 0.25 exactly. fully_connected of [5, -5, 3, 7]
// (one row each) with weight 2: accumulators 10, -10, 6, 14, real 2.5,
// -2.5, 1.5, 3.5. Double rounding: 3, -3, 2, 4; single: 3, -2, 2, 4;
// ties to even: 2, -2, 2, 4. depthwise_conv2d of [5, 7] with [2, 2] and
// per-channel scales [0.5, 0.25] and a zero bias: 10 * 0.25 = 2.5 and
// 14 * 0.125 = 1.75: [3, 2] (both TFLite roundings), [2, 2] (even). The
// same op without a bias is one XNNPack's delegate leaves to TFLite (it
// takes only convolutions with a bias): [3, 2] under xnnpack too.
// MAC-MICRO: result #0: {{.*}} = [3, -3, 2, 4]
// MAC-MICRO: result #1: {{.*}} = [3, 2]
// MAC-MICRO: result #2: {{.*}} = [3, 2]
// MAC-TFL: result #0: {{.*}} = [3, -2, 2, 4]
// MAC-TFL: result #1: {{.*}} = [3, 2]
// MAC-TFL: result #2: {{.*}} = [3, 2]
// MAC-XNN: result #0: {{.*}} = [2, -2, 2, 4]
// MAC-XNN: result #1: {{.*}} = [2, 2]
// MAC-XNN: result #2: {{.*}} = [3, 2]
func.func @mac() -> (tensor<4x1x!quant.uniform<i8:f32, 1.0>>, tensor<1x1x1x2x!quant.uniform<i8:f32, 1.0>>, tensor<1x1x1x2x!quant.uniform<i8:f32, 1.0>>) {
  %x = "graph.constant"() {value = dense<[[5], [-5], [3], [7]]> : tensor<4x1xi8>} : () -> tensor<4x1x!quant.uniform<i8:f32, 0.5>>
  %w = "graph.constant"() {value = dense<2> : tensor<1x1xi8>} : () -> tensor<1x1x!quant.uniform<i8:f32, 0.5>>
  %0 = "graph.fully_connected"(%x, %w) : (tensor<4x1x!quant.uniform<i8:f32, 0.5>>, tensor<1x1x!quant.uniform<i8:f32, 0.5>>) -> tensor<4x1x!quant.uniform<i8:f32, 1.0>>
  %d = "graph.constant"() {value = dense<[[[[5, 7]]]]> : tensor<1x1x1x2xi8>} : () -> tensor<1x1x1x2x!quant.uniform<i8:f32, 0.5>>
  %f = "graph.constant"() {value = dense<2> : tensor<1x1x1x2xi8>} : () -> tensor<1x1x1x2x!quant.uniform<i8:f32:3, {0.5, 0.25}>>
  %z = "graph.constant"() {value = dense<0> : tensor<2xi32>} : () -> tensor<2x!quant.uniform<i32:f32:0, {0.25, 0.125}>>
  %1 = "graph.depthwise_conv2d"(%d, %f, %z) : (tensor<1x1x1x2x!quant.uniform<i8:f32, 0.5>>, tensor<1x1x1x2x!quant.uniform<i8:f32:3, {0.5, 0.25}>>, tensor<2x!quant.uniform<i32:f32:0, {0.25, 0.125}>>) -> tensor<1x1x1x2x!quant.uniform<i8:f32, 1.0>>
  %2 = "graph.depthwise_conv2d"(%d, %f) : (tensor<1x1x1x2x!quant.uniform<i8:f32, 0.5>>, tensor<1x1x1x2x!quant.uniform<i8:f32:3, {0.5, 0.25}>>) -> tensor<1x1x1x2x!quant.uniform<i8:f32, 1.0>>
  return %0, %1, %2 : tensor<4x1x!quant.uniform<i8:f32, 1.0>>, tensor<1x1x1x2x!quant.uniform<i8:f32, 1.0>>, tensor<1x1x1x2x!quant.uniform<i8:f32, 1.0>>
}

// add and sub: lhs at scale 0.5, rhs at 0.25, result at 1. XNNPack: both
// ratios (0.5, 0.25) are exact; the larger has exponent -1, so shift =
// 20 + 1 = 21, multipliers 2^20 and 2^19, bias 2^20 (zero points 0):
// out = floor((2 + 2a + b) / 4). a = [1, -1, 3], b = [0, 0, 2]: sums 0.5,
// -0.5, 2 -> 1, 0, 2 (TFLite Micro: 1, -1, 2); differences 0.5, -0.5, 1 ->
// 1, 0, 1 (Micro: 1, -1, 1). mul of a with m = [1, 1, 2] at scale 0.25,
// result at 0.25 (ratio 0.5 * 0.25 / 0.25 = 0.5): 0.5, -0.5, 3 -> 0, 0, 3
// to even (Micro: 1, 0, 3, the high multiply rounding -0.5 up).
// EW-MICRO: result #0: {{.*}} = [1, -1, 2]
// EW-MICRO: result #1: {{.*}} = [1, -1, 1]
// EW-MICRO: result #2: {{.*}} = [1, 0, 3]
// EW-XNN: result #0: {{.*}} = [1, 0, 2]
// EW-XNN: result #1: {{.*}} = [1, 0, 1]
// EW-XNN: result #2: {{.*}} = [0, 0, 3]
func.func @ew() -> (tensor<3x!quant.uniform<i8:f32, 1.0>>, tensor<3x!quant.uniform<i8:f32, 1.0>>, tensor<3x!quant.uniform<i8:f32, 0.25>>) {
  %a = "graph.constant"() {value = dense<[1, -1, 3]> : tensor<3xi8>} : () -> tensor<3x!quant.uniform<i8:f32, 0.5>>
  %b = "graph.constant"() {value = dense<[0, 0, 2]> : tensor<3xi8>} : () -> tensor<3x!quant.uniform<i8:f32, 0.25>>
  %m = "graph.constant"() {value = dense<[1, 1, 2]> : tensor<3xi8>} : () -> tensor<3x!quant.uniform<i8:f32, 0.25>>
  %0 = "graph.add"(%a, %b) : (tensor<3x!quant.uniform<i8:f32, 0.5>>, tensor<3x!quant.uniform<i8:f32, 0.25>>) -> tensor<3x!quant.uniform<i8:f32, 1.0>>
  %1 = "graph.sub"(%a, %b) : (tensor<3x!quant.uniform<i8:f32, 0.5>>, tensor<3x!quant.uniform<i8:f32, 0.25>>) -> tensor<3x!quant.uniform<i8:f32, 1.0>>
  %2 = "graph.mul"(%a, %m) : (tensor<3x!quant.uniform<i8:f32, 0.5>>, tensor<3x!quant.uniform<i8:f32, 0.25>>) -> tensor<3x!quant.uniform<i8:f32, 0.25>>
  return %0, %1, %2 : tensor<3x!quant.uniform<i8:f32, 1.0>>, tensor<3x!quant.uniform<i8:f32, 1.0>>, tensor<3x!quant.uniform<i8:f32, 0.25>>
}

// reduce_mean over a 2x2 window, scale 1 in and out, input zero point 1,
// output zero point 0: real values [0, 1, 2, 7] (mean 2.5), [-2, -3, -4,
// -1] (-2.5) and [0, 1, 2, 8] (2.75). TFLite's QuantizedMeanOrSum: the
// stored sums 14, -6, 15 minus zp * n = 4: 10, -10, 11; QuantizeMultiplier
// (1) = (2^30, 1), with 1/4 folded in (s = log2 4 = 2): (2^30 << 2) / 4 =
// 2^30, shift 1 - 2 = -1, i.e. x / 4. Double rounding: srdhm(x, 2^30) =
// 5, -5, 6, then rounding divide by 2 (ties away): 3, -3, 3. Single:
// (x 2^30 + 2^31) >> 32 = floor((x + 2) / 4): 3, -2, 3 (the tie -2.5 goes
// up). XNNPack: k = 1 * (1 / 4) = 0.25, z = 0 - 4 * 1 * 0.25 = -1:
// 14 * 0.25 - 1 = 2.5 -> 2, -6 * 0.25 - 1 = -2.5 -> -2, 2.75 -> 3.
// MEAN-MICRO: result #0: {{.*}} = [3, -3, 3]
// MEAN-TFL: result #0: {{.*}} = [3, -2, 3]
// MEAN-XNN: result #0: {{.*}} = [2, -2, 3]
func.func @mean() -> tensor<1x1x1x3x!quant.uniform<i8:f32, 1.0>> {
  %x = "graph.constant"() {value = dense<[[[[1, -1, 1], [2, -2, 2]], [[3, -3, 3], [8, 0, 9]]]]> : tensor<1x2x2x3xi8>} : () -> tensor<1x2x2x3x!quant.uniform<i8:f32, 1.0:1>>
  %0 = "graph.reduce_mean"(%x) {axes = [1, 2], keep_dims = true} : (tensor<1x2x2x3x!quant.uniform<i8:f32, 1.0:1>>) -> tensor<1x1x1x3x!quant.uniform<i8:f32, 1.0>>
  return %0 : tensor<1x1x1x3x!quant.uniform<i8:f32, 1.0>>
}
