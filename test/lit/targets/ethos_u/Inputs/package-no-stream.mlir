// No ethos_u.stream: nothing compiled for the NPU (package-errors.test).
func.func @main(%x: tensor<1x8xf32>) -> tensor<1x8xf32> {
  %0 = "graph.relu"(%x) : (tensor<1x8xf32>) -> tensor<1x8xf32>
  return %0 : tensor<1x8xf32>
}
