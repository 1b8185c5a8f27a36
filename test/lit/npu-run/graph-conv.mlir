// Convolutions, matrix products and pooling on hand-computed values.
// RUN: %npu_build/bin/npu-run %s --entry=conv --print | FileCheck %s --check-prefix=CONV
// RUN: %npu_build/bin/npu-run %s --entry=conv_nchw --print | FileCheck %s --check-prefix=NCHW
// RUN: %npu_build/bin/npu-run %s --entry=nchw_misc --print | FileCheck %s --check-prefix=NCHW2
// RUN: %npu_build/bin/npu-run %s --entry=dwconv --print | FileCheck %s --check-prefix=DW
// RUN: %npu_build/bin/npu-run %s --entry=tconv --print | FileCheck %s --check-prefix=TCONV
// RUN: %npu_build/bin/npu-run %s --entry=matmul --print | FileCheck %s --check-prefix=MM
// RUN: %npu_build/bin/npu-run %s --entry=pool --print | FileCheck %s --check-prefix=POOL

// Input 1..9 in a 3x3 image, a 2x2 filter of ones:
//  valid + bias 1: windows 1+2+4+5 = 12, 16, 24, 28, plus 1;
//  same, stride 2: 2x2 output, padding 0 before and 1 after: 12, 3+6, 7+8, 9;
//  dilation 2: the corners 1+3+7+9;
//  groups 2 on channels [1, 2, 3, 4]: filters [1, 1] and [1, -1].
// CONV: result #0: tensor<1x2x2x1xf32> = [13, 17, 25, 29]
// CONV: result #1: tensor<1x2x2x1xf32> = [12, 9, 15, 9]
// CONV: result #2: tensor<1x1x1x1xf32> = [20]
// CONV: result #3: tensor<1x1x1x2xf32> = [3, -1]
func.func @conv() -> (tensor<1x2x2x1xf32>, tensor<1x2x2x1xf32>, tensor<1x1x1x1xf32>, tensor<1x1x1x2xf32>) {
  %x = "graph.constant"() {value = dense<[[[[1.0], [2.0], [3.0]], [[4.0], [5.0], [6.0]], [[7.0], [8.0], [9.0]]]]> : tensor<1x3x3x1xf32>} : () -> tensor<1x3x3x1xf32>
  %w = "graph.constant"() {value = dense<1.0> : tensor<1x2x2x1xf32>} : () -> tensor<1x2x2x1xf32>
  %b = "graph.constant"() {value = dense<1.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %0 = "graph.conv2d"(%x, %w, %b) : (tensor<1x3x3x1xf32>, tensor<1x2x2x1xf32>, tensor<1xf32>) -> tensor<1x2x2x1xf32>
  %1 = "graph.conv2d"(%x, %w) {padding = "same", strides = [2, 2]} : (tensor<1x3x3x1xf32>, tensor<1x2x2x1xf32>) -> tensor<1x2x2x1xf32>
  %2 = "graph.conv2d"(%x, %w) {dilations = [2, 2]} : (tensor<1x3x3x1xf32>, tensor<1x2x2x1xf32>) -> tensor<1x1x1x1xf32>
  %g = "graph.constant"() {value = dense<[[[[1.0, 2.0, 3.0, 4.0]]]]> : tensor<1x1x1x4xf32>} : () -> tensor<1x1x1x4xf32>
  %gw = "graph.constant"() {value = dense<[[[[1.0, 1.0]]], [[[1.0, -1.0]]]]> : tensor<2x1x1x2xf32>} : () -> tensor<2x1x1x2xf32>
  %3 = "graph.conv2d"(%g, %gw) {groups = 2 : i64} : (tensor<1x1x1x4xf32>, tensor<2x1x1x2xf32>) -> tensor<1x1x1x2xf32>
  return %0, %1, %2, %3 : tensor<1x2x2x1xf32>, tensor<1x2x2x1xf32>, tensor<1x1x1x1xf32>, tensor<1x1x1x2xf32>
}

// The same valid convolution in NCHW / OIHW, and explicit padding
// [1, 0, 0, 1]: a zero row on top and a zero column on the right.
// NCHW: result #0: tensor<1x1x2x2xf32> = [12, 16, 24, 28]
// NCHW: result #1: tensor<1x1x3x3xf32> = [3, 5, 3, 12, 16, 9, 24, 28, 15]
func.func @conv_nchw() -> (tensor<1x1x2x2xf32>, tensor<1x1x3x3xf32>) {
  %x = "graph.constant"() {value = dense<[[[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.0]]]]> : tensor<1x1x3x3xf32>} : () -> tensor<1x1x3x3xf32>
  %w = "graph.constant"() {value = dense<1.0> : tensor<1x1x2x2xf32>} : () -> tensor<1x1x2x2xf32>
  %0 = "graph.conv2d"(%x, %w) {layout = "NCHW"} : (tensor<1x1x3x3xf32>, tensor<1x1x2x2xf32>) -> tensor<1x1x2x2xf32>
  %1 = "graph.conv2d"(%x, %w) {layout = "NCHW", padding = [1, 0, 0, 1]} : (tensor<1x1x3x3xf32>, tensor<1x1x2x2xf32>) -> tensor<1x1x3x3xf32>
  return %0, %1 : tensor<1x1x2x2xf32>, tensor<1x1x3x3xf32>
}

// NCHW forms of the depthwise, pooling, normalisation and resize tests
// below: the same numbers with channels before rows.
// NCHW2: result #0: tensor<1x2x1x1xf32> = [10, 50]
// NCHW2: result #1: tensor<1x1x1x2xf32> = [5, 8]
// NCHW2: result #2: tensor<1x2x1x1xf32> = [2.5, 25]
// NCHW2: result #3: tensor<1x2x1x2xf32> = [1.41421, 1.41421, 1.5, 1.5]
// NCHW2: result #4: tensor<1x1x1x4xf32> = [0, 0, 4, 4]
func.func @nchw_misc() -> (tensor<1x2x1x1xf32>, tensor<1x1x1x2xf32>, tensor<1x2x1x1xf32>, tensor<1x2x1x2xf32>, tensor<1x1x1x4xf32>) {
  %x = "graph.constant"() {value = dense<[[[[1.0, 2.0], [3.0, 4.0]], [[10.0, 20.0], [30.0, 40.0]]]]> : tensor<1x2x2x2xf32>} : () -> tensor<1x2x2x2xf32>
  %w = "graph.constant"() {value = dense<[[[[1.0, 1.0], [1.0, 1.0]]], [[[0.5, 0.5], [0.5, 0.5]]]]> : tensor<2x1x2x2xf32>} : () -> tensor<2x1x2x2xf32>
  %0 = "graph.depthwise_conv2d"(%x, %w) {layout = "NCHW"} : (tensor<1x2x2x2xf32>, tensor<2x1x2x2xf32>) -> tensor<1x2x1x1xf32>
  %p = "graph.constant"() {value = dense<[[[[1.0, 5.0, 2.0, 0.0], [3.0, 4.0, 8.0, 6.0]]]]> : tensor<1x1x2x4xf32>} : () -> tensor<1x1x2x4xf32>
  %1 = "graph.max_pool2d"(%p) {kernel = [2, 2], strides = [2, 2], layout = "NCHW"} : (tensor<1x1x2x4xf32>) -> tensor<1x1x1x2xf32>
  %2 = "graph.global_avg_pool"(%x) {layout = "NCHW"} : (tensor<1x2x2x2xf32>) -> tensor<1x2x1x1xf32>
  %b = "graph.constant"() {value = dense<[[[[1.0, 1.0]], [[2.0, 2.0]]]]> : tensor<1x2x1x2xf32>} : () -> tensor<1x2x1x2xf32>
  %s = "graph.constant"() {value = dense<[2.0, 1.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %o = "graph.constant"() {value = dense<[0.0, 1.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %m = "graph.constant"() {value = dense<[0.0, 1.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %v = "graph.constant"() {value = dense<[1.0, 3.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %3 = "graph.batch_norm"(%b, %s, %o, %m, %v) {epsilon = 1.0 : f32, layout = "NCHW"} : (tensor<1x2x1x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<1x2x1x2xf32>
  %r = "graph.constant"() {value = dense<[[[[0.0, 4.0]]]]> : tensor<1x1x1x2xf32>} : () -> tensor<1x1x1x2xf32>
  %4 = "graph.resize"(%r) {size = [1, 4], layout = "NCHW"} : (tensor<1x1x1x2xf32>) -> tensor<1x1x1x4xf32>
  return %0, %1, %2, %3, %4 : tensor<1x2x1x1xf32>, tensor<1x1x1x2xf32>, tensor<1x2x1x1xf32>, tensor<1x2x1x2xf32>, tensor<1x1x1x4xf32>
}

// Depthwise: channel 0 = [1, 2, 3, 4] with weight 1, channel 1 = [10, 20,
// 30, 40] with weight 0.5; depth multiplier 2 on [3] with [2, -1].
// DW: result #0: tensor<1x1x1x2xf32> = [10, 50]
// DW: result #1: tensor<1x1x1x2xf32> = [6, -3]
func.func @dwconv() -> (tensor<1x1x1x2xf32>, tensor<1x1x1x2xf32>) {
  %x = "graph.constant"() {value = dense<[[[[1.0, 10.0], [2.0, 20.0]], [[3.0, 30.0], [4.0, 40.0]]]]> : tensor<1x2x2x2xf32>} : () -> tensor<1x2x2x2xf32>
  %w = "graph.constant"() {value = dense<[[[[1.0, 0.5], [1.0, 0.5]], [[1.0, 0.5], [1.0, 0.5]]]]> : tensor<1x2x2x2xf32>} : () -> tensor<1x2x2x2xf32>
  %0 = "graph.depthwise_conv2d"(%x, %w) : (tensor<1x2x2x2xf32>, tensor<1x2x2x2xf32>) -> tensor<1x1x1x2xf32>
  %y = "graph.constant"() {value = dense<3.0> : tensor<1x1x1x1xf32>} : () -> tensor<1x1x1x1xf32>
  %v = "graph.constant"() {value = dense<[[[[2.0, -1.0]]]]> : tensor<1x1x1x2xf32>} : () -> tensor<1x1x1x2xf32>
  %1 = "graph.depthwise_conv2d"(%y, %v) {depth_multiplier = 2 : i64} : (tensor<1x1x1x1xf32>, tensor<1x1x1x2xf32>) -> tensor<1x1x1x2xf32>
  return %0, %1 : tensor<1x1x1x2xf32>, tensor<1x1x1x2xf32>
}

// Transposed convolution of [[1, 2], [3, 4]] with a 2x2 filter of ones:
// stride 2 copies each pixel into a 2x2 block; stride 1 sums overlaps.
// TCONV: result #0: tensor<1x4x4x1xf32> = [1, 1, 2, 2, 1, 1, 2, 2, 3, 3, 4, 4, 3, 3, 4, 4]
// TCONV: result #1: tensor<1x3x3x1xf32> = [1, 3, 2, 4, 10, 6, 3, 7, 4]
func.func @tconv() -> (tensor<1x4x4x1xf32>, tensor<1x3x3x1xf32>) {
  %x = "graph.constant"() {value = dense<[[[[1.0], [2.0]], [[3.0], [4.0]]]]> : tensor<1x2x2x1xf32>} : () -> tensor<1x2x2x1xf32>
  %w = "graph.constant"() {value = dense<1.0> : tensor<1x2x2x1xf32>} : () -> tensor<1x2x2x1xf32>
  %0 = "graph.transpose_conv2d"(%x, %w) {strides = [2, 2]} : (tensor<1x2x2x1xf32>, tensor<1x2x2x1xf32>) -> tensor<1x4x4x1xf32>
  %1 = "graph.transpose_conv2d"(%x, %w) : (tensor<1x2x2x1xf32>, tensor<1x2x2x1xf32>) -> tensor<1x3x3x1xf32>
  return %0, %1 : tensor<1x4x4x1xf32>, tensor<1x3x3x1xf32>
}

// fully_connected: [1, 2] . [1, 2] + 1 = 6, [1, 2] . [3, 4] + 1 = 12;
// [[1,2],[3,4]] x [[5,6],[7,8]] = [[19,22],[43,50]], times the transpose
// [[17,23],[39,53]]; batch_matmul broadcasts a [2, 1] rhs over 2 batches.
// MM: result #0: tensor<1x2xf32> = [6, 12]
// MM: result #1: tensor<2x2xf32> = [19, 22, 43, 50]
// MM: result #2: tensor<2x2xf32> = [17, 23, 39, 53]
// MM: result #3: tensor<2x1x1xf32> = [3, 7]
func.func @matmul() -> (tensor<1x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x1x1xf32>) {
  %x = "graph.constant"() {value = dense<[[1.0, 2.0]]> : tensor<1x2xf32>} : () -> tensor<1x2xf32>
  %a = "graph.constant"() {value = dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>} : () -> tensor<2x2xf32>
  %b = "graph.constant"() {value = dense<[[5.0, 6.0], [7.0, 8.0]]> : tensor<2x2xf32>} : () -> tensor<2x2xf32>
  %one = "graph.constant"() {value = dense<1.0> : tensor<2xf32>} : () -> tensor<2xf32>
  %0 = "graph.fully_connected"(%x, %a, %one) : (tensor<1x2xf32>, tensor<2x2xf32>, tensor<2xf32>) -> tensor<1x2xf32>
  %1 = "graph.matmul"(%a, %b) : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
  %2 = "graph.matmul"(%a, %b) {transpose_b = true} : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
  %l = "graph.constant"() {value = dense<[[[1.0, 2.0]], [[3.0, 4.0]]]> : tensor<2x1x2xf32>} : () -> tensor<2x1x2xf32>
  %r = "graph.constant"() {value = dense<1.0> : tensor<2x1xf32>} : () -> tensor<2x1xf32>
  %3 = "graph.batch_matmul"(%l, %r) : (tensor<2x1x2xf32>, tensor<2x1xf32>) -> tensor<2x1x1xf32>
  return %0, %1, %2, %3 : tensor<1x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x1x1xf32>
}

// 2x2 windows, stride 2, over [[1, 5, 2, 0], [3, 4, 8, 6]]: max 5 and 8,
// mean 13/4 and 16/4. A 3x3 "same" window over [[1, 2], [3, 4]] sees all
// four values: mean 2.5 without padding counted, 10/9 with it. Global mean
// of channels [1, 2, 3, 4] and [10, 20, 30, 40].
// POOL: result #0: tensor<1x1x2x1xf32> = [5, 8]
// POOL: result #1: tensor<1x1x2x1xf32> = [3.25, 4]
// POOL: result #2: tensor<1x2x2x1xf32> = [2.5, 2.5, 2.5, 2.5]
// POOL: result #3: tensor<1x2x2x1xf32> = [1.11111, 1.11111, 1.11111, 1.11111]
// POOL: result #4: tensor<1x1x1x2xf32> = [2.5, 25]
func.func @pool() -> (tensor<1x1x2x1xf32>, tensor<1x1x2x1xf32>, tensor<1x2x2x1xf32>, tensor<1x2x2x1xf32>, tensor<1x1x1x2xf32>) {
  %x = "graph.constant"() {value = dense<[[[[1.0], [5.0], [2.0], [0.0]], [[3.0], [4.0], [8.0], [6.0]]]]> : tensor<1x2x4x1xf32>} : () -> tensor<1x2x4x1xf32>
  %0 = "graph.max_pool2d"(%x) {kernel = [2, 2], strides = [2, 2]} : (tensor<1x2x4x1xf32>) -> tensor<1x1x2x1xf32>
  %1 = "graph.avg_pool2d"(%x) {kernel = [2, 2], strides = [2, 2]} : (tensor<1x2x4x1xf32>) -> tensor<1x1x2x1xf32>
  %y = "graph.constant"() {value = dense<[[[[1.0], [2.0]], [[3.0], [4.0]]]]> : tensor<1x2x2x1xf32>} : () -> tensor<1x2x2x1xf32>
  %2 = "graph.avg_pool2d"(%y) {kernel = [3, 3], padding = "same"} : (tensor<1x2x2x1xf32>) -> tensor<1x2x2x1xf32>
  %3 = "graph.avg_pool2d"(%y) {kernel = [3, 3], padding = "same", count_include_pad = true} : (tensor<1x2x2x1xf32>) -> tensor<1x2x2x1xf32>
  %z = "graph.constant"() {value = dense<[[[[1.0, 10.0], [2.0, 20.0]], [[3.0, 30.0], [4.0, 40.0]]]]> : tensor<1x2x2x2xf32>} : () -> tensor<1x2x2x2xf32>
  %4 = "graph.global_avg_pool"(%z) : (tensor<1x2x2x2xf32>) -> tensor<1x1x1x2xf32>
  return %0, %1, %2, %3, %4 : tensor<1x1x2x1xf32>, tensor<1x1x2x1xf32>, tensor<1x2x2x1xf32>, tensor<1x2x2x1xf32>, tensor<1x1x1x2xf32>
}
