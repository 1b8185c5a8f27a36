// Shape inference of the graph ops: each op below declares a wrong result
// type on purpose, so the verifier reports the type it inferred; the
// expected types were computed by hand from each op's documented rule
// (dynamic dimensions stay dynamic).
// RUN: npu-opt --split-input-file --verify-diagnostics %s

func.func @f0(%x: tensor<?x224x224x3xf32>, %w: tensor<32x3x3x3xf32>) {
  // expected-error@+1 {{inferred type 'tensor<?x112x112x32xf32>' does not match result type 'tensor<1xf32>'}}
  %0 = "graph.conv2d"(%x, %w) {padding = "same", strides = [2, 2]} : (tensor<?x224x224x3xf32>, tensor<32x3x3x3xf32>) -> tensor<1xf32>
  return
}

// -----

func.func @f1(%x: tensor<1x?x9x3xf32>, %w: tensor<8x3x3x3xf32>) {
  // expected-error@+1 {{inferred type 'tensor<1x?x4x8xf32>' does not match result type 'tensor<1xf32>'}}
  %0 = "graph.conv2d"(%x, %w) {strides = [2, 2]} : (tensor<1x?x9x3xf32>, tensor<8x3x3x3xf32>) -> tensor<1xf32>
  return
}

// -----

func.func @f2(%x: tensor<1x3x9x9xf32>, %w: tensor<8x3x3x3xf32>) {
  // expected-error@+1 {{inferred type 'tensor<1x8x4x4xf32>' does not match result type 'tensor<1xf32>'}}
  %0 = "graph.conv2d"(%x, %w) {layout = "NCHW", strides = [2, 2]} : (tensor<1x3x9x9xf32>, tensor<8x3x3x3xf32>) -> tensor<1xf32>
  return
}

// -----

func.func @f3(%x: tensor<1x9x9x4xf32>, %w: tensor<1x3x3x4xf32>) {
  // expected-error@+1 {{inferred type 'tensor<1x6x10x4xf32>' does not match result type 'tensor<1xf32>'}}
  %0 = "graph.depthwise_conv2d"(%x, %w) {dilations = [3, 3], padding = [1, 2, 3, 4]} : (tensor<1x9x9x4xf32>, tensor<1x3x3x4xf32>) -> tensor<1xf32>
  return
}

// -----

func.func @f4(%x: tensor<2x3x3x4xf32>, %w: tensor<5x3x3x4xf32>) {
  // expected-error@+1 {{inferred type 'tensor<2x7x9x5xf32>' does not match result type 'tensor<1xf32>'}}
  %0 = "graph.transpose_conv2d"(%x, %w) {padding = [1, 1, 0, 0], strides = [3, 3]} : (tensor<2x3x3x4xf32>, tensor<5x3x3x4xf32>) -> tensor<1xf32>
  return
}

// -----

func.func @f5(%x: tensor<?x4x8xf32>, %w: tensor<3x8xf32>) {
  // expected-error@+1 {{inferred type 'tensor<?x3xf32>' does not match result type 'tensor<1xf32>'}}
  %0 = "graph.fully_connected"(%x, %w) : (tensor<?x4x8xf32>, tensor<3x8xf32>) -> tensor<1xf32>
  return
}

// -----

func.func @f6(%a: tensor<5x1x3x4xf32>, %b: tensor<6x4x2xf32>) {
  // expected-error@+1 {{inferred type 'tensor<5x6x3x2xf32>' does not match result type 'tensor<1xf32>'}}
  %0 = "graph.batch_matmul"(%a, %b) : (tensor<5x1x3x4xf32>, tensor<6x4x2xf32>) -> tensor<1xf32>
  return
}

// -----

func.func @f7(%a: tensor<4x3xf32>, %b: tensor<4x2xf32>) {
  // expected-error@+1 {{inferred type 'tensor<3x2xf32>' does not match result type 'tensor<1xf32>'}}
  %0 = "graph.matmul"(%a, %b) {transpose_a = true} : (tensor<4x3xf32>, tensor<4x2xf32>) -> tensor<1xf32>
  return
}

// -----

func.func @f8(%a: tensor<?x1x5xf32>, %b: tensor<3x1xf32>) {
  // expected-error@+1 {{inferred type 'tensor<?x3x5xf32>' does not match result type 'tensor<1xf32>'}}
  %0 = "graph.maximum"(%a, %b) : (tensor<?x1x5xf32>, tensor<3x1xf32>) -> tensor<1xf32>
  return
}

// -----

func.func @f9(%a: tensor<f32>, %b: tensor<2x2xf32>) {
  // expected-error@+1 {{inferred type 'tensor<2x2xf32>' does not match result type 'tensor<1xf32>'}}
  %0 = "graph.div"(%a, %b) : (tensor<f32>, tensor<2x2xf32>) -> tensor<1xf32>
  return
}

// -----

func.func @f10(%x: tensor<1x10x10x3xf32>) {
  // expected-error@+1 {{inferred type 'tensor<1x4x4x3xf32>' does not match result type 'tensor<1xf32>'}}
  %0 = "graph.avg_pool2d"(%x) {kernel = [3, 3], padding = "same", strides = [3, 3]} : (tensor<1x10x10x3xf32>) -> tensor<1xf32>
  return
}

// -----

func.func @f11(%x: tensor<2x5x7x3xf32>) {
  // expected-error@+1 {{inferred type 'tensor<2x2x3x3xf32>' does not match result type 'tensor<1xf32>'}}
  %0 = "graph.max_pool2d"(%x) {kernel = [2, 3], strides = [2, 2]} : (tensor<2x5x7x3xf32>) -> tensor<1xf32>
  return
}

// -----

func.func @f12(%x: tensor<2x3x5x5xf32>) {
  // expected-error@+1 {{inferred type 'tensor<2x3x1x1xf32>' does not match result type 'tensor<1xf32>'}}
  %0 = "graph.global_avg_pool"(%x) {layout = "NCHW"} : (tensor<2x3x5x5xf32>) -> tensor<1xf32>
  return
}

// -----

func.func @f13(%x: tensor<2x3x4x5xf32>) {
  // expected-error@+1 {{inferred type 'tensor<2x1x4x1xf32>' does not match result type 'tensor<1xf32>'}}
  %0 = "graph.reduce_sum"(%x) {axes = [-1, 1], keep_dims = true} : (tensor<2x3x4x5xf32>) -> tensor<1xf32>
  return
}

// -----

func.func @f14(%x: tensor<?x4xf32>) {
  // expected-error@+1 {{inferred type 'tensor<?x2xf32>' does not match result type 'tensor<1xf32>'}}
  %0 = "graph.reshape"(%x) {shape = [-1, 2]} : (tensor<?x4xf32>) -> tensor<1xf32>
  return
}

// -----

func.func @f15(%x: tensor<2x3x4xf32>) {
  // expected-error@+1 {{inferred type 'tensor<4x3x2xf32>' does not match result type 'tensor<1xf32>'}}
  %0 = "graph.reshape"(%x) {shape = [4, -1, 2]} : (tensor<2x3x4xf32>) -> tensor<1xf32>
  return
}

// -----

func.func @f16(%x: tensor<2x3x4x5xf32>) {
  // expected-error@+1 {{inferred type 'tensor<5x4x3x2xf32>' does not match result type 'tensor<1xf32>'}}
  %0 = "graph.transpose"(%x) {perm = [3, 2, 1, 0]} : (tensor<2x3x4x5xf32>) -> tensor<1xf32>
  return
}

// -----

func.func @f17(%a: tensor<2x?xf32>, %b: tensor<2x3xf32>) {
  // expected-error@+1 {{inferred type 'tensor<2x?xf32>' does not match result type 'tensor<1xf32>'}}
  %0 = "graph.concat"(%a, %b) {axis = 1 : i64} : (tensor<2x?xf32>, tensor<2x3xf32>) -> tensor<1xf32>
  return
}

// -----

func.func @f18(%x: tensor<4x10xf32>) {
  // expected-error@+1 {{inferred type 'tensor<3x4xf32>' does not match result type 'tensor<1xf32>'}}
  %0 = "graph.slice"(%x) {begin = [1, 3], size = [-1, 4]} : (tensor<4x10xf32>) -> tensor<1xf32>
  return
}

// -----

func.func @f19(%x: tensor<10x10xf32>) {
  // expected-error@+1 {{inferred type 'tensor<3x3xf32>' does not match result type 'tensor<1xf32>'}}
  %0 = "graph.strided_slice"(%x) {begin = [-3, 0], begin_mask = 2 : i64, end = [100, 9], strides = [1, 4]} : (tensor<10x10xf32>) -> tensor<1xf32>
  return
}

// -----

func.func @f20(%x: tensor<2x3xf32>) {
  // expected-error@+1 {{inferred type 'tensor<6x6xf32>' does not match result type 'tensor<1xf32>'}}
  %0 = "graph.pad"(%x) {mode = "symmetric", paddings = [2, 2, 0, 3]} : (tensor<2x3xf32>) -> tensor<1xf32>
  return
}

// -----

func.func @f21(%x: tensor<1x3x4x4xf32>) {
  // expected-error@+1 {{inferred type 'tensor<1x3x7x5xf32>' does not match result type 'tensor<1xf32>'}}
  %0 = "graph.resize"(%x) {layout = "NCHW", size = [7, 5]} : (tensor<1x3x4x4xf32>) -> tensor<1xf32>
  return
}

// -----

func.func @f22(%x: tensor<1x2x1xf32>) {
  // expected-error@+1 {{inferred type 'tensor<1x1x2x1x1xf32>' does not match result type 'tensor<1xf32>'}}
  %0 = "graph.unsqueeze"(%x) {axes = [1, -1]} : (tensor<1x2x1xf32>) -> tensor<1xf32>
  return
}

// -----

func.func @f23(%x: tensor<?x1x3xf32>) {
  // expected-error@+1 {{inferred type 'tensor<?x3xf32>' does not match result type 'tensor<1xf32>'}}
  %0 = "graph.squeeze"(%x) : (tensor<?x1x3xf32>) -> tensor<1xf32>
  return
}

// -----

func.func @f24(%x: tensor<2x?xf32>) {
  // expected-error@+1 {{inferred type 'tensor<2x?xi8>' does not match result type 'tensor<2x?xf32>'}}
  %0 = "graph.cast"(%x) {to = i8} : (tensor<2x?xf32>) -> tensor<2x?xf32>
  return
}

// -----

func.func @f25(%x: tensor<*xf32>) {
  // expected-error@+1 {{inferred type 'tensor<*xf32>' does not match result type 'tensor<*xf16>'}}
  %0 = "graph.sigmoid"(%x) : (tensor<*xf32>) -> tensor<*xf16>
  return
}
