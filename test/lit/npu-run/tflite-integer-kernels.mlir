// TFLite's integer kernels for quantized MEAN, SUM, bilinear RESIZE and
// int16 ADD/SUB/MUL in the graph dialect (npu-run --arith=tflite and
// tflite-micro), on values computed by hand from TFLite's reference
// formulas (reference/reduce.h QuantizedMeanOrSum, resize_bilinear.h
// ResizeBilinearInteger, integer_ops/add.h and mul.h with the int16
// general path); each case has a tie, so the two roundings differ.
// RUN: %npu_build/bin/npu-run %s --entry=ew16 --arith=tflite-micro --print | FileCheck %s --check-prefix=EW-MICRO
// RUN: %npu_build/bin/npu-run %s --entry=ew16 --arith=tflite --print | FileCheck %s --check-prefix=EW-TFL
// RUN: %npu_build/bin/npu-run %s --entry=ew16 --arith=xnnpack --print | FileCheck %s --check-prefix=EW-TFL
// RUN: %npu_build/bin/npu-run %s --entry=mean16 --arith=tflite-micro --print | FileCheck %s --check-prefix=MEAN-MICRO
// RUN: %npu_build/bin/npu-run %s --entry=mean16 --arith=tflite --print | FileCheck %s --check-prefix=MEAN-TFL
// RUN: %npu_build/bin/npu-run %s --entry=mean16 --arith=xnnpack --print | FileCheck %s --check-prefix=MEAN-TFL
// RUN: %npu_build/bin/npu-run %s --entry=sum --arith=tflite-micro --print | FileCheck %s --check-prefix=SUM-INT
// RUN: %npu_build/bin/npu-run %s --entry=sum --arith=tflite --print | FileCheck %s --check-prefix=SUM-INT
// RUN: %npu_build/bin/npu-run %s --entry=sum --arith=xnnpack --print | FileCheck %s --check-prefix=SUM-FLOAT
// RUN: %npu_build/bin/npu-run %s --entry=resize --arith=tflite-micro --print | FileCheck %s --check-prefix=RS-MICRO
// RUN: %npu_build/bin/npu-run %s --entry=resize --arith=tflite --print | FileCheck %s --check-prefix=RS-TFL
// RUN: %npu_build/bin/npu-run %s --entry=resize --arith=xnnpack --print | FileCheck %s --check-prefix=RS-FLOAT

// int16 add, sub: a (scale 0.5) = [3, -3, 100, -3], b (0.25) = [1, -2, 7,
// -4], result scale 1. TFLite's general int16 add: inputs << 15, 2 max =
// 1, m_a = QM(0.5) = (2^30, 0), m_b = QM(0.25) = (2^30, -1), m_out =
// QM(1 / 2^15) = (2^30, -14). a' = 49152, -49152, 1638400, -49152; b' =
// 8192, -16384, 57344, -32768 (both roundings). add: a' + b' = 57344,
// -65536, 1695744, -81920 = 1.75, -2, 51.75, -2.5 units: 2, -2, 52 and
// the tie -2.5 -> -3 (double rounding, away from zero), -2 (single: up).
// sub: 40960, -32768, 1581056, -16384 = 1.25, -1, 48.25, -0.5: 1, -1,
// 48, then -1 (double) or 0 (single).
// mul: b (0.25) = [1, 2, 7, -2], result scale 0.5: m = QM(0.25) =
// (2^30, -1) on a b = 3, -6, 700, 6: 0.75 -> 1, -1.5 -> -2 (double) or
// -1 (single), 175, 1.5 -> 2.
// XNNPack's delegate leaves int16 to TFLite: single rounding.
// EW-MICRO: result #0: {{.*}} = [2, -2, 52, -3]
// EW-MICRO: result #1: {{.*}} = [1, -1, 48, -1]
// EW-MICRO: result #2: {{.*}} = [1, -2, 175, 2]
// EW-TFL: result #0: {{.*}} = [2, -2, 52, -2]
// EW-TFL: result #1: {{.*}} = [1, -1, 48, 0]
// EW-TFL: result #2: {{.*}} = [1, -1, 175, 2]
func.func @ew16() -> (tensor<4x!quant.uniform<i16:f32, 1.0>>, tensor<4x!quant.uniform<i16:f32, 1.0>>, tensor<4x!quant.uniform<i16:f32, 0.5>>) {
  %a = "graph.constant"() {value = dense<[3, -3, 100, -3]> : tensor<4xi16>} : () -> tensor<4x!quant.uniform<i16:f32, 0.5>>
  %b = "graph.constant"() {value = dense<[1, -2, 7, -4]> : tensor<4xi16>} : () -> tensor<4x!quant.uniform<i16:f32, 0.25>>
  %m = "graph.constant"() {value = dense<[1, 2, 7, -2]> : tensor<4xi16>} : () -> tensor<4x!quant.uniform<i16:f32, 0.25>>
  %0 = "graph.add"(%a, %b) : (tensor<4x!quant.uniform<i16:f32, 0.5>>, tensor<4x!quant.uniform<i16:f32, 0.25>>) -> tensor<4x!quant.uniform<i16:f32, 1.0>>
  %1 = "graph.sub"(%a, %b) : (tensor<4x!quant.uniform<i16:f32, 0.5>>, tensor<4x!quant.uniform<i16:f32, 0.25>>) -> tensor<4x!quant.uniform<i16:f32, 1.0>>
  %2 = "graph.mul"(%a, %m) : (tensor<4x!quant.uniform<i16:f32, 0.5>>, tensor<4x!quant.uniform<i16:f32, 0.25>>) -> tensor<4x!quant.uniform<i16:f32, 0.5>>
  return %0, %1, %2 : tensor<4x!quant.uniform<i16:f32, 1.0>>, tensor<4x!quant.uniform<i16:f32, 1.0>>, tensor<4x!quant.uniform<i16:f32, 0.5>>
}

// int16 mean of rows of 3, scale 0.5 -> 1: QM(0.5) = (2^30, 0) with 1/3
// folded in: s = floor(log2 3) = 1, multiplier (2^30 << 1) / 3 =
// 715827882 (truncated), shift -1, so x -> x * 0.1666666665. Sums 4, 3,
// -3. 4: 0.67 -> 1 either way. 3 (really 0.5, here 0.4999999995):
// double rounding srdhm(3, m) = 1, then 1 / 2 rounded away = 1; single
// rounding (3 m + 2^31) >> 32 = 0. -3: -1 (double), 0 (single). The
// float mean would give 1, 1, -1.
// MEAN-MICRO: result #0: {{.*}} = [1, 1, -1]
// MEAN-TFL: result #0: {{.*}} = [1, 0, 0]
func.func @mean16() -> tensor<3x!quant.uniform<i16:f32, 1.0>> {
  %x = "graph.constant"() {value = dense<[[5, 6, -7], [3, 0, 0], [-3, 0, 0]]> : tensor<3x3xi16>} : () -> tensor<3x3x!quant.uniform<i16:f32, 0.5>>
  %0 = "graph.reduce_mean"(%x) {axes = [1]} : (tensor<3x3x!quant.uniform<i16:f32, 0.5>>) -> tensor<3x!quant.uniform<i16:f32, 1.0>>
  return %0 : tensor<3x!quant.uniform<i16:f32, 1.0>>
}

// int8 sum, scale 1 zero point 1 -> scale 2: sums of x - 1 are 5 and -5,
// times QM(0.5) = (2^30, 0): 2.5 -> 3 and -2.5 -> -2 (srdhm rounds a tie
// up, as does single rounding). The float path (XNNPack's is not
// modelled) rounds -2.5 away from zero: -3.
// SUM-INT: result #0: {{.*}} = [3, -2]
// SUM-FLOAT: result #0: {{.*}} = [3, -3]
func.func @sum() -> tensor<2x!quant.uniform<i8:f32, 2.0>> {
  %x = "graph.constant"() {value = dense<[[3, 4, 1, 1], [-4, 1, 1, 1]]> : tensor<2x4xi8>} : () -> tensor<2x4x!quant.uniform<i8:f32, 1.0:1>>
  %0 = "graph.reduce_sum"(%x) {axes = [1]} : (tensor<2x4x!quant.uniform<i8:f32, 1.0:1>>) -> tensor<2x!quant.uniform<i8:f32, 2.0>>
  return %0 : tensor<2x!quant.uniform<i8:f32, 2.0>>
}

// Bilinear resize, int8, one quantization in and out.
// 2x2 [[1, 4], [-8, 5]] -> 4x4: scale (1024 * 2 + 2) / 4 = 512; rows and
// columns 0, 1 (midway: weights 512, 512), 1, 1 (1536 clamps to the last
// row). Values 1, 2.5, 4, 4 / -3.5, 0.5, 4.5, 4.5 / -8, -1.5, 5, 5 (twice);
// double rounding: ties away from zero; single: (v + 2^19) >> 20, ties up.
// RS-MICRO: result #0: {{.*}} = [1, 3, 4, 4, -4, 1, 5, 5, -8, -2, 5, 5, -8, -2, 5, 5]
// RS-TFL: result #0: {{.*}} = [1, 3, 4, 4, -3, 1, 5, 5, -8, -1, 5, 5, -8, -1, 5, 5]
// half_pixel_centers, 1x2 [2, -4] -> 1x4: positions 512 o - 256 = -256 (a
// negative offset: weights 1280 and -256 on column 0 twice), 256, 768,
// 1280 (clamped): 2, 0.75 * 2 + 0.25 * -4 = 0.5, 0.25 * 2 + 0.75 * -4 =
// -2.5, -4.
// RS-MICRO: result #1: {{.*}} = [2, 1, -3, -4]
// RS-TFL: result #1: {{.*}} = [2, 1, -2, -4]
// align_corners, 1x3 [0, 100, -50] -> 1x4: scale (1024 * 2 + 1) / 3 = 683
// (not 2/3 * 1024): positions 0, 683, 1366, 2049: 0, 683 * 100 / 1024 =
// 66.7, (682 * 100 + 342 * -50) / 1024 = 49.9, -50.
// RS-MICRO: result #2: {{.*}} = [0, 67, 50, -50]
// RS-TFL: result #2: {{.*}} = [0, 67, 50, -50]
// Under --arith=xnnpack (int8 resizes are XNNPack's, not modelled) the
// float kernel: the exact values rounded half away from zero.
// RS-FLOAT: result #0: {{.*}} = [1, 3, 4, 4, -4, 1, 5, 5, -8, -2, 5, 5, -8, -2, 5, 5]
// RS-FLOAT: result #1: {{.*}} = [2, 1, -3, -4]
func.func @resize() -> (tensor<1x4x4x1x!quant.uniform<i8:f32, 0.5>>, tensor<1x1x4x1x!quant.uniform<i8:f32, 0.5>>, tensor<1x1x4x1x!quant.uniform<i8:f32, 0.5>>) {
  %x = "graph.constant"() {value = dense<[[[[1], [4]], [[-8], [5]]]]> : tensor<1x2x2x1xi8>} : () -> tensor<1x2x2x1x!quant.uniform<i8:f32, 0.5>>
  %h = "graph.constant"() {value = dense<[[[[2], [-4]]]]> : tensor<1x1x2x1xi8>} : () -> tensor<1x1x2x1x!quant.uniform<i8:f32, 0.5>>
  %c = "graph.constant"() {value = dense<[[[[0], [100], [-50]]]]> : tensor<1x1x3x1xi8>} : () -> tensor<1x1x3x1x!quant.uniform<i8:f32, 0.5>>
  %0 = "graph.resize"(%x) {size = [4, 4], mode = "bilinear"} : (tensor<1x2x2x1x!quant.uniform<i8:f32, 0.5>>) -> tensor<1x4x4x1x!quant.uniform<i8:f32, 0.5>>
  %1 = "graph.resize"(%h) {size = [1, 4], mode = "bilinear", half_pixel_centers = true} : (tensor<1x1x2x1x!quant.uniform<i8:f32, 0.5>>) -> tensor<1x1x4x1x!quant.uniform<i8:f32, 0.5>>
  %2 = "graph.resize"(%c) {size = [1, 4], mode = "bilinear", align_corners = true} : (tensor<1x1x3x1x!quant.uniform<i8:f32, 0.5>>) -> tensor<1x1x4x1x!quant.uniform<i8:f32, 0.5>>
  return %0, %1, %2 : tensor<1x4x4x1x!quant.uniform<i8:f32, 0.5>>, tensor<1x1x4x1x!quant.uniform<i8:f32, 0.5>>, tensor<1x1x4x1x!quant.uniform<i8:f32, 0.5>>
}
