// One stream and nothing else, as --emit=ethos-u-raw and c-header take
// it: a 4-byte raw stream (NPU_OP_STOP), 20 bytes of flash, the input at
// 0 and the output at 8 of a 16-byte arena (package-raw.test).
func.func @main(%x: tensor<1x8x!quant.uniform<i8:f32, 0.1>>) -> tensor<1x8x!quant.uniform<i8:f32, 0.1>> {
  %0 = "ethos_u.stream"(%x) {command_stream = dense<"0x00000000"> : tensor<4xui8>, flash = dense<"0x000102030405060708090A0B0C0D0E0F10111213"> : tensor<20xui8>, scratch_size = 16 : i64, fast_scratch_size = 32 : i64, input_offsets = [0], output_offsets = [8]} : (tensor<1x8x!quant.uniform<i8:f32, 0.1>>) -> tensor<1x8x!quant.uniform<i8:f32, 0.1>>
  return %0 : tensor<1x8x!quant.uniform<i8:f32, 0.1>>
}
