// ethos-u-legalize of TRANSPOSE: the permutations Vela's constraint
// allows become npu.transpose (bit-exact: it moves bytes); the others
// stay on the CPU with Vela's message. The estimate runs each as Vela
// does, a 1x1 average pool over the input as 4-D writing NHWC.
// RUN: npu-opt %s --ethos-u-legalize='report=%t.report' -o %t.mlir
// RUN: FileCheck %s < %t.mlir
// RUN: FileCheck %s --check-prefix=REPORT < %t.report
// RUN: %python %S/Inputs/same-results.py %npu_build/bin/npu-run %s %t.mlir r2 hw3 wc3 hw4 hc4 nchw | FileCheck %s --check-prefix=SAME
// SAME: mismatches: 0
// RUN: npu-opt %t.mlir --ethos-u-target --ethos-u-estimate='report=%t.csv' -o /dev/null
// RUN: FileCheck %s --check-prefix=CSV < %t.csv
// CHECK-LABEL: func.func @r2
// CHECK: "npu.transpose"(%arg0) {perm = [1, 0]}
// CHECK-LABEL: func.func @hw3
// CHECK: "npu.transpose"(%arg0) {perm = [1, 0, 2]}
// CHECK-LABEL: func.func @wc3
// CHECK: "npu.transpose"(%arg0) {perm = [0, 2, 1]}
// CHECK-LABEL: func.func @hw4
// CHECK: "npu.transpose"(%arg0) {perm = [0, 2, 1, 3]}
// CHECK-LABEL: func.func @hc4
// CHECK: "npu.transpose"(%arg0) {perm = [0, 3, 2, 1]}
// CHECK-LABEL: func.func @nchw
// CHECK: "graph.transpose"
// REPORT:      Warning: TRANSPOSE '{{.*}}' is not supported on the NPU. Placing on CPU instead
// REPORT-NEXT:  - The following shape/permutations are supported for transpose: When ifm rank is 2: WxC -> CxW, When ifm rank is 3: HxWxC -> WxHxC, 1xWxC -> 1xCxW, Hx1xC -> Cx1xH, When ifm rank is 4: 1xHxWxC -> 1xWxHxC, 1x1xWxC -> 1x1xCxW, 1xHx1xC -> 1xCx1xW
// REPORT-NEXT:    Op has permutation [0, 2, 3, 1]
// REPORT: NPU operators = 5
// One 1x1 pool per transpose, one MAC per element (5x7 = 35, 3x5x7 =
// 105, 3x7 = 21).
// CSV: TRANSPOSE,AvgPool,{{([^,]+,)+}}35,
// CSV-NEXT: TRANSPOSE,AvgPool,{{([^,]+,)+}}105,
// CSV-NEXT: TRANSPOSE,AvgPool,{{([^,]+,)+}}35,
// CSV-NEXT: TRANSPOSE,AvgPool,{{([^,]+,)+}}105,
// CSV-NEXT: TRANSPOSE,AvgPool,{{([^,]+,)+}}21,

!q = !quant.uniform<i8:f32, 0.05:-3>
func.func @r2(%x: tensor<5x7x!q>) -> tensor<7x5x!q> {
  %0 = "graph.transpose"(%x) {perm = [1, 0]} : (tensor<5x7x!q>) -> tensor<7x5x!q>
  return %0 : tensor<7x5x!q>
}
func.func @hw3(%x: tensor<3x5x7x!q>) -> tensor<5x3x7x!q> {
  %0 = "graph.transpose"(%x) {perm = [1, 0, 2]} : (tensor<3x5x7x!q>) -> tensor<5x3x7x!q>
  return %0 : tensor<5x3x7x!q>
}
func.func @wc3(%x: tensor<1x5x7x!q>) -> tensor<1x7x5x!q> {
  %0 = "graph.transpose"(%x) {perm = [0, 2, 1]} : (tensor<1x5x7x!q>) -> tensor<1x7x5x!q>
  return %0 : tensor<1x7x5x!q>
}
func.func @hw4(%x: tensor<1x3x5x7x!q>) -> tensor<1x5x3x7x!q> {
  %0 = "graph.transpose"(%x) {perm = [0, 2, 1, 3]} : (tensor<1x3x5x7x!q>) -> tensor<1x5x3x7x!q>
  return %0 : tensor<1x5x3x7x!q>
}
func.func @hc4(%x: tensor<1x3x1x7x!q>) -> tensor<1x7x1x3x!q> {
  %0 = "graph.transpose"(%x) {perm = [0, 3, 2, 1]} : (tensor<1x3x1x7x!q>) -> tensor<1x7x1x3x!q>
  return %0 : tensor<1x7x1x3x!q>
}
func.func @nchw(%x: tensor<1x3x5x7x!q>) -> tensor<1x5x7x3x!q> {
  %0 = "graph.transpose"(%x) {perm = [0, 2, 3, 1]} : (tensor<1x3x5x7x!q>) -> tensor<1x5x7x3x!q>
  return %0 : tensor<1x5x7x3x!q>
}
