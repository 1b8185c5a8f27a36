// idioms (passes/idioms.c): x * sigmoid(x) -> graph.silu, the erf and
// tanh GELUs -> graph.gelu. npu-run before and after on inputs over
// [-6, 6): SiLU bit exact (the kernel does the same two f32 steps), the
// GELUs within 2e-7 (the kernel's f32 steps are ordered differently).
// RUN: npu-opt --split-input-file --idioms %s | FileCheck %s
// RUN: npu-opt --idioms %S/Inputs/silu-gelu-run.mlir -o %t.mlir
// RUN: FileCheck %s --check-prefix=RUN-IR < %t.mlir
// RUN-IR: graph.silu
// RUN-IR-COUNT-4: graph.gelu
// RUN-IR-NOT: graph.erf
// RUN-IR-NOT: graph.tanh
// RUN-IR-NOT: graph.sigmoid
// RUN: %npu_build/bin/npu-run %S/Inputs/silu-gelu-run.mlir --seed=5 --output=%t.0.npy --output=%t.1.npy --output=%t.2.npy --output=%t.3.npy --output=%t.4.npy
// RUN: %npu_build/bin/npu-run %t.mlir --seed=5 --compare=%t.0.npy --atol=0 --rtol=0 --compare=%t.1.npy --compare=%t.2.npy --compare=%t.3.npy --compare=%t.4.npy --atol=2e-7 --rtol=0 | FileCheck %s --check-prefix=CMP
// CMP: compare #0 {{.*}}: max abs error 0,
// CMP-COUNT-4: outside tolerance: ok

// CHECK-LABEL: func.func @silu
// CHECK-NEXT: %[[A:.*]] = "graph.silu"(%arg0)
// CHECK-NEXT: %[[B:.*]] = "graph.silu"(%arg0)
// CHECK-NEXT: return %[[A]], %[[B]]
func.func @silu(%x: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
  %s = "graph.sigmoid"(%x) : (tensor<8xf32>) -> tensor<8xf32>
  %a = "graph.mul"(%x, %s) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  %t = "graph.sigmoid"(%x) : (tensor<8xf32>) -> tensor<8xf32>
  %b = "graph.mul"(%t, %x) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  return %a, %b : tensor<8xf32>, tensor<8xf32>
}

// -----
// Not applied: the sigmoid used twice, a multiply by another value, a
// fused clamp on the multiply, quantized.
// CHECK-LABEL: func.func @not_silu
// CHECK-NOT: graph.silu
func.func @not_silu(%x: tensor<8xf32>, %y: tensor<8xf32>, %q: tensor<8x!quant.uniform<i8:f32, 0.1>>) -> (tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8x!quant.uniform<i8:f32, 0.1>>) {
  %s = "graph.sigmoid"(%x) : (tensor<8xf32>) -> tensor<8xf32>
  %a = "graph.mul"(%x, %s) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  %t = "graph.sigmoid"(%x) : (tensor<8xf32>) -> tensor<8xf32>
  %b = "graph.mul"(%y, %t) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  %u = "graph.sigmoid"(%x) : (tensor<8xf32>) -> tensor<8xf32>
  %c = "graph.mul"(%x, %u) {act_min = 0.0 : f32, act_max = 6.0 : f32} : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  %qs = "graph.sigmoid"(%q) : (tensor<8x!quant.uniform<i8:f32, 0.1>>) -> tensor<8x!quant.uniform<i8:f32, 0.1>>
  %qm = "graph.mul"(%q, %qs) : (tensor<8x!quant.uniform<i8:f32, 0.1>>, tensor<8x!quant.uniform<i8:f32, 0.1>>) -> tensor<8x!quant.uniform<i8:f32, 0.1>>
  return %a, %b, %c, %s, %qm : tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8x!quant.uniform<i8:f32, 0.1>>
}

// -----
// CHECK-LABEL: func.func @gelu
// CHECK-NEXT: %[[A:.*]] = "graph.gelu"(%arg0) : (tensor<8xf32>)
// CHECK-NEXT: %[[B:.*]] = "graph.gelu"(%arg0) {approximate = true} : (tensor<8xf32>)
// CHECK-NEXT: return %[[A]], %[[B]]
func.func @gelu(%x: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
  %half = "graph.constant"() {value = dense<0.5> : tensor<f32>} : () -> tensor<f32>
  %one = "graph.constant"() {value = dense<1.0> : tensor<f32>} : () -> tensor<f32>
  %sqrt2 = "graph.constant"() {value = dense<1.4142135623730951> : tensor<f32>} : () -> tensor<f32>
  %d = "graph.div"(%x, %sqrt2) : (tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
  %e = "graph.erf"(%d) : (tensor<8xf32>) -> tensor<8xf32>
  %a = "graph.add"(%e, %one) : (tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
  %m = "graph.mul"(%a, %x) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  %g = "graph.mul"(%half, %m) : (tensor<f32>, tensor<8xf32>) -> tensor<8xf32>
  %c1 = "graph.constant"() {value = dense<0.7978845608> : tensor<f32>} : () -> tensor<f32>
  %c2 = "graph.constant"() {value = dense<0.044715> : tensor<f32>} : () -> tensor<f32>
  %sq = "graph.mul"(%x, %x) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  %cu = "graph.mul"(%sq, %x) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  %q = "graph.mul"(%cu, %c2) : (tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
  %r = "graph.add"(%x, %q) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  %t = "graph.mul"(%r, %c1) : (tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
  %th = "graph.tanh"(%t) : (tensor<8xf32>) -> tensor<8xf32>
  %a2 = "graph.add"(%th, %one) : (tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
  %h = "graph.mul"(%x, %half) : (tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
  %g2 = "graph.mul"(%h, %a2) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  return %g, %g2 : tensor<8xf32>, tensor<8xf32>
}

// -----
// Not applied: divided by 2 instead of sqrt 2, erf of another value,
// + 2 instead of + 1, 0.4 instead of 0.5, the erf used twice, 0.05
// instead of 0.044715, x^2 instead of x^3, a fused clamp on the product.
// CHECK-LABEL: func.func @not_gelu
// CHECK-NOT: graph.gelu
func.func @not_gelu(%x: tensor<8xf32>, %y: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) {
  %half = "graph.constant"() {value = dense<0.5> : tensor<f32>} : () -> tensor<f32>
  %p4 = "graph.constant"() {value = dense<0.4> : tensor<f32>} : () -> tensor<f32>
  %one = "graph.constant"() {value = dense<1.0> : tensor<f32>} : () -> tensor<f32>
  %two = "graph.constant"() {value = dense<2.0> : tensor<f32>} : () -> tensor<f32>
  %sqrt2 = "graph.constant"() {value = dense<1.41421354> : tensor<f32>} : () -> tensor<f32>
  %d1 = "graph.div"(%x, %two) : (tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
  %e1 = "graph.erf"(%d1) : (tensor<8xf32>) -> tensor<8xf32>
  %a1 = "graph.add"(%e1, %one) : (tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
  %m1 = "graph.mul"(%x, %a1) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  %g1 = "graph.mul"(%m1, %half) : (tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
  %d2 = "graph.div"(%y, %sqrt2) : (tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
  %e2 = "graph.erf"(%d2) : (tensor<8xf32>) -> tensor<8xf32>
  %a2 = "graph.add"(%e2, %one) : (tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
  %m2 = "graph.mul"(%x, %a2) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  %g2 = "graph.mul"(%m2, %half) : (tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
  %d3 = "graph.div"(%x, %sqrt2) : (tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
  %e3 = "graph.erf"(%d3) : (tensor<8xf32>) -> tensor<8xf32>
  %a3 = "graph.add"(%e3, %two) : (tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
  %m3 = "graph.mul"(%x, %a3) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  %g3 = "graph.mul"(%m3, %half) : (tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
  %d4 = "graph.div"(%x, %sqrt2) : (tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
  %e4 = "graph.erf"(%d4) : (tensor<8xf32>) -> tensor<8xf32>
  %a4 = "graph.add"(%e4, %one) : (tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
  %m4 = "graph.mul"(%x, %a4) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  %g4 = "graph.mul"(%m4, %p4) : (tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
  %d5 = "graph.div"(%x, %sqrt2) : (tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
  %e5 = "graph.erf"(%d5) : (tensor<8xf32>) -> tensor<8xf32>
  %a5 = "graph.add"(%e5, %one) : (tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
  %m5 = "graph.mul"(%x, %a5) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  %g5 = "graph.mul"(%m5, %half) : (tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
  %c1 = "graph.constant"() {value = dense<0.7978845608> : tensor<f32>} : () -> tensor<f32>
  %c2 = "graph.constant"() {value = dense<0.05> : tensor<f32>} : () -> tensor<f32>
  %c3 = "graph.constant"() {value = dense<0.044715> : tensor<f32>} : () -> tensor<f32>
  %sq = "graph.mul"(%x, %x) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  %cu = "graph.mul"(%sq, %x) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  %q = "graph.mul"(%cu, %c2) : (tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
  %r = "graph.add"(%x, %q) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  %t = "graph.mul"(%r, %c1) : (tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
  %th = "graph.tanh"(%t) : (tensor<8xf32>) -> tensor<8xf32>
  %a6 = "graph.add"(%th, %one) : (tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
  %h6 = "graph.mul"(%x, %half) : (tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
  %g6 = "graph.mul"(%h6, %a6) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  %sq7 = "graph.mul"(%x, %x) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  %q7 = "graph.mul"(%sq7, %c3) : (tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
  %r7 = "graph.add"(%x, %q7) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  %t7 = "graph.mul"(%r7, %c1) : (tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
  %th7 = "graph.tanh"(%t7) : (tensor<8xf32>) -> tensor<8xf32>
  %a7 = "graph.add"(%th7, %one) : (tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
  %h7 = "graph.mul"(%x, %half) : (tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
  %g7 = "graph.mul"(%h7, %a7) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  %d8 = "graph.div"(%x, %sqrt2) : (tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
  %e8 = "graph.erf"(%d8) : (tensor<8xf32>) -> tensor<8xf32>
  %a8 = "graph.add"(%e8, %one) : (tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
  %m8 = "graph.mul"(%x, %a8) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  %g8 = "graph.mul"(%m8, %half) {act_min = 0.0 : f32, act_max = 6.0 : f32} : (tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
  return %g1, %g2, %g3, %g4, %g5, %e5, %g6, %g7, %g8 : tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>
}
