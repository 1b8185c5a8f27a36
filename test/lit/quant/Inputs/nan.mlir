// sqrt of a negative input is NaN.
module {
  func.func @main(%a: tensor<1x4x4x2xf32>) -> tensor<1x4x4x2xf32> {
    %0 = "graph.sqrt"(%a) : (tensor<1x4x4x2xf32>) -> tensor<1x4x4x2xf32>
    return %0 : tensor<1x4x4x2xf32>
  }
}
