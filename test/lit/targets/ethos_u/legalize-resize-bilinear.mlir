// ethos-u-legalize of bilinear RESIZE (Vela 3.10 runs it on the NPU):
// npu.resize with mode "bilinear", TFLite's integer ResizeBilinear (10
// fractional bits) under Vela's constraints (2x/4x/8x, align_corners on
// W-1 and H-1; half_pixel_centers only for 2x). The graph kernel runs
// the same ResizeBilinearInteger: seeded inputs over the whole int8
// range give byte-identical results, both roundings. `exact` keeps them
// on the CPU (not needed for bit-exactness). `rules=vela`: Vela's rule for
// half-pixel centres; by default the legalizer also admits half-pixel 4x
// and 8x, which ethos-u-codegen runs exactly (legalize-resize-half-pixel).
// RUN: npu-opt %s --ethos-u-legalize='rules=vela report=%t.report' -o %t.mlir
// RUN: FileCheck %s < %t.mlir
// RUN: FileCheck %s --check-prefix=REPORT < %t.report
// RUN: %python %S/Inputs/same-results.py %npu_build/bin/npu-run %s %t.mlir x2 x4 half align | FileCheck %s --check-prefix=SAME
// SAME: mismatches: 0
// RUN: npu-opt %s --ethos-u-legalize='exact report=-' -o %t.exact.mlir | FileCheck %s --check-prefix=EXACT
// EXACT: - npu-ir: exact keeps it on the CPU
// EXACT: CPU operators = 5
// CHECK-LABEL: func.func @x2
// CHECK: "npu.resize"(%arg0) {mode = "bilinear", size = [10, 12]}
// CHECK-LABEL: func.func @half
// CHECK: "npu.resize"(%arg0) {half_pixel_centers = true, mode = "bilinear", size = [10, 12]}
// CHECK-LABEL: func.func @align
// CHECK: "npu.resize"(%arg0) {align_corners = true, mode = "bilinear", size = [9, 11]}
// REPORT:      Warning: RESIZE_BILINEAR '{{.*}}' is not supported on the NPU. Placing on CPU instead
// REPORT-NEXT:  - For half_pixel_centers the width and height of the IFM and OFM must match one of the following criteria: IFM W and H are both 1, OFM W and H is 2x IFM W and H
// REPORT-NEXT:    Op has ifm HxW 5x6 and ofm HxW 20x24
// REPORT: NPU operators = 4

!q = !quant.uniform<i8:f32, 0.05:-3>
func.func @x2(%x: tensor<1x5x6x8x!q>) -> tensor<1x10x12x8x!q> {
  %0 = "graph.resize"(%x) {size = [10, 12], mode = "bilinear"} : (tensor<1x5x6x8x!q>) -> tensor<1x10x12x8x!q>
  return %0 : tensor<1x10x12x8x!q>
}
func.func @x4(%x: tensor<1x5x6x8x!q>) -> tensor<1x20x24x8x!q> {
  %0 = "graph.resize"(%x) {size = [20, 24], mode = "bilinear"} : (tensor<1x5x6x8x!q>) -> tensor<1x20x24x8x!q>
  return %0 : tensor<1x20x24x8x!q>
}
func.func @half(%x: tensor<1x5x6x8x!q>) -> tensor<1x10x12x8x!q> {
  %0 = "graph.resize"(%x) {size = [10, 12], mode = "bilinear", half_pixel_centers = true} : (tensor<1x5x6x8x!q>) -> tensor<1x10x12x8x!q>
  return %0 : tensor<1x10x12x8x!q>
}
func.func @align(%x: tensor<1x5x6x8x!q>) -> tensor<1x9x11x8x!q> {
  %0 = "graph.resize"(%x) {size = [9, 11], mode = "bilinear", align_corners = true} : (tensor<1x5x6x8x!q>) -> tensor<1x9x11x8x!q>
  return %0 : tensor<1x9x11x8x!q>
}
func.func @half4(%x: tensor<1x5x6x8x!q>) -> tensor<1x20x24x8x!q> {
  %0 = "graph.resize"(%x) {size = [20, 24], mode = "bilinear", half_pixel_centers = true} : (tensor<1x5x6x8x!q>) -> tensor<1x20x24x8x!q>
  return %0 : tensor<1x20x24x8x!q>
}
