// No float tensor at all.
module {
  func.func @main(%a: tensor<4xi32>) -> tensor<4xi32> {
    %0 = "graph.add"(%a, %a) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
    return %0 : tensor<4xi32>
  }
}
