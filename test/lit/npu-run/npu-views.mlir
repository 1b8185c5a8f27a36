// npu.reshape, npu.pad, npu.slice and npu.softmax on hand-computed values.
// RUN: %npu_build/bin/npu-run %s --print | FileCheck %s
// [[1, 2], [3, 4]] padded by one row above and one column either side
// with 9; its window [1:2, 0:2] is [3, 4]; softmax of four equal values
// is 0.25 each: 0.25 * 256 - 128 = -64; of [0, 2]
// with scale 0.5: exp(0) : exp(1) = 0.269 : 0.731 -> 69 - 128, 187 - 128.
// CHECK: result #0: tensor<4xi8> = [1, 2, 3, 4]
// CHECK: result #1: tensor<3x4xi8> = [9, 9, 9, 9, 9, 1, 2, 9, 9, 3, 4, 9]
// CHECK: result #2: tensor<1x2xi8> = [3, 4]
// CHECK: result #3: tensor<1x4x!quant.uniform<i8:f32, 3.906250e-03:-128>> = [-64, -64, -64, -64]
// CHECK: result #4: tensor<1x2x!quant.uniform<i8:f32, 3.906250e-03:-128>> = [-59, 59]
func.func @main() -> (tensor<4xi8>, tensor<3x4xi8>, tensor<1x2xi8>, tensor<1x4x!quant.uniform<i8:f32, 0.00390625:-128>>, tensor<1x2x!quant.uniform<i8:f32, 0.00390625:-128>>) {
  %x = "graph.constant"() {value = dense<[[1, 2], [3, 4]]> : tensor<2x2xi8>} : () -> tensor<2x2xi8>
  %0 = "npu.reshape"(%x) {shape = [4]} : (tensor<2x2xi8>) -> tensor<4xi8>
  %1 = "npu.pad"(%x) {paddings = [1, 0, 1, 1], pad_value = 9} : (tensor<2x2xi8>) -> tensor<3x4xi8>
  %2 = "npu.slice"(%x) {begin = [1, 0], size = [1, 2]} : (tensor<2x2xi8>) -> tensor<1x2xi8>
  %q = "graph.constant"() {value = dense<7> : tensor<1x4xi8>} : () -> tensor<1x4x!quant.uniform<i8:f32, 0.1:3>>
  %3 = "npu.softmax"(%q) : (tensor<1x4x!quant.uniform<i8:f32, 0.1:3>>) -> tensor<1x4x!quant.uniform<i8:f32, 0.00390625:-128>>
  %p = "graph.constant"() {value = dense<[[0, 2]]> : tensor<1x2xi8>} : () -> tensor<1x2x!quant.uniform<i8:f32, 0.5>>
  %4 = "npu.softmax"(%p) : (tensor<1x2x!quant.uniform<i8:f32, 0.5>>) -> tensor<1x2x!quant.uniform<i8:f32, 0.00390625:-128>>
  return %0, %1, %2, %3, %4 : tensor<4xi8>, tensor<3x4xi8>, tensor<1x2xi8>, tensor<1x4x!quant.uniform<i8:f32, 3.906250e-03:-128>>, tensor<1x2x!quant.uniform<i8:f32, 0.00390625:-128>>
}
