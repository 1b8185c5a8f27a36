// The order in which NCHW float convs add their products (onnxruntime's
// MLAS order, docs/import.md), on values where the order shows; every
// expected value is computed by hand below. 2^24 = 16777216 is where
// float32's spacing becomes 2, so 2^24 + 1 rounds (ties to even) to 2^24.
// RUN: %npu_build/bin/npu-run %s --entry=fma --print | FileCheck %s --check-prefix=FMA
// RUN: %npu_build/bin/npu-run %s --entry=bias_last --print | FileCheck %s --check-prefix=BIAS
// RUN: %npu_build/bin/npu-run %s --entry=midpoint --print | FileCheck %s --check-prefix=MID
// RUN: %npu_build/bin/npu-run %s --entry=m1 --print | FileCheck %s --check-prefix=M1
// RUN: %npu_build/bin/npu-run %s --entry=wide --print | FileCheck %s --check-prefix=WIDE
// RUN: %npu_build/bin/npu-run %s --entry=m1t --print | FileCheck %s --check-prefix=M1T
// RUN: %python -c "import struct, sys; h = \"{'descr': '<f4', 'fortran_order': False, 'shape': (1, 130, 1, 130), }\"; h += ' ' * (117 - len(h)) + '\n'; v = [16777216.0] * 130 + [0.0] * (127 * 130) + [1.0] * 260; open(sys.argv[1], 'wb').write(b'\x93NUMPY\x01\x00' + struct.pack('<H', len(h)) + h.encode() + struct.pack('<16900f', *v))" %t.in.npy
// RUN: %npu_build/bin/npu-run %s --entry=kblock --input=%t.in.npy --print | FileCheck %s --check-prefix=KB

// Fused multiply-add chain (2 filters, 2 pixels: MLAS's general SGEMM
// kernel). Products -1 * (1 + 2^-11) and (1 + 2^-12)^2 = 1 + 2^-11 + 2^-24:
// the chain keeps the second product exact, so the sum is 2^-24 =
// 5.96046e-08; rounding the product first (1 + 2^-24 is a tie, to even:
// 1 + 2^-11) would give 0.
// FMA: result #0: tensor<1x2x1x2xf32> = [5.96046e-08, 5.96046e-08, 5.96046e-08, 5.96046e-08]
func.func @fma() -> tensor<1x2x1x2xf32> {
  %x = "graph.constant"() {value = dense<[[[[-1.0, -1.0]], [[1.000244140625, 1.000244140625]]]]> : tensor<1x2x1x2xf32>} : () -> tensor<1x2x1x2xf32>
  %w = "graph.constant"() {value = dense<[[[[1.00048828125]], [[1.000244140625]]], [[[1.00048828125]], [[1.000244140625]]]]> : tensor<2x2x1x1xf32>} : () -> tensor<2x2x1x1xf32>
  %0 = "graph.conv2d"(%x, %w) {layout = "NCHW"} : (tensor<1x2x1x2xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x1x2xf32>
  return %0 : tensor<1x2x1x2xf32>
}

// The bias is added after the products: (2^24 + 1 -> 2^24) - 2^24 = 0,
// where starting from the bias would give (-2^24 + 2^24) + 1 = 1.
// BIAS: result #0: tensor<1x2x1x2xf32> = [0, 0, 0, 0]
func.func @bias_last() -> tensor<1x2x1x2xf32> {
  %x = "graph.constant"() {value = dense<[[[[16777216.0, 16777216.0]], [[1.0, 1.0]]]]> : tensor<1x2x1x2xf32>} : () -> tensor<1x2x1x2xf32>
  %w = "graph.constant"() {value = dense<1.0> : tensor<2x2x1x1xf32>} : () -> tensor<2x2x1x1xf32>
  %b = "graph.constant"() {value = dense<-16777216.0> : tensor<2xf32>} : () -> tensor<2xf32>
  %0 = "graph.conv2d"(%x, %w, %b) {layout = "NCHW"} : (tensor<1x2x1x2xf32>, tensor<2x2x1x1xf32>, tensor<2xf32>) -> tensor<1x2x1x2xf32>
  return %0 : tensor<1x2x1x2xf32>
}

// A fused multiply-add whose exact sum lies just below a float midpoint:
// (1 + 2^-23) + (1 + 2^-23) * (2^-24 - 2^-47) = 1 + 2^-23 + 2^-24 - 2^-70.
// Rounded once it is 1 + 2^-23; a double sum would first round to the
// midpoint 1 + 2^-23 + 2^-24 and then to even, 1 + 2^-22. Bias -1 leaves
// 2^-23 = 1.19209e-07 (not 2^-22 = 2.38419e-07).
// MID: result #0: tensor<1x2x1x2xf32> = [1.19209e-07, 1.19209e-07, 1.19209e-07, 1.19209e-07]
func.func @midpoint() -> tensor<1x2x1x2xf32> {
  %x = "graph.constant"() {value = dense<[[[[1.00000011920928955, 1.00000011920928955]], [[1.00000011920928955, 1.00000011920928955]]]]> : tensor<1x2x1x2xf32>} : () -> tensor<1x2x1x2xf32>
  %w = "graph.constant"() {value = dense<[[[[1.0]], [[5.9604637669963267e-08]]], [[[1.0]], [[5.9604637669963267e-08]]]]> : tensor<2x2x1x1xf32>} : () -> tensor<2x2x1x1xf32>
  %b = "graph.constant"() {value = dense<-1.0> : tensor<2xf32>} : () -> tensor<2xf32>
  %0 = "graph.conv2d"(%x, %w, %b) {layout = "NCHW"} : (tensor<1x2x1x2xf32>, tensor<2x2x1x1xf32>, tensor<2xf32>) -> tensor<1x2x1x2xf32>
  return %0 : tensor<1x2x1x2xf32>
}

// One filter per group (depthwise convs: MLAS's M = 1 kernel): products
// summed in groups of 4, each group added to the total. A 1x8 kernel of
// ones over 2^24, 0, 0, 0, 1, 1, 0, 0, 2^24 (both channels of a groups = 2
// conv), bias -2^24: pixel 0 is 2^24 + (1 + 1) = 2^24 + 2 -> 2 (one by one:
// 2^24 + 1 -> 2^24 twice, 0); pixel 1 is 1 + (1 + 2^24 -> 2^24) = 2^24 + 1
// -> 2^24 -> 0 (one by one: 2 + 2^24 -> 2).
// M1: result #0: tensor<1x2x1x2xf32> = [2, 0, 2, 0]
func.func @m1() -> tensor<1x2x1x2xf32> {
  %x = "graph.constant"() {value = dense<[[[[16777216.0, 0.0, 0.0, 0.0, 1.0, 1.0, 0.0, 0.0, 16777216.0]], [[16777216.0, 0.0, 0.0, 0.0, 1.0, 1.0, 0.0, 0.0, 16777216.0]]]]> : tensor<1x2x1x9xf32>} : () -> tensor<1x2x1x9xf32>
  %w = "graph.constant"() {value = dense<1.0> : tensor<2x1x1x8xf32>} : () -> tensor<2x1x1x8xf32>
  %b = "graph.constant"() {value = dense<-16777216.0> : tensor<2xf32>} : () -> tensor<2xf32>
  %0 = "graph.conv2d"(%x, %w, %b) {layout = "NCHW", groups = 2 : i64} : (tensor<1x2x1x9xf32>, tensor<2x1x1x8xf32>, tensor<2xf32>) -> tensor<1x2x1x2xf32>
  return %0 : tensor<1x2x1x2xf32>
}

// One filter on one channel whose kernel is as wide as the input (stride
// 1, no padding): MLAS's direct GEMM with B transposed, N = 1 kernel with
// the 3 output rows as its rows: rows 0-1 reduce as a block of 2, row 2
// alone (see @m1t below). Rows 2^24, 0, 1, 1 | 2^24, 1, 0, 1 | 2^24, 0, 1,
// 1 (then zeros), bias -2^24: row 0 (2^24 + 1 -> 2^24) + 1 -> 0; row 1
// 2^24 + ((1 + 1) + 0) -> 2; row 2 (2^24 + 0) + (1 + 1) -> 2. The M = 1
// kernel's groups of 4 would give 0, 0, 0.
// WIDE: result #0: tensor<1x1x3x1xf32> = [0, 2, 2]
func.func @wide() -> tensor<1x1x3x1xf32> {
  %x = "graph.constant"() {value = dense<[[[[16777216.0, 0.0, 1.0, 1.0, 0.0, 0.0, 0.0, 0.0], [16777216.0, 1.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0], [16777216.0, 0.0, 1.0, 1.0, 0.0, 0.0, 0.0, 0.0]]]]> : tensor<1x1x3x8xf32>} : () -> tensor<1x1x3x8xf32>
  %w = "graph.constant"() {value = dense<1.0> : tensor<1x1x1x8xf32>} : () -> tensor<1x1x1x8xf32>
  %b = "graph.constant"() {value = dense<-16777216.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %0 = "graph.conv2d"(%x, %w, %b) {layout = "NCHW"} : (tensor<1x1x3x8xf32>, tensor<1x1x1x8xf32>, tensor<1xf32>) -> tensor<1x1x3x1xf32>
  return %0 : tensor<1x1x3x1xf32>
}

// One output pixel, 7 filters (MLAS's N = 1 kernel): 8 lane sums a0..a7
// (here the products 2^24, 1, 0, 1, 0, 0, 0, 0), reduced by row block:
// rows 0-3 ((a0 + a1) + a2) + a3 + ... = 2^24 -> 0 after the bias;
// rows 4-5 ((a0 + a2) + (a4 + a6)) + ((a1 + a3) + (a5 + a7)) = 2^24 + 2 -> 2;
// row 6 ((a0 + a1) + (a2 + a3)) + ... = 2^24 + 1 -> 2^24 -> 0.
// M1T: result #0: tensor<1x7x1x1xf32> = [0, 0, 0, 0, 2, 2, 0]
func.func @m1t() -> tensor<1x7x1x1xf32> {
  %x = "graph.constant"() {value = dense<[[[[16777216.0]], [[1.0]], [[0.0]], [[1.0]], [[0.0]], [[0.0]], [[0.0]], [[0.0]]]]> : tensor<1x8x1x1xf32>} : () -> tensor<1x8x1x1xf32>
  %w = "graph.constant"() {value = dense<1.0> : tensor<7x8x1x1xf32>} : () -> tensor<7x8x1x1xf32>
  %b = "graph.constant"() {value = dense<-16777216.0> : tensor<7xf32>} : () -> tensor<7xf32>
  %0 = "graph.conv2d"(%x, %w, %b) {layout = "NCHW"} : (tensor<1x8x1x1xf32>, tensor<7x8x1x1xf32>, tensor<7xf32>) -> tensor<1x7x1x1xf32>
  return %0 : tensor<1x7x1x1xf32>
}

// K = 130 products over 130 pixels: MLAS splits K into blocks of 128 and
// adds the block sums. Channel 0 holds 2^24, channels 128 and 129 hold 1:
// block 1 sums to 2^24, block 2 to 2, total 2^24 + 2 -> 2 after the bias
// (one chain would round 2^24 + 1 to 2^24 twice: 0).
// KB: result #0: tensor<1x2x1x130xf32> = [2, 2, 2, 2,
// KB-NOT: 0
func.func @kblock(%x: tensor<1x130x1x130xf32>) -> tensor<1x2x1x130xf32> {
  %w = "graph.constant"() {value = dense<1.0> : tensor<2x130x1x1xf32>} : () -> tensor<2x130x1x1xf32>
  %b = "graph.constant"() {value = dense<-16777216.0> : tensor<2xf32>} : () -> tensor<2xf32>
  %0 = "graph.conv2d"(%x, %w, %b) {layout = "NCHW"} : (tensor<1x130x1x130xf32>, tensor<2x130x1x1xf32>, tensor<2xf32>) -> tensor<1x2x1x130xf32>
  return %0 : tensor<1x2x1x130xf32>
}
