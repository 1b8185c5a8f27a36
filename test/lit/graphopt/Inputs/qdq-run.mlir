// Input of fold-qdq.mlir's npu-run check: quantize, then transpose,
// relu, max pool, max against a constant, a concat of two quantized
// values and a dequantize: every step commutes with quantization, so
// the folded graph computes the same integers.
func.func @main(%x: tensor<1x4x4x2xf32>) -> tensor<1x2x2x4xf32> {
  %q = "graph.quantize"(%x) {qtype = !quant.uniform<i8:f32, 0.01:4>, rounding = "even"} : (tensor<1x4x4x2xf32>) -> tensor<1x4x4x2x!quant.uniform<i8:f32, 0.01:4>>
  %d = "graph.dequantize"(%q) : (tensor<1x4x4x2x!quant.uniform<i8:f32, 0.01:4>>) -> tensor<1x4x4x2xf32>
  %t = "graph.transpose"(%d) {perm = [0, 2, 1, 3]} : (tensor<1x4x4x2xf32>) -> tensor<1x4x4x2xf32>
  %r = "graph.relu"(%t) : (tensor<1x4x4x2xf32>) -> tensor<1x4x4x2xf32>
  %p = "graph.max_pool2d"(%r) {kernel = [2, 2], strides = [2, 2]} : (tensor<1x4x4x2xf32>) -> tensor<1x2x2x2xf32>
  %c = "graph.constant"() {value = dense<0.3> : tensor<1x2x2x2xf32>} : () -> tensor<1x2x2x2xf32>
  %m = "graph.minimum"(%p, %c) : (tensor<1x2x2x2xf32>, tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xf32>
  %k = "graph.concat"(%m, %p) {axis = 3} : (tensor<1x2x2x2xf32>, tensor<1x2x2x2xf32>) -> tensor<1x2x2x4xf32>
  %o = "graph.quantize"(%k) {qtype = !quant.uniform<i8:f32, 0.01:4>, rounding = "even"} : (tensor<1x2x2x4xf32>) -> tensor<1x2x2x4x!quant.uniform<i8:f32, 0.01:4>>
  %od = "graph.dequantize"(%o) : (tensor<1x2x2x4x!quant.uniform<i8:f32, 0.01:4>>) -> tensor<1x2x2x4xf32>
  return %od : tensor<1x2x2x4xf32>
}
