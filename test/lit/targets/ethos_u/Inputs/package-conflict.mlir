// One tensor that two streams place at different arena offsets
// (package-errors.test).
func.func @main(%x: tensor<1x8x!quant.uniform<i8:f32, 0.1>>) -> tensor<1x8x!quant.uniform<i8:f32, 0.1>> {
  %0 = "ethos_u.stream"(%x) {command_stream = dense<"0x00000000"> : tensor<4xui8>, scratch_size = 16 : i64, input_offsets = [0], output_offsets = [8]} : (tensor<1x8x!quant.uniform<i8:f32, 0.1>>) -> tensor<1x8x!quant.uniform<i8:f32, 0.1>>
  %1 = "ethos_u.stream"(%0) {command_stream = dense<"0x00000000"> : tensor<4xui8>, scratch_size = 16 : i64, input_offsets = [0], output_offsets = [8]} : (tensor<1x8x!quant.uniform<i8:f32, 0.1>>) -> tensor<1x8x!quant.uniform<i8:f32, 0.1>>
  return %1 : tensor<1x8x!quant.uniform<i8:f32, 0.1>>
}
