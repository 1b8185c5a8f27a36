// Input of strip-io-qdq.mlir's npu-run check: quantize (scale 0.5), a
// quantized relu and add, dequantize (scale 0.25).
func.func @main(%x: tensor<2x8xf32>) -> tensor<2x8xf32> {
  %q = "graph.quantize"(%x) {qtype = !quant.uniform<i8:f32, 0.5>, rounding = "even"} : (tensor<2x8xf32>) -> tensor<2x8x!quant.uniform<i8:f32, 0.5>>
  %a = "graph.add"(%q, %q) : (tensor<2x8x!quant.uniform<i8:f32, 0.5>>, tensor<2x8x!quant.uniform<i8:f32, 0.5>>) -> tensor<2x8x!quant.uniform<i8:f32, 0.25>>
  %d = "graph.dequantize"(%a) : (tensor<2x8x!quant.uniform<i8:f32, 0.25>>) -> tensor<2x8xf32>
  return %d : tensor<2x8xf32>
}
