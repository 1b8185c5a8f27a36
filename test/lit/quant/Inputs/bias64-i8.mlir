// An int64 bias (16x8's) on a conv whose input is int8: invalid.
func.func @main(%x: tensor<1x1x1x1x!quant.uniform<i8:f32, 0.5>>) -> tensor<1x1x1x1x!quant.uniform<i8:f32, 0.5>> {
  %w = "graph.constant"() {value = dense<1> : tensor<1x1x1x1xi8>} : () -> tensor<1x1x1x1x!quant.uniform<i8:f32, 0.5>>
  %b = "graph.constant"() {value = dense<3> : tensor<1xi64>} : () -> tensor<1xi64>
  %c = "graph.conv2d"(%x, %w, %b) : (tensor<1x1x1x1x!quant.uniform<i8:f32, 0.5>>, tensor<1x1x1x1x!quant.uniform<i8:f32, 0.5>>, tensor<1xi64>) -> tensor<1x1x1x1x!quant.uniform<i8:f32, 0.5>>
  return %c : tensor<1x1x1x1x!quant.uniform<i8:f32, 0.5>>
}
