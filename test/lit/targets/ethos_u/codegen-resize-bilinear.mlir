// ethos-u-codegen of bilinear npu.resize (TFLite's ResizeBilinearInteger):
// one depthwise convolution per output phase, its weights the phase's
// fractions, the edge rows it reads twice through the IFM's tiles, its
// output every f-th row and column of the result (strides times f), its
// output stage TFLite's rounding (docs/targets/ethos-u.md, "Bilinear
// resize"). npu-run gives the same bytes before and after (the streams in
// the functional simulator) on seeded inputs over the whole storage range:
// 2x, 4x and 8x, half-pixel centres (4x and 8x written as npu ops: the
// legalizer keeps Vela's 2x-only rule), align_corners, the same size,
// odd and even sizes, 1-pixel inputs (read through a zero stride), int8,
// int16 and uint8, between two convolutions of one stream; single
// rounding against --arith=tflite, rounding=double against
// --arith=tflite-micro. The two roundings differ on these inputs (each
// stream against the other arithmetic mismatches).
// RUN: npu-opt %s --ethos-u-target --ethos-u-legalize=report=/dev/null -o %t.npu.mlir
// RUN: npu-opt %t.npu.mlir --ethos-u-codegen -o %t.cg.mlir 2> %t.remarks
// RUN: FileCheck %s < %t.cg.mlir
// RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
// RUN: %python %S/Inputs/codegen-same.py %npu_build/bin/npu-run tflite %t.npu.mlir %t.cg.mlir h2 h2even b2 a2 b4 a8 h2i16 b8i16 u8 one row same h4 h8 chain bcast cpu | FileCheck %s --check-prefix=SAME
// SAME: runs: 85, mismatches: 0
// RUN: npu-opt %t.npu.mlir --ethos-u-codegen=rounding=double -o %t.dbl.mlir 2> /dev/null
// RUN: %python %S/Inputs/codegen-same.py %npu_build/bin/npu-run tflite-micro %t.npu.mlir %t.dbl.mlir h2 h2even b2 a2 b4 a8 h2i16 b8i16 u8 one row same h4 h8 chain bcast cpu | FileCheck %s --check-prefix=SAME
// RUN: not %python %S/Inputs/codegen-same.py %npu_build/bin/npu-run tflite-micro %t.npu.mlir %t.cg.mlir h2 b2 b4 a2 h2even | FileCheck %s --check-prefix=OTHER
// RUN: not %python %S/Inputs/codegen-same.py %npu_build/bin/npu-run tflite %t.npu.mlir %t.dbl.mlir h2 b2 b4 a2 h2even | FileCheck %s --check-prefix=OTHER
// OTHER: runs: 25, mismatches: 25
// Registers of the half-pixel 2x: four depthwise convolutions, tiles
// repeating the top and left edges in the first, strides doubled.
// RUN: %python %S/Inputs/codegen-regs.py extract %t.cg.mlir %t.bin
// RUN: npu-translate --decode=ethos-u %t.bin | FileCheck %s --check-prefix=REGS
// RUN: npu-opt %t.npu.mlir --ethos-u-codegen -o %t.cg2.mlir 2> /dev/null
// RUN: cmp %t.cg.mlir %t.cg2.mlir

!q = !quant.uniform<i8:f32, 0.05:-3>
!h = !quant.uniform<i16:f32, 0.001:0>
!u = !quant.uniform<u8:f32, 0.02:128>
!w = !quant.uniform<i8:f32, 0.01>
!b = !quant.uniform<i32:f32, 5.0e-4>

// REGS:      NPU_SET_IFM_BASE1 addr=0x[[B:[0-9a-f]+]]
// REGS-NEXT: NPU_SET_IFM_BASE2 addr=0x[[B]]
// REGS-NEXT: NPU_SET_IFM_BASE3 addr=0x[[B]]
// REGS-NEXT: NPU_SET_IFM_HEIGHT0_M1 height_m1=0
// REGS-NEXT: NPU_SET_IFM_HEIGHT1_M1 height_m1=0
// REGS-NEXT: NPU_SET_IFM_WIDTH0_M1 width_m1=0
// REGS:      NPU_SET_OFM_STRIDE_Y addr=0x78
// REGS-NEXT: NPU_SET_OFM_STRIDE_X addr=0xc
// REGS:      NPU_SET_KERNEL_HEIGHT_M1 height_m1=1
// REGS-NEXT: NPU_SET_KERNEL_WIDTH_M1 width_m1=1
// REGS:      NPU_OP_DEPTHWISE ; operation 0
// REGS:      NPU_OP_DEPTHWISE ; operation 1
// REGS:      NPU_OP_DEPTHWISE ; operation 2
// REGS:      NPU_OP_DEPTHWISE ; operation 3
// REGS-NEXT: NPU_OP_STOP

// CHECK-LABEL: func.func @h2
// CHECK-COUNT-1: "ethos_u.stream"
// CHECK-NOT: "npu.
func.func @h2(%x: tensor<1x3x5x6x!q>) -> tensor<1x6x10x6x!q> {
  %0 = "graph.resize"(%x) {size = [6, 10], mode = "bilinear", half_pixel_centers = true} : (tensor<1x3x5x6x!q>) -> tensor<1x6x10x6x!q>
  return %0 : tensor<1x6x10x6x!q>
}

// CHECK-LABEL: func.func @h2even
// CHECK-COUNT-1: "ethos_u.stream"
// CHECK-NOT: "npu.
func.func @h2even(%x: tensor<1x8x6x40x!q>) -> tensor<1x16x12x40x!q> {
  %0 = "graph.resize"(%x) {size = [16, 12], mode = "bilinear", half_pixel_centers = true} : (tensor<1x8x6x40x!q>) -> tensor<1x16x12x40x!q>
  return %0 : tensor<1x16x12x40x!q>
}

// CHECK-LABEL: func.func @b2
// CHECK-COUNT-1: "ethos_u.stream"
// CHECK-NOT: "npu.
func.func @b2(%x: tensor<1x3x5x6x!q>) -> tensor<1x6x10x6x!q> {
  %0 = "graph.resize"(%x) {size = [6, 10], mode = "bilinear"} : (tensor<1x3x5x6x!q>) -> tensor<1x6x10x6x!q>
  return %0 : tensor<1x6x10x6x!q>
}

// CHECK-LABEL: func.func @a2
// CHECK-COUNT-1: "ethos_u.stream"
// CHECK-NOT: "npu.
func.func @a2(%x: tensor<1x3x5x6x!q>) -> tensor<1x5x9x6x!q> {
  %0 = "graph.resize"(%x) {size = [5, 9], mode = "bilinear", align_corners = true} : (tensor<1x3x5x6x!q>) -> tensor<1x5x9x6x!q>
  return %0 : tensor<1x5x9x6x!q>
}

// CHECK-LABEL: func.func @b4
// CHECK-COUNT-1: "ethos_u.stream"
// CHECK-NOT: "npu.
func.func @b4(%x: tensor<1x3x4x17x!q>) -> tensor<1x12x16x17x!q> {
  %0 = "graph.resize"(%x) {size = [12, 16], mode = "bilinear"} : (tensor<1x3x4x17x!q>) -> tensor<1x12x16x17x!q>
  return %0 : tensor<1x12x16x17x!q>
}

// CHECK-LABEL: func.func @a8
// CHECK-COUNT-1: "ethos_u.stream"
// CHECK-NOT: "npu.
func.func @a8(%x: tensor<1x2x3x3x!q>) -> tensor<1x9x17x3x!q> {
  %0 = "graph.resize"(%x) {size = [9, 17], mode = "bilinear", align_corners = true} : (tensor<1x2x3x3x!q>) -> tensor<1x9x17x3x!q>
  return %0 : tensor<1x9x17x3x!q>
}

// CHECK-LABEL: func.func @h2i16
// CHECK-COUNT-1: "ethos_u.stream"
// CHECK-NOT: "npu.
func.func @h2i16(%x: tensor<1x5x3x5x!h>) -> tensor<1x10x6x5x!h> {
  %0 = "graph.resize"(%x) {size = [10, 6], mode = "bilinear", half_pixel_centers = true} : (tensor<1x5x3x5x!h>) -> tensor<1x10x6x5x!h>
  return %0 : tensor<1x10x6x5x!h>
}

// CHECK-LABEL: func.func @b8i16
// CHECK-COUNT-1: "ethos_u.stream"
// CHECK-NOT: "npu.
func.func @b8i16(%x: tensor<1x2x3x4x!h>) -> tensor<1x16x24x4x!h> {
  %0 = "graph.resize"(%x) {size = [16, 24], mode = "bilinear"} : (tensor<1x2x3x4x!h>) -> tensor<1x16x24x4x!h>
  return %0 : tensor<1x16x24x4x!h>
}

// CHECK-LABEL: func.func @u8
// CHECK-COUNT-1: "ethos_u.stream"
// CHECK-NOT: "npu.
func.func @u8(%x: tensor<1x4x3x7x!u>) -> tensor<1x8x6x7x!u> {
  %0 = "graph.resize"(%x) {size = [8, 6], mode = "bilinear", half_pixel_centers = true} : (tensor<1x4x3x7x!u>) -> tensor<1x8x6x7x!u>
  return %0 : tensor<1x8x6x7x!u>
}

// A 1x1 input and a 1-row input: the one row read through a zero stride.
// CHECK-LABEL: func.func @one
// CHECK-COUNT-1: "ethos_u.stream"
// CHECK-NOT: "npu.
func.func @one(%x: tensor<1x1x1x9x!q>) -> tensor<1x2x2x9x!q> {
  %0 = "graph.resize"(%x) {size = [2, 2], mode = "bilinear", half_pixel_centers = true} : (tensor<1x1x1x9x!q>) -> tensor<1x2x2x9x!q>
  return %0 : tensor<1x2x2x9x!q>
}

// CHECK-LABEL: func.func @row
// CHECK-COUNT-1: "ethos_u.stream"
// CHECK-NOT: "npu.
func.func @row(%x: tensor<1x1x5x4x!q>) -> tensor<1x2x10x4x!q> {
  %0 = "graph.resize"(%x) {size = [2, 10], mode = "bilinear", half_pixel_centers = true} : (tensor<1x1x5x4x!q>) -> tensor<1x2x10x4x!q>
  return %0 : tensor<1x2x10x4x!q>
}

// CHECK-LABEL: func.func @same
// CHECK-COUNT-1: "ethos_u.stream"
// CHECK-NOT: "npu.
func.func @same(%x: tensor<1x3x5x6x!q>) -> tensor<1x3x5x6x!q> {
  %0 = "graph.resize"(%x) {size = [3, 5], mode = "bilinear"} : (tensor<1x3x5x6x!q>) -> tensor<1x3x5x6x!q>
  return %0 : tensor<1x3x5x6x!q>
}

// Half-pixel centres at 4x and 8x (8x: weights up to 15 * 15).
// CHECK-LABEL: func.func @h4
// CHECK-COUNT-1: "ethos_u.stream"
// CHECK-NOT: "npu.
func.func @h4(%x: tensor<1x3x2x5x!q>) -> tensor<1x12x8x5x!q> {
  %0 = "npu.resize"(%x) {size = [12, 8], mode = "bilinear", half_pixel_centers = true} : (tensor<1x3x2x5x!q>) -> tensor<1x12x8x5x!q>
  return %0 : tensor<1x12x8x5x!q>
}

// CHECK-LABEL: func.func @h8
// CHECK-COUNT-1: "ethos_u.stream"
// CHECK-NOT: "npu.
func.func @h8(%x: tensor<1x2x3x3x!q>) -> tensor<1x16x24x3x!q> {
  %0 = "npu.resize"(%x) {size = [16, 24], mode = "bilinear", half_pixel_centers = true} : (tensor<1x2x3x3x!q>) -> tensor<1x16x24x3x!q>
  return %0 : tensor<1x16x24x3x!q>
}

// Between two convolutions of the same stream.
// CHECK-LABEL: func.func @chain
// CHECK-COUNT-1: "ethos_u.stream"
// CHECK-NOT: "npu.
func.func @chain(%x: tensor<1x3x3x2x!q>) -> tensor<1x6x6x2x!q> {
  %w = "graph.constant"() {value = dense<[[[[1, -2]]], [[[3, 4]]]]> : tensor<2x1x1x2xi8>} : () -> tensor<2x1x1x2x!w>
  %bias = "graph.constant"() {value = dense<[10, -20]> : tensor<2xi32>} : () -> tensor<2x!b>
  %0 = "graph.conv2d"(%x, %w, %bias) {strides = [1, 1], padding = "valid"} : (tensor<1x3x3x2x!q>, tensor<2x1x1x2x!w>, tensor<2x!b>) -> tensor<1x3x3x2x!q>
  %1 = "graph.resize"(%0) {size = [6, 6], mode = "bilinear", half_pixel_centers = true} : (tensor<1x3x3x2x!q>) -> tensor<1x6x6x2x!q>
  %2 = "graph.conv2d"(%1, %w, %bias) {strides = [1, 1], padding = "valid"} : (tensor<1x6x6x2x!q>, tensor<2x1x1x2x!w>, tensor<2x!b>) -> tensor<1x6x6x2x!q>
  return %2 : tensor<1x6x6x2x!q>
}

// A 1x1 input to 3x5 (Vela's rule allows it): every output is the pixel,
// read through zero strides by one operation.
// CHECK-LABEL: func.func @bcast
// CHECK-COUNT-1: "ethos_u.stream"
// CHECK-NOT: "npu.
func.func @bcast(%x: tensor<1x1x1x4x!q>) -> tensor<1x3x5x4x!q> {
  %0 = "graph.resize"(%x) {size = [3, 5], mode = "bilinear"} : (tensor<1x1x1x4x!q>) -> tensor<1x3x5x4x!q>
  return %0 : tensor<1x3x5x4x!q>
}

// 3x4 to 5x7 (an npu op: Vela's rule keeps it on the CPU): TFLite's
// positions step by 614/1024 and 585/1024, which no period of 1, 2, 4 or
// 8 outputs repeats; it stays with the interpreter and a remark says why.
// CHECK-LABEL: func.func @cpu
// CHECK: "npu.resize"
// REMARK: remark: ethos-u-codegen: bilinear resize stays with the interpreter: TFLite's source positions do not repeat every 1, 2, 4 or 8 outputs, or its edge clamps are not a repeated edge row
// REMARK-NOT: remark
func.func @cpu(%x: tensor<1x3x4x4x!q>) -> tensor<1x5x7x4x!q> {
  %0 = "npu.resize"(%x) {size = [5, 7], mode = "bilinear"} : (tensor<1x3x4x4x!q>) -> tensor<1x5x7x4x!q>
  return %0 : tensor<1x5x7x4x!q>
}
