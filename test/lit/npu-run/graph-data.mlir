// Reductions, data movement, normalisation and element-type conversions on
// hand-computed values.
// RUN: %npu_build/bin/npu-run %s --entry=reduce --print | FileCheck %s --check-prefix=RED
// RUN: %npu_build/bin/npu-run %s --entry=move --print | FileCheck %s --check-prefix=MOVE
// RUN: %npu_build/bin/npu-run %s --entry=slices --print | FileCheck %s --check-prefix=SLICE
// RUN: %npu_build/bin/npu-run %s --entry=resize --print | FileCheck %s --check-prefix=RESIZE
// RUN: %npu_build/bin/npu-run %s --entry=norm --print | FileCheck %s --check-prefix=NORM
// RUN: %npu_build/bin/npu-run %s --entry=types --print | FileCheck %s --check-prefix=TYPES
// RUN: %npu_build/bin/npu-run %s --entry=qadd --print | FileCheck %s --check-prefix=QADD

// Over [[1, 2, 3], [4, 5, 6]]: row means, column sums, the maximum.
// RED: result #0: tensor<2xf32> = [2, 5]
// RED: result #1: tensor<1x3xf32> = [5, 7, 9]
// RED: result #2: tensor<f32> = [6]
func.func @reduce() -> (tensor<2xf32>, tensor<1x3xf32>, tensor<f32>) {
  %x = "graph.constant"() {value = dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %0 = "graph.reduce_mean"(%x) {axes = [1]} : (tensor<2x3xf32>) -> tensor<2xf32>
  %1 = "graph.reduce_sum"(%x) {axes = [0], keep_dims = true} : (tensor<2x3xf32>) -> tensor<1x3xf32>
  %2 = "graph.reduce_max"(%x) {axes = [0, -1]} : (tensor<2x3xf32>) -> tensor<f32>
  return %0, %1, %2 : tensor<2xf32>, tensor<1x3xf32>, tensor<f32>
}

// MOVE: result #0: tensor<3x2xf32> = [1, 2, 3, 4, 5, 6]
// MOVE: result #1: tensor<3x2xf32> = [1, 4, 2, 5, 3, 6]
// MOVE: result #2: tensor<2x4xf32> = [1, 2, 3, 1, 4, 5, 6, 2]
// MOVE: result #3: tensor<1x3xf32> = [1, 2, 3]
// MOVE: result #4: tensor<1x3xf32> = [4, 5, 6]
// MOVE: result #5: tensor<1x2x1x3xf32> = [1, 2, 3, 4, 5, 6]
// MOVE: result #6: tensor<2x3xf32> = [1, 2, 3, 4, 5, 6]
func.func @move() -> (tensor<3x2xf32>, tensor<3x2xf32>, tensor<2x4xf32>, tensor<1x3xf32>, tensor<1x3xf32>, tensor<1x2x1x3xf32>, tensor<2x3xf32>) {
  %x = "graph.constant"() {value = dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %c = "graph.constant"() {value = dense<[[1.0], [2.0]]> : tensor<2x1xf32>} : () -> tensor<2x1xf32>
  %0 = "graph.reshape"(%x) {shape = [3, -1]} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %1 = "graph.transpose"(%x) {perm = [1, 0]} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %2 = "graph.concat"(%x, %c) {axis = 1 : i64} : (tensor<2x3xf32>, tensor<2x1xf32>) -> tensor<2x4xf32>
  %3:2 = "graph.split"(%x) {axis = 0 : i64} : (tensor<2x3xf32>) -> (tensor<1x3xf32>, tensor<1x3xf32>)
  %5 = "graph.unsqueeze"(%x) {axes = [0, 2]} : (tensor<2x3xf32>) -> tensor<1x2x1x3xf32>
  %6 = "graph.squeeze"(%5) : (tensor<1x2x1x3xf32>) -> tensor<2x3xf32>
  return %0, %1, %2, %3#0, %3#1, %5, %6 : tensor<3x2xf32>, tensor<3x2xf32>, tensor<2x4xf32>, tensor<1x3xf32>, tensor<1x3xf32>, tensor<1x2x1x3xf32>, tensor<2x3xf32>
}

// On r = [0, 1, 2, 3, 4, 5] and x = [[1, 2, 3], [4, 5, 6]]:
// slice [0, 1] size [2, 2]; r[1:5:2]; r[4:0:-2]; x[1, :] (shrink axis 0);
// pad [1, 2] around [1, 2] with 9; reflect and symmetric [2, 1] of [1, 2, 3].
// SLICE: result #0: tensor<2x2xf32> = [2, 3, 5, 6]
// SLICE: result #1: tensor<2xf32> = [1, 3]
// SLICE: result #2: tensor<2xf32> = [4, 2]
// SLICE: result #3: tensor<3xf32> = [4, 5, 6]
// SLICE: result #4: tensor<5xf32> = [9, 1, 2, 9, 9]
// SLICE: result #5: tensor<6xf32> = [3, 2, 1, 2, 3, 2]
// SLICE: result #6: tensor<6xf32> = [2, 1, 1, 2, 3, 3]
// SLICE: result #7: tensor<4xf32> = [0, 1, 2, 3]
func.func @slices() -> (tensor<2x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<3xf32>, tensor<5xf32>, tensor<6xf32>, tensor<6xf32>, tensor<4xf32>) {
  %x = "graph.constant"() {value = dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %r = "graph.constant"() {value = dense<[0.0, 1.0, 2.0, 3.0, 4.0, 5.0]> : tensor<6xf32>} : () -> tensor<6xf32>
  %p = "graph.constant"() {value = dense<[1.0, 2.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %t = "graph.constant"() {value = dense<[1.0, 2.0, 3.0]> : tensor<3xf32>} : () -> tensor<3xf32>
  %0 = "graph.slice"(%x) {begin = [0, 1], size = [2, 2]} : (tensor<2x3xf32>) -> tensor<2x2xf32>
  %1 = "graph.strided_slice"(%r) {begin = [1], end = [5], strides = [2]} : (tensor<6xf32>) -> tensor<2xf32>
  %2 = "graph.strided_slice"(%r) {begin = [4], end = [0], strides = [-2]} : (tensor<6xf32>) -> tensor<2xf32>
  %3 = "graph.strided_slice"(%x) {begin = [1, 0], end = [2, 3], shrink_axis_mask = 1 : i64} : (tensor<2x3xf32>) -> tensor<3xf32>
  %4 = "graph.pad"(%p) {paddings = [1, 2], constant_value = 9.0 : f32} : (tensor<2xf32>) -> tensor<5xf32>
  %5 = "graph.pad"(%t) {paddings = [2, 1], mode = "reflect"} : (tensor<3xf32>) -> tensor<6xf32>
  %6 = "graph.pad"(%t) {paddings = [2, 1], mode = "symmetric"} : (tensor<3xf32>) -> tensor<6xf32>
  %7 = "graph.strided_slice"(%r) {begin = [3], end = [-2], begin_mask = 1 : i64} : (tensor<6xf32>) -> tensor<4xf32>
  return %0, %1, %2, %3, %4, %5, %6, %7 : tensor<2x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<3xf32>, tensor<5xf32>, tensor<6xf32>, tensor<6xf32>, tensor<4xf32>
}

// A 1x2 image [0, 4] resized to width 4: nearest picks x * 2 / 4 -> [0, 0,
// 4, 4]; bilinear samples at 0, 0.5, 1, 1.5 (clamped): [0, 2, 4, 4];
// align_corners to width 3 samples 0, 0.5, 1: [0, 2, 4]; half-pixel
// centres sample -0.25, 0.25, 0.75, 1.25: [0, 1, 3, 4].
// RESIZE: result #0: tensor<1x1x4x1xf32> = [0, 0, 4, 4]
// RESIZE: result #1: tensor<1x1x4x1xf32> = [0, 2, 4, 4]
// RESIZE: result #2: tensor<1x1x3x1xf32> = [0, 2, 4]
// RESIZE: result #3: tensor<1x1x4x1xf32> = [0, 1, 3, 4]
func.func @resize() -> (tensor<1x1x4x1xf32>, tensor<1x1x4x1xf32>, tensor<1x1x3x1xf32>, tensor<1x1x4x1xf32>) {
  %x = "graph.constant"() {value = dense<[[[[0.0], [4.0]]]]> : tensor<1x1x2x1xf32>} : () -> tensor<1x1x2x1xf32>
  %0 = "graph.resize"(%x) {size = [1, 4]} : (tensor<1x1x2x1xf32>) -> tensor<1x1x4x1xf32>
  %1 = "graph.resize"(%x) {size = [1, 4], mode = "bilinear"} : (tensor<1x1x2x1xf32>) -> tensor<1x1x4x1xf32>
  %2 = "graph.resize"(%x) {size = [1, 3], mode = "bilinear", align_corners = true} : (tensor<1x1x2x1xf32>) -> tensor<1x1x3x1xf32>
  %3 = "graph.resize"(%x) {size = [1, 4], mode = "bilinear", half_pixel_centers = true} : (tensor<1x1x2x1xf32>) -> tensor<1x1x4x1xf32>
  return %0, %1, %2, %3 : tensor<1x1x4x1xf32>, tensor<1x1x4x1xf32>, tensor<1x1x3x1xf32>, tensor<1x1x4x1xf32>
}

// batch_norm on channels [1, 2] with epsilon 1: (1 - 0) * 2 / sqrt(1 + 1)
// + 0 = sqrt 2 and (2 - 1) * 1 / sqrt(3 + 1) + 1 = 1.5.
// layer_norm of [1, 3]: mean 2, variance 1 -> [-1, 1], times [2, 2] plus
// [0, 1].
// NORM: result #0: tensor<1x2xf32> = [1.41421, 1.5]
// NORM: result #1: tensor<1x2xf32> = [-2, 3]
func.func @norm() -> (tensor<1x2xf32>, tensor<1x2xf32>) {
  %x = "graph.constant"() {value = dense<[[1.0, 2.0]]> : tensor<1x2xf32>} : () -> tensor<1x2xf32>
  %s = "graph.constant"() {value = dense<[2.0, 1.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %o = "graph.constant"() {value = dense<[0.0, 1.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %m = "graph.constant"() {value = dense<[0.0, 1.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %v = "graph.constant"() {value = dense<[1.0, 3.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %0 = "graph.batch_norm"(%x, %s, %o, %m, %v) {epsilon = 1.0 : f32} : (tensor<1x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<1x2xf32>
  %y = "graph.constant"() {value = dense<[[1.0, 3.0]]> : tensor<1x2xf32>} : () -> tensor<1x2xf32>
  %g = "graph.constant"() {value = dense<2.0> : tensor<2xf32>} : () -> tensor<2xf32>
  %1 = "graph.layer_norm"(%y, %g, %o) {epsilon = 0.0 : f32} : (tensor<1x2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<1x2xf32>
  return %0, %1 : tensor<1x2xf32>, tensor<1x2xf32>
}

// cast rounds toward zero and saturates; quantize with scale 0.5, zero
// point -1: 1 / 0.5 - 1 = 1, -0.75 / 0.5 = -1.5 rounds away to -2, -1 =
// -3, 100 saturates to 127; dequantize maps back (q + 1) * 0.5;
// requantize from scale 0.5 to 0.25, zero point 10: 3 -> 16, -3 -> 4.
// TYPES: result #0: tensor<3xi32> = [1, -1, 2147483647]
// TYPES: result #1: tensor<3x!quant.uniform<i8:f32, 5.000000e-01:-1>> = [1, -3, 127]
// TYPES: result #2: tensor<3xf32> = [1, -1, 64]
// TYPES: result #3: tensor<2x!quant.uniform<i8:f32, 2.500000e-01:10>> = [16, 4]
func.func @types() -> (tensor<3xi32>, tensor<3x!quant.uniform<i8:f32, 0.5:-1>>, tensor<3xf32>, tensor<2x!quant.uniform<i8:f32, 0.25:10>>) {
  %x = "graph.constant"() {value = dense<[1.7, -1.7, 3.0e10]> : tensor<3xf32>} : () -> tensor<3xf32>
  %0 = "graph.cast"(%x) {to = i32} : (tensor<3xf32>) -> tensor<3xi32>
  %y = "graph.constant"() {value = dense<[1.0, -0.75, 100.0]> : tensor<3xf32>} : () -> tensor<3xf32>
  %1 = "graph.quantize"(%y) {qtype = !quant.uniform<i8:f32, 0.5:-1>} : (tensor<3xf32>) -> tensor<3x!quant.uniform<i8:f32, 0.5:-1>>
  %2 = "graph.dequantize"(%1) : (tensor<3x!quant.uniform<i8:f32, 0.5:-1>>) -> tensor<3xf32>
  %q = "graph.constant"() {value = dense<[3, -3]> : tensor<2xi8>} : () -> tensor<2x!quant.uniform<i8:f32, 0.5>>
  %3 = "graph.requantize"(%q) {qtype = !quant.uniform<i8:f32, 0.25:10>} : (tensor<2x!quant.uniform<i8:f32, 0.5>>) -> tensor<2x!quant.uniform<i8:f32, 0.25:10>>
  return %0, %1, %2, %3 : tensor<3xi32>, tensor<3x!quant.uniform<i8:f32, 0.5:-1>>, tensor<3xf32>, tensor<2x!quant.uniform<i8:f32, 0.25:10>>
}

// A quantized graph.add: [2, 4] and [6, -2] at scale 0.5 are 1 + 3 and
// 2 - 1; at scale 0.25 the sums 4 and 1 are stored as 16 and 4.
// QADD: result #0: tensor<2x!quant.uniform<i8:f32, 2.500000e-01>> = [16, 4]
func.func @qadd() -> tensor<2x!quant.uniform<i8:f32, 0.25>> {
  %a = "graph.constant"() {value = dense<[2, 4]> : tensor<2xi8>} : () -> tensor<2x!quant.uniform<i8:f32, 0.5>>
  %b = "graph.constant"() {value = dense<[6, -2]> : tensor<2xi8>} : () -> tensor<2x!quant.uniform<i8:f32, 0.5>>
  %0 = "graph.add"(%a, %b) : (tensor<2x!quant.uniform<i8:f32, 0.5>>, tensor<2x!quant.uniform<i8:f32, 0.5>>) -> tensor<2x!quant.uniform<i8:f32, 0.25>>
  return %0 : tensor<2x!quant.uniform<i8:f32, 0.25>>
}
