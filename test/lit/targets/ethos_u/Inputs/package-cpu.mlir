// A stream (an empty command stream: its output is its input, read back
// from offset 0 of the arena) and the CPU ops after it, in an npu.cpu
// region as ethos-u-legalize makes them: package-cpu.test.
func.func @main(%x: tensor<1x8x!quant.uniform<i8:f32, 0.1>> loc("input")) -> tensor<1x2x4x!quant.uniform<i8:f32, 0.00390625:-128>> {
  %0 = "ethos_u.stream"(%x) {command_stream = dense<"0x00000000"> : tensor<4xui8>, scratch_size = 16 : i64, input_offsets = [0], output_offsets = [0]} : (tensor<1x8x!quant.uniform<i8:f32, 0.1>>) -> tensor<1x8x!quant.uniform<i8:f32, 0.1>> loc("npu")
  %1:1 = "npu.cpu"(%0) ({
  ^bb0(%a: tensor<1x8x!quant.uniform<i8:f32, 0.1>>):
    %2 = "graph.dequantize"(%a) : (tensor<1x8x!quant.uniform<i8:f32, 0.1>>) -> tensor<1x8xf32> loc("deq")
    %3 = "graph.softmax"(%2) {beta = 1.0 : f32} : (tensor<1x8xf32>) -> tensor<1x8xf32> loc("softmax")
    %c = "graph.constant"() {value = dense<[[0.5, 0.25, 0.0, 1.0, 2.0, -1.0, 0.125, 3.0]]> : tensor<1x8xf32>} : () -> tensor<1x8xf32> loc("bias")
    %4 = "graph.add"(%3, %c) : (tensor<1x8xf32>, tensor<1x8xf32>) -> tensor<1x8xf32> loc("add")
    %5 = "graph.relu"(%4) : (tensor<1x8xf32>) -> tensor<1x8xf32> loc("relu")
    %6 = "graph.quantize"(%5) {qtype = !quant.uniform<i8:f32, 0.00390625:-128>} : (tensor<1x8xf32>) -> tensor<1x8x!quant.uniform<i8:f32, 0.00390625:-128>> loc("quant")
    %7 = "graph.reshape"(%6) {shape = [1, 2, 4]} : (tensor<1x8x!quant.uniform<i8:f32, 0.00390625:-128>>) -> tensor<1x2x4x!quant.uniform<i8:f32, 0.00390625:-128>> loc("reshape")
    "npu.yield"(%7) : (tensor<1x2x4x!quant.uniform<i8:f32, 0.00390625:-128>>) -> ()
  }) : (tensor<1x8x!quant.uniform<i8:f32, 0.1>>) -> tensor<1x2x4x!quant.uniform<i8:f32, 0.00390625:-128>>
  return %1#0 : tensor<1x2x4x!quant.uniform<i8:f32, 0.00390625:-128>>
}
