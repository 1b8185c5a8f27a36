// merge-fc (passes/merge_fc.c): fully connected layers sharing an input
// become one wider layer and slices; npu-run gives the same bits.
// RUN: npu-opt --merge-fc %s | FileCheck %s
// RUN: npu-opt --merge-fc %s -o %t.mlir
// RUN: %npu_build/bin/npu-run %s --seed=23 --output=%t.0.npy --output=%t.1.npy --output=%t.2.npy --output=%t.3.npy
// RUN: %npu_build/bin/npu-run %t.mlir --seed=23 --compare=%t.0.npy --compare=%t.1.npy --compare=%t.2.npy --compare=%t.3.npy --atol=0 --rtol=0 | FileCheck %s --check-prefix=SAME
// SAME-COUNT-4: max abs error 0, {{.*}} ok
// The first two merge (weights stacked, the missing bias zeros); the
// third reads another input, the fourth has another fused activation.
// CHECK-DAG: %[[W:.*]] = "graph.constant"() {value = dense<{{\[\[}}1.000000e+00, 2.000000e+00], [3.000000e+00, 4.000000e+00], [5.000000e+00, 6.000000e+00]]> : tensor<3x2xf32>}
// CHECK-DAG: %[[B:.*]] = "graph.constant"() {value = dense<[5.000000e-01, 0.000000e+00, 0.000000e+00]> : tensor<3xf32>}
// CHECK: %[[F:.*]] = "graph.fully_connected"(%arg0, %[[W]], %[[B]]) : (tensor<4x2xf32>, tensor<3x2xf32>, tensor<3xf32>) -> tensor<4x3xf32>
// CHECK-NEXT: %[[S1:.*]] = "graph.slice"(%[[F]]) {begin = [0, 0], size = [4, 1]}
// CHECK-NEXT: %[[S2:.*]] = "graph.slice"(%[[F]]) {begin = [0, 1], size = [4, 2]}
// CHECK: "graph.fully_connected"(%arg1,
// CHECK: "graph.fully_connected"(%arg0, {{.*}}) {act_min
// CHECK: return %[[S1]], %[[S2]]
func.func @main(%x: tensor<4x2xf32>, %y: tensor<4x2xf32>) -> (tensor<4x1xf32>, tensor<4x2xf32>, tensor<4x1xf32>, tensor<4x1xf32>) {
  %w1 = "graph.constant"() {value = dense<[[1.0, 2.0]]> : tensor<1x2xf32>} : () -> tensor<1x2xf32>
  %b1 = "graph.constant"() {value = dense<[0.5]> : tensor<1xf32>} : () -> tensor<1xf32>
  %w2 = "graph.constant"() {value = dense<[[3.0, 4.0], [5.0, 6.0]]> : tensor<2x2xf32>} : () -> tensor<2x2xf32>
  %a = "graph.fully_connected"(%x, %w1, %b1) : (tensor<4x2xf32>, tensor<1x2xf32>, tensor<1xf32>) -> tensor<4x1xf32>
  %b = "graph.fully_connected"(%x, %w2) : (tensor<4x2xf32>, tensor<2x2xf32>) -> tensor<4x2xf32>
  %c = "graph.fully_connected"(%y, %w1) : (tensor<4x2xf32>, tensor<1x2xf32>) -> tensor<4x1xf32>
  %d = "graph.fully_connected"(%x, %w1) {act_min = 0.0 : f32} : (tensor<4x2xf32>, tensor<1x2xf32>) -> tensor<4x1xf32>
  return %a, %b, %c, %d : tensor<4x1xf32>, tensor<4x2xf32>, tensor<4x1xf32>, tensor<4x1xf32>
}
