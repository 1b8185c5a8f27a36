// npu.transpose's verifier: each malformed op is an error at its location.
// RUN: npu-opt %s --split-input-file --verify-diagnostics

!q = !quant.uniform<i8:f32, 0.05:-3>
func.func @f(%x: tensor<2x3x!q>) -> tensor<3x2x!q> {
  // expected-error@+1 {{perm must be a permutation of the input's 2 dims}}
  %0 = "npu.transpose"(%x) {perm = [1, 1]} : (tensor<2x3x!q>) -> tensor<3x2x!q>
  return %0 : tensor<3x2x!q>
}

// -----

!q = !quant.uniform<i8:f32, 0.05:-3>
func.func @f(%x: tensor<2x3x!q>) -> tensor<3x2x!q> {
  // expected-error@+1 {{perm must be a permutation of the input's 2 dims}}
  %0 = "npu.transpose"(%x) {perm = [1, 0, 2]} : (tensor<2x3x!q>) -> tensor<3x2x!q>
  return %0 : tensor<3x2x!q>
}

// -----

!q = !quant.uniform<i8:f32, 0.05:-3>
func.func @f(%x: tensor<2x3x!q>) -> tensor<2x3x!q> {
  // expected-error@+1 {{result dim 0 must be input dim 1}}
  %0 = "npu.transpose"(%x) {perm = [1, 0]} : (tensor<2x3x!q>) -> tensor<2x3x!q>
  return %0 : tensor<2x3x!q>
}

// -----

func.func @f(%x: tensor<2x3xi8>) -> tensor<3x2xi16> {
  // expected-error@+1 {{input and result must have one element type}}
  %0 = "npu.transpose"(%x) {perm = [1, 0]} : (tensor<2x3xi8>) -> tensor<3x2xi16>
  return %0 : tensor<3x2xi16>
}
