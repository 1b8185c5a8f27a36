// ethos-u-codegen of an npu.softmax that carries Vela's exp table
// (ethos-u-legalize{softmax=vela}): Vela 3.10's 31 NPU operations
// (softmax.py's 8-bit graph) in the stream, whose simulated result equals
// npu-run's fixed-point kernel for the op, byte for byte, on seeded
// inputs (rows along W, along H and W with a batch, a single row, a conv
// producing the input inside the same stream), under both roundings.
// RUN: npu-opt %s --ethos-u-target --ethos-u-legalize='softmax=vela report=/dev/null' -o %t.npu.mlir
// RUN: npu-opt %t.npu.mlir --ethos-u-codegen -o %t.cg.mlir
// RUN: FileCheck %s < %t.cg.mlir
// RUN: %python %S/Inputs/codegen-same.py %npu_build/bin/npu-run tflite %t.npu.mlir %t.cg.mlir rows hw one conv | FileCheck %s --check-prefix=SAME
// SAME: runs: 20, mismatches: 0
// RUN: npu-opt %t.npu.mlir --ethos-u-codegen=rounding=double -o %t.dbl.mlir
// RUN: %python %S/Inputs/codegen-same.py %npu_build/bin/npu-run tflite-micro %t.npu.mlir %t.dbl.mlir rows hw one conv | FileCheck %s --check-prefix=SAME
//
// The operations: the row max (MAX pool over each row read as 1 x C),
// SUB through the 1 KB exp table (DMA'd to the SHRAM first), SHR,
// REDUCE_SUM, CLZ, the reciprocal's SUB/SHL/ADD/MUL steps, the final MUL
// and SHR.
// RUN: %python %S/Inputs/codegen-regs.py extract %t.cg.mlir %t.bin
// RUN: npu-translate --decode=ethos-u %t.bin | FileCheck %s --check-prefix=OPS
// OPS: NPU_OP_POOL pooling_mode=MAX ; operation 0
// OPS: NPU_SET_DMA0_LEN addr=0x400
// OPS: NPU_OP_DMA_START ; operation 1
// OPS: NPU_SET_ACTIVATION activation_function=TABLE_0 activation_clip_range=FORCE_INT8
// OPS: NPU_OP_DMA_WAIT
// OPS-NEXT: NPU_OP_ELEMENTWISE elementwise_mode=SUB ; operation 2
// OPS: elementwise_mode=SHR ; operation 3
// OPS: pooling_mode=REDUCE_SUM ; operation 4
// OPS: elementwise_mode=CLZ ; operation 5
// OPS: elementwise_mode=MUL ; operation 30
// OPS: elementwise_mode=SHR ; operation 31
// OPS-NEXT: NPU_OP_STOP

!i = !quant.uniform<i8:f32, 0.0472:3>
!o = !quant.uniform<i8:f32, 0.00390625:-128>
!w = !quant.uniform<i8:f32, 0.01>
!b = !quant.uniform<i32:f32, 4.72e-4>

// CHECK-LABEL: func.func @rows
// CHECK-COUNT-1: "ethos_u.stream"
// CHECK-NOT: "npu.
// CHECK: return
func.func @rows(%x: tensor<7x10x!i>) -> tensor<7x10x!o> {
  %0 = "graph.softmax"(%x) : (tensor<7x10x!i>) -> tensor<7x10x!o>
  return %0 : tensor<7x10x!o>
}

// CHECK-LABEL: func.func @hw
// CHECK-COUNT-1: "ethos_u.stream"
// CHECK-NOT: "npu.
func.func @hw(%x: tensor<2x3x5x20x!i>) -> tensor<2x3x5x20x!o> {
  %0 = "graph.softmax"(%x) : (tensor<2x3x5x20x!i>) -> tensor<2x3x5x20x!o>
  return %0 : tensor<2x3x5x20x!o>
}

// CHECK-LABEL: func.func @one
// CHECK-COUNT-1: "ethos_u.stream"
// CHECK-NOT: "npu.
func.func @one(%x: tensor<1x3x!i>) -> tensor<1x3x!o> {
  %0 = "graph.softmax"(%x) : (tensor<1x3x!i>) -> tensor<1x3x!o>
  return %0 : tensor<1x3x!o>
}

// The input made by a convolution of the same stream: it is kept in
// NHWC (the max pool reads it reshaped).
// CHECK-LABEL: func.func @conv
// CHECK-COUNT-1: "ethos_u.stream"
// CHECK-NOT: "npu.
func.func @conv(%x: tensor<1x4x4x2x!i>) -> tensor<1x4x4x3x!o> {
  %w = "graph.constant"() {value = dense<[[[[1, -2]]], [[[3, 4]]], [[[-5, 6]]]]> : tensor<3x1x1x2xi8>} : () -> tensor<3x1x1x2x!w>
  %bias = "graph.constant"() {value = dense<[10, -20, 30]> : tensor<3xi32>} : () -> tensor<3x!b>
  %0 = "graph.conv2d"(%x, %w, %bias) {strides = [1, 1], padding = "valid"} : (tensor<1x4x4x2x!i>, tensor<3x1x1x2x!w>, tensor<3x!b>) -> tensor<1x4x4x3x!i>
  %1 = "graph.softmax"(%0) : (tensor<1x4x4x3x!i>) -> tensor<1x4x4x3x!o>
  return %1 : tensor<1x4x4x3x!o>
}
