// Input of fold-mul-input.mlir's npu-run check: per-input-channel
// multiplies in front of a padded NHWC conv, a grouped NCHW conv, a
// depthwise conv with depth multiplier 2, a fully connected layer and
// an NCHW depthwise conv with a 2x3 window.
func.func @main(%x: tensor<1x4x4x2xf32>, %y: tensor<1x4x3x3xf32>, %d: tensor<1x3x3x2xf32>, %v: tensor<3x4xf32>) -> (tensor<1x4x4x3xf32>, tensor<1x2x3x3xf32>, tensor<1x3x3x4xf32>, tensor<3x2xf32>, tensor<1x4x2x1xf32>) {
  %s1 = "graph.constant"() {value = dense<[[[[1.5, -0.75]]]]> : tensor<1x1x1x2xf32>} : () -> tensor<1x1x1x2xf32>
  %m1 = "graph.mul"(%x, %s1) : (tensor<1x4x4x2xf32>, tensor<1x1x1x2xf32>) -> tensor<1x4x4x2xf32>
  %w1 = "graph.constant"() {value = dense<[[[[0.5, -0.25], [1.0, 0.75], [0.125, -1.0]], [[0.3, 0.2], [-0.6, 0.4], [0.9, 0.1]], [[0.7, -0.2], [0.1, 0.5], [-0.3, 0.8]]], [[[0.2, 0.6], [-0.4, 0.3], [0.5, -0.5]], [[0.25, 0.25], [0.75, -0.125], [1.25, 0.5]], [[-0.9, 0.1], [0.3, 0.3], [0.6, -0.7]]], [[[0.1, 0.2], [0.3, 0.4], [0.5, 0.6]], [[-0.1, -0.2], [-0.3, -0.4], [-0.5, -0.6]], [[0.7, 0.8], [0.9, 1.0], [1.1, 1.2]]]]> : tensor<3x3x3x2xf32>} : () -> tensor<3x3x3x2xf32>
  %b1 = "graph.constant"() {value = dense<[0.1, -0.2, 0.3]> : tensor<3xf32>} : () -> tensor<3xf32>
  %c1 = "graph.conv2d"(%m1, %w1, %b1) {padding = "same"} : (tensor<1x4x4x2xf32>, tensor<3x3x3x2xf32>, tensor<3xf32>) -> tensor<1x4x4x3xf32>
  %s2 = "graph.constant"() {value = dense<[[[[2.0]], [[-0.5]], [[0.25]], [[3.0]]]]> : tensor<1x4x1x1xf32>} : () -> tensor<1x4x1x1xf32>
  %m2 = "graph.mul"(%s2, %y) : (tensor<1x4x1x1xf32>, tensor<1x4x3x3xf32>) -> tensor<1x4x3x3xf32>
  %w2 = "graph.constant"() {value = dense<[[[[0.5]], [[-0.25]]], [[[1.0]], [[0.75]]]]> : tensor<2x2x1x1xf32>} : () -> tensor<2x2x1x1xf32>
  %c2 = "graph.conv2d"(%m2, %w2) {layout = "NCHW", groups = 2} : (tensor<1x4x3x3xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x3x3xf32>
  %s3 = "graph.constant"() {value = dense<[0.5, -2.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %m3 = "graph.mul"(%d, %s3) : (tensor<1x3x3x2xf32>, tensor<2xf32>) -> tensor<1x3x3x2xf32>
  %w3 = "graph.constant"() {value = dense<[[[[0.3, -0.7, 1.1, 0.2], [0.4, -0.6, 0.9, 0.1]], [[-0.2, -0.3, 0.5, 0.8], [0.6, 0.7, -0.8, 0.25]]]]> : tensor<1x2x2x4xf32>} : () -> tensor<1x2x2x4xf32>
  %c3 = "graph.depthwise_conv2d"(%m3, %w3) {padding = [1, 0, 1, 0], depth_multiplier = 2} : (tensor<1x3x3x2xf32>, tensor<1x2x2x4xf32>) -> tensor<1x3x3x4xf32>
  %s4 = "graph.constant"() {value = dense<[1.25, -0.5, 0.75, 2.0]> : tensor<4xf32>} : () -> tensor<4xf32>
  %m4 = "graph.mul"(%v, %s4) : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<3x4xf32>
  %w4 = "graph.constant"() {value = dense<[[0.1, 0.2, 0.3, 0.4], [-0.5, 0.4, -0.3, 0.2]]> : tensor<2x4xf32>} : () -> tensor<2x4xf32>
  %f4 = "graph.fully_connected"(%m4, %w4) : (tensor<3x4xf32>, tensor<2x4xf32>) -> tensor<3x2xf32>
  %s5 = "graph.constant"() {value = dense<[[[0.5]], [[-3.0]]]> : tensor<2x1x1xf32>} : () -> tensor<2x1x1xf32>
  %y5 = "graph.slice"(%y) {begin = [0, 0, 0, 0], size = [1, 2, 3, 3]} : (tensor<1x4x3x3xf32>) -> tensor<1x2x3x3xf32>
  %m5 = "graph.mul"(%y5, %s5) : (tensor<1x2x3x3xf32>, tensor<2x1x1xf32>) -> tensor<1x2x3x3xf32>
  %w5 = "graph.constant"() {value = dense<[[[[0.1, 0.2, 0.3], [0.4, 0.5, 0.6]]], [[[-0.1, 0.7, 0.2], [0.9, -0.4, 0.3]]], [[[1.0, -1.0, 0.5], [0.25, 0.75, -0.5]]], [[[0.6, 0.6, -0.2], [-0.8, 0.1, 0.4]]]]> : tensor<4x1x2x3xf32>} : () -> tensor<4x1x2x3xf32>
  %c5 = "graph.depthwise_conv2d"(%m5, %w5) {layout = "NCHW", depth_multiplier = 2} : (tensor<1x2x3x3xf32>, tensor<4x1x2x3xf32>) -> tensor<1x4x2x1xf32>
  return %c1, %c2, %c3, %f4, %c5 : tensor<1x4x4x3xf32>, tensor<1x2x3x3xf32>, tensor<1x3x3x4xf32>, tensor<3x2xf32>, tensor<1x4x2x1xf32>
}
