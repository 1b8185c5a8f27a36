// The README's example model verifies against the registered graph
// dialect (no --allow-unregistered-dialect): every declared result type
// matches the inferred one.
// RUN: npu-opt %S/../../../examples/tiny-cnn.mlir | FileCheck %s
// CHECK: "graph.conv2d"{{.*}} -> tensor<1x16x16x8xf32>
// CHECK: "graph.max_pool2d"{{.*}} -> tensor<1x8x8x8xf32>
// CHECK: "graph.fully_connected"{{.*}} -> tensor<1x10xf32>
// CHECK: "graph.softmax"{{.*}} -> tensor<1x10xf32>
