// Input of fold-pad.mlir's npu-run check: a float conv after a pad, an
// NCHW float depthwise conv after a pad, and an int8 conv (zero point 5)
// after a pad (which fills with the zero point).
func.func @main(%x: tensor<1x5x5x2xf32>, %n: tensor<1x2x5x5xf32>, %q: tensor<1x5x5x2x!quant.uniform<i8:f32, 0.1:5>>) -> (tensor<1x4x4x3xf32>, tensor<1x2x7x4xf32>, tensor<1x7x7x3x!quant.uniform<i8:f32, 0.2:-3>>) {
  %w = "graph.constant"() {value = dense<[[[[0.5, -0.25], [1.0, 0.75]], [[1.5, 0.5], [-1.0, 0.25]]], [[[-0.5, 2.0], [0.5, 1.0]], [[0.25, 0.25], [0.25, 0.25]]], [[[3.0, -2.0], [1.0, 2.0]], [[1.0, 1.0], [-1.0, -1.0]]]]> : tensor<3x2x2x2xf32>} : () -> tensor<3x2x2x2xf32>
  %p = "graph.pad"(%x) {paddings = [0, 0, 1, 1, 2, 0, 0, 0]} : (tensor<1x5x5x2xf32>) -> tensor<1x7x7x2xf32>
  %c = "graph.conv2d"(%p, %w) {padding = "same", strides = [2, 2]} : (tensor<1x7x7x2xf32>, tensor<3x2x2x2xf32>) -> tensor<1x4x4x3xf32>
  %dw = "graph.constant"() {value = dense<[[[[1.0, -1.0, 0.5]]], [[[2.0, 0.25, -0.5]]]]> : tensor<2x1x1x3xf32>} : () -> tensor<2x1x1x3xf32>
  %pn = "graph.pad"(%n) {paddings = [0, 0, 0, 0, 1, 1, 0, 1]} : (tensor<1x2x5x5xf32>) -> tensor<1x2x7x6xf32>
  %d = "graph.depthwise_conv2d"(%pn, %dw) {layout = "NCHW"} : (tensor<1x2x7x6xf32>, tensor<2x1x1x3xf32>) -> tensor<1x2x7x4xf32>
  %qw = "graph.constant"() {value = dense<[[[[10, -20], [30, 40]], [[-50, 60], [70, -80]]], [[[1, 2], [3, 4]], [[5, 6], [7, 8]]], [[[-9, 9], [-9, 9]], [[100, -100], [27, 64]]]]> : tensor<3x2x2x2xi8>} : () -> tensor<3x2x2x2x!quant.uniform<i8:f32, 0.01>>
  %pq = "graph.pad"(%q) {paddings = [0, 0, 1, 2, 2, 1, 0, 0]} : (tensor<1x5x5x2x!quant.uniform<i8:f32, 0.1:5>>) -> tensor<1x8x8x2x!quant.uniform<i8:f32, 0.1:5>>
  %cq = "graph.conv2d"(%pq, %qw) : (tensor<1x8x8x2x!quant.uniform<i8:f32, 0.1:5>>, tensor<3x2x2x2x!quant.uniform<i8:f32, 0.01>>) -> tensor<1x7x7x3x!quant.uniform<i8:f32, 0.2:-3>>
  return %c, %d, %cq : tensor<1x4x4x3xf32>, tensor<1x2x7x4xf32>, tensor<1x7x7x3x!quant.uniform<i8:f32, 0.2:-3>>
}
