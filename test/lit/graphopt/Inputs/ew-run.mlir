// Input of fuse-elementwise.mlir's npu-run check: a float chain with a
// constant and a quantized chain (add, relu, quantize).
func.func @main(%x: tensor<4x8xf32>, %q: tensor<4x8x!quant.uniform<i8:f32, 0.05:3>>) -> (tensor<4x8xf32>, tensor<4x8x!quant.uniform<i8:f32, 0.1>>) {
  %k = "graph.constant"() {value = dense<0.5> : tensor<8xf32>} : () -> tensor<8xf32>
  %a = "graph.mul"(%x, %k) : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  %b = "graph.tanh"(%a) : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %c = "graph.sub"(%b, %x) : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %d = "graph.add"(%q, %q) : (tensor<4x8x!quant.uniform<i8:f32, 0.05:3>>, tensor<4x8x!quant.uniform<i8:f32, 0.05:3>>) -> tensor<4x8x!quant.uniform<i8:f32, 0.1>>
  %e = "graph.relu"(%d) : (tensor<4x8x!quant.uniform<i8:f32, 0.1>>) -> tensor<4x8x!quant.uniform<i8:f32, 0.1>>
  return %c, %e : tensor<4x8xf32>, tensor<4x8x!quant.uniform<i8:f32, 0.1>>
}
