// idioms (passes/idioms.c): decompositions become single ops. npu-run
// before and after: hard-swish, hard-sigmoid and the matmul are bit
// exact; layer norm within 1e-6 (its kernel sums in double).
// RUN: npu-opt --split-input-file --idioms %s | FileCheck %s
// RUN: npu-opt --idioms %S/Inputs/idioms-run.mlir -o %t.mlir
// RUN: FileCheck %s --check-prefix=RUN-IR < %t.mlir
// RUN-IR-COUNT-2: graph.hard_swish
// RUN-IR: graph.hard_sigmoid
// RUN-IR: graph.layer_norm
// RUN-IR: graph.fully_connected
// RUN-IR-NOT: graph.div
// RUN: %npu_build/bin/npu-run %S/Inputs/idioms-run.mlir --seed=13 --output=%t.0.npy --output=%t.1.npy --output=%t.2.npy --output=%t.3.npy --output=%t.4.npy
// RUN: not %npu_build/bin/npu-run %t.mlir --seed=13 --compare=%t.0.npy --compare=%t.1.npy --compare=%t.2.npy --compare=%t.3.npy --compare=%t.4.npy --atol=0 --rtol=0 | FileCheck %s --check-prefix=SAME
// RUN: %npu_build/bin/npu-run %t.mlir --seed=13 --compare=%t.0.npy --compare=%t.1.npy --compare=%t.2.npy --compare=%t.3.npy --compare=%t.4.npy --atol=1e-6 --rtol=0 | FileCheck %s --check-prefix=CLOSE
// SAME: compare #0 {{.*}}: max abs error 0,
// SAME: compare #1 {{.*}}: max abs error 0,
// SAME: compare #2 {{.*}}: max abs error 0,
// SAME: compare #4 {{.*}}: max abs error 0,
// CLOSE-COUNT-5: outside tolerance: ok

// CHECK-LABEL: func.func @swish
// CHECK-NEXT: %[[A:.*]] = "graph.hard_swish"(%arg0)
// CHECK-NEXT: %[[B:.*]] = "graph.hard_swish"(%arg0)
// CHECK-NEXT: %[[C:.*]] = "graph.hard_sigmoid"(%arg0)
// CHECK-NEXT: return %[[A]], %[[B]], %[[C]]
func.func @swish(%x: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) {
  %three = "graph.constant"() {value = dense<3.0> : tensor<f32>} : () -> tensor<f32>
  %six = "graph.constant"() {value = dense<6.0> : tensor<f32>} : () -> tensor<f32>
  %a = "graph.add"(%x, %three) : (tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
  %c = "graph.clip"(%a) {min = 0.0 : f32, max = 6.0 : f32} : (tensor<8xf32>) -> tensor<8xf32>
  %m = "graph.mul"(%x, %c) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  %s1 = "graph.div"(%m, %six) : (tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
  %a2 = "graph.add"(%three, %x) {act_min = 0.0 : f32, act_max = 6.0 : f32} : (tensor<f32>, tensor<8xf32>) -> tensor<8xf32>
  %m2 = "graph.mul"(%a2, %x) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  %s2 = "graph.div"(%m2, %six) : (tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
  %a3 = "graph.add"(%x, %three) : (tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
  %r3 = "graph.relu6"(%a3) : (tensor<8xf32>) -> tensor<8xf32>
  %s3 = "graph.div"(%r3, %six) : (tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
  return %s1, %s2, %s3 : tensor<8xf32>, tensor<8xf32>, tensor<8xf32>
}

// -----
// Not applied: + 2 instead of + 3, / 5 instead of / 6, relu6(x + 3) used
// twice, the multiply by another value than the add's input.
// CHECK-LABEL: func.func @not_swish
// CHECK-NOT: graph.hard_
func.func @not_swish(%x: tensor<8xf32>, %y: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) {
  %two = "graph.constant"() {value = dense<2.0> : tensor<f32>} : () -> tensor<f32>
  %three = "graph.constant"() {value = dense<3.0> : tensor<f32>} : () -> tensor<f32>
  %five = "graph.constant"() {value = dense<5.0> : tensor<f32>} : () -> tensor<f32>
  %six = "graph.constant"() {value = dense<6.0> : tensor<f32>} : () -> tensor<f32>
  %a = "graph.add"(%x, %two) : (tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
  %r = "graph.relu6"(%a) : (tensor<8xf32>) -> tensor<8xf32>
  %s1 = "graph.div"(%r, %six) : (tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
  %b = "graph.add"(%x, %three) : (tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
  %q = "graph.relu6"(%b) : (tensor<8xf32>) -> tensor<8xf32>
  %s2 = "graph.div"(%q, %five) : (tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
  %s3 = "graph.div"(%q, %six) : (tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
  %c = "graph.add"(%x, %three) : (tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
  %p = "graph.relu6"(%c) : (tensor<8xf32>) -> tensor<8xf32>
  %m = "graph.mul"(%y, %p) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  %s4 = "graph.div"(%m, %six) : (tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
  return %s1, %s2, %s3, %s4, %q : tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>
}

// -----
// Layer norm over the last axis with gamma and beta; not over axis 0.
// CHECK-LABEL: func.func @ln
// CHECK: %[[L:.*]] = "graph.layer_norm"(%arg0, %{{.*}}, %{{.*}}) {axis = -1 : i64, epsilon = 9.99999974E-6 : f32}
// CHECK: "graph.reduce_mean"(%arg0) {axes = [0]
// CHECK-NOT: graph.layer_norm
func.func @ln(%x: tensor<2x4xf32>) -> (tensor<2x4xf32>, tensor<2x4xf32>) {
  %m = "graph.reduce_mean"(%x) {axes = [-1], keep_dims = true} : (tensor<2x4xf32>) -> tensor<2x1xf32>
  %d = "graph.sub"(%x, %m) : (tensor<2x4xf32>, tensor<2x1xf32>) -> tensor<2x4xf32>
  %two = "graph.constant"() {value = dense<2.0> : tensor<f32>} : () -> tensor<f32>
  %sq = "graph.pow"(%d, %two) : (tensor<2x4xf32>, tensor<f32>) -> tensor<2x4xf32>
  %v = "graph.reduce_mean"(%sq) {axes = [1], keep_dims = true} : (tensor<2x4xf32>) -> tensor<2x1xf32>
  %eps = "graph.constant"() {value = dense<1.0e-5> : tensor<f32>} : () -> tensor<f32>
  %ve = "graph.add"(%v, %eps) : (tensor<2x1xf32>, tensor<f32>) -> tensor<2x1xf32>
  %s = "graph.sqrt"(%ve) : (tensor<2x1xf32>) -> tensor<2x1xf32>
  %n = "graph.div"(%d, %s) : (tensor<2x4xf32>, tensor<2x1xf32>) -> tensor<2x4xf32>
  %g = "graph.constant"() {value = dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>} : () -> tensor<4xf32>
  %ng = "graph.mul"(%n, %g) : (tensor<2x4xf32>, tensor<4xf32>) -> tensor<2x4xf32>
  %y = "graph.add"(%g, %ng) : (tensor<4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  %m0 = "graph.reduce_mean"(%x) {axes = [0], keep_dims = true} : (tensor<2x4xf32>) -> tensor<1x4xf32>
  %d0 = "graph.sub"(%x, %m0) : (tensor<2x4xf32>, tensor<1x4xf32>) -> tensor<2x4xf32>
  %q0 = "graph.mul"(%d0, %d0) : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  %v0 = "graph.reduce_mean"(%q0) {axes = [0], keep_dims = true} : (tensor<2x4xf32>) -> tensor<1x4xf32>
  %e0 = "graph.add"(%v0, %eps) : (tensor<1x4xf32>, tensor<f32>) -> tensor<1x4xf32>
  %s0 = "graph.sqrt"(%e0) : (tensor<1x4xf32>) -> tensor<1x4xf32>
  %n0 = "graph.div"(%d0, %s0) : (tensor<2x4xf32>, tensor<1x4xf32>) -> tensor<2x4xf32>
  return %y, %n0 : tensor<2x4xf32>, tensor<2x4xf32>
}

// -----
// A matmul by constant weights is a fully connected layer ([K, N]
// weights transposed to [N, K]); not with transpose_a or a non-constant
// right operand.
// CHECK-LABEL: func.func @fc
// CHECK: %[[W:.*]] = "graph.constant"() {value = dense<{{\[\[}}1.000000e+00, 3.000000e+00], [2.000000e+00, 4.000000e+00]]> : tensor<2x2xf32>}
// CHECK: "graph.fully_connected"(%arg0, %[[W]])
// CHECK: "graph.matmul"(%arg0, %{{.*}}) {transpose_a = true}
// CHECK: "graph.matmul"(%arg0, %arg0)
func.func @fc(%x: tensor<2x2xf32>) -> (tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>) {
  %w = "graph.constant"() {value = dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>} : () -> tensor<2x2xf32>
  %a = "graph.matmul"(%x, %w) : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
  %b = "graph.matmul"(%x, %w) {transpose_a = true} : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
  %c = "graph.matmul"(%x, %x) : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
  return %a, %b, %c : tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>
}
