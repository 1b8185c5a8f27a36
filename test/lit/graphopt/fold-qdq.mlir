// fold-qdq (passes/fold_qdq.c): QDQ patterns become ops on quantized
// types. Monotone ops and data movement are exact: npu-run gives the
// same results before and after (Inputs/qdq-run.mlir); a convolution's
// integer bias and rounding cost at most one step of its result.
// RUN: npu-opt --split-input-file --fold-qdq %s | FileCheck %s --check-prefixes=CHECK,EXACT
// RUN: npu-opt --split-input-file --fold-qdq=mode=int8 %s | FileCheck %s --check-prefixes=CHECK,INT8
// RUN: not npu-opt --fold-qdq=mode=int4 %s 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: <pass-pipeline>:1:15: error: invalid value 'int4' for option 'mode' (expected one of 'exact', 'int8')
// RUN: npu-opt --fold-qdq %S/Inputs/qdq-run.mlir -o %t.mlir
// RUN: FileCheck %s --check-prefix=RUN-IR < %t.mlir
// RUN-IR: "graph.quantize"(%arg0)
// RUN-IR-NOT: "graph.quantize"
// RUN-IR: "graph.dequantize"
// RUN-IR-NEXT: return
// RUN: %npu_build/bin/npu-run %S/Inputs/qdq-run.mlir --seed=11 --output=%t.0.npy
// RUN: %npu_build/bin/npu-run %t.mlir --seed=11 --compare=%t.0.npy --atol=0 --rtol=0 | FileCheck %s --check-prefix=SAME
// SAME: max abs error 0, max rel error 0, 0 of 16 outside tolerance: ok

// A conv between dequantize and quantize: quantized operands, the float
// bias as int32 (0.1 / (0.0078125 * 0.01) = 1280, -0.2 / (0.0078125 *
// 0.02) = -1280).
// CHECK-LABEL: func.func @conv
// CHECK: %[[Q:.*]] = "graph.quantize"(%arg0)
// CHECK-DAG: %[[W:.*]] = "graph.constant"() {value = dense<{{.*}}> : tensor<2x1x1x3xi8>} : () -> tensor<2x1x1x3x!quant.uniform<i8:f32:0, {1.000000e-02,2.000000e-02}>>
// CHECK-DAG: %[[B:.*]] = "graph.constant"() {value = dense<[1280, -1280]> : tensor<2xi32>}
// CHECK: %[[C:.*]] = "graph.conv2d"(%[[Q]], %[[W]], %[[B]]) {layout = "NCHW", padding = [0, 0, 1, 1]} : ({{.*}}) -> tensor<1x2x4x4x!quant.uniform<i8:f32, 1.000000e-02:3>>
// CHECK-NEXT: %[[D:.*]] = "graph.dequantize"(%[[C]])
// CHECK-NEXT: return %[[D]]
func.func @conv(%x: tensor<1x1x4x4xf32>) -> tensor<1x2x4x4xf32> {
  %q = "graph.quantize"(%x) {qtype = !quant.uniform<i8:f32, 0.0078125>, rounding = "even"} : (tensor<1x1x4x4xf32>) -> tensor<1x1x4x4x!quant.uniform<i8:f32, 0.0078125>>
  %d = "graph.dequantize"(%q) : (tensor<1x1x4x4x!quant.uniform<i8:f32, 0.0078125>>) -> tensor<1x1x4x4xf32>
  %wq = "graph.constant"() {value = dense<[[[[10, -20, 30]]], [[[-40, 50, 60]]]]> : tensor<2x1x1x3xi8>} : () -> tensor<2x1x1x3x!quant.uniform<i8:f32:0, {0.01, 0.02}>>
  %w = "graph.dequantize"(%wq) : (tensor<2x1x1x3x!quant.uniform<i8:f32:0, {0.01, 0.02}>>) -> tensor<2x1x1x3xf32>
  %b = "graph.constant"() {value = dense<[0.1, -0.2]> : tensor<2xf32>} : () -> tensor<2xf32>
  %c = "graph.conv2d"(%d, %w, %b) {layout = "NCHW", padding = [0, 0, 1, 1]} : (tensor<1x1x4x4xf32>, tensor<2x1x1x3xf32>, tensor<2xf32>) -> tensor<1x2x4x4xf32>
  %o = "graph.quantize"(%c) {qtype = !quant.uniform<i8:f32, 0.01:3>, rounding = "even"} : (tensor<1x2x4x4xf32>) -> tensor<1x2x4x4x!quant.uniform<i8:f32, 0.01:3>>
  %od = "graph.dequantize"(%o) : (tensor<1x2x4x4x!quant.uniform<i8:f32, 0.01:3>>) -> tensor<1x2x4x4xf32>
  return %od : tensor<1x2x4x4xf32>
}

// -----
// Dequantize then quantize: nothing, or a requantize to new parameters.
// CHECK-LABEL: func.func @pairs
// CHECK-NEXT: %[[R:.*]] = "graph.requantize"(%arg0) {qtype = !quant.uniform<i8:f32, 2.000000e-01>}
// CHECK-NEXT: return %arg0, %[[R]]
func.func @pairs(%q: tensor<4x!quant.uniform<i8:f32, 0.1>>) -> (tensor<4x!quant.uniform<i8:f32, 0.1>>, tensor<4x!quant.uniform<i8:f32, 0.2>>) {
  %d = "graph.dequantize"(%q) : (tensor<4x!quant.uniform<i8:f32, 0.1>>) -> tensor<4xf32>
  %a = "graph.quantize"(%d) {qtype = !quant.uniform<i8:f32, 0.1>, rounding = "even"} : (tensor<4xf32>) -> tensor<4x!quant.uniform<i8:f32, 0.1>>
  %b = "graph.quantize"(%d) {qtype = !quant.uniform<i8:f32, 0.2>, rounding = "even"} : (tensor<4xf32>) -> tensor<4x!quant.uniform<i8:f32, 0.2>>
  return %a, %b : tensor<4x!quant.uniform<i8:f32, 0.1>>, tensor<4x!quant.uniform<i8:f32, 0.2>>
}

// -----
// mode=int8: a leaky relu's input gets parameters covering its output's
// range over alpha: output [-0.4, 2.15] (scale 0.01, zero point -88 over
// [-128, 127]), input [-2, 2.15]: scale 4.15 / 255, zero point -5. Not
// exact, so not in the default mode.
// CHECK-LABEL: func.func @leaky
// EXACT: "graph.leaky_relu"(%arg0) {{.*}}: (tensor<4xf32>)
// INT8: "graph.quantize"(%arg0) {qtype = !quant.uniform<i8:f32, 0.01627450{{[0-9]*}}:-5>
// INT8: "graph.leaky_relu"({{.*}}) -> tensor<4x!quant.uniform<i8:f32, 1.000000e-02:-88>>
func.func @leaky(%x: tensor<4xf32>) -> tensor<4x!quant.uniform<i8:f32, 0.01:-88>> {
  %l = "graph.leaky_relu"(%x) {alpha = 0.2 : f32} : (tensor<4xf32>) -> tensor<4xf32>
  %q = "graph.quantize"(%l) {qtype = !quant.uniform<i8:f32, 0.01:-88>, rounding = "even"} : (tensor<4xf32>) -> tensor<4x!quant.uniform<i8:f32, 0.01:-88>>
  return %q : tensor<4x!quant.uniform<i8:f32, 0.01:-88>>
}

// -----
// mode=int8 after fuse-activations (graph-optimize, then fold-qdq
// int8): the leaky relu's fused clamp, real bounds [-0.1, 1.0], becomes
// the storage integers of its new quantized result: -0.1 / 0.01 - 88 =
// -98 and 1.0 / 0.01 - 88 = 12 (it stayed a float clamp, which the
// verifier rejects on a quantized result).
// CHECK-LABEL: func.func @leaky_clamped
// EXACT: "graph.leaky_relu"(%arg0) {act_max = 1.000000e+00 : f32, act_min = -1.000000e-01 : f32, {{.*}}: (tensor<4xf32>)
// INT8: "graph.leaky_relu"({{.*}}) {act_max = 1.200000e+01 : f32, act_min = -9.800000e+01 : f32, {{.*}} -> tensor<4x!quant.uniform<i8:f32, 1.000000e-02:-88>>
func.func @leaky_clamped(%x: tensor<4xf32>) -> tensor<4x!quant.uniform<i8:f32, 0.01:-88>> {
  %l = "graph.leaky_relu"(%x) {alpha = 0.2 : f32, act_min = -0.1 : f32, act_max = 1.0 : f32} : (tensor<4xf32>) -> tensor<4xf32>
  %q = "graph.quantize"(%l) {qtype = !quant.uniform<i8:f32, 0.01:-88>, rounding = "even"} : (tensor<4xf32>) -> tensor<4x!quant.uniform<i8:f32, 0.01:-88>>
  return %q : tensor<4x!quant.uniform<i8:f32, 0.01:-88>>
}

// -----
// Not applied: an add with an operand the model does not quantize (no
// parameters for it; mode=int8 gives it [out_lo - a_hi, out_hi - a_lo] =
// [-12.8 - 12.7, 12.7 + 12.8], scale 0.2, zero point 0); a conv whose
// weights are not constant. A relu whose result has another user stays
// in float; mode=int8 has that user read the quantized value
// (dequantize(quantize(relu))), then the quantize moves before the relu.
// CHECK-LABEL: func.func @not_applied
// EXACT: "graph.add"({{.*}}) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// INT8: %[[B:.*]] = "graph.quantize"(%arg1) {qtype = !quant.uniform<i8:f32, 2.000000e-01>
// INT8: "graph.add"(%arg0, %[[B]])
// CHECK: "graph.conv2d"({{.*}}) : (tensor<1x1x1x2xf32>, tensor<1x1x1x2xf32>) -> tensor<1x1x1x1xf32>
// EXACT: %[[R:.*]] = "graph.relu"(%arg4)
// EXACT-NEXT: "graph.neg"(%[[R]])
// INT8: %[[Q:.*]] = "graph.quantize"(%arg4)
// INT8-NEXT: %[[R:.*]] = "graph.relu"(%[[Q]])
// INT8-NEXT: %[[D:.*]] = "graph.dequantize"(%[[R]])
// INT8-NEXT: "graph.neg"(%[[D]])
func.func @not_applied(%a: tensor<4x!quant.uniform<i8:f32, 0.1>>, %b: tensor<4xf32>, %x: tensor<1x1x1x2x!quant.uniform<i8:f32, 0.1>>, %w: tensor<1x1x1x2x!quant.uniform<i8:f32, 0.1>>, %r: tensor<4xf32>) -> (tensor<4x!quant.uniform<i8:f32, 0.1>>, tensor<1x1x1x1x!quant.uniform<i8:f32, 0.1>>, tensor<4x!quant.uniform<i8:f32, 0.1>>, tensor<4xf32>) {
  %da = "graph.dequantize"(%a) : (tensor<4x!quant.uniform<i8:f32, 0.1>>) -> tensor<4xf32>
  %s = "graph.add"(%da, %b) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %qs = "graph.quantize"(%s) {qtype = !quant.uniform<i8:f32, 0.1>, rounding = "even"} : (tensor<4xf32>) -> tensor<4x!quant.uniform<i8:f32, 0.1>>
  %dx = "graph.dequantize"(%x) : (tensor<1x1x1x2x!quant.uniform<i8:f32, 0.1>>) -> tensor<1x1x1x2xf32>
  %dw = "graph.dequantize"(%w) : (tensor<1x1x1x2x!quant.uniform<i8:f32, 0.1>>) -> tensor<1x1x1x2xf32>
  %c = "graph.conv2d"(%dx, %dw) : (tensor<1x1x1x2xf32>, tensor<1x1x1x2xf32>) -> tensor<1x1x1x1xf32>
  %qc = "graph.quantize"(%c) {qtype = !quant.uniform<i8:f32, 0.1>, rounding = "even"} : (tensor<1x1x1x1xf32>) -> tensor<1x1x1x1x!quant.uniform<i8:f32, 0.1>>
  %rr = "graph.relu"(%r) : (tensor<4xf32>) -> tensor<4xf32>
  %n = "graph.neg"(%rr) : (tensor<4xf32>) -> tensor<4xf32>
  %qr = "graph.quantize"(%rr) {qtype = !quant.uniform<i8:f32, 0.1>, rounding = "even"} : (tensor<4xf32>) -> tensor<4x!quant.uniform<i8:f32, 0.1>>
  return %qs, %qc, %qr, %n : tensor<4x!quant.uniform<i8:f32, 0.1>>, tensor<1x1x1x1x!quant.uniform<i8:f32, 0.1>>, tensor<4x!quant.uniform<i8:f32, 0.1>>, tensor<4xf32>
}
