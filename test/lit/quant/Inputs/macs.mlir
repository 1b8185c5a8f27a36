// Convolution, depthwise convolution and fully connected only, for the
// int16x16 tests: nothing else limits the output SQNR.
module {
  func.func @main(%x: tensor<1x4x4x2xf32>) -> tensor<1x3xf32> {
    %w = "graph.constant"() {value = dense<[[[[0.5, -0.25]]], [[[0.75, 0.1]]], [[[-0.3, 0.9]]]]> : tensor<3x1x1x2xf32>} : () -> tensor<3x1x1x2xf32>
    %b = "graph.constant"() {value = dense<[0.1, -0.2, 0.05]> : tensor<3xf32>} : () -> tensor<3xf32>
    %c = "graph.conv2d"(%x, %w, %b) : (tensor<1x4x4x2xf32>, tensor<3x1x1x2xf32>, tensor<3xf32>) -> tensor<1x4x4x3xf32>
    %dw = "graph.constant"() {value = dense<[[[[0.3, -0.7, 0.2], [0.1, 0.4, -0.6]], [[-0.2, 0.5, 0.9], [0.8, -0.1, 0.3]]]]> : tensor<1x2x2x3xf32>} : () -> tensor<1x2x2x3xf32>
    %d = "graph.depthwise_conv2d"(%c, %dw) {depth_multiplier = 1 : i64, strides = [2, 2]} : (tensor<1x4x4x3xf32>, tensor<1x2x2x3xf32>) -> tensor<1x2x2x3xf32>
    %s = "graph.reshape"(%d) {shape = [1, 12]} : (tensor<1x2x2x3xf32>) -> tensor<1x12xf32>
    %fw = "graph.constant"() {value = dense<[[0.1, -0.2, 0.3, -0.4, 0.5, -0.6, 0.7, -0.8, 0.9, -1.0, 1.1, -1.2], [0.2, 0.2, 0.2, 0.2, 0.2, 0.2, -0.2, -0.2, -0.2, -0.2, -0.2, -0.2], [1.0, 0.5, 0.25, 0.125, 0.0625, 0.0, -0.0625, -0.125, -0.25, -0.5, -1.0, 0.0]]> : tensor<3x12xf32>} : () -> tensor<3x12xf32>
    %f = "graph.fully_connected"(%s, %fw) : (tensor<1x12xf32>, tensor<3x12xf32>) -> tensor<1x3xf32>
    return %f : tensor<1x3xf32>
  }
}
