// ethos-u-legalize admits the bilinear resizes ethos-u-codegen runs
// exactly beyond Vela 3.10's rule (half_pixel_centers only at 2x; W and H
// scaled alike): half-pixel 4x and 8x, and a factor of 1, 2, 4 or 8 per
// axis. The report lists them as NPU ops Vela would place on the CPU,
// with Vela's reason; `rules=vela` keeps Vela's rule (legalize-resize-
// bilinear.mlir). What still stays on the CPU says why. The streams run
// in the simulator give what npu-run gives for the graph program, bit
// for bit, on seeded inputs (int8, int16, uint8), single rounding against
// --arith=tflite and rounding=double against --arith=tflite-micro.
// RUN: npu-opt %s --ethos-u-target --ethos-u-legalize='report=%t.report' -o %t.npu.mlir
// RUN: FileCheck %s < %t.npu.mlir
// RUN: FileCheck %s --check-prefix=REPORT < %t.report
// RUN: npu-opt %t.npu.mlir --ethos-u-codegen -o %t.cg.mlir 2> %t.remarks
// RUN: FileCheck %s --check-prefix=REMARK --allow-empty < %t.remarks
// RUN: %python %S/Inputs/codegen-same.py %npu_build/bin/npu-run tflite %s %t.cg.mlir h4 h8 h4i16 h8i16 h4u8 h8u8 h2x4 b2x4 | FileCheck %s --check-prefix=SAME
// RUN: npu-opt %t.npu.mlir --ethos-u-codegen=rounding=double -o %t.dbl.mlir 2> /dev/null
// RUN: %python %S/Inputs/codegen-same.py %npu_build/bin/npu-run tflite-micro %s %t.dbl.mlir h4 h8 h4i16 h8i16 h4u8 h8u8 h2x4 b2x4 | FileCheck %s --check-prefix=SAME
// SAME: runs: 40, mismatches: 0
// Each admitted resize becomes a stream (its phases), none is left over.
// RUN: FileCheck %s --check-prefix=STREAM < %t.cg.mlir
// Vela's rule alone.
// RUN: npu-opt %s --ethos-u-target --ethos-u-legalize='rules=vela report=-' -o /dev/null | FileCheck %s --check-prefix=VELA

// CHECK-LABEL: func.func @h4(
// CHECK: "npu.resize"(%arg0) {half_pixel_centers = true, mode = "bilinear", size = [20, 24]}
// CHECK-LABEL: func.func @h8(
// CHECK: "npu.resize"(%arg0) {half_pixel_centers = true, mode = "bilinear", size = [24, 32]}
// CHECK-LABEL: func.func @h2x4(
// CHECK: "npu.resize"(%arg0) {half_pixel_centers = true, mode = "bilinear", size = [6, 16]}
// CHECK-LABEL: func.func @b2x4(
// CHECK: "npu.resize"(%arg0) {mode = "bilinear", size = [6, 16]}
// CHECK-LABEL: func.func @h3(
// CHECK: "npu.cpu"
// CHECK-LABEL: func.func @h16(
// CHECK: "npu.cpu"
// CHECK-LABEL: func.func @odd(
// CHECK: "npu.cpu"
// CHECK-LABEL: func.func @n2x4(
// CHECK: "npu.cpu"

// The rejections, each with its reason, then the admissions beyond Vela.
// REPORT:      Warning: RESIZE_BILINEAR '{{.*}}' is not supported on the NPU. Placing on CPU instead
// REPORT-NEXT:  - For half_pixel_centers the width and height of the IFM and OFM must match one of the following criteria: IFM W and H are both 1, OFM W and H is 2x IFM W and H
// REPORT-NEXT:    Op has ifm HxW 3x4 and ofm HxW 9x12
// REPORT-NEXT: Warning: RESIZE_BILINEAR '{{.*}}' is not supported on the NPU. Placing on CPU instead
// REPORT-NEXT:  - For half_pixel_centers the width and height of the IFM and OFM must match one of the following criteria: IFM W and H are both 1, OFM W and H is 2x IFM W and H
// REPORT-NEXT:    Op has ifm HxW 2x2 and ofm HxW 32x32
// REPORT-NEXT: Warning: RESIZE_BILINEAR '{{.*}}' is not supported on the NPU. Placing on CPU instead
// REPORT-NEXT:  - The width and height of the IFM and OFM must match one of the following criteria: IFM W and H must both be 1, IFM must match OFM, W and H scaling must be equal and OFM W and H must be 2x/4x/8x IFM W and H
// REPORT-NEXT:    Op has ifm HxW 3x4, ofm HxW 5x7 and align_corners=False
// REPORT-NEXT: Warning: RESIZE_NEAREST_NEIGHBOR '{{.*}}' is not supported on the NPU. Placing on CPU instead
// REPORT-NEXT:  - The width and height of the IFM and OFM must match one of the following criteria: IFM W and H must both be 1, IFM must match OFM, W and H scaling must be equal and OFM W and H must be 2x/4x/8x IFM W and H
// REPORT-NEXT:    Op has ifm HxW 3x4, ofm HxW 6x16 and align_corners=False
// REPORT-NEXT: Info: RESIZE_BILINEAR '{{.*}}' runs on the NPU (ethos-u-codegen computes it exactly); Vela 3.10 places it on the CPU
// REPORT-NEXT:  - For half_pixel_centers the width and height of the IFM and OFM must match one of the following criteria: IFM W and H are both 1, OFM W and H is 2x IFM W and H
// REPORT-NEXT:    Op has ifm HxW 5x6 and ofm HxW 20x24
// REPORT-COUNT-5: Info: RESIZE_BILINEAR '{{.*}}' runs on the NPU
// REPORT:      Info: RESIZE_BILINEAR '{{.*}}' runs on the NPU (ethos-u-codegen computes it exactly); Vela 3.10 places it on the CPU
// REPORT-NEXT:  - For half_pixel_centers the width and height of the IFM and OFM must match one of the following criteria: IFM W and H are both 1, OFM W and H is 2x IFM W and H
// REPORT-NEXT:    Op has ifm HxW 3x4 and ofm HxW 6x16
// REPORT-NEXT: Info: RESIZE_BILINEAR '{{.*}}' runs on the NPU (ethos-u-codegen computes it exactly); Vela 3.10 places it on the CPU
// REPORT-NEXT:  - The width and height of the IFM and OFM must match one of the following criteria: IFM W and H must both be 1, IFM must match OFM, W and H scaling must be equal and OFM W and H must be 2x/4x/8x IFM W and H
// REPORT-NEXT:    Op has ifm HxW 3x4, ofm HxW 6x16 and align_corners=False
// REPORT-NEXT: CPU operators = 4 (33.3%)
// REPORT-NEXT: NPU operators = 8 (66.7%)
// REPORT:      NPU operators Vela places on the CPU = 8

// REMARK-NOT: remark

// STREAM-LABEL: func.func @h4(
// STREAM-NOT: npu.resize
// STREAM: "ethos_u.stream"
// STREAM-LABEL: func.func @h8(
// STREAM-NOT: npu.resize
// STREAM: "ethos_u.stream"
// STREAM-LABEL: func.func @h4i16(
// STREAM-NOT: npu.resize
// STREAM: "ethos_u.stream"
// STREAM-LABEL: func.func @h8i16(
// STREAM-NOT: npu.resize
// STREAM: "ethos_u.stream"
// STREAM-LABEL: func.func @h4u8(
// STREAM-NOT: npu.resize
// STREAM: "ethos_u.stream"
// STREAM-LABEL: func.func @h8u8(
// STREAM-NOT: npu.resize
// STREAM: "ethos_u.stream"
// STREAM-LABEL: func.func @h2x4(
// STREAM-NOT: npu.resize
// STREAM: "ethos_u.stream"
// STREAM-LABEL: func.func @b2x4(
// STREAM-NOT: npu.resize
// STREAM: "ethos_u.stream"
// STREAM-LABEL: func.func @h3(

// VELA-COUNT-8: is not supported on the NPU. Placing on CPU instead
// VELA-NOT: Info:
// VELA: CPU operators = 12 (100.0%)
// VELA-NOT: Vela places

!q = !quant.uniform<i8:f32, 0.05:-3>
!h = !quant.uniform<i16:f32, 0.001:0>
!u = !quant.uniform<u8:f32, 0.02:128>
func.func @h4(%x: tensor<1x5x6x8x!q>) -> tensor<1x20x24x8x!q> {
  %0 = "graph.resize"(%x) {size = [20, 24], mode = "bilinear", half_pixel_centers = true} : (tensor<1x5x6x8x!q>) -> tensor<1x20x24x8x!q>
  return %0 : tensor<1x20x24x8x!q>
}
func.func @h8(%x: tensor<1x3x4x5x!q>) -> tensor<1x24x32x5x!q> {
  %0 = "graph.resize"(%x) {size = [24, 32], mode = "bilinear", half_pixel_centers = true} : (tensor<1x3x4x5x!q>) -> tensor<1x24x32x5x!q>
  return %0 : tensor<1x24x32x5x!q>
}
func.func @h4i16(%x: tensor<1x4x3x17x!h>) -> tensor<1x16x12x17x!h> {
  %0 = "graph.resize"(%x) {size = [16, 12], mode = "bilinear", half_pixel_centers = true} : (tensor<1x4x3x17x!h>) -> tensor<1x16x12x17x!h>
  return %0 : tensor<1x16x12x17x!h>
}
func.func @h8i16(%x: tensor<1x2x3x4x!h>) -> tensor<1x16x24x4x!h> {
  %0 = "graph.resize"(%x) {size = [16, 24], mode = "bilinear", half_pixel_centers = true} : (tensor<1x2x3x4x!h>) -> tensor<1x16x24x4x!h>
  return %0 : tensor<1x16x24x4x!h>
}
func.func @h4u8(%x: tensor<1x3x5x6x!u>) -> tensor<1x12x20x6x!u> {
  %0 = "graph.resize"(%x) {size = [12, 20], mode = "bilinear", half_pixel_centers = true} : (tensor<1x3x5x6x!u>) -> tensor<1x12x20x6x!u>
  return %0 : tensor<1x12x20x6x!u>
}
func.func @h8u8(%x: tensor<1x2x2x3x!u>) -> tensor<1x16x16x3x!u> {
  %0 = "graph.resize"(%x) {size = [16, 16], mode = "bilinear", half_pixel_centers = true} : (tensor<1x2x2x3x!u>) -> tensor<1x16x16x3x!u>
  return %0 : tensor<1x16x16x3x!u>
}
func.func @h2x4(%x: tensor<1x3x4x8x!q>) -> tensor<1x6x16x8x!q> {
  %0 = "graph.resize"(%x) {size = [6, 16], mode = "bilinear", half_pixel_centers = true} : (tensor<1x3x4x8x!q>) -> tensor<1x6x16x8x!q>
  return %0 : tensor<1x6x16x8x!q>
}
func.func @b2x4(%x: tensor<1x3x4x8x!q>) -> tensor<1x6x16x8x!q> {
  %0 = "graph.resize"(%x) {size = [6, 16], mode = "bilinear"} : (tensor<1x3x4x8x!q>) -> tensor<1x6x16x8x!q>
  return %0 : tensor<1x6x16x8x!q>
}
func.func @h3(%x: tensor<1x3x4x8x!q>) -> tensor<1x9x12x8x!q> {
  %0 = "graph.resize"(%x) {size = [9, 12], mode = "bilinear", half_pixel_centers = true} : (tensor<1x3x4x8x!q>) -> tensor<1x9x12x8x!q>
  return %0 : tensor<1x9x12x8x!q>
}
func.func @h16(%x: tensor<1x2x2x8x!q>) -> tensor<1x32x32x8x!q> {
  %0 = "graph.resize"(%x) {size = [32, 32], mode = "bilinear", half_pixel_centers = true} : (tensor<1x2x2x8x!q>) -> tensor<1x32x32x8x!q>
  return %0 : tensor<1x32x32x8x!q>
}
func.func @odd(%x: tensor<1x3x4x8x!q>) -> tensor<1x5x7x8x!q> {
  %0 = "graph.resize"(%x) {size = [5, 7], mode = "bilinear"} : (tensor<1x3x4x8x!q>) -> tensor<1x5x7x8x!q>
  return %0 : tensor<1x5x7x8x!q>
}
func.func @n2x4(%x: tensor<1x3x4x8x!q>) -> tensor<1x6x16x8x!q> {
  %0 = "graph.resize"(%x) {size = [6, 16]} : (tensor<1x3x4x8x!q>) -> tensor<1x6x16x8x!q>
  return %0 : tensor<1x6x16x8x!q>
}
