// npu.mean's verifier: each malformed op is an error at its location.
// RUN: npu-opt %s --split-input-file --verify-diagnostics

!q = !quant.uniform<i8:f32, 0.05:-3>
func.func @f(%x: tensor<1x4x4x8x!q>) -> tensor<1x1x1x8x!q> {
  // expected-error@+1 {{axes must be distinct dims in [-4, 4)}}
  %0 = "npu.mean"(%x) {axes = [1, 1], multiplier = 1073741824 : i64, shift = -3 : i64, input_zp = -3 : i64, output_zp = -3 : i64} : (tensor<1x4x4x8x!q>) -> tensor<1x1x1x8x!q>
  return %0 : tensor<1x1x1x8x!q>
}

// -----

!q = !quant.uniform<i8:f32, 0.05:-3>
func.func @f(%x: tensor<1x4x4x8x!q>) -> tensor<1x1x1x8x!q> {
  // expected-error@+1 {{axes must be distinct dims in [-4, 4)}}
  %0 = "npu.mean"(%x) {axes = [4], multiplier = 1073741824 : i64, shift = -3 : i64, input_zp = -3 : i64, output_zp = -3 : i64} : (tensor<1x4x4x8x!q>) -> tensor<1x1x1x8x!q>
  return %0 : tensor<1x1x1x8x!q>
}

// -----

!q = !quant.uniform<i8:f32, 0.05:-3>
func.func @f(%x: tensor<1x4x4x8x!q>) -> tensor<1x1x4x8x!q> {
  // expected-error@+1 {{the result's shape must be the input's with the reduced dims 1 or removed}}
  %0 = "npu.mean"(%x) {axes = [1, 2], multiplier = 1073741824 : i64, shift = -3 : i64, input_zp = -3 : i64, output_zp = -3 : i64} : (tensor<1x4x4x8x!q>) -> tensor<1x1x4x8x!q>
  return %0 : tensor<1x1x4x8x!q>
}

// -----

!q = !quant.uniform<i8:f32, 0.05:-3>
func.func @f(%x: tensor<1x4x4x8x!q>) -> tensor<1x1x1x8x!q> {
  // expected-error@+1 {{attribute 'input_zp' (0) does not match the type's zero point (-3)}}
  %0 = "npu.mean"(%x) {axes = [1, 2], multiplier = 1073741824 : i64, shift = -3 : i64, output_zp = -3 : i64} : (tensor<1x4x4x8x!q>) -> tensor<1x1x1x8x!q>
  return %0 : tensor<1x1x1x8x!q>
}

// -----

func.func @f(%x: tensor<1x4x4x8xi32>) -> tensor<1x1x1x8xi32> {
  // expected-error@+1 {{input must have i8 or i16 storage}}
  %0 = "npu.mean"(%x) {axes = [1, 2], multiplier = 1073741824 : i64, shift = -3 : i64} : (tensor<1x4x4x8xi32>) -> tensor<1x1x1x8xi32>
  return %0 : tensor<1x1x1x8xi32>
}

// -----

!q = !quant.uniform<i8:f32, 0.05:-3>
func.func @f(%x: tensor<1x4x4x8x!q>) -> tensor<1x1x1x8x!q> {
  // expected-error@+1 {{shift}}
  %0 = "npu.mean"(%x) {axes = [1, 2], multiplier = 1073741824 : i64, shift = -40 : i64, input_zp = -3 : i64, output_zp = -3 : i64} : (tensor<1x4x4x8x!q>) -> tensor<1x1x1x8x!q>
  return %0 : tensor<1x1x1x8x!q>
}

// -----

!q = !quant.uniform<i8:f32, 0.05:-3>
func.func @f(%x: tensor<1x4x4x8x!q>) -> tensor<1x1x1x8x!q> {
  // expected-error@+1 {{multiplier}}
  %0 = "npu.mean"(%x) {axes = [1, 2], shift = -3 : i64, input_zp = -3 : i64, output_zp = -3 : i64} : (tensor<1x4x4x8x!q>) -> tensor<1x1x1x8x!q>
  return %0 : tensor<1x1x1x8x!q>
}
