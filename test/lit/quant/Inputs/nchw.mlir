// A small NCHW float model as ONNX models import: conv (with a batch
// norm after it, folded by fold-batchnorm) + relu + grouped conv.
module {
  func.func @main(%x: tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32> {
    %w = "graph.constant"() {value = dense<[[[[0.5]], [[-0.25]]], [[[0.75]], [[0.1]]]]> : tensor<2x2x1x1xf32>} : () -> tensor<2x2x1x1xf32>
    %b = "graph.constant"() {value = dense<[0.1, -0.2]> : tensor<2xf32>} : () -> tensor<2xf32>
    %c = "graph.conv2d"(%x, %w, %b) {layout = "NCHW"} : (tensor<1x2x4x4xf32>, tensor<2x2x1x1xf32>, tensor<2xf32>) -> tensor<1x2x4x4xf32>
    %sc = "graph.constant"() {value = dense<[2.0, 0.5]> : tensor<2xf32>} : () -> tensor<2xf32>
    %sh = "graph.constant"() {value = dense<[0.1, 0.2]> : tensor<2xf32>} : () -> tensor<2xf32>
    %mu = "graph.constant"() {value = dense<[0.0, 0.1]> : tensor<2xf32>} : () -> tensor<2xf32>
    %va = "graph.constant"() {value = dense<[1.0, 4.0]> : tensor<2xf32>} : () -> tensor<2xf32>
    %n = "graph.batch_norm"(%c, %sc, %sh, %mu, %va) {epsilon = 0.0 : f32, layout = "NCHW"} : (tensor<1x2x4x4xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<1x2x4x4xf32>
    %r = "graph.relu"(%n) : (tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
    %w2 = "graph.constant"() {value = dense<[[[[1.0, -1.0, 0.5], [0.25, 2.0, -0.5], [0.0, 1.0, 1.0]]], [[[0.5, 0.5, 0.5], [-1.0, 1.0, -1.0], [0.25, 0.0, 0.75]]]]> : tensor<2x1x3x3xf32>} : () -> tensor<2x1x3x3xf32>
    %g = "graph.conv2d"(%r, %w2) {layout = "NCHW", groups = 2, padding = [1, 1, 1, 1]} : (tensor<1x2x4x4xf32>, tensor<2x1x3x3xf32>) -> tensor<1x2x4x4xf32>
    return %g : tensor<1x2x4x4xf32>
  }
}
