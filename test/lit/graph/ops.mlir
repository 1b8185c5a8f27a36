// Round trip of every graph op: each result type below was computed by
// hand from the op's documented shape rule, so verification (which
// re-infers and compares) passing is itself the shape-inference check.
// RUN: npu-opt %s | npu-opt | FileCheck %s
// RUN: npu-opt --print-op-generic %s | npu-opt | FileCheck %s

func.func @constants() -> (tensor<2x2xf32>, tensor<2x!quant.uniform<i8:f32, 5.000000e-01:1>>) {
// CHECK-LABEL: func.func @constants(
  %0 = "graph.constant"() {value = dense<1.000000e+00> : tensor<2x2xf32>} : () -> tensor<2x2xf32>
// CHECK: "graph.constant"({{.*}}) {value = dense<1.000000e+00> : tensor<2x2xf32>} : ({{.*}}) -> tensor<2x2xf32>
  %1 = "graph.constant"() {value = dense<[1, -2]> : tensor<2xi8>} : () -> tensor<2x!quant.uniform<i8:f32, 5.000000e-01:1>>
// CHECK: "graph.constant"({{.*}}) {value = dense<[1, -2]> : tensor<2xi8>} : ({{.*}}) -> tensor<2x!quant.uniform<i8:f32, 5.000000e-01:1>>
  return %0, %1 : tensor<2x2xf32>, tensor<2x!quant.uniform<i8:f32, 5.000000e-01:1>>
}
func.func @convs(%x: tensor<1x224x224x3xf32>, %w: tensor<32x3x3x3xf32>, %b: tensor<32xf32>, %x2: tensor<1x10x10x4xf32>, %w2: tensor<8x3x3x4xf32>, %x3: tensor<1x7x7x4xf32>, %x4: tensor<1x8x8x4xf32>, %w4: tensor<6x3x3x2xf32>, %x5: tensor<1x3x8x8xf32>, %w5: tensor<4x3x3x3xf32>) {
// CHECK-LABEL: func.func @convs(
  %0 = "graph.conv2d"(%x, %w, %b) {padding = "same", strides = [2, 2]} : (tensor<1x224x224x3xf32>, tensor<32x3x3x3xf32>, tensor<32xf32>) -> tensor<1x112x112x32xf32>
// CHECK: "graph.conv2d"({{.*}}) {padding = "same", strides = [2, 2]} : ({{.*}}) -> tensor<1x112x112x32xf32>
  %1 = "graph.conv2d"(%x2, %w2) {dilations = [2, 2]} : (tensor<1x10x10x4xf32>, tensor<8x3x3x4xf32>) -> tensor<1x6x6x8xf32>
// CHECK: "graph.conv2d"({{.*}}) {dilations = [2, 2]} : ({{.*}}) -> tensor<1x6x6x8xf32>
  %2 = "graph.conv2d"(%x3, %w2) {padding = [1, 1, 2, 2], strides = [2, 2]} : (tensor<1x7x7x4xf32>, tensor<8x3x3x4xf32>) -> tensor<1x4x5x8xf32>
// CHECK: "graph.conv2d"({{.*}}) {padding = [1, 1, 2, 2], strides = [2, 2]} : ({{.*}}) -> tensor<1x4x5x8xf32>
  %3 = "graph.conv2d"(%x4, %w4) {groups = 2 : i64} : (tensor<1x8x8x4xf32>, tensor<6x3x3x2xf32>) -> tensor<1x6x6x6xf32>
// CHECK: "graph.conv2d"({{.*}}) {groups = 2 : i64} : ({{.*}}) -> tensor<1x6x6x6xf32>
  %4 = "graph.conv2d"(%x5, %w5) {layout = "NCHW", padding = "same"} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x8x8xf32>
// CHECK: "graph.conv2d"({{.*}}) {layout = "NCHW", padding = "same"} : ({{.*}}) -> tensor<1x4x8x8xf32>
  return
}
func.func @depthwise(%x: tensor<1x112x112x32xf32>, %w: tensor<1x3x3x32xf32>, %x2: tensor<1x5x5x3xf32>, %w2: tensor<1x3x3x6xf32>, %b2: tensor<6xf32>) {
// CHECK-LABEL: func.func @depthwise(
  %0 = "graph.depthwise_conv2d"(%x, %w) {padding = "same"} : (tensor<1x112x112x32xf32>, tensor<1x3x3x32xf32>) -> tensor<1x112x112x32xf32>
// CHECK: "graph.depthwise_conv2d"({{.*}}) {padding = "same"} : ({{.*}}) -> tensor<1x112x112x32xf32>
  %1 = "graph.depthwise_conv2d"(%x2, %w2, %b2) {depth_multiplier = 2 : i64} : (tensor<1x5x5x3xf32>, tensor<1x3x3x6xf32>, tensor<6xf32>) -> tensor<1x3x3x6xf32>
// CHECK: "graph.depthwise_conv2d"({{.*}}) {depth_multiplier = 2 : i64} : ({{.*}}) -> tensor<1x3x3x6xf32>
  return
}
func.func @deconv(%x: tensor<1x4x4x8xf32>, %w: tensor<16x3x3x8xf32>) {
// CHECK-LABEL: func.func @deconv(
  %0 = "graph.transpose_conv2d"(%x, %w) {strides = [2, 2]} : (tensor<1x4x4x8xf32>, tensor<16x3x3x8xf32>) -> tensor<1x9x9x16xf32>
// CHECK: "graph.transpose_conv2d"({{.*}}) {strides = [2, 2]} : ({{.*}}) -> tensor<1x9x9x16xf32>
  %1 = "graph.transpose_conv2d"(%x, %w) {padding = "same", strides = [2, 2]} : (tensor<1x4x4x8xf32>, tensor<16x3x3x8xf32>) -> tensor<1x8x8x16xf32>
// CHECK: "graph.transpose_conv2d"({{.*}}) {padding = "same", strides = [2, 2]} : ({{.*}}) -> tensor<1x8x8x16xf32>
  return
}
func.func @products(%a: tensor<1x512xf32>, %w: tensor<10x512xf32>, %b: tensor<10xf32>, %c: tensor<2x3x4xf32>, %w2: tensor<5x4xf32>, %m: tensor<3x4xf32>, %n: tensor<4x5xf32>, %mt: tensor<4x3xf32>, %nt: tensor<5x4xf32>, %bm: tensor<1x4x5xf32>, %bn: tensor<7x4x5xf32>) {
// CHECK-LABEL: func.func @products(
  %0 = "graph.fully_connected"(%a, %w, %b) : (tensor<1x512xf32>, tensor<10x512xf32>, tensor<10xf32>) -> tensor<1x10xf32>
// CHECK: "graph.fully_connected"({{.*}}) : ({{.*}}) -> tensor<1x10xf32>
  %1 = "graph.fully_connected"(%c, %w2) : (tensor<2x3x4xf32>, tensor<5x4xf32>) -> tensor<6x5xf32>
// CHECK: "graph.fully_connected"({{.*}}) : ({{.*}}) -> tensor<6x5xf32>
  %2 = "graph.fully_connected"(%c, %w2) {keep_num_dims = true} : (tensor<2x3x4xf32>, tensor<5x4xf32>) -> tensor<2x3x5xf32>
// CHECK: "graph.fully_connected"({{.*}}) {keep_num_dims = true} : ({{.*}}) -> tensor<2x3x5xf32>
  %3 = "graph.matmul"(%m, %n) : (tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>
// CHECK: "graph.matmul"({{.*}}) : ({{.*}}) -> tensor<3x5xf32>
  %4 = "graph.matmul"(%mt, %nt) {transpose_a = true, transpose_b = true} : (tensor<4x3xf32>, tensor<5x4xf32>) -> tensor<3x5xf32>
// CHECK: "graph.matmul"({{.*}}) {transpose_a = true, transpose_b = true} : ({{.*}}) -> tensor<3x5xf32>
  %5 = "graph.batch_matmul"(%c, %bm) : (tensor<2x3x4xf32>, tensor<1x4x5xf32>) -> tensor<2x3x5xf32>
// CHECK: "graph.batch_matmul"({{.*}}) : ({{.*}}) -> tensor<2x3x5xf32>
  %6 = "graph.batch_matmul"(%m, %bn) : (tensor<3x4xf32>, tensor<7x4x5xf32>) -> tensor<7x3x5xf32>
// CHECK: "graph.batch_matmul"({{.*}}) : ({{.*}}) -> tensor<7x3x5xf32>
  return
}
func.func @binary(%a: tensor<1x4x4x8xf32>, %b: tensor<8xf32>, %c: tensor<2x1x3xf32>, %d: tensor<4x1xf32>) {
// CHECK-LABEL: func.func @binary(
  %0 = "graph.add"(%a, %b) : (tensor<1x4x4x8xf32>, tensor<8xf32>) -> tensor<1x4x4x8xf32>
// CHECK: "graph.add"({{.*}}) : ({{.*}}) -> tensor<1x4x4x8xf32>
  %1 = "graph.sub"(%c, %d) : (tensor<2x1x3xf32>, tensor<4x1xf32>) -> tensor<2x4x3xf32>
// CHECK: "graph.sub"({{.*}}) : ({{.*}}) -> tensor<2x4x3xf32>
  %2 = "graph.mul"(%d, %c) : (tensor<4x1xf32>, tensor<2x1x3xf32>) -> tensor<2x4x3xf32>
// CHECK: "graph.mul"({{.*}}) : ({{.*}}) -> tensor<2x4x3xf32>
  %3 = "graph.div"(%a, %a) : (tensor<1x4x4x8xf32>, tensor<1x4x4x8xf32>) -> tensor<1x4x4x8xf32>
// CHECK: "graph.div"({{.*}}) : ({{.*}}) -> tensor<1x4x4x8xf32>
  %4 = "graph.maximum"(%b, %a) : (tensor<8xf32>, tensor<1x4x4x8xf32>) -> tensor<1x4x4x8xf32>
// CHECK: "graph.maximum"({{.*}}) : ({{.*}}) -> tensor<1x4x4x8xf32>
  %5 = "graph.minimum"(%a, %b) : (tensor<1x4x4x8xf32>, tensor<8xf32>) -> tensor<1x4x4x8xf32>
// CHECK: "graph.minimum"({{.*}}) : ({{.*}}) -> tensor<1x4x4x8xf32>
  %6 = "graph.prelu"(%a, %b) : (tensor<1x4x4x8xf32>, tensor<8xf32>) -> tensor<1x4x4x8xf32>
// CHECK: "graph.prelu"({{.*}}) : ({{.*}}) -> tensor<1x4x4x8xf32>
  return
}
func.func @unary(%x: tensor<1x8xf32>) {
// CHECK-LABEL: func.func @unary(
  %0 = "graph.relu"(%x) : (tensor<1x8xf32>) -> tensor<1x8xf32>
// CHECK: "graph.relu"({{.*}}) : ({{.*}}) -> tensor<1x8xf32>
  %1 = "graph.relu6"(%x) : (tensor<1x8xf32>) -> tensor<1x8xf32>
// CHECK: "graph.relu6"({{.*}}) : ({{.*}}) -> tensor<1x8xf32>
  %2 = "graph.clip"(%x) {max = 6.000000e+00 : f32, min = 0.000000e+00 : f32} : (tensor<1x8xf32>) -> tensor<1x8xf32>
// CHECK: "graph.clip"({{.*}}) {max = 6.000000e+00 : f32, min = 0.000000e+00 : f32} : ({{.*}}) -> tensor<1x8xf32>
  %3 = "graph.leaky_relu"(%x) {alpha = 1.000000e-01 : f32} : (tensor<1x8xf32>) -> tensor<1x8xf32>
// CHECK: "graph.leaky_relu"({{.*}}) {alpha = 1.000000e-01 : f32} : ({{.*}}) -> tensor<1x8xf32>
  %4 = "graph.sigmoid"(%x) : (tensor<1x8xf32>) -> tensor<1x8xf32>
// CHECK: "graph.sigmoid"({{.*}}) : ({{.*}}) -> tensor<1x8xf32>
  %5 = "graph.tanh"(%x) : (tensor<1x8xf32>) -> tensor<1x8xf32>
// CHECK: "graph.tanh"({{.*}}) : ({{.*}}) -> tensor<1x8xf32>
  %6 = "graph.hard_swish"(%x) : (tensor<1x8xf32>) -> tensor<1x8xf32>
// CHECK: "graph.hard_swish"({{.*}}) : ({{.*}}) -> tensor<1x8xf32>
  %7 = "graph.hard_sigmoid"(%x) : (tensor<1x8xf32>) -> tensor<1x8xf32>
// CHECK: "graph.hard_sigmoid"({{.*}}) : ({{.*}}) -> tensor<1x8xf32>
  %8 = "graph.gelu"(%x) {approximate = true} : (tensor<1x8xf32>) -> tensor<1x8xf32>
// CHECK: "graph.gelu"({{.*}}) {approximate = true} : ({{.*}}) -> tensor<1x8xf32>
  %9 = "graph.exp"(%x) : (tensor<1x8xf32>) -> tensor<1x8xf32>
// CHECK: "graph.exp"({{.*}}) : ({{.*}}) -> tensor<1x8xf32>
  %10 = "graph.sqrt"(%x) : (tensor<1x8xf32>) -> tensor<1x8xf32>
// CHECK: "graph.sqrt"({{.*}}) : ({{.*}}) -> tensor<1x8xf32>
  %11 = "graph.rsqrt"(%x) : (tensor<1x8xf32>) -> tensor<1x8xf32>
// CHECK: "graph.rsqrt"({{.*}}) : ({{.*}}) -> tensor<1x8xf32>
  %12 = "graph.abs"(%x) : (tensor<1x8xf32>) -> tensor<1x8xf32>
// CHECK: "graph.abs"({{.*}}) : ({{.*}}) -> tensor<1x8xf32>
  %13 = "graph.neg"(%x) : (tensor<1x8xf32>) -> tensor<1x8xf32>
// CHECK: "graph.neg"({{.*}}) : ({{.*}}) -> tensor<1x8xf32>
  %14 = "graph.softmax"(%x) {axis = 1 : i64, beta = 2.000000e+00 : f32} : (tensor<1x8xf32>) -> tensor<1x8xf32>
// CHECK: "graph.softmax"({{.*}}) {axis = 1 : i64, beta = 2.000000e+00 : f32} : ({{.*}}) -> tensor<1x8xf32>
  %15 = "graph.log_softmax"(%x) : (tensor<1x8xf32>) -> tensor<1x8xf32>
// CHECK: "graph.log_softmax"({{.*}}) : ({{.*}}) -> tensor<1x8xf32>
  return
}
func.func @pools(%x: tensor<1x112x112x32xf32>, %y: tensor<1x7x7x8xf32>, %z: tensor<1x7x7x1024xf32>, %r: tensor<1x4x4x8xf32>, %s: tensor<3x5xf32>) {
// CHECK-LABEL: func.func @pools(
  %0 = "graph.max_pool2d"(%x) {kernel = [3, 3], padding = "same", strides = [2, 2]} : (tensor<1x112x112x32xf32>) -> tensor<1x56x56x32xf32>
// CHECK: "graph.max_pool2d"({{.*}}) {kernel = [3, 3], padding = "same", strides = [2, 2]} : ({{.*}}) -> tensor<1x56x56x32xf32>
  %1 = "graph.avg_pool2d"(%y) {kernel = [2, 2], strides = [2, 2]} : (tensor<1x7x7x8xf32>) -> tensor<1x3x3x8xf32>
// CHECK: "graph.avg_pool2d"({{.*}}) {kernel = [2, 2], strides = [2, 2]} : ({{.*}}) -> tensor<1x3x3x8xf32>
  %2 = "graph.global_avg_pool"(%z) : (tensor<1x7x7x1024xf32>) -> tensor<1x1x1x1024xf32>
// CHECK: "graph.global_avg_pool"({{.*}}) : ({{.*}}) -> tensor<1x1x1x1024xf32>
  %3 = "graph.global_avg_pool"(%z) {keep_dims = false} : (tensor<1x7x7x1024xf32>) -> tensor<1x1024xf32>
// CHECK: "graph.global_avg_pool"({{.*}}) {keep_dims = false} : ({{.*}}) -> tensor<1x1024xf32>
  %4 = "graph.reduce_mean"(%r) {axes = [1, 2], keep_dims = true} : (tensor<1x4x4x8xf32>) -> tensor<1x1x1x8xf32>
// CHECK: "graph.reduce_mean"({{.*}}) {axes = [1, 2], keep_dims = true} : ({{.*}}) -> tensor<1x1x1x8xf32>
  %5 = "graph.reduce_sum"(%r) {axes = [-1]} : (tensor<1x4x4x8xf32>) -> tensor<1x4x4xf32>
// CHECK: "graph.reduce_sum"({{.*}}) {axes = [-1]} : ({{.*}}) -> tensor<1x4x4xf32>
  %6 = "graph.reduce_max"(%s) {axes = [0]} : (tensor<3x5xf32>) -> tensor<5xf32>
// CHECK: "graph.reduce_max"({{.*}}) {axes = [0]} : ({{.*}}) -> tensor<5xf32>
  return
}
func.func @shapes(%x: tensor<1x8x8x8xf32>, %y: tensor<1x4x5x8xf32>, %a: tensor<1x4x4x8xf32>, %b: tensor<1x4x4x16xf32>, %c: tensor<2x6xf32>, %d: tensor<6x2xf32>, %e: tensor<3x4xf32>, %f: tensor<5x8xf32>, %g: tensor<5xf32>) {
// CHECK-LABEL: func.func @shapes(
  %0 = "graph.reshape"(%x) {shape = [1, -1]} : (tensor<1x8x8x8xf32>) -> tensor<1x512xf32>
// CHECK: "graph.reshape"({{.*}}) {shape = [1, -1]} : ({{.*}}) -> tensor<1x512xf32>
  %1 = "graph.transpose"(%y) {perm = [0, 3, 1, 2]} : (tensor<1x4x5x8xf32>) -> tensor<1x8x4x5xf32>
// CHECK: "graph.transpose"({{.*}}) {perm = [0, 3, 1, 2]} : ({{.*}}) -> tensor<1x8x4x5xf32>
  %2 = "graph.concat"(%a, %b) {axis = 3 : i64} : (tensor<1x4x4x8xf32>, tensor<1x4x4x16xf32>) -> tensor<1x4x4x24xf32>
// CHECK: "graph.concat"({{.*}}) {axis = 3 : i64} : ({{.*}}) -> tensor<1x4x4x24xf32>
  %3 = "graph.concat"(%a, %b, %a) {axis = -1 : i64} : (tensor<1x4x4x8xf32>, tensor<1x4x4x16xf32>, tensor<1x4x4x8xf32>) -> tensor<1x4x4x32xf32>
// CHECK: "graph.concat"({{.*}}) {axis = -1 : i64} : ({{.*}}) -> tensor<1x4x4x32xf32>
  %4:2 = "graph.split"(%c) {axis = 1 : i64} : (tensor<2x6xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>)
// CHECK: "graph.split"({{.*}}) {axis = 1 : i64} : ({{.*}}) -> (tensor<2x3xf32>, tensor<2x3xf32>)
  %5:3 = "graph.split"(%d) {axis = 0 : i64, sizes = [1, 2, 3]} : (tensor<6x2xf32>) -> (tensor<1x2xf32>, tensor<2x2xf32>, tensor<3x2xf32>)
// CHECK: "graph.split"({{.*}}) {axis = 0 : i64, sizes = [1, 2, 3]} : ({{.*}}) -> (tensor<1x2xf32>, tensor<2x2xf32>, tensor<3x2xf32>)
  %6 = "graph.slice"(%e) {begin = [0, 1], size = [2, -1]} : (tensor<3x4xf32>) -> tensor<2x3xf32>
// CHECK: "graph.slice"({{.*}}) {begin = [0, 1], size = [2, -1]} : ({{.*}}) -> tensor<2x3xf32>
  %7 = "graph.strided_slice"(%f) {begin = [0, 1], end = [4, 7], strides = [2, 2]} : (tensor<5x8xf32>) -> tensor<2x3xf32>
// CHECK: "graph.strided_slice"({{.*}}) {begin = [0, 1], end = [4, 7], strides = [2, 2]} : ({{.*}}) -> tensor<2x3xf32>
  %8 = "graph.strided_slice"(%g) {begin = [4], end = [0], strides = [-1]} : (tensor<5xf32>) -> tensor<4xf32>
// CHECK: "graph.strided_slice"({{.*}}) {begin = [4], end = [0], strides = [-1]} : ({{.*}}) -> tensor<4xf32>
  %9 = "graph.strided_slice"(%f) {begin = [1, 0], end = [2, 0], end_mask = 2 : i64, shrink_axis_mask = 1 : i64} : (tensor<5x8xf32>) -> tensor<8xf32>
// CHECK: "graph.strided_slice"({{.*}}) {begin = [1, 0], end = [2, 0], end_mask = 2 : i64, shrink_axis_mask = 1 : i64} : ({{.*}}) -> tensor<8xf32>
  %10 = "graph.pad"(%a) {paddings = [0, 0, 1, 1, 2, 2, 0, 0]} : (tensor<1x4x4x8xf32>) -> tensor<1x6x8x8xf32>
// CHECK: "graph.pad"({{.*}}) {paddings = [0, 0, 1, 1, 2, 2, 0, 0]} : ({{.*}}) -> tensor<1x6x8x8xf32>
  %11 = "graph.pad"(%g) {constant_value = 0.000000e+00 : f32, mode = "reflect", paddings = [1, 4]} : (tensor<5xf32>) -> tensor<10xf32>
// CHECK: "graph.pad"({{.*}}) {constant_value = 0.000000e+00 : f32, mode = "reflect", paddings = [1, 4]} : ({{.*}}) -> tensor<10xf32>
  return
}
func.func @more_shapes(%x: tensor<1x4x4x3xf32>, %s: tensor<1x4x1x8xf32>, %u: tensor<4x8xf32>) {
// CHECK-LABEL: func.func @more_shapes(
  %0 = "graph.resize"(%x) {mode = "bilinear", size = [8, 8]} : (tensor<1x4x4x3xf32>) -> tensor<1x8x8x3xf32>
// CHECK: "graph.resize"({{.*}}) {mode = "bilinear", size = [8, 8]} : ({{.*}}) -> tensor<1x8x8x3xf32>
  %1 = "graph.resize"(%x) {half_pixel_centers = true, size = [2, 3]} : (tensor<1x4x4x3xf32>) -> tensor<1x2x3x3xf32>
// CHECK: "graph.resize"({{.*}}) {half_pixel_centers = true, size = [2, 3]} : ({{.*}}) -> tensor<1x2x3x3xf32>
  %2 = "graph.squeeze"(%s) : (tensor<1x4x1x8xf32>) -> tensor<4x8xf32>
// CHECK: "graph.squeeze"({{.*}}) : ({{.*}}) -> tensor<4x8xf32>
  %3 = "graph.squeeze"(%s) {axes = [2]} : (tensor<1x4x1x8xf32>) -> tensor<1x4x8xf32>
// CHECK: "graph.squeeze"({{.*}}) {axes = [2]} : ({{.*}}) -> tensor<1x4x8xf32>
  %4 = "graph.unsqueeze"(%u) {axes = [0, 3]} : (tensor<4x8xf32>) -> tensor<1x4x8x1xf32>
// CHECK: "graph.unsqueeze"({{.*}}) {axes = [0, 3]} : ({{.*}}) -> tensor<1x4x8x1xf32>
  return
}
func.func @norms(%x: tensor<1x4x4x8xf32>, %p: tensor<8xf32>, %y: tensor<1x8x4x4xf32>, %z: tensor<2x5x8xf32>, %g: tensor<5x8xf32>) {
// CHECK-LABEL: func.func @norms(
  %0 = "graph.batch_norm"(%x, %p, %p, %p, %p) {epsilon = 1.000000e-03 : f32} : (tensor<1x4x4x8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<1x4x4x8xf32>
// CHECK: "graph.batch_norm"({{.*}}) {epsilon = 1.000000e-03 : f32} : ({{.*}}) -> tensor<1x4x4x8xf32>
  %1 = "graph.batch_norm"(%y, %p, %p, %p, %p) {layout = "NCHW"} : (tensor<1x8x4x4xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<1x8x4x4xf32>
// CHECK: "graph.batch_norm"({{.*}}) {layout = "NCHW"} : ({{.*}}) -> tensor<1x8x4x4xf32>
  %2 = "graph.layer_norm"(%z, %p, %p) : (tensor<2x5x8xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<2x5x8xf32>
// CHECK: "graph.layer_norm"({{.*}}) : ({{.*}}) -> tensor<2x5x8xf32>
  %3 = "graph.layer_norm"(%z, %g) {axis = 1 : i64} : (tensor<2x5x8xf32>, tensor<5x8xf32>) -> tensor<2x5x8xf32>
// CHECK: "graph.layer_norm"({{.*}}) {axis = 1 : i64} : ({{.*}}) -> tensor<2x5x8xf32>
  return
}
func.func @types(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
// CHECK-LABEL: func.func @types(
  %0 = "graph.cast"(%x) {to = i32} : (tensor<2x3xf32>) -> tensor<2x3xi32>
// CHECK: "graph.cast"({{.*}}) {to = i32} : ({{.*}}) -> tensor<2x3xi32>
  %1 = "graph.quantize"(%x) {qtype = !quant.uniform<i8:f32, 1.000000e-01:-3>} : (tensor<2x3xf32>) -> tensor<2x3x!quant.uniform<i8:f32, 1.000000e-01:-3>>
// CHECK: "graph.quantize"({{.*}}) {qtype = !quant.uniform<i8:f32, 1.000000e-01:-3>} : ({{.*}}) -> tensor<2x3x!quant.uniform<i8:f32, 1.000000e-01:-3>>
  %2 = "graph.requantize"(%1) {qtype = !quant.uniform<i8:f32, 2.000000e-01>} : (tensor<2x3x!quant.uniform<i8:f32, 1.000000e-01:-3>>) -> tensor<2x3x!quant.uniform<i8:f32, 2.000000e-01>>
// CHECK: "graph.requantize"({{.*}}) {qtype = !quant.uniform<i8:f32, 2.000000e-01>} : ({{.*}}) -> tensor<2x3x!quant.uniform<i8:f32, 2.000000e-01>>
  %3 = "graph.dequantize"(%2) : (tensor<2x3x!quant.uniform<i8:f32, 2.000000e-01>>) -> tensor<2x3xf32>
// CHECK: "graph.dequantize"({{.*}}) : ({{.*}}) -> tensor<2x3xf32>
  return %3 : tensor<2x3xf32>
}
func.func @quantized(%x: tensor<1x8x8x3x!quant.uniform<i8:f32, 5.000000e-01:-1>>, %w: tensor<4x3x3x3x!quant.uniform<i8:f32:0, {1.000000e-01, 2.000000e-01, 3.000000e-01, 4.000000e-01}>>, %b: tensor<4xi32>, %y: tensor<1x6x6x4x!quant.uniform<i8:f32, 2.500000e-01:3>>) {
// CHECK-LABEL: func.func @quantized(
  %0 = "graph.conv2d"(%x, %w, %b) : (tensor<1x8x8x3x!quant.uniform<i8:f32, 5.000000e-01:-1>>, tensor<4x3x3x3x!quant.uniform<i8:f32:0, {1.000000e-01, 2.000000e-01, 3.000000e-01, 4.000000e-01}>>, tensor<4xi32>) -> tensor<1x6x6x4x!quant.uniform<i8:f32, 2.500000e-01:3>>
// CHECK: "graph.conv2d"({{.*}}) : ({{.*}}) -> tensor<1x6x6x4x!quant.uniform<i8:f32, 2.500000e-01:3>>
  %1 = "graph.add"(%0, %y) : (tensor<1x6x6x4x!quant.uniform<i8:f32, 2.500000e-01:3>>, tensor<1x6x6x4x!quant.uniform<i8:f32, 2.500000e-01:3>>) -> tensor<1x6x6x4x!quant.uniform<i8:f32, 1.250000e-01>>
// CHECK: "graph.add"({{.*}}) : ({{.*}}) -> tensor<1x6x6x4x!quant.uniform<i8:f32, 1.250000e-01>>
  %2 = "graph.relu"(%1) : (tensor<1x6x6x4x!quant.uniform<i8:f32, 1.250000e-01>>) -> tensor<1x6x6x4x!quant.uniform<i8:f32, 1.250000e-01>>
// CHECK: "graph.relu"({{.*}}) : ({{.*}}) -> tensor<1x6x6x4x!quant.uniform<i8:f32, 1.250000e-01>>
  return
}

// graph.custom: whatever an importer could not translate, any operands
// and results, named by `op`.
func.func @custom(%a: tensor<4xi8>, %b: tensor<1x2xf32>) -> tensor<1x2xf32> {
  %0:2 = "graph.custom"(%a, %b) {op = "CUSTOM:ethos-u"} : (tensor<4xi8>, tensor<1x2xf32>) -> (tensor<1x2xf32>, tensor<3xi32>)
// CHECK: %{{.*}}:2 = "graph.custom"(%{{.*}}, %{{.*}}) {op = "CUSTOM:ethos-u"} : (tensor<4xi8>, tensor<1x2xf32>) -> (tensor<1x2xf32>, tensor<3xi32>)
  "graph.custom"() {op = "LSTM"} : () -> ()
// CHECK: "graph.custom"() {op = "LSTM"} : () -> ()
  return %0#0 : tensor<1x2xf32>
}
