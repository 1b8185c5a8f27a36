// layout and fold-transposes (passes/layout.c, fold_transposes.c): NCHW
// ops become NHWC, transposes move down until they cancel, so only the
// function's edges keep one (none with edges=nhwc). npu-run before and
// after agree within 1e-5 (the NHWC kernels sum in another order).
// RUN: npu-opt --layout %S/Inputs/nchw-run.mlir | FileCheck %s
// RUN: npu-opt --layout=edges=nhwc %S/Inputs/nchw-run.mlir | FileCheck %s --check-prefix=EDGES
// RUN: npu-opt --layout %S/Inputs/nchw-run.mlir -o %t.mlir
// RUN: %npu_build/bin/npu-run %S/Inputs/nchw-run.mlir --seed=19 --output=%t.0.npy
// RUN: %npu_build/bin/npu-run %t.mlir --seed=19 --compare=%t.0.npy --atol=1e-5 --rtol=0 | FileCheck %s --check-prefix=SAME
// RUN: not npu-opt --layout=to=nchw %s 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: npu-opt --split-input-file --fold-transposes %s | FileCheck %s --check-prefix=FOLD
// CHECK: func.func @main(%arg0: tensor<1x2x6x6xf32>) -> tensor<1x4x3x3xf32>
// CHECK: %[[T:.*]] = "graph.transpose"(%arg0) {perm = [0, 2, 3, 1]}
// CHECK-NOT: graph.transpose
// CHECK: "graph.transpose"({{.*}}) {perm = [0, 3, 1, 2]} : (tensor<1x3x3x4xf32>) -> tensor<1x4x3x3xf32>
// CHECK-NEXT: return
// CHECK-NOT: NCHW
// EDGES: func.func @main(%arg0: tensor<1x6x6x2xf32>) -> tensor<1x3x3x4xf32>
// EDGES-NOT: graph.transpose
// SAME: 0 of 36 outside tolerance: ok
// BAD: error: invalid value 'nchw' for option 'to' (expected one of 'nhwc')

// A transpose moves below relu, and below an add with a constant (which
// folds transposed back); the pair then cancels.
// FOLD-LABEL: func.func @sink
// FOLD-NEXT: %[[C:.*]] = "graph.constant"() {value = dense<{{\[\[}}1.000000e+00, 3.000000e+00], [2.000000e+00, 4.000000e+00]]> : tensor<2x2xf32>}
// FOLD-NEXT: %[[R:.*]] = "graph.relu"(%arg0)
// FOLD-NEXT: %[[A:.*]] = "graph.add"(%[[R]], %[[C]])
// FOLD-NEXT: return %[[A]]
func.func @sink(%x: tensor<2x2xf32>) -> tensor<2x2xf32> {
  %t = "graph.transpose"(%x) {perm = [1, 0]} : (tensor<2x2xf32>) -> tensor<2x2xf32>
  %r = "graph.relu"(%t) : (tensor<2x2xf32>) -> tensor<2x2xf32>
  %c = "graph.constant"() {value = dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>} : () -> tensor<2x2xf32>
  %a = "graph.add"(%r, %c) : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
  %u = "graph.transpose"(%a) {perm = [1, 0]} : (tensor<2x2xf32>) -> tensor<2x2xf32>
  return %u : tensor<2x2xf32>
}

// -----
// Two inputs under the same transpose: one transpose after; a concat's
// axis follows the permutation (axis 1 of [0, 2, 1] is axis 2).
// FOLD-LABEL: func.func @concat
// FOLD-NEXT: %[[C:.*]] = "graph.concat"(%arg0, %arg1) {axis = 2 : i64} : (tensor<1x2x3xf32>, tensor<1x2x3xf32>) -> tensor<1x2x6xf32>
// FOLD-NEXT: "graph.transpose"(%[[C]]) {perm = [0, 2, 1]}
func.func @concat(%x: tensor<1x2x3xf32>, %y: tensor<1x2x3xf32>) -> tensor<1x6x2xf32> {
  %a = "graph.transpose"(%x) {perm = [0, 2, 1]} : (tensor<1x2x3xf32>) -> tensor<1x3x2xf32>
  %b = "graph.transpose"(%y) {perm = [0, 2, 1]} : (tensor<1x2x3xf32>) -> tensor<1x3x2xf32>
  %c = "graph.concat"(%a, %b) {axis = 1} : (tensor<1x3x2xf32>, tensor<1x3x2xf32>) -> tensor<1x6x2xf32>
  return %c : tensor<1x6x2xf32>
}

// -----
// Not moved: different permutations, a transpose with two users, a
// non-constant other operand.
// FOLD-LABEL: func.func @kept
// FOLD: "graph.add"(%{{.*}}, %{{.*}}) : (tensor<2x3x4xf32>, tensor<2x3x4xf32>)
// FOLD: "graph.relu"(%{{.*}}) : (tensor<3x2xf32>)
// FOLD: "graph.mul"(%{{.*}}, %arg3) : (tensor<3x2xf32>, tensor<3x2xf32>)
func.func @kept(%x: tensor<4x3x2xf32>, %y: tensor<3x4x2xf32>, %z: tensor<2x3xf32>, %w: tensor<3x2xf32>) -> (tensor<2x3x4xf32>, tensor<3x2xf32>, tensor<3x2xf32>, tensor<3x2xf32>) {
  %a = "graph.transpose"(%x) {perm = [2, 1, 0]} : (tensor<4x3x2xf32>) -> tensor<2x3x4xf32>
  %b = "graph.transpose"(%y) {perm = [2, 0, 1]} : (tensor<3x4x2xf32>) -> tensor<2x3x4xf32>
  %s = "graph.add"(%a, %b) : (tensor<2x3x4xf32>, tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  %t = "graph.transpose"(%z) {perm = [1, 0]} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %r = "graph.relu"(%t) : (tensor<3x2xf32>) -> tensor<3x2xf32>
  %t2 = "graph.transpose"(%z) {perm = [1, 0]} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %m = "graph.mul"(%t2, %w) : (tensor<3x2xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
  return %s, %r, %t, %m : tensor<2x3x4xf32>, tensor<3x2xf32>, tensor<3x2xf32>, tensor<3x2xf32>
}
