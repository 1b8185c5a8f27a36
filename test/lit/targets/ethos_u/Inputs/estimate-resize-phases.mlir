// The four depthwise convolutions of a 2x bilinear resize of a 6x5x16 map
// (no half-pixel centres), written by hand: phase (0, 0) reads 6x5 rows
// with a 1x1 kernel, (0, 1) 6x6 with 1x2, (1, 0) 7x5 with 2x1, (1, 1) 7x6
// with 2x2 (the edge row read twice), each writing 6x5 outputs. Used by
// estimate-resize-pad.mlir.
!q = !quant.uniform<i8:f32, 0.5:-1>
!w = !quant.uniform<i8:f32, 0.25>
module {
  func.func @main(%a: tensor<1x6x5x16x!q>, %b: tensor<1x6x6x16x!q>, %c: tensor<1x7x5x16x!q>, %d: tensor<1x7x6x16x!q>) -> (tensor<1x6x5x16x!q>, tensor<1x6x5x16x!q>, tensor<1x6x5x16x!q>, tensor<1x6x5x16x!q>) {
    %w1 = "graph.constant"() {value = dense<1> : tensor<1x1x1x16xi8>} : () -> tensor<1x1x1x16x!w>
    %w2 = "graph.constant"() {value = dense<1> : tensor<1x1x2x16xi8>} : () -> tensor<1x1x2x16x!w>
    %w3 = "graph.constant"() {value = dense<1> : tensor<1x2x1x16xi8>} : () -> tensor<1x2x1x16x!w>
    %w4 = "graph.constant"() {value = dense<1> : tensor<1x2x2x16xi8>} : () -> tensor<1x2x2x16x!w>
    %bias = "graph.constant"() {value = dense<0> : tensor<16xi32>} : () -> tensor<16xi32>
    %0 = "npu.depthwise_conv2d"(%a, %w1, %bias) {input_zp = -1 : i64, output_zp = -1 : i64, multiplier = dense<1073741824> : tensor<16xi32>, shift = dense<0> : tensor<16xi32>, padding = "valid", strides = [1, 1]} : (tensor<1x6x5x16x!q>, tensor<1x1x1x16x!w>, tensor<16xi32>) -> tensor<1x6x5x16x!q>
    %1 = "npu.depthwise_conv2d"(%b, %w2, %bias) {input_zp = -1 : i64, output_zp = -1 : i64, multiplier = dense<1073741824> : tensor<16xi32>, shift = dense<0> : tensor<16xi32>, padding = "valid", strides = [1, 1]} : (tensor<1x6x6x16x!q>, tensor<1x1x2x16x!w>, tensor<16xi32>) -> tensor<1x6x5x16x!q>
    %2 = "npu.depthwise_conv2d"(%c, %w3, %bias) {input_zp = -1 : i64, output_zp = -1 : i64, multiplier = dense<1073741824> : tensor<16xi32>, shift = dense<0> : tensor<16xi32>, padding = "valid", strides = [1, 1]} : (tensor<1x7x5x16x!q>, tensor<1x2x1x16x!w>, tensor<16xi32>) -> tensor<1x6x5x16x!q>
    %3 = "npu.depthwise_conv2d"(%d, %w4, %bias) {input_zp = -1 : i64, output_zp = -1 : i64, multiplier = dense<1073741824> : tensor<16xi32>, shift = dense<0> : tensor<16xi32>, padding = "valid", strides = [1, 1]} : (tensor<1x7x6x16x!q>, tensor<1x2x2x16x!w>, tensor<16xi32>) -> tensor<1x6x5x16x!q>
    return %0, %1, %2, %3 : tensor<1x6x5x16x!q>, tensor<1x6x5x16x!q>, tensor<1x6x5x16x!q>, tensor<1x6x5x16x!q>
  }
}
