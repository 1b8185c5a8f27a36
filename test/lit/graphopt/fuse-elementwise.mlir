// fuse-elementwise (passes/fuse_elementwise.c) and graph.fused
// (dialects/graph/fused.c): elementwise chains become one op holding a
// region; npu-run runs the region, bit exact.
// RUN: npu-opt --split-input-file --fuse-elementwise %s | FileCheck %s
// RUN: npu-opt --fuse-elementwise %S/Inputs/ew-run.mlir -o %t.mlir
// RUN: npu-opt %t.mlir --print-op-generic | npu-opt | diff - %t.mlir
// RUN: %npu_build/bin/npu-run %S/Inputs/ew-run.mlir --seed=29 --output=%t.0.npy --output=%t.1.npy
// RUN: %npu_build/bin/npu-run %t.mlir --seed=29 --compare=%t.0.npy --compare=%t.1.npy --atol=0 --rtol=0 | FileCheck %s --check-prefix=SAME
// RUN: npu-opt --split-input-file --verify-diagnostics %S/Inputs/fused-invalid.mlir
// SAME-COUNT-2: max abs error 0, {{.*}} ok

// CHECK-LABEL: func.func @chain
// CHECK-NEXT: %[[F:.*]] = "graph.fused"(%arg0, %arg1) ({
// CHECK-NEXT: ^bb0(%[[A:.*]]: tensor<8xf32>, %[[B:.*]]: tensor<8xf32>):
// CHECK-NEXT: %[[S:.*]] = "graph.add"(%[[A]], %[[B]])
// CHECK-NEXT: %[[R:.*]] = "graph.relu"(%[[S]])
// CHECK-NEXT: %[[M:.*]] = "graph.mul"(%[[R]], %[[A]])
// CHECK-NEXT: "graph.yield"(%[[M]])
// CHECK-NEXT: })
// CHECK-NEXT: return %[[F]]
func.func @chain(%x: tensor<8xf32>, %y: tensor<8xf32>) -> tensor<8xf32> {
  %a = "graph.add"(%x, %y) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  %r = "graph.relu"(%a) : (tensor<8xf32>) -> tensor<8xf32>
  %m = "graph.mul"(%r, %x) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  return %m : tensor<8xf32>
}

// -----
// Not fused: a value with two users, a broadcast to a bigger shape, a
// non-elementwise op between.
// CHECK-LABEL: func.func @kept
// CHECK-NOT: graph.fused
func.func @kept(%x: tensor<4xf32>, %y: tensor<2x4xf32>, %w: tensor<1x2xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<2x4xf32>, tensor<2x1xf32>) {
  %a = "graph.relu"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %b = "graph.neg"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  %c = "graph.abs"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %d = "graph.add"(%c, %y) : (tensor<4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  %e = "graph.sigmoid"(%y) : (tensor<2x4xf32>) -> tensor<2x4xf32>
  %f = "graph.reduce_sum"(%e) {axes = [1], keep_dims = true} : (tensor<2x4xf32>) -> tensor<2x1xf32>
  %g = "graph.exp"(%f) : (tensor<2x1xf32>) -> tensor<2x1xf32>
  return %a, %b, %d, %g : tensor<4xf32>, tensor<4xf32>, tensor<2x4xf32>, tensor<2x1xf32>
}
