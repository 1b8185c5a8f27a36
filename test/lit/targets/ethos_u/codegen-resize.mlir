// ethos-u-codegen of npu.resize: nearest neighbour by 2, 4 or 8 (TFLite's
// coordinates, with or without half-pixel centres, which read the same
// pixels at these factors) runs as Vela runs it, one copy per doubling
// through the IFM's NEAREST upscale; npu-run gives the same bytes before
// and after (the streams in the functional simulator) on seeded inputs.
// align_corners and other factors stay with the interpreter; bilinear
// resizes: codegen-resize-bilinear.mlir.
// RUN: npu-opt %s --ethos-u-target --ethos-u-legalize=report=/dev/null -o %t.npu.mlir
// RUN: npu-opt %t.npu.mlir --ethos-u-codegen -o %t.cg.mlir
// RUN: FileCheck %s < %t.cg.mlir
// RUN: %python %S/Inputs/codegen-same.py %npu_build/bin/npu-run tflite %t.npu.mlir %t.cg.mlir r2 r8 r4h chain | FileCheck %s --check-prefix=SAME
// SAME: runs: 20, mismatches: 0
// RUN: %python %S/Inputs/codegen-regs.py extract %t.cg.mlir %t.bin
// RUN: npu-translate --decode=ethos-u %t.bin | FileCheck %s --check-prefix=REGS
// REGS: NPU_SET_IFM_UPSCALE mode=NEAREST
// REGS: NPU_OP_POOL pooling_mode=AVERAGE ; operation 0
// REGS-NEXT: NPU_OP_STOP

!q = !quant.uniform<i8:f32, 0.05:-3>
!h = !quant.uniform<i16:f32, 0.001:0>
!w = !quant.uniform<i8:f32, 0.01>
!b = !quant.uniform<i32:f32, 5.0e-4>

// CHECK-LABEL: func.func @r2
// CHECK-COUNT-1: "ethos_u.stream"
// CHECK-NOT: "npu.
func.func @r2(%x: tensor<1x3x5x6x!q>) -> tensor<1x6x10x6x!q> {
  %0 = "graph.resize"(%x) {size = [6, 10]} : (tensor<1x3x5x6x!q>) -> tensor<1x6x10x6x!q>
  return %0 : tensor<1x6x10x6x!q>
}

// CHECK-LABEL: func.func @r8
// CHECK-COUNT-1: "ethos_u.stream"
// CHECK-NOT: "npu.
func.func @r8(%x: tensor<1x2x3x20x!q>) -> tensor<1x16x24x20x!q> {
  %0 = "graph.resize"(%x) {size = [16, 24], half_pixel_centers = true} : (tensor<1x2x3x20x!q>) -> tensor<1x16x24x20x!q>
  return %0 : tensor<1x16x24x20x!q>
}

// CHECK-LABEL: func.func @r4h
// CHECK-COUNT-1: "ethos_u.stream"
// CHECK-NOT: "npu.
func.func @r4h(%x: tensor<1x2x3x5x!h>) -> tensor<1x8x12x5x!h> {
  %0 = "graph.resize"(%x) {size = [8, 12]} : (tensor<1x2x3x5x!h>) -> tensor<1x8x12x5x!h>
  return %0 : tensor<1x8x12x5x!h>
}

// Between two convolutions of the same stream (the upscaled IFM in
// NHCWB16).
// CHECK-LABEL: func.func @chain
// CHECK-COUNT-1: "ethos_u.stream"
// CHECK-NOT: "npu.
func.func @chain(%x: tensor<1x3x3x2x!q>) -> tensor<1x6x6x2x!q> {
  %w = "graph.constant"() {value = dense<[[[[1, -2]]], [[[3, 4]]]]> : tensor<2x1x1x2xi8>} : () -> tensor<2x1x1x2x!w>
  %bias = "graph.constant"() {value = dense<[10, -20]> : tensor<2xi32>} : () -> tensor<2x!b>
  %0 = "graph.conv2d"(%x, %w, %bias) {strides = [1, 1], padding = "valid"} : (tensor<1x3x3x2x!q>, tensor<2x1x1x2x!w>, tensor<2x!b>) -> tensor<1x3x3x2x!q>
  %1 = "graph.resize"(%0) {size = [6, 6]} : (tensor<1x3x3x2x!q>) -> tensor<1x6x6x2x!q>
  %2 = "graph.conv2d"(%1, %w, %bias) {strides = [1, 1], padding = "valid"} : (tensor<1x6x6x2x!q>, tensor<2x1x1x2x!w>, tensor<2x!b>) -> tensor<1x6x6x2x!q>
  return %2 : tensor<1x6x6x2x!q>
}
