// Input of layout.mlir: NCHW convolutions with relu, a residual add with
// a per-channel constant, a max pool and a depthwise convolution.
func.func @main(%x: tensor<1x2x6x6xf32>) -> tensor<1x4x3x3xf32> {
  %w = "graph.constant"() {value = dense<[[[[0.5]], [[-0.25]]], [[[1.0]], [[0.75]]], [[[-1.5]], [[0.125]]], [[[0.25]], [[0.5]]]]> : tensor<4x2x1x1xf32>} : () -> tensor<4x2x1x1xf32>
  %c = "graph.conv2d"(%x, %w) {layout = "NCHW"} : (tensor<1x2x6x6xf32>, tensor<4x2x1x1xf32>) -> tensor<1x4x6x6xf32>
  %r = "graph.relu"(%c) : (tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32>
  %k = "graph.constant"() {value = dense<0.5> : tensor<1x4x1x1xf32>} : () -> tensor<1x4x1x1xf32>
  %a = "graph.add"(%r, %k) : (tensor<1x4x6x6xf32>, tensor<1x4x1x1xf32>) -> tensor<1x4x6x6xf32>
  %p = "graph.max_pool2d"(%a) {kernel = [2, 2], strides = [2, 2], layout = "NCHW"} : (tensor<1x4x6x6xf32>) -> tensor<1x4x3x3xf32>
  %dw = "graph.constant"() {value = dense<[[[[1.0, -1.0, 0.5], [0.25, 2.0, 1.0], [0.5, 0.5, -0.5]]], [[[0.5, 0.5, 0.5], [1.0, 1.0, 1.0], [-1.0, 0.0, 1.0]]], [[[0.1, 0.2, 0.3], [0.4, 0.5, 0.6], [0.7, 0.8, 0.9]]], [[[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]]]]> : tensor<4x1x3x3xf32>} : () -> tensor<4x1x3x3xf32>
  %d = "graph.depthwise_conv2d"(%p, %dw) {layout = "NCHW", padding = "same"} : (tensor<1x4x3x3xf32>, tensor<4x1x3x3xf32>) -> tensor<1x4x3x3xf32>
  return %d : tensor<1x4x3x3xf32>
}
