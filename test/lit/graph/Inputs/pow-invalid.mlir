// graph.pow's verifier and inference rules (run by ../pow.mlir).

func.func @quant(%x: tensor<4x!quant.uniform<i8:f32, 0.5>>, %y: tensor<4xf32>) {
  // expected-error@+1 {{'graph.pow' op operands must have float or integer element types}}
  %0 = "graph.pow"(%x, %y) : (tensor<4x!quant.uniform<i8:f32, 0.5>>, tensor<4xf32>) -> tensor<4x!quant.uniform<i8:f32, 0.5>>
  return
}

// -----

func.func @bcast(%x: tensor<4xf32>, %y: tensor<3xf32>) {
  // expected-error@+1 {{operands are not broadcast-compatible: 'tensor<4xf32>' and 'tensor<3xf32>'}}
  %0 = "graph.pow"(%x, %y) : (tensor<4xf32>, tensor<3xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @infer(%x: tensor<?x1x3xi32>, %y: tensor<5x1xf32>) {
  // expected-error@+1 {{inferred type 'tensor<?x5x3xi32>' does not match result type 'tensor<1xf32>'}}
  %0 = "graph.pow"(%x, %y) : (tensor<?x1x3xi32>, tensor<5x1xf32>) -> tensor<1xf32>
  return
}

// -----

func.func @ok(%x: tensor<2x3xf16>, %y: tensor<i64>) -> tensor<2x3xf16> {
  %0 = "graph.pow"(%x, %y) : (tensor<2x3xf16>, tensor<i64>) -> tensor<2x3xf16>
  return %0 : tensor<2x3xf16>
}
