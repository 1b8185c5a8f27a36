// Input of layout-quant.mlir: an NCHW int8 conv with per-channel filter
// scales (axis 0 of OIHW) and an NCHW depthwise conv with per-channel
// scales (axis 0 of O1HW), as fold-qdq makes them from ONNX QDQ models.
func.func @main(%x: tensor<1x2x5x5x!quant.uniform<i8:f32, 0.05:3>>) -> tensor<1x3x5x5x!quant.uniform<i8:f32, 0.04:-2>> {
  %w = "graph.constant"() {value = dense<[[[[12, -40, 7], [3, 90, -5], [1, 2, 3]], [[-8, 4, 2], [60, -1, 9], [5, -7, 11]]], [[[100, 20, -30], [4, 5, 6], [-7, 8, -9]], [[1, -2, 3], [-4, 5, -6], [70, -80, 90]]], [[[-3, 6, -9], [12, -15, 18], [-21, 24, -27]], [[30, -33, 36], [-39, 42, -45], [48, -51, 54]]]]> : tensor<3x2x3x3xi8>} : () -> tensor<3x2x3x3x!quant.uniform<i8:f32:0, {0.002, 0.01, 0.0005}>>
  %b = "graph.constant"() {value = dense<[50, -20, 400]> : tensor<3xi32>} : () -> tensor<3xi32>
  %c = "graph.conv2d"(%x, %w, %b) {layout = "NCHW", padding = "same"} : (tensor<1x2x5x5x!quant.uniform<i8:f32, 0.05:3>>, tensor<3x2x3x3x!quant.uniform<i8:f32:0, {0.002, 0.01, 0.0005}>>, tensor<3xi32>) -> tensor<1x3x5x5x!quant.uniform<i8:f32, 0.04:-2>>
  %dw = "graph.constant"() {value = dense<[[[[10, -20], [30, 40]]], [[[-50, 60], [70, -80]]], [[[90, 100], [-110, 120]]]]> : tensor<3x1x2x2xi8>} : () -> tensor<3x1x2x2x!quant.uniform<i8:f32:0, {0.004, 0.001, 0.008}>>
  %d = "graph.depthwise_conv2d"(%c, %dw) {layout = "NCHW", padding = "same"} : (tensor<1x3x5x5x!quant.uniform<i8:f32, 0.04:-2>>, tensor<3x1x2x2x!quant.uniform<i8:f32:0, {0.004, 0.001, 0.008}>>) -> tensor<1x3x5x5x!quant.uniform<i8:f32, 0.04:-2>>
  return %d : tensor<1x3x5x5x!quant.uniform<i8:f32, 0.04:-2>>
}
