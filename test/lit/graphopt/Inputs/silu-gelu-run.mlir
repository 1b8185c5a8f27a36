// Inputs of idioms-silu-gelu.mlir's npu-run check: SiLU and the GELU
// spellings exporters write, on inputs spread over [-6, 6).
func.func @main(%in: tensor<4x64xf32>) -> (tensor<4x64xf32>, tensor<4x64xf32>, tensor<4x64xf32>, tensor<4x64xf32>, tensor<4x64xf32>) {
  %six = "graph.constant"() {value = dense<6.0> : tensor<f32>} : () -> tensor<f32>
  %x = "graph.mul"(%in, %six) : (tensor<4x64xf32>, tensor<f32>) -> tensor<4x64xf32>
  %s = "graph.sigmoid"(%x) : (tensor<4x64xf32>) -> tensor<4x64xf32>
  %silu = "graph.mul"(%s, %x) : (tensor<4x64xf32>, tensor<4x64xf32>) -> tensor<4x64xf32>
  %half = "graph.constant"() {value = dense<0.5> : tensor<f32>} : () -> tensor<f32>
  %one = "graph.constant"() {value = dense<1.0> : tensor<f32>} : () -> tensor<f32>
  %sqrt2 = "graph.constant"() {value = dense<1.41421354> : tensor<f32>} : () -> tensor<f32>
  %rsqrt2 = "graph.constant"() {value = dense<0.707106769> : tensor<f32>} : () -> tensor<f32>
  // PyTorch's export: ((erf(x / sqrt 2) + 1) * x) * 0.5
  %d = "graph.div"(%x, %sqrt2) : (tensor<4x64xf32>, tensor<f32>) -> tensor<4x64xf32>
  %e = "graph.erf"(%d) : (tensor<4x64xf32>) -> tensor<4x64xf32>
  %a = "graph.add"(%e, %one) : (tensor<4x64xf32>, tensor<f32>) -> tensor<4x64xf32>
  %m = "graph.mul"(%x, %a) : (tensor<4x64xf32>, tensor<4x64xf32>) -> tensor<4x64xf32>
  %g1 = "graph.mul"(%m, %half) : (tensor<4x64xf32>, tensor<f32>) -> tensor<4x64xf32>
  // (x * 0.5) * (1 + erf(x * (1 / sqrt 2)))
  %d2 = "graph.mul"(%x, %rsqrt2) : (tensor<4x64xf32>, tensor<f32>) -> tensor<4x64xf32>
  %e2 = "graph.erf"(%d2) : (tensor<4x64xf32>) -> tensor<4x64xf32>
  %a2 = "graph.add"(%one, %e2) : (tensor<f32>, tensor<4x64xf32>) -> tensor<4x64xf32>
  %h2 = "graph.mul"(%x, %half) : (tensor<4x64xf32>, tensor<f32>) -> tensor<4x64xf32>
  %g2 = "graph.mul"(%h2, %a2) : (tensor<4x64xf32>, tensor<4x64xf32>) -> tensor<4x64xf32>
  // tanh form, the cube as pow(x, 3)
  %c1 = "graph.constant"() {value = dense<0.797884583> : tensor<f32>} : () -> tensor<f32>
  %c2 = "graph.constant"() {value = dense<0.044715> : tensor<f32>} : () -> tensor<f32>
  %three = "graph.constant"() {value = dense<3.0> : tensor<f32>} : () -> tensor<f32>
  %p = "graph.pow"(%x, %three) : (tensor<4x64xf32>, tensor<f32>) -> tensor<4x64xf32>
  %q = "graph.mul"(%p, %c2) : (tensor<4x64xf32>, tensor<f32>) -> tensor<4x64xf32>
  %r = "graph.add"(%x, %q) : (tensor<4x64xf32>, tensor<4x64xf32>) -> tensor<4x64xf32>
  %t = "graph.mul"(%r, %c1) : (tensor<4x64xf32>, tensor<f32>) -> tensor<4x64xf32>
  %th = "graph.tanh"(%t) : (tensor<4x64xf32>) -> tensor<4x64xf32>
  %a3 = "graph.add"(%th, %one) : (tensor<4x64xf32>, tensor<f32>) -> tensor<4x64xf32>
  %h3 = "graph.mul"(%half, %x) : (tensor<f32>, tensor<4x64xf32>) -> tensor<4x64xf32>
  %g3 = "graph.mul"(%h3, %a3) : (tensor<4x64xf32>, tensor<4x64xf32>) -> tensor<4x64xf32>
  // tanh form, the cube as x * (x * x)
  %sq = "graph.mul"(%x, %x) : (tensor<4x64xf32>, tensor<4x64xf32>) -> tensor<4x64xf32>
  %cu = "graph.mul"(%x, %sq) : (tensor<4x64xf32>, tensor<4x64xf32>) -> tensor<4x64xf32>
  %q4 = "graph.mul"(%c2, %cu) : (tensor<f32>, tensor<4x64xf32>) -> tensor<4x64xf32>
  %r4 = "graph.add"(%q4, %x) : (tensor<4x64xf32>, tensor<4x64xf32>) -> tensor<4x64xf32>
  %t4 = "graph.mul"(%c1, %r4) : (tensor<f32>, tensor<4x64xf32>) -> tensor<4x64xf32>
  %th4 = "graph.tanh"(%t4) : (tensor<4x64xf32>) -> tensor<4x64xf32>
  %a4 = "graph.add"(%one, %th4) : (tensor<f32>, tensor<4x64xf32>) -> tensor<4x64xf32>
  %m4 = "graph.mul"(%a4, %x) : (tensor<4x64xf32>, tensor<4x64xf32>) -> tensor<4x64xf32>
  %g4 = "graph.mul"(%half, %m4) : (tensor<f32>, tensor<4x64xf32>) -> tensor<4x64xf32>
  return %silu, %g1, %g2, %g3, %g4 : tensor<4x64xf32>, tensor<4x64xf32>, tensor<4x64xf32>, tensor<4x64xf32>, tensor<4x64xf32>
}
