// npu.softmax's exp_table (Vela's fixed-point softmax) outside what it is
// defined for: each a verifier error at the op; a bad softmax= option
// value is a usage error (exit 1, no output file).
// RUN: npu-opt %s --split-input-file --verify-diagnostics
// RUN: not npu-opt %s --split-input-file --ethos-u-legalize='softmax=fixed' -o %t.out 2>&1 | FileCheck %s --check-prefix=OPT
// OPT: error: invalid value 'fixed' for option 'softmax' (expected one of 'graph', 'vela')
// RUN: not test -e %t.out

func.func @f(%x: tensor<2x10x!quant.uniform<i8:f32, 0.1:0>>) -> tensor<2x10x!quant.uniform<i8:f32, 0.00390625:-128>> {
  // expected-error@+1 {{attribute 'exp_table' must have i32 elements}}
  %0 = "npu.softmax"(%x) {exp_table = dense<0> : tensor<256xi16>} : (tensor<2x10x!quant.uniform<i8:f32, 0.1:0>>) -> tensor<2x10x!quant.uniform<i8:f32, 0.00390625:-128>>
  return %0 : tensor<2x10x!quant.uniform<i8:f32, 0.00390625:-128>>
}

// -----

func.func @f(%x: tensor<2x10x!quant.uniform<i8:f32, 0.1:0>>) -> tensor<2x10x!quant.uniform<i8:f32, 0.00390625:-128>> {
  // expected-error@+1 {{attribute 'exp_table' must have 256 elements}}
  %0 = "npu.softmax"(%x) {exp_table = dense<0> : tensor<255xi32>} : (tensor<2x10x!quant.uniform<i8:f32, 0.1:0>>) -> tensor<2x10x!quant.uniform<i8:f32, 0.00390625:-128>>
  return %0 : tensor<2x10x!quant.uniform<i8:f32, 0.00390625:-128>>
}

// -----

func.func @f(%x: tensor<2x10x!quant.uniform<i16:f32, 0.1:0>>) -> tensor<2x10x!quant.uniform<i16:f32, 0.00390625:0>> {
  // expected-error@+1 {{exp_table needs 8-bit input and result}}
  %0 = "npu.softmax"(%x) {exp_table = dense<0> : tensor<256xi32>} : (tensor<2x10x!quant.uniform<i16:f32, 0.1:0>>) -> tensor<2x10x!quant.uniform<i16:f32, 0.00390625:0>>
  return %0 : tensor<2x10x!quant.uniform<i16:f32, 0.00390625:0>>
}

// -----

func.func @f(%x: tensor<2x10x!quant.uniform<i8:f32, 0.1:0>>) -> tensor<2x10x!quant.uniform<i8:f32, 0.00390625:-128>> {
  // expected-error@+1 {{exp_table needs the last axis, not 0}}
  %0 = "npu.softmax"(%x) {axis = 0 : i64, exp_table = dense<0> : tensor<256xi32>} : (tensor<2x10x!quant.uniform<i8:f32, 0.1:0>>) -> tensor<2x10x!quant.uniform<i8:f32, 0.00390625:-128>>
  return %0 : tensor<2x10x!quant.uniform<i8:f32, 0.00390625:-128>>
}
