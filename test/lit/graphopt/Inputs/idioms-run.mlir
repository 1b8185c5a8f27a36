// Input of idioms.mlir's npu-run check: two hard-swish spellings, a
// hard-sigmoid, a matmul by constant weights and a layer norm (result 3).
func.func @main(%x: tensor<4x8xf32>, %y: tensor<3x4xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<3x2xf32>) {
  %three = "graph.constant"() {value = dense<3.0> : tensor<f32>} : () -> tensor<f32>
  %six = "graph.constant"() {value = dense<6.0> : tensor<f32>} : () -> tensor<f32>
  %x4 = "graph.mul"(%x, %six) : (tensor<4x8xf32>, tensor<f32>) -> tensor<4x8xf32>
  %a = "graph.add"(%x4, %three) : (tensor<4x8xf32>, tensor<f32>) -> tensor<4x8xf32>
  %c = "graph.clip"(%a) {min = 0.0 : f32, max = 6.0 : f32} : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %m = "graph.mul"(%x4, %c) : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %s1 = "graph.div"(%m, %six) : (tensor<4x8xf32>, tensor<f32>) -> tensor<4x8xf32>
  %a2 = "graph.add"(%x4, %three) : (tensor<4x8xf32>, tensor<f32>) -> tensor<4x8xf32>
  %r2 = "graph.relu6"(%a2) : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %m2 = "graph.mul"(%r2, %x4) : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %s2 = "graph.div"(%m2, %six) : (tensor<4x8xf32>, tensor<f32>) -> tensor<4x8xf32>
  %a3 = "graph.add"(%x4, %three) : (tensor<4x8xf32>, tensor<f32>) -> tensor<4x8xf32>
  %r3 = "graph.relu6"(%a3) : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %s3 = "graph.div"(%r3, %six) : (tensor<4x8xf32>, tensor<f32>) -> tensor<4x8xf32>
  %mu = "graph.reduce_mean"(%x) {axes = [1], keep_dims = true} : (tensor<4x8xf32>) -> tensor<4x1xf32>
  %d = "graph.sub"(%x, %mu) : (tensor<4x8xf32>, tensor<4x1xf32>) -> tensor<4x8xf32>
  %sq = "graph.mul"(%d, %d) : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %v = "graph.reduce_mean"(%sq) {axes = [-1], keep_dims = true} : (tensor<4x8xf32>) -> tensor<4x1xf32>
  %eps = "graph.constant"() {value = dense<1.0e-5> : tensor<f32>} : () -> tensor<f32>
  %ve = "graph.add"(%eps, %v) : (tensor<f32>, tensor<4x1xf32>) -> tensor<4x1xf32>
  %sd = "graph.sqrt"(%ve) : (tensor<4x1xf32>) -> tensor<4x1xf32>
  %ln = "graph.div"(%d, %sd) : (tensor<4x8xf32>, tensor<4x1xf32>) -> tensor<4x8xf32>
  %w = "graph.constant"() {value = dense<[[0.5, -1.0], [0.25, 2.0], [1.5, 0.75], [-0.5, 0.125]]> : tensor<4x2xf32>} : () -> tensor<4x2xf32>
  %f = "graph.matmul"(%y, %w) : (tensor<3x4xf32>, tensor<4x2xf32>) -> tensor<3x2xf32>
  return %s1, %s2, %s3, %ln, %f : tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<3x2xf32>
}
