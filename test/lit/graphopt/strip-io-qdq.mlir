// strip-io-qdq (passes/strip_io_qdq.c): quantized arguments and results
// instead of quantize / dequantize at the edges. npu-run: the stripped
// function on int8 (uint8) inputs returns the integers the original
// computes from the float inputs they stand for.
// RUN: npu-opt --split-input-file --strip-io-qdq %s | FileCheck %s
// RUN: npu-opt --split-input-file --strip-io-qdq='input-type=uint8 output-type=uint8' %s | FileCheck %s --check-prefix=U8
// RUN: not npu-opt --strip-io-qdq=input-type=int16 %s 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: error: invalid value 'int16' for option 'input-type' (expected one of 'int8', 'uint8')
//
// RUN: npu-opt --strip-io-qdq %S/Inputs/strip-run.mlir -o %t.i8.mlir
// RUN: npu-opt --strip-io-qdq='input-type=uint8 output-type=uint8' %S/Inputs/strip-run.mlir -o %t.u8.mlir
// RUN: %python %S/Inputs/mknpy.py %t.f.npy f4 2,8 0 0.5
// RUN: %python %S/Inputs/mknpy.py %t.i.npy i1 2,8 0 1
// RUN: %python %S/Inputs/mknpy.py %t.u.npy u1 2,8 128 1
// RUN: %npu_build/bin/npu-run %S/Inputs/strip-run.mlir --input=%t.f.npy --print | FileCheck %s --check-prefix=RUNF
// RUN: %npu_build/bin/npu-run %t.i8.mlir --input=%t.i.npy --print | FileCheck %s --check-prefix=RUNI
// RUN: %npu_build/bin/npu-run %t.u8.mlir --input=%t.u.npy --print | FileCheck %s --check-prefix=RUNU
// The float results are the int8 ones times 0.25; uint8 adds 128.
// RUNF: = [-32, -32, -32, -17, 20, 31.75, 31.75, -32, -32, -32, -14, 23, 31.75, 31.75, -32, -32]
// RUNI: = [-128, -128, -128, -68, 80, 127, 127, -128, -128, -128, -56, 92, 127, 127, -128, -128]
// RUNU: = [0, 0, 0, 60, 208, 255, 255, 0, 0, 0, 72, 220, 255, 255, 0, 0]

// CHECK-LABEL: func.func @edges(%arg0: tensor<4x!quant.uniform<i8:f32, 5.000000e-01>>) -> tensor<4x!quant.uniform<i8:f32, 2.500000e-01:3>>
// CHECK-NEXT: %[[A:.*]] = "graph.add"(%arg0, %arg0)
// CHECK-NEXT: return %[[A]]
// U8-LABEL: func.func @edges(%arg0: tensor<4x!quant.uniform<u8:f32, 5.000000e-01:128>>) -> tensor<4x!quant.uniform<u8:f32, 2.500000e-01:131>>
// U8-NEXT: %[[R:.*]] = "graph.requantize"(%arg0) {qtype = !quant.uniform<i8:f32, 5.000000e-01>}
// U8-NEXT: %[[A:.*]] = "graph.add"(%[[R]], %[[R]])
// U8-NEXT: %[[B:.*]] = "graph.requantize"(%[[A]]) {qtype = !quant.uniform<u8:f32, 2.500000e-01:131>}
// U8-NEXT: return %[[B]]
func.func @edges(%x: tensor<4xf32>) -> tensor<4xf32> {
  %q = "graph.quantize"(%x) {qtype = !quant.uniform<i8:f32, 0.5>, rounding = "even"} : (tensor<4xf32>) -> tensor<4x!quant.uniform<i8:f32, 0.5>>
  %a = "graph.add"(%q, %q) : (tensor<4x!quant.uniform<i8:f32, 0.5>>, tensor<4x!quant.uniform<i8:f32, 0.5>>) -> tensor<4x!quant.uniform<i8:f32, 0.25:3>>
  %d = "graph.dequantize"(%a) : (tensor<4x!quant.uniform<i8:f32, 0.25:3>>) -> tensor<4xf32>
  return %d : tensor<4xf32>
}

// -----
// Not applied: an argument also used in float, an argument quantized to
// two types, a result not computed by a dequantize.
// CHECK-LABEL: func.func @kept(%arg0: tensor<4xf32>, %arg1: tensor<4xf32>) -> (tensor<4x!quant.uniform<i8:f32, 5.000000e-01>>, tensor<4xf32>, tensor<4x!quant.uniform<i8:f32, 5.000000e-01>>, tensor<4x!quant.uniform<i8:f32, 2.500000e-01>>)
// CHECK-COUNT-3: "graph.quantize"
func.func @kept(%x: tensor<4xf32>, %y: tensor<4xf32>) -> (tensor<4x!quant.uniform<i8:f32, 0.5>>, tensor<4xf32>, tensor<4x!quant.uniform<i8:f32, 0.5>>, tensor<4x!quant.uniform<i8:f32, 0.25>>) {
  %q = "graph.quantize"(%x) {qtype = !quant.uniform<i8:f32, 0.5>, rounding = "even"} : (tensor<4xf32>) -> tensor<4x!quant.uniform<i8:f32, 0.5>>
  %n = "graph.neg"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %a = "graph.quantize"(%y) {qtype = !quant.uniform<i8:f32, 0.5>, rounding = "even"} : (tensor<4xf32>) -> tensor<4x!quant.uniform<i8:f32, 0.5>>
  %b = "graph.quantize"(%y) {qtype = !quant.uniform<i8:f32, 0.25>, rounding = "even"} : (tensor<4xf32>) -> tensor<4x!quant.uniform<i8:f32, 0.25>>
  return %q, %n, %a, %b : tensor<4x!quant.uniform<i8:f32, 0.5>>, tensor<4xf32>, tensor<4x!quant.uniform<i8:f32, 0.5>>, tensor<4x!quant.uniform<i8:f32, 0.25>>
}
