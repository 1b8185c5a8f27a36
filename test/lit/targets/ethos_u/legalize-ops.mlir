// ethos-u-legalize op by op: the npu ops and their parameters, and for
// every function npu-run gives the same bytes before and after (both
// roundings, random inputs over the whole storage range). Expected
// multipliers are TFLite's QuantizeMultiplier of the float32 scales,
// computed by hand (Python's frexp): 0.05 * 0.01 / 0.1 in float32 is
// 0.004999999888241291 = 0.63999998569... * 2^-7 -> 1374389504, -7.
// RUN: npu-opt %s --ethos-u-legalize -o %t.mlir
// RUN: FileCheck %s < %t.mlir
// RUN: %python %S/Inputs/same-results.py %npu_build/bin/npu-run %s %t.mlir conv:2 fc pool add:2 mul minmax lut lut_u8 fuse:4 data split softmax | FileCheck %s --check-prefix=SAME
// SAME: mismatches: 0

!q = !quant.uniform<i8:f32, 0.05:-3>
!w = !quant.uniform<i8:f32, 0.01>
!b = !quant.uniform<i32:f32, 5.0e-4>
!o = !quant.uniform<i8:f32, 0.1:2>
!p = !quant.uniform<i8:f32, 0.1:-128>
!h = !quant.uniform<i16:f32, 0.001>

// A conv without bias gets a zero one; per-tensor weights, one pair.
// CHECK-LABEL: func.func @conv
// CHECK: %[[B:.*]] = "graph.constant"() {value = dense<0> : tensor<4xi32>}
// CHECK: "npu.conv2d"(%arg0, %{{.*}}, %[[B]]) {input_zp = -3 : i64, multiplier = dense<1374389504> : tensor<4xi32>, output_zp = 2 : i64, padding = "same", shift = dense<-7> : tensor<4xi32>, strides = [2, 1], weight_zp = 0 : i64}
// CHECK: "npu.depthwise_conv2d"(%arg0, %{{.*}}, %{{.*}}) {dilations = [2, 2], input_zp = -3 : i64
func.func @conv(%x: tensor<1x8x8x2x!q>) -> (tensor<1x4x8x4x!o>, tensor<1x4x4x2x!o>) {
  %w = "graph.constant"() {value = dense<[[[[1, -2]], [[3, 4]], [[-5, 6]]], [[[7, 8]], [[9, -10]], [[11, 12]]], [[[1, 1]], [[1, 1]], [[1, 1]]], [[[-1, -1]], [[127, -127]], [[0, 5]]]]> : tensor<4x3x1x2xi8>} : () -> tensor<4x3x1x2x!w>
  %0 = "graph.conv2d"(%x, %w) {strides = [2, 1], padding = "same"} : (tensor<1x8x8x2x!q>, tensor<4x3x1x2x!w>) -> tensor<1x4x8x4x!o>
  %dw = "graph.constant"() {value = dense<[[[[1, 2], [3, -4]], [[5, 6], [-7, 8]]]]> : tensor<1x2x2x2xi8>} : () -> tensor<1x2x2x2x!w>
  %db = "graph.constant"() {value = dense<[100, -100]> : tensor<2xi32>} : () -> tensor<2x!b>
  %1 = "graph.depthwise_conv2d"(%x, %dw, %db) {dilations = [2, 2]} : (tensor<1x8x8x2x!q>, tensor<1x2x2x2x!w>, tensor<2x!b>) -> tensor<1x6x6x2x!o>
  %2 = "graph.max_pool2d"(%1) {kernel = [2, 2], strides = [2, 2], padding = "same"} : (tensor<1x6x6x2x!o>) -> tensor<1x3x3x2x!o>
  %3 = "graph.pad"(%2) {paddings = [0, 0, 0, 1, 0, 1, 0, 0], constant_value = 0.5 : f32} : (tensor<1x3x3x2x!o>) -> tensor<1x4x4x2x!o>
  return %0, %3 : tensor<1x4x8x4x!o>, tensor<1x4x4x2x!o>
}
// The pad's border is 0.5 quantized: round(0.5 / 0.1) + 2 = 7.
// CHECK: "npu.pool"({{.*}}mode = "max"
// CHECK: "npu.pad"({{.*}}pad_value = 7 : i64, paddings = [0, 0, 0, 1, 0, 1, 0, 0]

// int16 fully connected layer (the graph dialect stores biases in i32);
// relu6 folded: [0, 6 / 0.001].
// CHECK-LABEL: func.func @fc
// CHECK: "npu.fully_connected"(%arg0, {{.*}}act_max = 6000 : i64, act_min = 0 : i64{{.*}}input_zp = 0 : i64
func.func @fc(%x: tensor<2x3x!h>) -> tensor<2x2x!h> {
  %w = "graph.constant"() {value = dense<[[1, -2, 3], [100, 50, -127]]> : tensor<2x3xi8>} : () -> tensor<2x3x!w>
  %b = "graph.constant"() {value = dense<[1000, -7]> : tensor<2xi32>} : () -> tensor<2xi32>
  %0 = "graph.fully_connected"(%x, %w, %b) : (tensor<2x3x!h>, tensor<2x3x!w>, tensor<2xi32>) -> tensor<2x2x!h>
  %1 = "graph.relu6"(%0) : (tensor<2x2x!h>) -> tensor<2x2x!h>
  return %1 : tensor<2x2x!h>
}

// CHECK-LABEL: func.func @pool
// CHECK: "npu.pool"(%arg0) {kernel = [3, 3], mode = "avg", padding = "same"}
func.func @pool(%x: tensor<1x5x5x3x!q>) -> tensor<1x5x5x3x!q> {
  %0 = "graph.avg_pool2d"(%x) {kernel = [3, 3], padding = "same"} : (tensor<1x5x5x3x!q>) -> tensor<1x5x5x3x!q>
  return %0 : tensor<1x5x5x3x!q>
}

// TFLite's add: both inputs << 20 and rescaled by s_i / (2 max s), the
// sum by 2 max s / (2^20 s_out): 0.05/0.2 -> 2^30, -1; 0.1/0.2 -> 2^30,
// 0; 0.2 / (2^20 0.1) -> 2^30, -18.
// CHECK-LABEL: func.func @add
// CHECK: "npu.elementwise"(%arg0, %arg1) {input_multiplier = [1073741824, 1073741824], input_shift = [-1, 0], input_zp = [-3, 2], left_shift = 20 : i64, op = "add", output_multiplier = 1073741824 : i64, output_shift = -18 : i64, output_zp = 2 : i64}
// CHECK: "npu.elementwise"(%arg1, %{{.*}}) {{{.*}}op = "sub"
func.func @add(%a: tensor<1x2x2x3x!q>, %b: tensor<1x1x1x3x!o>) -> (tensor<1x2x2x3x!o>, tensor<1x2x2x3x!o>) {
  %0 = "graph.add"(%a, %b) : (tensor<1x2x2x3x!q>, tensor<1x1x1x3x!o>) -> tensor<1x2x2x3x!o>
  %1 = "graph.sub"(%b, %0) : (tensor<1x1x1x3x!o>, tensor<1x2x2x3x!o>) -> tensor<1x2x2x3x!o>
  return %0, %1 : tensor<1x2x2x3x!o>, tensor<1x2x2x3x!o>
}

// CHECK-LABEL: func.func @mul
// CHECK: "npu.elementwise"(%arg0, %arg1) {input_zp = [-3, 2], op = "mul", output_multiplier = {{[0-9]+}} : i64, output_shift = {{-?[0-9]+}} : i64, output_zp = -128 : i64}
func.func @mul(%a: tensor<1x4x!q>, %b: tensor<1x4x!o>) -> tensor<1x4x!p> {
  %0 = "graph.mul"(%a, %b) : (tensor<1x4x!q>, tensor<1x4x!o>) -> tensor<1x4x!p>
  return %0 : tensor<1x4x!p>
}

// CHECK-LABEL: func.func @minmax
// CHECK: "npu.elementwise"(%arg0, %arg1) {input_zp = [-3, -3], op = "max", output_multiplier = 1073741824 : i64, output_shift = 1 : i64, output_zp = -3 : i64}
// CHECK: "npu.elementwise"({{.*}}op = "min"
func.func @minmax(%a: tensor<1x4x!q>, %b: tensor<1x4x!q>) -> tensor<1x4x!q> {
  %0 = "graph.maximum"(%a, %b) : (tensor<1x4x!q>, tensor<1x4x!q>) -> tensor<1x4x!q>
  %1 = "graph.minimum"(%0, %b) : (tensor<1x4x!q>, tensor<1x4x!q>) -> tensor<1x4x!q>
  return %1 : tensor<1x4x!q>
}

// int8 activations become tables read off the graph kernels.
// CHECK-LABEL: func.func @lut
// CHECK-COUNT-7: "npu.lut"
func.func @lut(%x: tensor<1x16x!q>) -> tensor<1x16x!p> {
  %0 = "graph.sigmoid"(%x) : (tensor<1x16x!q>) -> tensor<1x16x!o>
  %1 = "graph.tanh"(%0) : (tensor<1x16x!o>) -> tensor<1x16x!q>
  %2 = "graph.hard_swish"(%1) : (tensor<1x16x!q>) -> tensor<1x16x!q>
  %3 = "graph.leaky_relu"(%2) {alpha = 0.1 : f32} : (tensor<1x16x!q>) -> tensor<1x16x!q>
  %4 = "graph.exp"(%3) : (tensor<1x16x!q>) -> tensor<1x16x!o>
  %5 = "graph.abs"(%4) : (tensor<1x16x!o>) -> tensor<1x16x!o>
  %6 = "graph.rsqrt"(%5) : (tensor<1x16x!o>) -> tensor<1x16x!p>
  return %6 : tensor<1x16x!p>
}

// uint8 tables: indexed by the byte itself, entries stored as their
// bytes.
// CHECK-LABEL: func.func @lut_u8
// CHECK-COUNT-3: "npu.lut"
func.func @lut_u8(%x: tensor<1x16x!quant.uniform<u8:f32, 0.05:128>>) -> tensor<1x16x!quant.uniform<u8:f32, 0.00390625>> {
  %0 = "graph.tanh"(%x) : (tensor<1x16x!quant.uniform<u8:f32, 0.05:128>>) -> tensor<1x16x!quant.uniform<u8:f32, 0.0078125:128>>
  %1 = "graph.hard_swish"(%0) : (tensor<1x16x!quant.uniform<u8:f32, 0.0078125:128>>) -> tensor<1x16x!quant.uniform<u8:f32, 0.01:100>>
  %2 = "graph.sigmoid"(%1) : (tensor<1x16x!quant.uniform<u8:f32, 0.01:100>>) -> tensor<1x16x!quant.uniform<u8:f32, 0.00390625>>
  return %2 : tensor<1x16x!quant.uniform<u8:f32, 0.00390625>>
}

// A relu folds into its producer only when it is exactly a clamp of the
// producer's result and its only user: with another scale it is a table,
// after an op with two users it stays a table too.
// CHECK-LABEL: func.func @fuse
// CHECK: "npu.pool"(%arg0) {act_max = 17 : i64, act_min = -3 : i64,
// CHECK: "npu.lut"
// CHECK: "npu.pool"(%arg0) {kernel
// CHECK: "npu.lut"
func.func @fuse(%x: tensor<1x4x4x2x!q>) -> (tensor<1x2x2x2x!q>, tensor<1x2x2x2x!o>, tensor<1x2x2x2x!q>, tensor<1x2x2x2x!q>) {
  %0 = "graph.max_pool2d"(%x) {kernel = [2, 2], strides = [2, 2]} : (tensor<1x4x4x2x!q>) -> tensor<1x2x2x2x!q>
  %1 = "graph.clip"(%0) {min = 0.0 : f32, max = 1.0 : f32} : (tensor<1x2x2x2x!q>) -> tensor<1x2x2x2x!q>
  %2 = "graph.relu"(%1) : (tensor<1x2x2x2x!q>) -> tensor<1x2x2x2x!o>
  %3 = "graph.max_pool2d"(%x) {kernel = [2, 2], strides = [2, 2]} : (tensor<1x4x4x2x!q>) -> tensor<1x2x2x2x!q>
  %4 = "graph.relu"(%3) : (tensor<1x2x2x2x!q>) -> tensor<1x2x2x2x!q>
  return %1, %2, %3, %4 : tensor<1x2x2x2x!q>, tensor<1x2x2x2x!o>, tensor<1x2x2x2x!q>, tensor<1x2x2x2x!q>
}

// Reshape, squeeze and expand-dims are views; concat and nearest resize.
// CHECK-LABEL: func.func @data
// CHECK: "npu.reshape"(%arg0) {shape = [1, 2, 2, 4]}
// CHECK: "npu.concat"({{.*}}) {axis = 3 : i64}
// CHECK: "npu.resize"({{.*}}) {size = [4, 4]}
// CHECK: "npu.reshape"({{.*}}) {shape = [4, 4, 8]}
func.func @data(%x: tensor<1x16x!q>, %y: tensor<1x2x2x4x!q>) -> tensor<4x4x8x!q> {
  %0 = "graph.reshape"(%x) {shape = [1, 2, 2, 4]} : (tensor<1x16x!q>) -> tensor<1x2x2x4x!q>
  %1 = "graph.concat"(%0, %y) {axis = 3} : (tensor<1x2x2x4x!q>, tensor<1x2x2x4x!q>) -> tensor<1x2x2x8x!q>
  %2 = "graph.resize"(%1) {size = [4, 4]} : (tensor<1x2x2x8x!q>) -> tensor<1x4x4x8x!q>
  %3 = "graph.squeeze"(%2) {axes = [0]} : (tensor<1x4x4x8x!q>) -> tensor<4x4x8x!q>
  return %3 : tensor<4x4x8x!q>
}

// Split and slice are views too: one npu.slice per piece.
// CHECK-LABEL: func.func @split
// CHECK: "npu.slice"(%arg0) {begin = [0, 0, 0, 0], size = [1, 4, 4, 1]}
// CHECK: "npu.slice"(%arg0) {begin = [0, 0, 0, 1], size = [1, 4, 4, 2]}
// CHECK: "npu.slice"(%arg0) {begin = [0, 0, 0, 3], size = [1, 4, 4, 3]}
// CHECK: "npu.slice"({{.*}}) {begin = [0, 1, 2, 0], size = [1, 3, 2, 2]}
func.func @split(%x: tensor<1x4x4x6x!q>) -> tensor<1x4x4x6x!q> {
  %0:3 = "graph.split"(%x) {axis = 3, sizes = [1, 2, 3]} : (tensor<1x4x4x6x!q>) -> (tensor<1x4x4x1x!q>, tensor<1x4x4x2x!q>, tensor<1x4x4x3x!q>)
  %1 = "graph.concat"(%0#2, %0#0, %0#1) {axis = 3} : (tensor<1x4x4x3x!q>, tensor<1x4x4x1x!q>, tensor<1x4x4x2x!q>) -> tensor<1x4x4x6x!q>
  %2 = "graph.slice"(%0#1) {begin = [0, 1, 2, 0], size = [-1, 3, -1, 2]} : (tensor<1x4x4x2x!q>) -> tensor<1x3x2x2x!q>
  %3 = "graph.pad"(%2) {paddings = [0, 0, 1, 0, 1, 1, 2, 2]} : (tensor<1x3x2x2x!q>) -> tensor<1x4x4x6x!q>
  %4 = "graph.maximum"(%1, %3) : (tensor<1x4x4x6x!q>, tensor<1x4x4x6x!q>) -> tensor<1x4x4x6x!q>
  return %4 : tensor<1x4x4x6x!q>
}

// CHECK-LABEL: func.func @softmax
// CHECK: "npu.softmax"(%arg0) {beta = 5.000000e-01 : f32}
func.func @softmax(%x: tensor<2x10x!q>) -> tensor<2x10x!quant.uniform<i8:f32, 0.00390625:-128>> {
  %0 = "graph.softmax"(%x) {beta = 0.5 : f32} : (tensor<2x10x!q>) -> tensor<2x10x!quant.uniform<i8:f32, 0.00390625:-128>>
  return %0 : tensor<2x10x!quant.uniform<i8:f32, 0.00390625:-128>>
}
// CHECK-NOT: graph.
