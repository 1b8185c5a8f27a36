// graph.fused and graph.yield verifier errors (fuse-elementwise.mlir).
func.func @not_elementwise(%x: tensor<2x4xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'graph.fused' op region may hold only elementwise ops and constants, not 'graph.softmax'}}
  %f = "graph.fused"(%x) ({
  ^bb0(%a: tensor<2x4xf32>):
    %s = "graph.softmax"(%a) : (tensor<2x4xf32>) -> tensor<2x4xf32>
    "graph.yield"(%s) : (tensor<2x4xf32>) -> ()
  }) : (tensor<2x4xf32>) -> tensor<2x4xf32>
  return %f : tensor<2x4xf32>
}

// -----
func.func @bad_yield(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'npu.cpu' op region must end with 'npu.yield'}}
  %c = "npu.cpu"(%x) ({
  ^bb0(%a: tensor<4xf32>):
    // expected-error @+1 {{'graph.yield' op expects parent op 'graph.fused'}}
    "graph.yield"(%a) : (tensor<4xf32>) -> ()
  }) : (tensor<4xf32>) -> tensor<4xf32>
  return %c : tensor<4xf32>
}

// -----
func.func @bad_args(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'graph.fused' op block argument 0 must have the type of operand 0}}
  %f = "graph.fused"(%x) ({
  ^bb0(%a: tensor<4xi32>):
    %s = "graph.neg"(%a) : (tensor<4xi32>) -> tensor<4xi32>
    "graph.yield"(%s) : (tensor<4xi32>) -> ()
  }) : (tensor<4xf32>) -> tensor<4xf32>
  return %f : tensor<4xf32>
}
