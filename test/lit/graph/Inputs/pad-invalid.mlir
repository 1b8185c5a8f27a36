// graph.pad's edge mode needs an element to repeat (run by ../pad.mlir).

func.func @empty(%x: tensor<0x3xf32>) {
  // expected-error@+1 {{'graph.pad' op edge padding of dimension 0, which is empty}}
  %0 = "graph.pad"(%x) {mode = "edge", paddings = [1, 1, 0, 0]} : (tensor<0x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @mode(%x: tensor<3xf32>) {
  // expected-error@+1 {{attribute 'mode' must be one of: constant, reflect, symmetric, edge}}
  %0 = "graph.pad"(%x) {mode = "wrap", paddings = [1, 1]} : (tensor<3xf32>) -> tensor<5xf32>
  return
}
