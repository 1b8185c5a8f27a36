// ethos-u-codegen of add and sub under double rounding (TFLite Micro's,
// which Vela's streams use): each input shifted into int32 ((x - zp) <<
// left_shift, a 1x1 average of scale 2^left_shift) and multiplied by its
// multiplier (a MUL by an int32 map in flash whose OFM shift 31 - s
// under DBL rounding is SaturatingRoundingDoublingHighMul then the
// rounding right shift), the int32 sum, the output MUL: six operations,
// bit-exact with npu-run --arith=tflite-micro on int8 (codegen-ops.mlir)
// and here on int16 (TFLite's general int16 kernel, inputs shifted by
// 15), broadcast included; single rounding too.
// RUN: npu-opt %s --ethos-u-target --ethos-u-legalize=report=/dev/null -o %t.npu.mlir
// RUN: npu-opt %t.npu.mlir --ethos-u-codegen=rounding=double -o %t.dbl.mlir
// RUN: FileCheck %s < %t.dbl.mlir
// RUN: %python %S/Inputs/codegen-same.py %npu_build/bin/npu-run tflite-micro %t.npu.mlir %t.dbl.mlir add sub mul bcast | FileCheck %s --check-prefix=SAME
// SAME: runs: 20, mismatches: 0
// RUN: npu-opt %t.npu.mlir --ethos-u-codegen -o %t.cg.mlir
// RUN: %python %S/Inputs/codegen-same.py %npu_build/bin/npu-run tflite %t.npu.mlir %t.cg.mlir add sub mul bcast | FileCheck %s --check-prefix=SAME
// RUN: %python %S/Inputs/codegen-regs.py extract %t.dbl.mlir %t.bin
// RUN: npu-translate --decode=ethos-u %t.bin | FileCheck %s --check-prefix=OPS
// OPS: NPU_OP_POOL pooling_mode=AVERAGE ; operation 0
// OPS: NPU_OP_ELEMENTWISE elementwise_mode=MUL ; operation 1
// OPS: NPU_OP_POOL pooling_mode=AVERAGE ; operation 2
// OPS: NPU_OP_ELEMENTWISE elementwise_mode=MUL ; operation 3
// OPS: NPU_OP_ELEMENTWISE elementwise_mode=ADD ; operation 4
// OPS: activation_precision=B16 {{.*}}round_mode=DBL
// OPS: NPU_OP_ELEMENTWISE elementwise_mode=MUL ; operation 5
// OPS-NEXT: NPU_OP_STOP

// CHECK-LABEL: func.func @add
// CHECK-COUNT-1: "ethos_u.stream"
// CHECK-NOT: "npu.
// CHECK-LABEL: func.func @sub
// CHECK-COUNT-1: "ethos_u.stream"
// CHECK-NOT: "npu.
// CHECK-LABEL: func.func @bcast
// CHECK-COUNT-1: "ethos_u.stream"
// CHECK-NOT: "npu.

!a = !quant.uniform<i16:f32, 0.0005:0>
!b = !quant.uniform<i16:f32, 0.0003:0>
!o = !quant.uniform<i16:f32, 0.0007:0>
func.func @add(%x: tensor<1x20x20x16x!a>, %y: tensor<1x20x20x16x!b>) -> tensor<1x20x20x16x!o> {
  %0 = "graph.add"(%x, %y) : (tensor<1x20x20x16x!a>, tensor<1x20x20x16x!b>) -> tensor<1x20x20x16x!o>
  return %0 : tensor<1x20x20x16x!o>
}
func.func @sub(%x: tensor<1x20x20x16x!a>, %y: tensor<1x20x20x16x!b>) -> tensor<1x20x20x16x!o> {
  %0 = "graph.sub"(%x, %y) : (tensor<1x20x20x16x!a>, tensor<1x20x20x16x!b>) -> tensor<1x20x20x16x!o>
  return %0 : tensor<1x20x20x16x!o>
}
func.func @mul(%x: tensor<1x20x20x16x!a>, %y: tensor<1x20x20x16x!b>) -> tensor<1x20x20x16x!quant.uniform<i16:f32, 0.002:0>> {
  %0 = "graph.mul"(%x, %y) : (tensor<1x20x20x16x!a>, tensor<1x20x20x16x!b>) -> tensor<1x20x20x16x!quant.uniform<i16:f32, 0.002:0>>
  return %0 : tensor<1x20x20x16x!quant.uniform<i16:f32, 0.002:0>>
}
func.func @bcast(%x: tensor<1x20x20x16x!a>, %y: tensor<1x1x1x16x!b>) -> tensor<1x20x20x16x!o> {
  %0 = "graph.add"(%x, %y) : (tensor<1x20x20x16x!a>, tensor<1x1x1x16x!b>) -> tensor<1x20x20x16x!o>
  return %0 : tensor<1x20x20x16x!o>
}
