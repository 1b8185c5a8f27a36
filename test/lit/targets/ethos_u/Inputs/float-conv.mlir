// A float conv: the estimate needs quantized feature maps.
module {
  func.func @main(%arg0: tensor<1x8x8x4xf32>, %w: tensor<8x3x3x4xf32>, %b: tensor<8xf32>) -> tensor<1x8x8x8xf32> {
    %0 = "graph.conv2d"(%arg0, %w, %b) {padding = "same"} : (tensor<1x8x8x4xf32>, tensor<8x3x3x4xf32>, tensor<8xf32>) -> tensor<1x8x8x8xf32>
    return %0 : tensor<1x8x8x8xf32>
  }
}
