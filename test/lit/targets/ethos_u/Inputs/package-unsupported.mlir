// A CPU op the TFLite writer has no operator for (package-errors.test).
func.func @main(%x: tensor<1x8x!quant.uniform<i8:f32, 0.1>>) -> tensor<1x8xf32> {
  %0 = "ethos_u.stream"(%x) {command_stream = dense<"0x00000000"> : tensor<4xui8>, scratch_size = 16 : i64, input_offsets = [0], output_offsets = [0]} : (tensor<1x8x!quant.uniform<i8:f32, 0.1>>) -> tensor<1x8x!quant.uniform<i8:f32, 0.1>>
  %1 = "graph.dequantize"(%0) : (tensor<1x8x!quant.uniform<i8:f32, 0.1>>) -> tensor<1x8xf32>
  %2 = "graph.exp"(%1) : (tensor<1x8xf32>) -> tensor<1x8xf32>
  return %2 : tensor<1x8xf32>
}
