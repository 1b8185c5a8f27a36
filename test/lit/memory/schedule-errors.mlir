// RUN: not npu-opt --allow-unregistered-dialect --split-input-file --schedule %s -o %t 2>&1 | FileCheck %s
// RUN: not test -e %t

// CHECK: [[@LINE+1]]:1: error: 'func.func' op schedule: argument #0 has a dynamic shape: its bytes are unknown (fix the shapes first, e.g. npu-translate --input-shape)
func.func @dyn_arg(%x: tensor<?x8xf32>) -> tensor<?x8xf32> {
  %a = "graph.relu"(%x) : (tensor<?x8xf32>) -> tensor<?x8xf32>
  return %a : tensor<?x8xf32>
}

// -----

// CHECK: [[@LINE+2]]:8: error: 'foo.unknown_shape' op schedule: result #0 has a dynamic shape: its bytes are unknown
func.func @dyn_result(%x: tensor<2x8xf32>) -> tensor<?x?xf32> {
  %a = "foo.unknown_shape"(%x) : (tensor<2x8xf32>) -> tensor<?x?xf32>
  return %a : tensor<?x?xf32>
}
