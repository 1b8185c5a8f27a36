// Every verifier rule of the graph ops (and of the generic attribute,
// quantized-type and inferred-type checks, shown on graph ops): one chunk
// per rule.
// RUN: npu-opt --split-input-file --verify-diagnostics %s

func.func @f0(%x: tensor<1x8x8x4xf32>) {
  // expected-error@+1 {{'graph.max_pool2d' op requires attribute 'kernel'}}
  %0 = "graph.max_pool2d"(%x) : (tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32>
  return
}

// -----

func.func @f1(%x: tensor<1x8x8x4xf32>) {
  // expected-error@+1 {{attribute 'groups' must be an integer attribute}}
  %0 = "graph.conv2d"(%x, %x) {groups = 1.5 : f32} : (tensor<1x8x8x4xf32>, tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32>
  return
}

// -----

func.func @f2(%x: tensor<4xf32>) {
  // expected-error@+1 {{attribute 'alpha' must be a float attribute}}
  %0 = "graph.leaky_relu"(%x) {alpha = "big"} : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @f3(%x: tensor<4xf32>) {
  // expected-error@+1 {{attribute 'approximate' must be a bool attribute}}
  %0 = "graph.gelu"(%x) {approximate = 1 : i64} : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @f4(%x: tensor<1x8x8x4xf32>) {
  // expected-error@+1 {{attribute 'mode' must be a string attribute}}
  %0 = "graph.resize"(%x) {mode = 1 : i64, size = [2, 2]} : (tensor<1x8x8x4xf32>) -> tensor<1x2x2x4xf32>
  return
}

// -----

func.func @f5(%x: tensor<1x8x8x4xf32>) {
  // expected-error@+1 {{attribute 'mode' must be one of: nearest, bilinear, cubic}}
  %0 = "graph.resize"(%x) {mode = "area", size = [2, 2]} : (tensor<1x8x8x4xf32>) -> tensor<1x2x2x4xf32>
  return
}

// -----

func.func @f6(%x: tensor<1x8x8x4xf32>) {
  // expected-error@+1 {{attribute 'kernel' must be an array of integers attribute}}
  %0 = "graph.max_pool2d"(%x) {kernel = 2 : i64} : (tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32>
  return
}

// -----

func.func @f7(%x: tensor<1x8x8x4xf32>) {
  // expected-error@+1 {{attribute 'kernel' must have 2 elements}}
  %0 = "graph.max_pool2d"(%x) {kernel = [2, 2, 2]} : (tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32>
  return
}

// -----

func.func @f8(%x: tensor<1x8x8x4xf32>) {
  // expected-error@+1 {{attribute 'kernel' elements must be >= 1}}
  %0 = "graph.max_pool2d"(%x) {kernel = [2, 0]} : (tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32>
  return
}

// -----

func.func @f9(%x: tensor<1x8x8x4xf32>, %w: tensor<8x3x3x4xf32>) {
  // expected-error@+1 {{attribute 'groups' value must be >= 1}}
  %0 = "graph.conv2d"(%x, %w) {groups = 0 : i64} : (tensor<1x8x8x4xf32>, tensor<8x3x3x4xf32>) -> tensor<1x6x6x8xf32>
  return
}

// -----

func.func @f10() {
  // expected-error@+1 {{attribute 'value' must be a dense elements attribute}}
  %0 = "graph.constant"() {value = [1, 2]} : () -> tensor<2xi64>
  return
}

// -----

func.func @f11(%x: tensor<4xf32>) {
  // expected-error@+1 {{attribute 'to' must be a type attribute}}
  %0 = "graph.cast"(%x) {to = "i32"} : (tensor<4xf32>) -> tensor<4xi32>
  return
}

// -----

func.func @f12(%x: tensor<1x8x8x4xf32>, %w: tensor<8x3x3x4xf32>) {
  // expected-error@+1 {{attribute 'padding' must be "same", "valid" or an array of 4 integers attribute}}
  %0 = "graph.conv2d"(%x, %w) {padding = "full"} : (tensor<1x8x8x4xf32>, tensor<8x3x3x4xf32>) -> tensor<1x6x6x8xf32>
  return
}

// -----

func.func @f13(%x: tensor<1x8x8x4xf32>, %w: tensor<8x3x3x4xf32>) {
  // expected-error@+1 {{attribute 'padding' must be "same", "valid" or an array of 4 integers attribute}}
  %0 = "graph.conv2d"(%x, %w) {padding = [1, 1]} : (tensor<1x8x8x4xf32>, tensor<8x3x3x4xf32>) -> tensor<1x6x6x8xf32>
  return
}

// -----

func.func @f14(%x: tensor<1x8x8x4xf32>, %w: tensor<8x3x3x4xf32>) {
  // expected-error@+1 {{attribute 'padding' elements must be in [0, 2147483647]}}
  %0 = "graph.conv2d"(%x, %w) {padding = [1, -1, 0, 0]} : (tensor<1x8x8x4xf32>, tensor<8x3x3x4xf32>) -> tensor<1x6x6x8xf32>
  return
}

// -----

func.func @f15(%x: tensor<1x8x8x4xf32>) {
  // expected-error@+1 {{attribute 'axis' value must fit in 32 bits}}
  %0 = "graph.softmax"(%x) {axis = 4294967296 : i64} : (tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32>
  return
}

// -----

func.func @f16(%x: tensor<1x8x8x4xf32>) {
  // expected-error@+1 {{attribute 'kernel' elements must fit in 32 bits}}
  %0 = "graph.max_pool2d"(%x) {kernel = [2, 4294967296]} : (tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32>
  return
}

// -----

func.func @f17(%x: tensor<4294967296x2xf32>) {
  // expected-error@+1 {{operand #0 has a dimension larger than 2147483647}}
  %0 = "graph.softmax"(%x) : (tensor<4294967296x2xf32>) -> tensor<4294967296x2xf32>
  return
}

// -----

func.func @f18(%x: tensor<4xf32>) {
  // expected-error@+1 {{shape has too many elements}}
  %0 = "graph.reshape"(%x) {shape = [2147483647, 2147483647, 2147483647, -1]} : (tensor<4xf32>) -> tensor<2147483647x2147483647x2147483647x1xf32>
  return
}

// -----

func.func @f19(%x: tensor<1x8x8x4xf32>) {
  // expected-error@+1 {{attribute 'epsilon' value must be >= 0}}
  %0 = "graph.layer_norm"(%x) {epsilon = -1.000000e+00 : f32} : (tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32>
  return
}

// -----

func.func @f20(%x: tensor<4x!quant.uniform<i8:f32, 5.000000e-01:1>>) {
  // expected-error@+1 {{result #0 has zero point 300 outside the storage range [-128, 127]}}
  %0 = "graph.relu"(%x) : (tensor<4x!quant.uniform<i8:f32, 5.000000e-01:1>>) -> tensor<4x!quant.uniform<i8:f32, 5.000000e-01:300>>
  return
}

// -----

// A zero scale is refused where the type is read, as mlir-opt-14 does (the
// verifier's own check covers types that importers build).
// expected-error@+1 {{illegal scale: 0.000000e+00}}
func.func @f21(%x: tensor<4x!quant.uniform<i8:f32, 0.000000e+00>>) {
  return
}

// -----

func.func @f22(%x: tensor<4x!quant.uniform<i8:f32:2, {1.000000e+00, 2.000000e+00}>>) {
  // expected-error@+1 {{operand #0 has quantization axis 2 but rank 1}}
  %0 = "graph.relu"(%x) : (tensor<4x!quant.uniform<i8:f32:2, {1.000000e+00, 2.000000e+00}>>) -> tensor<4x!quant.uniform<i8:f32:2, {1.000000e+00, 2.000000e+00}>>
  return
}

// -----

func.func @f23(%x: tensor<4x!quant.uniform<i8:f32:0, {1.000000e+00, 2.000000e+00}>>) {
  // expected-error@+1 {{operand #0 has 2 quantization scales for a dimension of size 4}}
  %0 = "graph.relu"(%x) : (tensor<4x!quant.uniform<i8:f32:0, {1.000000e+00, 2.000000e+00}>>) -> tensor<4x!quant.uniform<i8:f32:0, {1.000000e+00, 2.000000e+00}>>
  return
}

// -----

func.func @f24(%x: tensor<1x8x8x4xf32>, %w: tensor<8x3x3x4xf32>) {
  // expected-error@+1 {{inferred type 'tensor<1x4x4x8xf32>' does not match result type 'tensor<1x8x8x8xf32>'}}
  %0 = "graph.conv2d"(%x, %w) {padding = "same", strides = [2, 2]} : (tensor<1x8x8x4xf32>, tensor<8x3x3x4xf32>) -> tensor<1x8x8x8xf32>
  return
}

// -----

func.func @f25(%x: tensor<4xf32>) {
  // expected-error@+1 {{inferred type 'tensor<4xf32>' does not match result type 'tensor<4xf16>'}}
  %0 = "graph.relu"(%x) : (tensor<4xf32>) -> tensor<4xf16>
  return
}

// -----

func.func @f26(%x: tensor<8x4xf32>, %w: tensor<8x3x3x4xf32>) {
  // expected-error@+1 {{operand #0 must have rank 4, but has rank 2}}
  %0 = "graph.conv2d"(%x, %w) : (tensor<8x4xf32>, tensor<8x3x3x4xf32>) -> tensor<1x8x8x4xf32>
  return
}

// -----

func.func @f27(%x: tensor<*xf32>, %w: tensor<8x3x3x4xf32>) {
  // expected-error@+1 {{operand #0 must be a ranked tensor}}
  %0 = "graph.conv2d"(%x, %w) : (tensor<*xf32>, tensor<8x3x3x4xf32>) -> tensor<1x8x8x4xf32>
  return
}

// -----

func.func @f28(%x: memref<4xf32>) {
  // expected-error@+1 {{operand #0 must be a tensor}}
  %0 = "graph.relu"(%x) : (memref<4xf32>) -> memref<4xf32>
  return
}

// -----

func.func @f29(%x: tensor<1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1xf32>) {
  // expected-error@+1 {{operand #0 has rank 17, more than the supported 16}}
  %0 = "graph.softmax"(%x) : (tensor<1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1xf32>) -> tensor<1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1xf32>
  return
}

// -----

func.func @f30(%x: tensor<1x8x8x4xf32>, %w: tensor<8x3x3x3xf32>) {
  // expected-error@+1 {{input has 4 channels, but filter input channels (3) * groups (1) = 3}}
  %0 = "graph.conv2d"(%x, %w) : (tensor<1x8x8x4xf32>, tensor<8x3x3x3xf32>) -> tensor<1x6x6x8xf32>
  return
}

// -----

func.func @f31(%x: tensor<1x8x8x4xf32>, %w: tensor<6x3x3x2xf32>) {
  // expected-error@+1 {{input has 4 channels, but filter input channels (2) * groups (4) = 8}}
  %0 = "graph.conv2d"(%x, %w) {groups = 4 : i64} : (tensor<1x8x8x4xf32>, tensor<6x3x3x2xf32>) -> tensor<1x6x6x6xf32>
  return
}

// -----

func.func @f32(%x: tensor<1x8x8x4xf32>, %w: tensor<5x3x3x2xf32>) {
  // expected-error@+1 {{output channels (5) are not a multiple of groups (2)}}
  %0 = "graph.conv2d"(%x, %w) {groups = 2 : i64} : (tensor<1x8x8x4xf32>, tensor<5x3x3x2xf32>) -> tensor<1x6x6x5xf32>
  return
}

// -----

func.func @f33(%x: tensor<1x8x8x4xf32>, %w: tensor<8x3x3x4xf32>, %b: tensor<4xf32>) {
  // expected-error@+1 {{bias has 4 elements, expected 8 (output channels)}}
  %0 = "graph.conv2d"(%x, %w, %b) : (tensor<1x8x8x4xf32>, tensor<8x3x3x4xf32>, tensor<4xf32>) -> tensor<1x6x6x8xf32>
  return
}

// -----

func.func @f34(%x: tensor<1x8x8x4xf32>, %w: tensor<8x9x9x4xf32>) {
  // expected-error@+1 {{window of 9x9 (dilated) does not fit the padded 8x8 input}}
  %0 = "graph.conv2d"(%x, %w) : (tensor<1x8x8x4xf32>, tensor<8x9x9x4xf32>) -> tensor<1x1x1x8xf32>
  return
}

// -----

func.func @f35(%x: tensor<1x8x8x4xf32>, %w: tensor<8x3x3x4xf16>) {
  // expected-error@+1 {{input and filter must have the same element type (or both be quantized)}}
  %0 = "graph.conv2d"(%x, %w) : (tensor<1x8x8x4xf32>, tensor<8x3x3x4xf16>) -> tensor<1x6x6x8xf32>
  return
}

// -----

func.func @f36(%x: tensor<1x8x8x4xf32>, %w: tensor<8x3x3x4xf32>, %b: tensor<8xf16>) {
  // expected-error@+1 {{bias must have the input's element type}}
  %0 = "graph.conv2d"(%x, %w, %b) : (tensor<1x8x8x4xf32>, tensor<8x3x3x4xf32>, tensor<8xf16>) -> tensor<1x6x6x8xf32>
  return
}

// -----

func.func @f37(%x: tensor<1x8x8x4x!quant.uniform<i8:f32, 5.000000e-01:1>>, %w: tensor<8x3x3x4x!quant.uniform<i8:f32, 5.000000e-01:1>>, %b: tensor<8xi8>) {
  // expected-error@+1 {{bias of a quantized op must be stored in i32}}
  %0 = "graph.conv2d"(%x, %w, %b) : (tensor<1x8x8x4x!quant.uniform<i8:f32, 5.000000e-01:1>>, tensor<8x3x3x4x!quant.uniform<i8:f32, 5.000000e-01:1>>, tensor<8xi8>) -> tensor<1x6x6x8x!quant.uniform<i8:f32, 5.000000e-01:1>>
  return
}

// -----

func.func @f38(%x: tensor<1x8x8x4xf32>, %w: tensor<2x3x3x4xf32>) {
  // expected-error@+1 {{depthwise filter must be 1HWO with a leading 1}}
  %0 = "graph.depthwise_conv2d"(%x, %w) : (tensor<1x8x8x4xf32>, tensor<2x3x3x4xf32>) -> tensor<1x6x6x4xf32>
  return
}

// -----

func.func @f39(%x: tensor<1x8x8x4xf32>, %w: tensor<1x3x3x6xf32>) {
  // expected-error@+1 {{filter has 6 output channels, expected input channels (4) * depth_multiplier (1)}}
  %0 = "graph.depthwise_conv2d"(%x, %w) : (tensor<1x8x8x4xf32>, tensor<1x3x3x6xf32>) -> tensor<1x6x6x6xf32>
  return
}

// -----

func.func @f40(%x: tensor<1x8x8x4xf32>, %w: tensor<2x3x3x5xf32>) {
  // expected-error@+1 {{input has 4 channels, but the filter expects 5}}
  %0 = "graph.transpose_conv2d"(%x, %w) : (tensor<1x8x8x4xf32>, tensor<2x3x3x5xf32>) -> tensor<1x10x10x2xf32>
  return
}

// -----

func.func @f41(%x: tensor<1x1x1x4xf32>, %w: tensor<2x1x1x4xf32>) {
  // expected-error@+1 {{padding leaves an empty output}}
  %0 = "graph.transpose_conv2d"(%x, %w) {padding = [1, 0, 0, 0]} : (tensor<1x1x1x4xf32>, tensor<2x1x1x4xf32>) -> tensor<1x1x1x2xf32>
  return
}

// -----

func.func @f42(%x: tensor<f32>, %w: tensor<4x4xf32>) {
  // expected-error@+1 {{input must have rank >= 1}}
  %0 = "graph.fully_connected"(%x, %w) : (tensor<f32>, tensor<4x4xf32>) -> tensor<1x4xf32>
  return
}

// -----

func.func @f43(%x: tensor<2x5xf32>, %w: tensor<4x4xf32>) {
  // expected-error@+1 {{input's last dimension (5) does not match the weights' K (4)}}
  %0 = "graph.fully_connected"(%x, %w) : (tensor<2x5xf32>, tensor<4x4xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @f44(%a: tensor<3x4xf32>, %b: tensor<5x6xf32>) {
  // expected-error@+1 {{contracting dimensions differ: 4 and 5}}
  %0 = "graph.matmul"(%a, %b) : (tensor<3x4xf32>, tensor<5x6xf32>) -> tensor<3x6xf32>
  return
}

// -----

func.func @f45(%a: tensor<3x4xf32>, %b: tensor<4x5xf16>) {
  // expected-error@+1 {{operands must have the same element type}}
  %0 = "graph.matmul"(%a, %b) : (tensor<3x4xf32>, tensor<4x5xf16>) -> tensor<3x5xf32>
  return
}

// -----

func.func @f46(%a: tensor<4xf32>, %b: tensor<4x5xf32>) {
  // expected-error@+1 {{operands must have rank >= 2}}
  %0 = "graph.batch_matmul"(%a, %b) : (tensor<4xf32>, tensor<4x5xf32>) -> tensor<5xf32>
  return
}

// -----

func.func @f47(%a: tensor<2x3x4xf32>, %b: tensor<3x4x5xf32>) {
  // expected-error@+1 {{batch dimensions are not broadcast-compatible}}
  %0 = "graph.batch_matmul"(%a, %b) : (tensor<2x3x4xf32>, tensor<3x4x5xf32>) -> tensor<3x3x5xf32>
  return
}

// -----

func.func @f48(%a: tensor<2x3xf32>, %b: tensor<4xf32>) {
  // expected-error@+1 {{operands are not broadcast-compatible: 'tensor<2x3xf32>' and 'tensor<4xf32>'}}
  %0 = "graph.add"(%a, %b) : (tensor<2x3xf32>, tensor<4xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @f49(%a: tensor<4xf32>, %b: tensor<4xi32>) {
  // expected-error@+1 {{operands must have the same element type}}
  %0 = "graph.mul"(%a, %b) : (tensor<4xf32>, tensor<4xi32>) -> tensor<4xf32>
  return
}

// -----

func.func @f50(%a: tensor<2x4xf32>, %b: tensor<3x1xf32>) {
  // expected-error@+1 {{alpha does not broadcast to the input's shape}}
  %0 = "graph.prelu"(%a, %b) : (tensor<2x4xf32>, tensor<3x1xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @f51(%a: tensor<4xf32>) {
  // expected-error@+1 {{attribute 'min' (1) must not exceed 'max' (0)}}
  %0 = "graph.clip"(%a) {max = 0.000000e+00 : f32, min = 1.000000e+00 : f32} : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @f52(%a: tensor<2x4xf32>) {
  // expected-error@+1 {{axis 2 is out of range for rank 2}}
  %0 = "graph.softmax"(%a) {axis = 2 : i64} : (tensor<2x4xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @f53(%a: tensor<2x4xf32>) {
  // expected-error@+1 {{attribute 'beta' must be > 0}}
  %0 = "graph.softmax"(%a) {beta = 0.000000e+00 : f32} : (tensor<2x4xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @f54(%a: tensor<2x4xf32>) {
  // expected-error@+1 {{axis -3 is out of range for rank 2}}
  %0 = "graph.log_softmax"(%a) {axis = -3 : i64} : (tensor<2x4xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @f55(%a: tensor<2x4xf32>) {
  // expected-error@+1 {{axis 2 is out of range for rank 2}}
  %0 = "graph.reduce_sum"(%a) {axes = [2]} : (tensor<2x4xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @f56(%a: tensor<2x4xf32>) {
  // expected-error@+1 {{axis -1 is repeated}}
  %0 = "graph.reduce_max"(%a) {axes = [1, -1]} : (tensor<2x4xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @f57(%a: tensor<2x4xf32>) {
  // expected-error@+1 {{shape has more than one -1}}
  %0 = "graph.reshape"(%a) {shape = [-1, -1]} : (tensor<2x4xf32>) -> tensor<8xf32>
  return
}

// -----

func.func @f58(%a: tensor<2x4xf32>) {
  // expected-error@+1 {{cannot infer the -1 dimension: 8 elements into blocks of 3}}
  %0 = "graph.reshape"(%a) {shape = [3, -1]} : (tensor<2x4xf32>) -> tensor<3x3xf32>
  return
}

// -----

func.func @f59(%a: tensor<2x4xf32>) {
  // expected-error@+1 {{shape has 9 elements, the input 8}}
  %0 = "graph.reshape"(%a) {shape = [3, 3]} : (tensor<2x4xf32>) -> tensor<3x3xf32>
  return
}

// -----

func.func @f60(%a: tensor<2x4xf32>) {
  // expected-error@+1 {{attribute 'shape' elements must be >= -1}}
  %0 = "graph.reshape"(%a) {shape = [-2, 4]} : (tensor<2x4xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @f61(%a: tensor<2x4xf32>) {
  // expected-error@+1 {{perm has 1 entries for rank 2}}
  %0 = "graph.transpose"(%a) {perm = [0]} : (tensor<2x4xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @f62(%a: tensor<2x4xf32>) {
  // expected-error@+1 {{perm is not a permutation of [0, 2)}}
  %0 = "graph.transpose"(%a) {perm = [1, 1]} : (tensor<2x4xf32>) -> tensor<4x4xf32>
  return
}

// -----

func.func @f63(%a: tensor<2x4xf32>) {
  // expected-error@+1 {{axis is out of range for rank 2}}
  %0 = "graph.concat"(%a, %a) {axis = 2 : i64} : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x8xf32>
  return
}

// -----

func.func @f64(%a: tensor<2x4xf32>, %b: tensor<3x4xf32>) {
  // expected-error@+1 {{operand #1 has size 3 in dimension 0, expected 2}}
  %0 = "graph.concat"(%a, %b) {axis = 1 : i64} : (tensor<2x4xf32>, tensor<3x4xf32>) -> tensor<2x8xf32>
  return
}

// -----

func.func @f65(%a: tensor<2x4xf32>, %b: tensor<2x4xi8>) {
  // expected-error@+1 {{operands must have the same element type}}
  %0 = "graph.concat"(%a, %b) {axis = 0 : i64} : (tensor<2x4xf32>, tensor<2x4xi8>) -> tensor<4x4xf32>
  return
}

// -----

func.func @f66(%a: tensor<2x4xf32>) {
  // expected-error@+1 {{axis is out of range for rank 2}}
  %0 = "graph.split"(%a) {axis = 3 : i64} : (tensor<2x4xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @f67(%a: tensor<2x4xf32>) {
  // expected-error@+1 {{must have at least one result}}
  "graph.split"(%a) {axis = 0 : i64} : (tensor<2x4xf32>) -> ()
  return
}

// -----

func.func @f68(%a: tensor<2x4xf32>) {
  // expected-error@+1 {{has 2 results but 1 sizes}}
  %0:2 = "graph.split"(%a) {axis = 1 : i64, sizes = [4]} : (tensor<2x4xf32>) -> (tensor<2x4xf32>, tensor<2x0xf32>)
  return
}

// -----

func.func @f69(%a: tensor<2x4xf32>) {
  // expected-error@+1 {{sizes sum to 3, the axis has 4}}
  %0:2 = "graph.split"(%a) {axis = 1 : i64, sizes = [1, 2]} : (tensor<2x4xf32>) -> (tensor<2x1xf32>, tensor<2x2xf32>)
  return
}

// -----

func.func @f70(%a: tensor<2x4xf32>) {
  // expected-error@+1 {{axis size 4 does not split into 3 equal parts}}
  %0:3 = "graph.split"(%a) {axis = 1 : i64} : (tensor<2x4xf32>) -> (tensor<2x1xf32>, tensor<2x1xf32>, tensor<2x2xf32>)
  return
}

// -----

func.func @f71(%a: tensor<2x4xf32>) {
  // expected-error@+1 {{begin and size need 2 entries each (the rank)}}
  %0 = "graph.slice"(%a) {begin = [0], size = [1]} : (tensor<2x4xf32>) -> tensor<1xf32>
  return
}

// -----

func.func @f72(%a: tensor<2x4xf32>) {
  // expected-error@+1 {{slice [2, +3) is out of bounds in dimension 1 of size 4}}
  %0 = "graph.slice"(%a) {begin = [0, 2], size = [1, 3]} : (tensor<2x4xf32>) -> tensor<1x3xf32>
  return
}

// -----

func.func @f73(%a: tensor<2x4xf32>) {
  // expected-error@+1 {{begin, end and strides need 2 entries each}}
  %0 = "graph.strided_slice"(%a) {begin = [0], end = [1]} : (tensor<2x4xf32>) -> tensor<1xf32>
  return
}

// -----

func.func @f74(%a: tensor<2x4xf32>) {
  // expected-error@+1 {{stride 1 is zero}}
  %0 = "graph.strided_slice"(%a) {begin = [0, 0], end = [1, 1], strides = [1, 0]} : (tensor<2x4xf32>) -> tensor<1x1xf32>
  return
}

// -----

func.func @f75(%a: tensor<2x4xf32>) {
  // expected-error@+1 {{shrunk index 2 is out of bounds in dimension 0}}
  %0 = "graph.strided_slice"(%a) {begin = [2, 0], end = [3, 4], shrink_axis_mask = 1 : i64} : (tensor<2x4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @f76(%a: tensor<2x4xf32>) {
  // expected-error@+1 {{paddings needs 4 entries (2 * rank), has 2}}
  %0 = "graph.pad"(%a) {paddings = [1, 1]} : (tensor<2x4xf32>) -> tensor<4x4xf32>
  return
}

// -----

func.func @f77(%a: tensor<2x4xf32>) {
  // expected-error@+1 {{reflect padding of dimension 0 must be at most 1}}
  %0 = "graph.pad"(%a) {mode = "reflect", paddings = [2, 0, 0, 0]} : (tensor<2x4xf32>) -> tensor<4x4xf32>
  return
}

// -----

func.func @f78(%a: tensor<2x4xf32>) {
  // expected-error@+1 {{symmetric padding of dimension 1 must be at most 4}}
  %0 = "graph.pad"(%a) {mode = "symmetric", paddings = [0, 0, 0, 5]} : (tensor<2x4xf32>) -> tensor<2x9xf32>
  return
}

// -----

func.func @f79(%x: tensor<1x8x8x4xf32>) {
  // expected-error@+1 {{align_corners and half_pixel_centers are exclusive}}
  %0 = "graph.resize"(%x) {align_corners = true, half_pixel_centers = true, size = [2, 2]} : (tensor<1x8x8x4xf32>) -> tensor<1x2x2x4xf32>
  return
}

// -----

func.func @f80(%a: tensor<2x1xf32>) {
  // expected-error@+1 {{cannot squeeze dimension 0 of size 2}}
  %0 = "graph.squeeze"(%a) {axes = [0]} : (tensor<2x1xf32>) -> tensor<1xf32>
  return
}

// -----

func.func @f81(%a: tensor<2x1xf32>) {
  // expected-error@+1 {{axis 0 is repeated}}
  %0 = "graph.unsqueeze"(%a) {axes = [0, 0]} : (tensor<2x1xf32>) -> tensor<1x1x2x1xf32>
  return
}

// -----

func.func @f82(%a: tensor<4xf32>, %p: tensor<4xf32>) {
  // expected-error@+1 {{input must have rank >= 2}}
  %0 = "graph.batch_norm"(%a, %p, %p, %p, %p) : (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @f83(%a: tensor<1x8x8x4xf32>, %p: tensor<4xf32>, %v: tensor<8xf32>) {
  // expected-error@+1 {{operand #4 has 8 elements, expected 4 (channels)}}
  %0 = "graph.batch_norm"(%a, %p, %p, %p, %v) : (tensor<1x8x8x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<8xf32>) -> tensor<1x8x8x4xf32>
  return
}

// -----

func.func @f84(%a: tensor<2x5xf32>) {
  // expected-error@+1 {{axis is out of range for rank 2}}
  %0 = "graph.layer_norm"(%a) {axis = 2 : i64} : (tensor<2x5xf32>) -> tensor<2x5xf32>
  return
}

// -----

func.func @f85(%a: tensor<2x5xf32>, %g: tensor<4xf32>) {
  // expected-error@+1 {{operand #1 does not match the normalised dimensions}}
  %0 = "graph.layer_norm"(%a, %g) : (tensor<2x5xf32>, tensor<4xf32>) -> tensor<2x5xf32>
  return
}

// -----

func.func @f86(%a: tensor<4xf32>) {
  // expected-error@+1 {{attribute 'to' must be an integer or float type}}
  %0 = "graph.cast"(%a) {to = index} : (tensor<4xf32>) -> tensor<4xindex>
  return
}

// -----

func.func @f87(%a: tensor<4xf32>) {
  // expected-error@+1 {{attribute 'qtype' must be a !quant.uniform type}}
  %0 = "graph.quantize"(%a) {qtype = i8} : (tensor<4xf32>) -> tensor<4xi8>
  return
}

// -----

func.func @f88(%a: tensor<4xi32>) {
  // expected-error@+1 {{operand must have a float element type}}
  %0 = "graph.quantize"(%a) {qtype = !quant.uniform<i8:f32, 5.000000e-01:1>} : (tensor<4xi32>) -> tensor<4x!quant.uniform<i8:f32, 5.000000e-01:1>>
  return
}

// -----

func.func @f89(%a: tensor<4xf32>) {
  // expected-error@+1 {{result element type must be 'qtype'}}
  %0 = "graph.quantize"(%a) {qtype = !quant.uniform<i8:f32, 5.000000e-01:1>} : (tensor<4xf32>) -> tensor<4x!quant.uniform<i8:f32, 2.500000e-01:1>>
  return
}

// -----

func.func @f90(%a: tensor<4xf32>) {
  // expected-error@+1 {{operand must have a quantized element type}}
  %0 = "graph.dequantize"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @f91(%a: tensor<4x!quant.uniform<i8:f32, 5.000000e-01:1>>) {
  // expected-error@+1 {{result must have a float element type}}
  %0 = "graph.dequantize"(%a) : (tensor<4x!quant.uniform<i8:f32, 5.000000e-01:1>>) -> tensor<4xi8>
  return
}

// -----

func.func @f92(%a: tensor<4xf32>) {
  // expected-error@+1 {{operand must have a quantized element type}}
  %0 = "graph.requantize"(%a) {qtype = !quant.uniform<i8:f32, 5.000000e-01:1>} : (tensor<4xf32>) -> tensor<4x!quant.uniform<i8:f32, 5.000000e-01:1>>
  return
}

// -----

func.func @f93() {
  // expected-error@+1 {{inferred type 'tensor<2xi32>' does not match result type 'tensor<2xf32>'}}
  %0 = "graph.constant"() {value = dense<1> : tensor<2xi32>} : () -> tensor<2xf32>
  return
}

// -----

func.func @f94() {
  // expected-error@+1 {{inferred type 'tensor<2xi32>' does not match result type 'tensor<2x!quant.uniform<i8:f32, 5.000000e-01:1>>'}}
  %0 = "graph.constant"() {value = dense<1> : tensor<2xi32>} : () -> tensor<2x!quant.uniform<i8:f32, 5.000000e-01:1>>
  return
}

// -----

func.func @custom_needs_op() {
  // expected-error@+1 {{'graph.custom' op requires attribute 'op'}}
  "graph.custom"() : () -> ()
  return
}
