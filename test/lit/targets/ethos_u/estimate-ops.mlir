// ethos-u-estimate on npu ops written by hand: a table lookup runs as
// Vela's add of a scalar zero with the table as activation (the table DMA
// under the op before), a concatenation as one 1x1 pool per input writing
// its slice, and an op without a model (a slice that is a copy) is named
// in a warning, not hidden.
// RUN: npu-opt --ethos-u-target --ethos-u-estimate='report=%t.csv' %s -o /dev/null 2>&1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=CSV < %t.csv

// CHECK: estimate-ops.mlir:25:10: warning: 'npu.slice' is not estimated (no Ethos-U performance model for it yet)
// CHECK: LUT                  Add
// CHECK-NEXT: CONCATENATION        AvgPool
// CHECK-NEXT: CONCATENATION        AvgPool
// CHECK: NPU operators 3, MACs 512

// A table lookup on 256 int8 values: 0 MACs; a 1x1 pool per concat input
// (256 MACs each, one per output element of its slice).
// CSV: LUT,Add,{{[0-9]+}},{{[^,]+}},{{[^,]+}},{{[^,]+}},{{[^,]+}},{{[^,]+}},0.0,0.0,0.0,0,
// CSV-NEXT: CONCATENATION,AvgPool,{{([^,]+,)+}}256,{{.*}},cat
// CSV-NEXT: CONCATENATION,AvgPool,{{([^,]+,)+}}256,{{.*}},cat
!q = !quant.uniform<i8:f32, 0.5:-1>
module {
  func.func @main(%arg0: tensor<1x4x4x16x!q>) -> (tensor<1x4x4x32x!q>, tensor<1x2x4x8x!q>) {
    %0 = "npu.lut"(%arg0) {table = dense<3> : tensor<256xi8>} : (tensor<1x4x4x16x!q>) -> tensor<1x4x4x16x!q> loc("sigmoid")
    %1 = "npu.concat"(%0, %arg0) {axis = 3 : i64} : (tensor<1x4x4x16x!q>, tensor<1x4x4x16x!q>) -> tensor<1x4x4x32x!q> loc("cat")
    %2 = "npu.slice"(%arg0) {begin = [0, 1, 0, 4], size = [1, 2, 4, 8]} : (tensor<1x4x4x16x!q>) -> tensor<1x2x4x8x!q>
    return %1, %2 : tensor<1x4x4x32x!q>, tensor<1x2x4x8x!q>
  }
}
