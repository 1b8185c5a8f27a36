// The verifier rules of the ops ethos-u-legalize added to the npu
// dialect (npu.reshape, npu.pad, npu.softmax, npu.slice): one chunk per
// rule, and one valid use of each.
// RUN: npu-opt --split-input-file --verify-diagnostics %s

func.func @reshape_elem(%x: tensor<1x4xi8>) {
  // expected-error@+1 {{input and result must have one element type}}
  %0 = "npu.reshape"(%x) {shape = [4]} : (tensor<1x4xi8>) -> tensor<4xi16>
  return
}

// -----

func.func @reshape_count(%x: tensor<1x4xi8>) {
  // expected-error@+1 {{shape has 6 elements, the input 4}}
  %0 = "npu.reshape"(%x) {shape = [6]} : (tensor<1x4xi8>) -> tensor<6xi8>
  return
}

// -----

func.func @pad_value(%x: tensor<1x2x2x1xi8>) {
  // expected-error@+1 {{pad_value 200 is outside the storage range [-128, 127]}}
  %0 = "npu.pad"(%x) {paddings = [0, 0, 1, 1, 1, 1, 0, 0], pad_value = 200} : (tensor<1x2x2x1xi8>) -> tensor<1x4x4x1xi8>
  return
}

// -----

func.func @pad_count(%x: tensor<1x2x2x1xi8>) {
  // expected-error@+1 {{paddings needs 8 entries (2 * rank), has 4}}
  %0 = "npu.pad"(%x) {paddings = [1, 1, 1, 1]} : (tensor<1x2x2x1xi8>) -> tensor<1x4x4x1xi8>
  return
}

// -----

func.func @pad_storage(%x: tensor<2x2xi32>) {
  // expected-error@+1 {{input must have i8 or i16 storage}}
  %0 = "npu.pad"(%x) {paddings = [1, 1, 1, 1]} : (tensor<2x2xi32>) -> tensor<4x4xi32>
  return
}

// -----

func.func @softmax_plain(%x: tensor<1x4xi8>) {
  // expected-error@+1 {{input and result must be quantized tensors}}
  %0 = "npu.softmax"(%x) : (tensor<1x4xi8>) -> tensor<1x4xi8>
  return
}

// -----

func.func @softmax_axis(%x: tensor<1x4x!quant.uniform<i8:f32, 0.1>>) {
  // expected-error@+1 {{axis 2 is out of range for rank 2}}
  %0 = "npu.softmax"(%x) {axis = 2} : (tensor<1x4x!quant.uniform<i8:f32, 0.1>>) -> tensor<1x4x!quant.uniform<i8:f32, 0.00390625:-128>>
  return
}

// -----

func.func @slice_window(%x: tensor<1x4xi8>) {
  // expected-error@+1 {{the window of dimension 1, [2, 5), exceeds its size 4}}
  %0 = "npu.slice"(%x) {begin = [0, 2], size = [1, 3]} : (tensor<1x4xi8>) -> tensor<1x3xi8>
  return
}

// -----

func.func @slice_rank(%x: tensor<1x4xi8>) {
  // expected-error@+1 {{begin and size need one entry per input dimension}}
  %0 = "npu.slice"(%x) {begin = [0], size = [1]} : (tensor<1x4xi8>) -> tensor<1xi8>
  return
}

// -----

func.func @valid(%x: tensor<1x2x2x1x!quant.uniform<i8:f32, 0.1:3>>) {
  %0 = "npu.reshape"(%x) {shape = [1, 4]} : (tensor<1x2x2x1x!quant.uniform<i8:f32, 0.1:3>>) -> tensor<1x4x!quant.uniform<i8:f32, 0.1:3>>
  %1 = "npu.pad"(%x) {paddings = [0, 0, 1, 1, 1, 1, 0, 0], pad_value = 3} : (tensor<1x2x2x1x!quant.uniform<i8:f32, 0.1:3>>) -> tensor<1x4x4x1x!quant.uniform<i8:f32, 0.1:3>>
  %2 = "npu.softmax"(%0) {beta = 1.0 : f32} : (tensor<1x4x!quant.uniform<i8:f32, 0.1:3>>) -> tensor<1x4x!quant.uniform<i8:f32, 0.00390625:-128>>
  %3 = "npu.slice"(%0) {begin = [0, 1], size = [1, 2]} : (tensor<1x4x!quant.uniform<i8:f32, 0.1:3>>) -> tensor<1x2x!quant.uniform<i8:f32, 0.1:3>>
  return
}
