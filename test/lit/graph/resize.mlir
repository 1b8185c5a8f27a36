// graph.resize with ONNX's coordinate modes, nearest rounding, cubic
// interpolation and crop; W holds [1, 2, 3, 4] (NHWC, H = 1). Values by
// hand from ONNX's definitions (x_orig per coordinate mode, then the taps).
// RUN: %npu_build/bin/npu-run %s --entry=nearest --print | FileCheck %s --check-prefix=NEAR
// RUN: %npu_build/bin/npu-run %s --entry=linear --print | FileCheck %s --check-prefix=LIN
// RUN: %npu_build/bin/npu-run %s --entry=cubic --print | FileCheck %s --check-prefix=CUBIC
// RUN: %npu_build/bin/npu-run %s --entry=crop --print | FileCheck %s --check-prefix=CROP
// RUN: %npu_build/bin/npu-run %s --entry=antialias --print | FileCheck %s --check-prefix=AA
// RUN: npu-opt --split-input-file --verify-diagnostics %S/Inputs/resize-invalid.mlir

// half_pixel to 8: x = o / 2 - 0.25 = -0.25, 0.25, 0.75, ...; to 2:
// x = 2o + 0.5 = 0.5, 2.5 are ties: prefer floor takes 0, 2, prefer ceil
// 1, 3. asymmetric with ceil to 8: x = o / 2 -> 0, 1, 1, 2, 2, 3, 3, 4->3.
// NEAR: result #0: tensor<1x1x8x1xf32> = [1, 1, 2, 2, 3, 3, 4, 4]
// NEAR: result #1: tensor<1x1x2x1xf32> = [1, 3]
// NEAR: result #2: tensor<1x1x2x1xf32> = [2, 4]
// NEAR: result #3: tensor<1x1x8x1xf32> = [1, 2, 2, 3, 3, 4, 4, 4]
func.func @nearest() -> (tensor<1x1x8x1xf32>, tensor<1x1x2x1xf32>, tensor<1x1x2x1xf32>, tensor<1x1x8x1xf32>) {
  %x = "graph.constant"() {value = dense<[[[[1.0], [2.0], [3.0], [4.0]]]]> : tensor<1x1x4x1xf32>} : () -> tensor<1x1x4x1xf32>
  %0 = "graph.resize"(%x) {coordinate_mode = "half_pixel", size = [1, 8]} : (tensor<1x1x4x1xf32>) -> tensor<1x1x8x1xf32>
  %1 = "graph.resize"(%x) {coordinate_mode = "half_pixel", size = [1, 2]} : (tensor<1x1x4x1xf32>) -> tensor<1x1x2x1xf32>
  %2 = "graph.resize"(%x) {coordinate_mode = "half_pixel", nearest_mode = "round_prefer_ceil", size = [1, 2]} : (tensor<1x1x4x1xf32>) -> tensor<1x1x2x1xf32>
  %3 = "graph.resize"(%x) {coordinate_mode = "asymmetric", nearest_mode = "ceil", size = [1, 8]} : (tensor<1x1x4x1xf32>) -> tensor<1x1x8x1xf32>
  return %0, %1, %2, %3 : tensor<1x1x8x1xf32>, tensor<1x1x2x1xf32>, tensor<1x1x2x1xf32>, tensor<1x1x8x1xf32>
}

// align_corners with scales [1, 0.6]: 2 outputs, but ONNX maps with the
// output length 4 * 0.6 = 2.4: x = o * 3 / 1.4 -> 0, 2.142857; the size
// ratio (1 / 2) would give x = 3 (value 4) instead.
// LIN: result #0: tensor<1x1x2x1xf32> = [1, 3.14286]
func.func @linear() -> tensor<1x1x2x1xf32> {
  %x = "graph.constant"() {value = dense<[[[[1.0], [2.0], [3.0], [4.0]]]]> : tensor<1x1x4x1xf32>} : () -> tensor<1x1x4x1xf32>
  %0 = "graph.resize"(%x) {coordinate_mode = "align_corners", mode = "bilinear", scales = [1.0, 0.6], size = [1, 2]} : (tensor<1x1x4x1xf32>) -> tensor<1x1x2x1xf32>
  return %0 : tensor<1x1x2x1xf32>
}

// Cubic, a = -0.75, half_pixel to 8. o = 0: x = -0.25, taps -2..1 (clamped
// to 0, 0, 0, 1) at distances 1.75, 0.75, 0.25, 1.25 weigh -0.03515625,
// 0.26171875, 0.87890625, -0.10546875: 1.10546875 - 0.2109375 =
// 0.89453125. o = 3: x = 1.25, taps 0..3 weigh -0.10546875, 0.87890625,
// 0.26171875, -0.03515625: 2.296875. exclude_outside at o = 0 keeps taps
// 0 and 1: (0.87890625 - 0.2109375) / 0.7734375 = 171 / 198 = 0.863636.
// (npu-run prints 6 significant digits.)
// CUBIC: result #0: tensor<1x1x8x1xf32> = [0.894531, 1.19141, 1.66797, 2.29688, 2.70312, 3.33203, 3.80859, 4.10547]
// CUBIC: result #1: tensor<1x1x8x1xf32> = [0.863636, {{.*}}, 2.29688, 2.70312, {{.*}}]
func.func @cubic() -> (tensor<1x1x8x1xf32>, tensor<1x1x8x1xf32>) {
  %x = "graph.constant"() {value = dense<[[[[1.0], [2.0], [3.0], [4.0]]]]> : tensor<1x1x4x1xf32>} : () -> tensor<1x1x4x1xf32>
  %0 = "graph.resize"(%x) {coordinate_mode = "half_pixel", mode = "cubic", size = [1, 8]} : (tensor<1x1x4x1xf32>) -> tensor<1x1x8x1xf32>
  %1 = "graph.resize"(%x) {coordinate_mode = "half_pixel", exclude_outside = true, mode = "cubic", size = [1, 8]} : (tensor<1x1x4x1xf32>) -> tensor<1x1x8x1xf32>
  return %0, %1 : tensor<1x1x8x1xf32>, tensor<1x1x8x1xf32>
}

// tf_crop_and_resize, roi W [0.5, 1.5] to 3: x = 1.5 o + 1.5 -> 1.5
// (2.5), 3 (4), 4.5 (beyond the input: the extrapolation value 9).
// CROP: result #0: tensor<1x1x3x1xf32> = [2.5, 4, 9]
func.func @crop() -> tensor<1x1x3x1xf32> {
  %x = "graph.constant"() {value = dense<[[[[1.0], [2.0], [3.0], [4.0]]]]> : tensor<1x1x4x1xf32>} : () -> tensor<1x1x4x1xf32>
  %0 = "graph.resize"(%x) {coordinate_mode = "tf_crop_and_resize", extrapolation_value = 9.0 : f32, mode = "bilinear", roi = [0.0, 0.5, 1.0, 1.5], size = [1, 3]} : (tensor<1x1x4x1xf32>) -> tensor<1x1x3x1xf32>
  return %0 : tensor<1x1x3x1xf32>
}

// antialias: downsampling by s < 1 widens the filter by 1 / s. [1, 2, 3,
// 4] to 2 (s = 0.5), bilinear: x = 2o + 0.5, base = ceil(x) - 1, taps at
// base - 1 .. base + 2 (clamped) with 1 - |(i - 0.5) * 0.5| = 0.25, 0.75,
// 0.75, 0.25, normalised to 1/8, 3/8, 3/8, 1/8: o = 0 over [1, 1, 2, 3]
// is 1.625, o = 1 over [2, 3, 4, 4] is 3.375. The 4x4 [1..16] with scales
// 0.6: x = 1/3 for o = 0, taps -1..2 weigh 0.2, 0.8, 0.6, 0 (/ 1.6), so
// rows and columns mix 0.625 of the first and 0.375 of the second:
// 0.390625 + 0.46875 + 1.171875 + 0.84375 = 2.875 at (0, 0).
// AA: result #0: tensor<1x1x1x2xf32> = [1.625, 3.375]
// AA: result #1: tensor<1x1x2x2xf32> = [2.875, 4.5, 9.375, 11]
func.func @antialias() -> (tensor<1x1x1x2xf32>, tensor<1x1x2x2xf32>) {
  %r = "graph.constant"() {value = dense<[[[[1.0, 2.0, 3.0, 4.0]]]]> : tensor<1x1x1x4xf32>} : () -> tensor<1x1x1x4xf32>
  %0 = "graph.resize"(%r) {antialias = true, coordinate_mode = "half_pixel", layout = "NCHW", mode = "bilinear", size = [1, 2]} : (tensor<1x1x1x4xf32>) -> tensor<1x1x1x2xf32>
  %x = "graph.constant"() {value = dense<[[[[1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0], [9.0, 10.0, 11.0, 12.0], [13.0, 14.0, 15.0, 16.0]]]]> : tensor<1x1x4x4xf32>} : () -> tensor<1x1x4x4xf32>
  %1 = "graph.resize"(%x) {antialias = true, coordinate_mode = "half_pixel", layout = "NCHW", mode = "bilinear", scales = [0.6, 0.6], size = [2, 2]} : (tensor<1x1x4x4xf32>) -> tensor<1x1x2x2xf32>
  return %0, %1 : tensor<1x1x1x2xf32>, tensor<1x1x2x2xf32>
}
