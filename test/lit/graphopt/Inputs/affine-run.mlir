// Input of fold-batchnorm.mlir's npu-run check: an NCHW conv with a
// batch norm, a depthwise conv with a bias, then + c and * c, and a
// fully connected layer minus a constant.
func.func @main(%x: tensor<1x2x4x4xf32>, %d: tensor<1x4x4x3xf32>, %v: tensor<2x5xf32>) -> (tensor<1x3x4x4xf32>, tensor<1x4x4x3xf32>, tensor<2x2xf32>) {
  %w = "graph.constant"() {value = dense<[[[[0.5]], [[-0.25]]], [[[1.0]], [[0.75]]], [[[-1.5]], [[0.125]]]]> : tensor<3x2x1x1xf32>} : () -> tensor<3x2x1x1xf32>
  %c = "graph.conv2d"(%x, %w) {layout = "NCHW"} : (tensor<1x2x4x4xf32>, tensor<3x2x1x1xf32>) -> tensor<1x3x4x4xf32>
  %s = "graph.constant"() {value = dense<[1.5, 0.5, -2.0]> : tensor<3xf32>} : () -> tensor<3xf32>
  %o = "graph.constant"() {value = dense<[0.1, 0.2, 0.3]> : tensor<3xf32>} : () -> tensor<3xf32>
  %m = "graph.constant"() {value = dense<[0.01, -0.02, 0.03]> : tensor<3xf32>} : () -> tensor<3xf32>
  %var = "graph.constant"() {value = dense<[0.9, 1.1, 0.7]> : tensor<3xf32>} : () -> tensor<3xf32>
  %bn = "graph.batch_norm"(%c, %s, %o, %m, %var) {layout = "NCHW", epsilon = 0.001} : (tensor<1x3x4x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<1x3x4x4xf32>
  %dw = "graph.constant"() {value = dense<[[[[0.3, -0.7, 1.1], [0.2, 0.4, -0.6]], [[0.9, 0.1, -0.2], [-0.3, 0.5, 0.8]]]]> : tensor<1x2x2x3xf32>} : () -> tensor<1x2x2x3xf32>
  %db = "graph.constant"() {value = dense<[0.05, -0.05, 0.5]> : tensor<3xf32>} : () -> tensor<3xf32>
  %dc = "graph.depthwise_conv2d"(%d, %dw, %db) {padding = "same"} : (tensor<1x4x4x3xf32>, tensor<1x2x2x3xf32>, tensor<3xf32>) -> tensor<1x4x4x3xf32>
  %k = "graph.constant"() {value = dense<[[[[0.25, -0.5, 0.75]]]]> : tensor<1x1x1x3xf32>} : () -> tensor<1x1x1x3xf32>
  %da = "graph.add"(%dc, %k) : (tensor<1x4x4x3xf32>, tensor<1x1x1x3xf32>) -> tensor<1x4x4x3xf32>
  %km = "graph.constant"() {value = dense<[3.0, -0.5, 1.25]> : tensor<3xf32>} : () -> tensor<3xf32>
  %dm = "graph.mul"(%km, %da) : (tensor<3xf32>, tensor<1x4x4x3xf32>) -> tensor<1x4x4x3xf32>
  %fw = "graph.constant"() {value = dense<[[0.1, 0.2, 0.3, 0.4, 0.5], [-0.5, 0.4, -0.3, 0.2, -0.1]]> : tensor<2x5xf32>} : () -> tensor<2x5xf32>
  %f = "graph.fully_connected"(%v, %fw) : (tensor<2x5xf32>, tensor<2x5xf32>) -> tensor<2x2xf32>
  %fk = "graph.constant"() {value = dense<[0.75, -1.25]> : tensor<2xf32>} : () -> tensor<2xf32>
  %fs = "graph.sub"(%f, %fk) : (tensor<2x2xf32>, tensor<2xf32>) -> tensor<2x2xf32>
  return %bn, %dm, %fs : tensor<1x3x4x4xf32>, tensor<1x4x4x3xf32>, tensor<2x2xf32>
}
