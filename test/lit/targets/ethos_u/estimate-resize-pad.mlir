// ethos-u-estimate of npu.resize and npu.pad, as ethos-u-codegen runs them
// (docs/targets/ethos-u.md, "Performance model"): a bilinear resize is one
// depthwise convolution per output phase (4 for 2x, 16 for 4x, 64 for 8x),
// a nearest one a 1x1 pool per doubling through the NEAREST upscale, a pad
// two pools (the fill, then the copy into the middle); one row per NPU
// operation, as the softmax's, and no warning. Consistency, not Vela
// (no Vela compile of a resize exists): the estimate has as many rows as
// the stream has NPU operations (npu-translate --decode), and the phases
// of a 2x resize cost what the same four depthwise convolutions written
// by hand cost (Inputs/estimate-resize-phases.mlir).
// RUN: npu-opt %s --ethos-u-target --ethos-u-estimate='report=%t.csv' -o /dev/null 2>&1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=CSV < %t.csv
// RUN: npu-opt %s --ethos-u-target --ethos-u-codegen -o %t.cg.mlir
// RUN: %python %S/Inputs/codegen-regs.py extract %t.cg.mlir %t.bin
// RUN: npu-translate --decode=ethos-u %t.bin | grep -c '; operation ' > %t.ops
// RUN: grep -vc '^TFLite_operator' %t.csv > %t.rows
// RUN: diff %t.ops %t.rows
// RUN: FileCheck %s --check-prefix=COUNT < %t.ops
// COUNT: 94
// The 2x phases against the same depthwise convolutions by hand (weights
// in SRAM, so neither buffers them): every column but the name, SRAM use
// and shares of the network.
// RUN: npu-opt %s --ethos-u-target=memory-mode=Sram_Only --ethos-u-estimate='report=%t.sram.csv table=false' -o /dev/null
// RUN: npu-opt %S/Inputs/estimate-resize-phases.mlir --ethos-u-target=memory-mode=Sram_Only --ethos-u-estimate='report=%t.hand.csv table=false' -o /dev/null
// RUN: grep '^RESIZE_BILINEAR,.*,bil2_' %t.sram.csv | cut -d, -f5,7-12,14 > %t.phases
// RUN: grep '^DEPTHWISE_CONV_2D' %t.hand.csv | cut -d, -f5,7-12,14 > %t.hand
// RUN: diff %t.phases %t.hand
// RUN: FileCheck %s --check-prefix=HAND < %t.hand
// HAND-COUNT-4: {{^[0-9.]+,}}

// CHECK-NOT: warning
// CHECK: RESIZE_BILINEAR      DepthwiseConv2DBias {{.*}} bil2_phase0_0
// CHECK: RESIZE_BILINEAR      DepthwiseConv2DBias {{.*}} bil2_phase1_1
// CHECK-NEXT: RESIZE_BILINEAR      DepthwiseConv2DBias {{.*}} bil4h_phase0_0
// CHECK: RESIZE_BILINEAR      DepthwiseConv2DBias {{.*}} bil4h_phase3_3
// CHECK-NEXT: RESIZE_BILINEAR      DepthwiseConv2DBias {{.*}} bil8a_phase0_0
// CHECK: RESIZE_BILINEAR      DepthwiseConv2DBias {{.*}} bil8a_phase7_7
// CHECK-NEXT: RESIZE_NEAREST_NEIGHBOR AvgPool {{.*}} near2_x2
// CHECK-NEXT: RESIZE_NEAREST_NEIGHBOR AvgPool {{.*}} near8_x2
// CHECK-NEXT: RESIZE_NEAREST_NEIGHBOR AvgPool {{.*}} near8_x4
// CHECK-NEXT: RESIZE_NEAREST_NEIGHBOR AvgPool {{.*}} near8_x8
// CHECK-NEXT: PAD                  AvgPool {{.*}} pad_fill
// CHECK-NEXT: PAD                  AvgPool {{.*}} pad_copy
// CHECK-NEXT: RESIZE_BILINEAR      DepthwiseConv2DBias {{.*}} i16_phase0_0
// CHECK: NPU operators 94,

// MACs: each phase's outputs times its taps (2x: 6x5 outputs of 16
// channels, kernels 1x1, 1x2, 2x1 and 2x2); a copy one per output element.
// CSV: RESIZE_BILINEAR,DepthwiseConv2DBias,{{([^,]+,)+}}480,{{[^,]+}},{{[^,]+}},bil2_phase0_0
// CSV-NEXT: RESIZE_BILINEAR,DepthwiseConv2DBias,{{([^,]+,)+}}960,{{[^,]+}},{{[^,]+}},bil2_phase0_1
// CSV-NEXT: RESIZE_BILINEAR,DepthwiseConv2DBias,{{([^,]+,)+}}960,{{[^,]+}},{{[^,]+}},bil2_phase1_0
// CSV-NEXT: RESIZE_BILINEAR,DepthwiseConv2DBias,{{([^,]+,)+}}1920,{{[^,]+}},{{[^,]+}},bil2_phase1_1
// CSV: RESIZE_NEAREST_NEIGHBOR,AvgPool,{{([^,]+,)+}}1920,{{[^,]+}},{{[^,]+}},near2_x2
// CSV-NEXT: RESIZE_NEAREST_NEIGHBOR,AvgPool,{{([^,]+,)+}}256,{{[^,]+}},{{[^,]+}},near8_x2
// CSV-NEXT: RESIZE_NEAREST_NEIGHBOR,AvgPool,{{([^,]+,)+}}1024,{{[^,]+}},{{[^,]+}},near8_x4
// CSV-NEXT: RESIZE_NEAREST_NEIGHBOR,AvgPool,{{([^,]+,)+}}4096,{{[^,]+}},{{[^,]+}},near8_x8
// CSV-NEXT: PAD,AvgPool,{{([^,]+,)+}}896,{{[^,]+}},{{[^,]+}},pad_fill
// CSV-NEXT: PAD,AvgPool,{{([^,]+,)+}}480,{{[^,]+}},{{[^,]+}},pad_copy

!q = !quant.uniform<i8:f32, 0.5:-1>
!h = !quant.uniform<i16:f32, 0.001:0>
module {
  func.func @main(%x: tensor<1x6x5x16x!q>, %s: tensor<1x2x2x16x!q>, %a: tensor<1x3x2x16x!q>, %i: tensor<1x4x4x8x!h>) -> (tensor<1x12x10x16x!q>, tensor<1x24x20x16x!q>, tensor<1x17x9x16x!q>, tensor<1x12x10x16x!q>, tensor<1x16x16x16x!q>, tensor<1x8x7x16x!q>, tensor<1x8x8x8x!h>) {
    %0 = "npu.resize"(%x) {size = [12, 10], mode = "bilinear"} : (tensor<1x6x5x16x!q>) -> tensor<1x12x10x16x!q> loc("bil2")
    %1 = "npu.resize"(%x) {size = [24, 20], mode = "bilinear", half_pixel_centers = true} : (tensor<1x6x5x16x!q>) -> tensor<1x24x20x16x!q> loc("bil4h")
    %2 = "npu.resize"(%a) {size = [17, 9], mode = "bilinear", align_corners = true} : (tensor<1x3x2x16x!q>) -> tensor<1x17x9x16x!q> loc("bil8a")
    %3 = "npu.resize"(%x) {size = [12, 10]} : (tensor<1x6x5x16x!q>) -> tensor<1x12x10x16x!q> loc("near2")
    %4 = "npu.resize"(%s) {size = [16, 16]} : (tensor<1x2x2x16x!q>) -> tensor<1x16x16x16x!q> loc("near8")
    %5 = "npu.pad"(%x) {paddings = [0, 0, 1, 1, 1, 1, 0, 0], pad_value = -1 : i64} : (tensor<1x6x5x16x!q>) -> tensor<1x8x7x16x!q> loc("pad")
    %6 = "npu.resize"(%i) {size = [8, 8], mode = "bilinear", half_pixel_centers = true} : (tensor<1x4x4x8x!h>) -> tensor<1x8x8x8x!h> loc("i16")
    return %0, %1, %2, %3, %4, %5, %6 : tensor<1x12x10x16x!q>, tensor<1x24x20x16x!q>, tensor<1x17x9x16x!q>, tensor<1x12x10x16x!q>, tensor<1x16x16x16x!q>, tensor<1x8x7x16x!q>, tensor<1x8x8x8x!h>
  }
}
