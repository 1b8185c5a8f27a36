// ethos-u-legalize of STRIDED_SLICE: unit strides (Vela's "All Strides
// values must be 1") become an npu.slice view of the window (begin as
// the graph resolves it: masked, negative from the end, clamped) and,
// when shrink_axis_mask drops dims, an npu.reshape; npu-run gives the
// graph's bytes (both roundings, seeded inputs).
// RUN: npu-opt %s --ethos-u-legalize='report=%t.report' -o %t.mlir
// RUN: FileCheck %s < %t.mlir
// RUN: FileCheck %s --check-prefix=REPORT < %t.report
// RUN: %python %S/Inputs/same-results.py %npu_build/bin/npu-run %s %t.mlir plain neg_masks shrink strided empty | FileCheck %s --check-prefix=SAME
// SAME: mismatches: 0
// CHECK-LABEL: func.func @plain
// CHECK: "npu.slice"(%arg0) {begin = [0, 2, 1, 0], size = [1, 4, 5, 6]}
// CHECK-LABEL: func.func @neg_masks
// CHECK: "npu.slice"(%arg0) {begin = [0, 0, 5, 1], size = [1, 8, 3, 2]}
// CHECK-LABEL: func.func @shrink
// CHECK: %[[S:.*]] = "npu.slice"(%arg0) {begin = [0, 0, 3, 0], size = [1, 8, 1, 6]}
// CHECK: "npu.reshape"(%[[S]]) {shape = [1, 8, 6]}
// CHECK-LABEL: func.func @strided
// CHECK: "npu.cpu"
// CHECK: "graph.strided_slice"
// REPORT:      Warning: STRIDED_SLICE '{{.*}}' is not supported on the NPU. Placing on CPU instead
// REPORT-NEXT:  - All Strides values must be 1
// REPORT-NEXT:    Op has strides values [1, 2, 1, 1]
// REPORT: CPU operators = 1

!q = !quant.uniform<i8:f32, 0.05:-3>
func.func @plain(%x: tensor<1x8x8x6x!q>) -> tensor<1x4x5x6x!q> {
  %0 = "graph.strided_slice"(%x) {begin = [0, 2, 1, 0], end = [1, 6, 6, 6]} : (tensor<1x8x8x6x!q>) -> tensor<1x4x5x6x!q>
  return %0 : tensor<1x4x5x6x!q>
}
func.func @neg_masks(%x: tensor<1x8x8x6x!q>) -> tensor<1x8x3x2x!q> {
  %0 = "graph.strided_slice"(%x) {begin = [0, 5, -3, 1], end = [1, 0, 8, -3], begin_mask = 2, end_mask = 2} : (tensor<1x8x8x6x!q>) -> tensor<1x8x3x2x!q>
  return %0 : tensor<1x8x3x2x!q>
}
func.func @shrink(%x: tensor<1x8x8x6x!q>) -> tensor<1x8x6x!q> {
  %0 = "graph.strided_slice"(%x) {begin = [0, 0, 3, 0], end = [1, 8, 4, 6], shrink_axis_mask = 4} : (tensor<1x8x8x6x!q>) -> tensor<1x8x6x!q>
  return %0 : tensor<1x8x6x!q>
}
func.func @strided(%x: tensor<1x8x8x6x!q>) -> tensor<1x4x8x6x!q> {
  %0 = "graph.strided_slice"(%x) {begin = [0, 0, 0, 0], end = [1, 8, 8, 6], strides = [1, 2, 1, 1]} : (tensor<1x8x8x6x!q>) -> tensor<1x4x8x6x!q>
  return %0 : tensor<1x4x8x6x!q>
}
func.func @empty(%x: tensor<1x8x8x6x!q>) -> tensor<1x8x8x6x!q> {
  %0 = "graph.strided_slice"(%x) {begin = [0, 0, 0, 0], end = [1, 8, 8, 6], strides = [1, 1, 1, 1]} : (tensor<1x8x8x6x!q>) -> tensor<1x8x8x6x!q>
  return %0 : tensor<1x8x8x6x!q>
}
