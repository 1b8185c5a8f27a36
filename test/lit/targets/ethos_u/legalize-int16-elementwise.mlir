// ethos-u-legalize of 16-bit ADD, SUB and MUL (Vela runs them on the
// NPU): npu.elementwise with TFLite's general int16 arithmetic (inputs
// shifted left by 15 instead of int8's 20, each rescaled by s_i / 2
// max(s1, s2); MUL by s1 s2 / s_out). By hand for @add: s1 / (2 s1) =
// 0.5 exactly -> (1073741824, shift 0).
// RUN: npu-opt %s --ethos-u-legalize -o %t.mlir
// RUN: FileCheck %s < %t.mlir
// CHECK-LABEL: func.func @add
// CHECK: "npu.elementwise"(%arg0, %arg1) {input_multiplier = [1073741824, {{[0-9]+}}], input_shift = [0, {{-?[0-9]+}}], input_zp = [0, 0], left_shift = 15 : i64, op = "add"
// CHECK-LABEL: func.func @sub
// CHECK: left_shift = 15 : i64, op = "sub"
// CHECK-LABEL: func.func @mul
// CHECK: op = "mul"
// CHECK-LABEL: func.func @bcast
// CHECK: left_shift = 15 : i64, op = "add"
// CHECK-LABEL: func.func @mixed
// CHECK: "npu.cpu"
//
// The graph kernels compute 16-bit add/sub/mul with TFLite's general
// int16 integer arithmetic too: on seeded inputs over the whole int16
// range the lowered functions are byte-identical, both roundings.
// RUN: %python %S/Inputs/same-results.py %npu_build/bin/npu-run %s %t.mlir add sub mul bcast | FileCheck %s --check-prefix=SAME
//
// Mixed 8- and 16-bit operands stay on the CPU; `exact` keeps every
// 16-bit add/sub/mul there too (not needed for bit-exactness).
// RUN: npu-opt %s --ethos-u-legalize='exact report=%t.report' -o %t.exact.mlir
// RUN: FileCheck %s --check-prefix=REPORT < %t.report
// REPORT: Warning: ADD '{{.*}}' is not supported on the NPU. Placing on CPU instead
// REPORT-NEXT:  - npu-ir: exact keeps it on the CPU (Vela's NPU arithmetic for it may differ from TFLite's CPU kernel)
// REPORT:      - npu-ir: ADD, SUB and MUL with mixed 8- and 16-bit tensors stay on the CPU (TFLite has no such kernel)
// REPORT-NEXT:    inputs 16-bit and 8-bit, output 16-bit
// REPORT: CPU operators = 5
// RUN: %python %S/Inputs/same-results.py %npu_build/bin/npu-run %s %t.exact.mlir add sub mul bcast | FileCheck %s --check-prefix=SAME
// SAME: mismatches: 0

!a = !quant.uniform<i16:f32, 0.0005:0>
!b = !quant.uniform<i16:f32, 0.0003:0>
!o = !quant.uniform<i16:f32, 0.0007:0>
func.func @add(%x: tensor<1x20x20x16x!a>, %y: tensor<1x20x20x16x!b>) -> tensor<1x20x20x16x!o> {
  %0 = "graph.add"(%x, %y) : (tensor<1x20x20x16x!a>, tensor<1x20x20x16x!b>) -> tensor<1x20x20x16x!o>
  return %0 : tensor<1x20x20x16x!o>
}
func.func @sub(%x: tensor<1x20x20x16x!a>, %y: tensor<1x20x20x16x!b>) -> tensor<1x20x20x16x!o> {
  %0 = "graph.sub"(%x, %y) : (tensor<1x20x20x16x!a>, tensor<1x20x20x16x!b>) -> tensor<1x20x20x16x!o>
  return %0 : tensor<1x20x20x16x!o>
}
func.func @mul(%x: tensor<1x20x20x16x!a>, %y: tensor<1x20x20x16x!b>) -> tensor<1x20x20x16x!quant.uniform<i16:f32, 0.002:0>> {
  %0 = "graph.mul"(%x, %y) : (tensor<1x20x20x16x!a>, tensor<1x20x20x16x!b>) -> tensor<1x20x20x16x!quant.uniform<i16:f32, 0.002:0>>
  return %0 : tensor<1x20x20x16x!quant.uniform<i16:f32, 0.002:0>>
}
func.func @bcast(%x: tensor<1x20x20x16x!a>, %y: tensor<1x1x1x16x!b>) -> tensor<1x20x20x16x!o> {
  %0 = "graph.add"(%x, %y) : (tensor<1x20x20x16x!a>, tensor<1x1x1x16x!b>) -> tensor<1x20x20x16x!o>
  return %0 : tensor<1x20x20x16x!o>
}
func.func @mixed(%x: tensor<1x4x4x16x!a>, %y: tensor<1x4x4x16x!quant.uniform<i8:f32, 0.1:0>>) -> tensor<1x4x4x16x!o> {
  %0 = "graph.add"(%x, %y) : (tensor<1x4x4x16x!a>, tensor<1x4x4x16x!quant.uniform<i8:f32, 0.1:0>>) -> tensor<1x4x4x16x!o>
  return %0 : tensor<1x4x4x16x!o>
}
