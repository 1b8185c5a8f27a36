// Input of fuse-activations.mlir's npu-run check: a float conv with
// relu6, a float fully connected with min(max(x, -0.25), 0.5), and a
// quantized add with relu6 whose integers cover the storage range, and
// max(leaky_relu(x), -0.1).
func.func @main(%x: tensor<1x6x6x4xf32>, %v: tensor<3x8xf32>, %q: tensor<64x!quant.uniform<i8:f32, 0.05:-10>>, %k: tensor<16xf32>) -> (tensor<1x6x6x5xf32>, tensor<3x4xf32>, tensor<64x!quant.uniform<i8:f32, 0.04:3>>, tensor<16xf32>) {
  %kl = "graph.leaky_relu"(%k) {alpha = 0.2 : f32} : (tensor<16xf32>) -> tensor<16xf32>
  %kc = "graph.constant"() {value = dense<-0.1> : tensor<16xf32>} : () -> tensor<16xf32>
  %km = "graph.maximum"(%kc, %kl) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  %w = "graph.constant"() {value = dense<[[[[0.5, -0.25, 1.0, 0.75]]], [[[1.5, 0.5, -1.0, 0.25]]], [[[-0.5, 2.0, 0.5, 1.0]]], [[[0.25, 0.25, 0.25, 0.25]]], [[[3.0, -2.0, 1.0, 2.0]]]]> : tensor<5x1x1x4xf32>} : () -> tensor<5x1x1x4xf32>
  %c = "graph.conv2d"(%x, %w) : (tensor<1x6x6x4xf32>, tensor<5x1x1x4xf32>) -> tensor<1x6x6x5xf32>
  %r = "graph.relu6"(%c) : (tensor<1x6x6x5xf32>) -> tensor<1x6x6x5xf32>
  %fw = "graph.constant"() {value = dense<0.375> : tensor<4x8xf32>} : () -> tensor<4x8xf32>
  %f = "graph.fully_connected"(%v, %fw) : (tensor<3x8xf32>, tensor<4x8xf32>) -> tensor<3x4xf32>
  %lo = "graph.constant"() {value = dense<-0.25> : tensor<3x4xf32>} : () -> tensor<3x4xf32>
  %hi = "graph.constant"() {value = dense<0.5> : tensor<3x4xf32>} : () -> tensor<3x4xf32>
  %m = "graph.maximum"(%f, %lo) : (tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
  %n = "graph.minimum"(%m, %hi) : (tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
  %a = "graph.add"(%q, %q) : (tensor<64x!quant.uniform<i8:f32, 0.05:-10>>, tensor<64x!quant.uniform<i8:f32, 0.05:-10>>) -> tensor<64x!quant.uniform<i8:f32, 0.04:3>>
  %s = "graph.relu6"(%a) : (tensor<64x!quant.uniform<i8:f32, 0.04:3>>) -> tensor<64x!quant.uniform<i8:f32, 0.04:3>>
  return %r, %n, %s, %km : tensor<1x6x6x5xf32>, tensor<3x4xf32>, tensor<64x!quant.uniform<i8:f32, 0.04:3>>, tensor<16xf32>
}
