// Not valid MLIR (package-errors.test).
func.func @main(%x: tensor<1x8xf32>) -> tensor<1x8xf32> {
  %0 = "graph.relu"(%x) : (tensor<1x8xf32>) -> tensor<1x8xf32>
  return %y : tensor<1x8xf32>
}
