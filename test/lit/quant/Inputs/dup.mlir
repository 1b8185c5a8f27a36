// GPTQ's hand-checkable case: a fully connected op reads [a, b, a, b];
// weights [1, 0.4 s, 0, 0.4 s] with s = 1/127 the per-channel scale.
// To nearest the two 0.4 s round to 0 (output error 0.8 s b); GPTQ
// rounds the first to 0, moves its error onto the weight that reads the
// same b, 0.8 s, which rounds to 1 (error -0.2 s b).
module {
  func.func @main(%x: tensor<1x2xf32>) -> tensor<1x1xf32> {
    %d = "graph.concat"(%x, %x) {axis = 1 : i64} : (tensor<1x2xf32>, tensor<1x2xf32>) -> tensor<1x4xf32>
    %w = "graph.constant"() {value = dense<[[1.0, 0.0031496063, 0.0, 0.0031496063]]> : tensor<1x4xf32>} : () -> tensor<1x4xf32>
    %f = "graph.fully_connected"(%d, %w) : (tensor<1x4xf32>, tensor<1x4xf32>) -> tensor<1x1xf32>
    return %f : tensor<1x1xf32>
  }
}
