// ethos-u-codegen's weight buffering sees a resize's maps as the estimate
// does (codegen_wbuf.c builds its layers with ethos_u_add_op, which now
// reads npu.resize and npu.pad). Optimising for size, weight buffers may
// take the SRAM below the maps' peak: here the peak is the 8x nearest
// resize's 64x64x16 output, so the 1x1 conv before it has room for its
// weights. The estimate buffers them (nothing read from off-chip flash as
// it runs) and so does the stream: one DMA. Before, the code generator did
// not count the resize, found no room under its smaller peak and read the
// weights from flash (no DMA), unlike the report. The stream computes what
// the program does.
// RUN: npu-opt %s --ethos-u-target='accel=ethos-u55-256' --ethos-u-estimate='optimise=size report=%t.csv table=false' -o %t.npu.mlir
// RUN: FileCheck %s --check-prefix=EST < %t.csv
// EST: CONV_2D,Conv2DBias,{{[^,]+,[^,]+,[^,]+,[^,]+,[^,]+,[^,]+,[^,]+,[^,]+,}}0.0,16384,{{.*}},conv
// EST-NEXT: RESIZE_NEAREST_NEIGHBOR,AvgPool,{{.*}},up_x2
// RUN: npu-opt %t.npu.mlir --ethos-u-codegen -o %t.cg.mlir
// RUN: %python %S/Inputs/codegen-regs.py extract %t.cg.mlir %t.bin
// RUN: npu-translate --decode=ethos-u %t.bin | FileCheck %s
// CHECK: NPU_OP_DMA_START
// CHECK-NOT: NPU_OP_DMA_START
// CHECK: NPU_OP_CONV
// RUN: %python %S/Inputs/codegen-same.py %npu_build/bin/npu-run tflite %s %t.cg.mlir main | FileCheck %s --check-prefix=SAME
// SAME: runs: 5, mismatches: 0

!q = !quant.uniform<i8:f32, 0.5:-1>
!w = !quant.uniform<i8:f32, 0.25>
module {
  func.func @main(%x: tensor<1x8x8x16x!q>) -> tensor<1x64x64x16x!q> {
    %w = "graph.constant"() {value = dense<[[[[1, -2, 3, 4, -5, 6, 7, -8, 9, 10, -11, 12, 13, -14, 15, 16]]], [[[2, 1, -1, 0, 3, 5, -7, 2, 1, 0, 4, -4, 2, 2, 1, -3]]], [[[1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]]], [[[-3, 2, 1, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]]], [[[5, 4, 3, 2, 1, 0, -1, -2, -3, -4, -5, -6, -7, -8, -9, -10]]], [[[0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3]]], [[[7, -7, 7, -7, 7, -7, 7, -7, 7, -7, 7, -7, 7, -7, 7, -7]]], [[[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16]]], [[[-1, -2, -3, -4, -5, -6, -7, -8, -9, -10, -11, -12, -13, -14, -15, -16]]], [[[3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9, 3]]], [[[2, 7, 1, 8, 2, 8, 1, 8, 2, 8, 4, 5, 9, 0, 4, 5]]], [[[1, 4, 1, 4, 2, 1, 3, 5, 6, 2, 3, 7, 3, 0, 9, 5]]], [[[0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1]]], [[[9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 1, 2, 3, 4, 5, 6]]], [[[4, 4, 4, 4, -4, -4, -4, -4, 4, 4, 4, 4, -4, -4, -4, -4]]], [[[1, -1, 2, -2, 3, -3, 4, -4, 5, -5, 6, -6, 7, -7, 8, -8]]]]> : tensor<16x1x1x16xi8>} : () -> tensor<16x1x1x16x!w>
    %b = "graph.constant"() {value = dense<[10, -20, 30, -40, 50, -60, 70, -80, 90, -100, 110, -120, 130, -140, 150, -160]> : tensor<16xi32>} : () -> tensor<16xi32>
    %0 = "npu.conv2d"(%x, %w, %b) {input_zp = -1 : i64, output_zp = -1 : i64, multiplier = dense<1073741824> : tensor<16xi32>, shift = dense<4> : tensor<16xi32>, padding = "valid", strides = [1, 1]} : (tensor<1x8x8x16x!q>, tensor<16x1x1x16x!w>, tensor<16xi32>) -> tensor<1x8x8x16x!q> loc("conv")
    %1 = "npu.resize"(%0) {size = [64, 64]} : (tensor<1x8x8x16x!q>) -> tensor<1x64x64x16x!q> loc("up")
    return %1 : tensor<1x64x64x16x!q>
  }
}
