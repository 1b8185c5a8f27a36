// ethos-u-legalize{softmax=vela} op by op: the 8-bit last-axis softmax
// with TFLite's 1/256 output scale gets Vela's exp table (int8 and
// uint8); one Vela's 8-bit sequence does not cover (another output scale,
// 16 bits) keeps the graph's arithmetic and is counted. The default
// (softmax=graph) puts no table.
// RUN: npu-opt %s --ethos-u-legalize='softmax=vela' --pass-statistics -o %t.mlir 2>&1 | FileCheck %s --check-prefix=STATS
// STATS: 2 softmax-graph
// RUN: FileCheck %s < %t.mlir
// RUN: npu-opt %s --ethos-u-legalize -o - | FileCheck %s --check-prefix=DEF
// DEF-NOT: exp_table
//
// The table's last entry is exp(0) = INT32_MAX (0x7FFFFFFF little-endian:
// FFFFFF7F); entries far below the row max are 0 only when beta * scale
// * 255 reaches Vela's diff_min (not here).
// CHECK-LABEL: func.func @s8
// CHECK: "npu.softmax"(%arg0) {exp_table = dense<"0x{{[0-9A-F]+}}FFFFFF7F"> : tensor<256xi32>}
// CHECK-LABEL: func.func @u8
// CHECK: "npu.softmax"(%arg0) {exp_table = dense<"0x{{[0-9A-F]+}}FFFFFF7F"> : tensor<256xi32>}
// CHECK-LABEL: func.func @other_scale
// CHECK: "npu.softmax"(%arg0) : (
// CHECK-LABEL: func.func @s16
// CHECK: "npu.softmax"(%arg0) : (
//
// Vela's fixed-point result against the graph's float softmax on 2,000
// seeded random rows: at most one unit apart (npu-run --compare with
// atol=1 succeeds), and the table-free functions are unchanged.
// RUN: npu-run %s --entry=s8 --arith=tflite --seed=4 --output=%t.g.npy
// RUN: npu-run %t.mlir --entry=s8 --arith=tflite --seed=4 --compare=%t.g.npy --atol=1 --rtol=0
// RUN: npu-run %s --entry=u8 --arith=tflite --seed=4 --output=%t.g.npy
// RUN: npu-run %t.mlir --entry=u8 --arith=tflite --seed=4 --compare=%t.g.npy --atol=1 --rtol=0
// RUN: npu-run %s --entry=other_scale --arith=tflite --seed=4 --output=%t.g.npy
// RUN: npu-run %t.mlir --entry=other_scale --arith=tflite --seed=4 --output=%t.n.npy
// RUN: cmp %t.g.npy %t.n.npy

func.func @s8(%x: tensor<2000x10x!quant.uniform<i8:f32, 0.0472:3>>) -> tensor<2000x10x!quant.uniform<i8:f32, 0.00390625:-128>> {
  %0 = "graph.softmax"(%x) : (tensor<2000x10x!quant.uniform<i8:f32, 0.0472:3>>) -> tensor<2000x10x!quant.uniform<i8:f32, 0.00390625:-128>>
  return %0 : tensor<2000x10x!quant.uniform<i8:f32, 0.00390625:-128>>
}

func.func @u8(%x: tensor<2000x10x!quant.uniform<u8:f32, 0.1:128>>) -> tensor<2000x10x!quant.uniform<u8:f32, 0.00390625:0>> {
  %0 = "graph.softmax"(%x) : (tensor<2000x10x!quant.uniform<u8:f32, 0.1:128>>) -> tensor<2000x10x!quant.uniform<u8:f32, 0.00390625:0>>
  return %0 : tensor<2000x10x!quant.uniform<u8:f32, 0.00390625:0>>
}

func.func @other_scale(%x: tensor<4x10x!quant.uniform<i8:f32, 0.1:0>>) -> tensor<4x10x!quant.uniform<i8:f32, 0.005:-128>> {
  %0 = "graph.softmax"(%x) : (tensor<4x10x!quant.uniform<i8:f32, 0.1:0>>) -> tensor<4x10x!quant.uniform<i8:f32, 0.005:-128>>
  return %0 : tensor<4x10x!quant.uniform<i8:f32, 0.005:-128>>
}

func.func @s16(%x: tensor<4x10x!quant.uniform<i16:f32, 0.001:0>>) -> tensor<4x10x!quant.uniform<i16:f32, 0.00003051757:0>> {
  %0 = "graph.softmax"(%x) : (tensor<4x10x!quant.uniform<i16:f32, 0.001:0>>) -> tensor<4x10x!quant.uniform<i16:f32, 0.00003051757:0>>
  return %0 : tensor<4x10x!quant.uniform<i16:f32, 0.00003051757:0>>
}
