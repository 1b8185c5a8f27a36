// npu kernels in TFLite's integer arithmetic, on hand-computed values.
// RUN: %npu_build/bin/npu-run %s --entry=conv --print | FileCheck %s --check-prefix=CONV
// RUN: %npu_build/bin/npu-run %s --entry=fc --print | FileCheck %s --check-prefix=FC
// RUN: %npu_build/bin/npu-run %s --entry=fc --print --single-rounding | FileCheck %s --check-prefix=FC1
// RUN: %npu_build/bin/npu-run %s --entry=conv16 --print | FileCheck %s --check-prefix=C16
// RUN: %npu_build/bin/npu-run %s --entry=dwconv --print | FileCheck %s --check-prefix=DW
// RUN: %npu_build/bin/npu-run %s --entry=pool --print | FileCheck %s --check-prefix=POOL
// RUN: %npu_build/bin/npu-run %s --entry=ew --print | FileCheck %s --check-prefix=EW
// RUN: %npu_build/bin/npu-run %s --entry=misc --print | FileCheck %s --check-prefix=MISC
// RUN: %npu_build/bin/npu-run %s --entry=memory --print | FileCheck %s --check-prefix=MEM

// Input [1, 2, 3, 4] under a 2x2 filter of ones, multiplier 2^30 with
// shift 0 (x 0.5): 10 -> 5; input_zp 1: 6 -> 3, output_zp 5 -> 8; act_max
// 6 clamps 8; bias 1: 11 * 0.5 = 5.5 -> 6; bias -21: -5.5 -> -5 (the
// rounding doubling high multiply rounds ties up); per channel, [10] with
// weights [1, 2], shifts [0, -1]: 5 and 20 * 0.5 / 2 = 5.
// CONV: result #0: tensor<1x1x1x1xi8> = [5]
// CONV: result #1: tensor<1x1x1x1xi8> = [8]
// CONV: result #2: tensor<1x1x1x1xi8> = [6]
// CONV: result #3: tensor<1x1x1x1xi8> = [6]
// CONV: result #4: tensor<1x1x1x1xi8> = [-5]
// CONV: result #5: tensor<1x1x1x2xi8> = [5, 5]
func.func @conv() -> (tensor<1x1x1x1xi8>, tensor<1x1x1x1xi8>, tensor<1x1x1x1xi8>, tensor<1x1x1x1xi8>, tensor<1x1x1x1xi8>, tensor<1x1x1x2xi8>) {
  %x = "graph.constant"() {value = dense<[[[[1], [2]], [[3], [4]]]]> : tensor<1x2x2x1xi8>} : () -> tensor<1x2x2x1xi8>
  %w = "graph.constant"() {value = dense<1> : tensor<1x2x2x1xi8>} : () -> tensor<1x2x2x1xi8>
  %b0 = "graph.constant"() {value = dense<0> : tensor<1xi32>} : () -> tensor<1xi32>
  %b1 = "graph.constant"() {value = dense<1> : tensor<1xi32>} : () -> tensor<1xi32>
  %b2 = "graph.constant"() {value = dense<-21> : tensor<1xi32>} : () -> tensor<1xi32>
  %0 = "npu.conv2d"(%x, %w, %b0) {multiplier = dense<1073741824> : tensor<1xi32>, shift = dense<0> : tensor<1xi32>} : (tensor<1x2x2x1xi8>, tensor<1x2x2x1xi8>, tensor<1xi32>) -> tensor<1x1x1x1xi8>
  %1 = "npu.conv2d"(%x, %w, %b0) {multiplier = dense<1073741824> : tensor<1xi32>, shift = dense<0> : tensor<1xi32>, input_zp = 1 : i64, output_zp = 5 : i64} : (tensor<1x2x2x1xi8>, tensor<1x2x2x1xi8>, tensor<1xi32>) -> tensor<1x1x1x1xi8>
  %2 = "npu.conv2d"(%x, %w, %b0) {multiplier = dense<1073741824> : tensor<1xi32>, shift = dense<0> : tensor<1xi32>, input_zp = 1 : i64, output_zp = 5 : i64, act_max = 6 : i64} : (tensor<1x2x2x1xi8>, tensor<1x2x2x1xi8>, tensor<1xi32>) -> tensor<1x1x1x1xi8>
  %3 = "npu.conv2d"(%x, %w, %b1) {multiplier = dense<1073741824> : tensor<1xi32>, shift = dense<0> : tensor<1xi32>} : (tensor<1x2x2x1xi8>, tensor<1x2x2x1xi8>, tensor<1xi32>) -> tensor<1x1x1x1xi8>
  %4 = "npu.conv2d"(%x, %w, %b2) {multiplier = dense<1073741824> : tensor<1xi32>, shift = dense<0> : tensor<1xi32>} : (tensor<1x2x2x1xi8>, tensor<1x2x2x1xi8>, tensor<1xi32>) -> tensor<1x1x1x1xi8>
  %y = "graph.constant"() {value = dense<10> : tensor<1x1x1x1xi8>} : () -> tensor<1x1x1x1xi8>
  %v = "graph.constant"() {value = dense<[[[[1]]], [[[2]]]]> : tensor<2x1x1x1xi8>} : () -> tensor<2x1x1x1xi8>
  %bb = "graph.constant"() {value = dense<0> : tensor<2xi32>} : () -> tensor<2xi32>
  %5 = "npu.conv2d"(%y, %v, %bb) {multiplier = dense<1073741824> : tensor<2xi32>, shift = dense<[0, -1]> : tensor<2xi32>} : (tensor<1x1x1x1xi8>, tensor<2x1x1x1xi8>, tensor<2xi32>) -> tensor<1x1x1x2xi8>
  return %0, %1, %2, %3, %4, %5 : tensor<1x1x1x1xi8>, tensor<1x1x1x1xi8>, tensor<1x1x1x1xi8>, tensor<1x1x1x1xi8>, tensor<1x1x1x1xi8>, tensor<1x1x1x2xi8>
}

// The issue's vectors: QuantizeMultiplier(0.0123456) = (1696766344, -6);
// 40 -> 1 with double rounding (0 with single rounding); -1000 -> -12.3456
// -> -12 either way. graph.requantize from i32 at scale 0.0123456 to i16 at
// scale 1 uses the same multiplier: -176945 -> -2185 (-2184 single).
// FC: result #0: tensor<1x2xi8> = [1, -12]
// FC: result #1: tensor<3x!quant.uniform<i16:f32, 1.000000e+00>> = [1, -2185, 0]
// FC1: result #0: tensor<1x2xi8> = [0, -12]
// FC1: result #1: tensor<3x!quant.uniform<i16:f32, 1.000000e+00>> = [0, -2184, 0]
func.func @fc() -> (tensor<1x2xi8>, tensor<3x!quant.uniform<i16:f32, 1.0>>) {
  %x = "graph.constant"() {value = dense<40> : tensor<1x1xi8>} : () -> tensor<1x1xi8>
  %w = "graph.constant"() {value = dense<[[1], [0]]> : tensor<2x1xi8>} : () -> tensor<2x1xi8>
  %b = "graph.constant"() {value = dense<[0, -1000]> : tensor<2xi32>} : () -> tensor<2xi32>
  %0 = "npu.fully_connected"(%x, %w, %b) {multiplier = dense<1696766344> : tensor<1xi32>, shift = dense<-6> : tensor<1xi32>} : (tensor<1x1xi8>, tensor<2x1xi8>, tensor<2xi32>) -> tensor<1x2xi8>
  %q = "graph.constant"() {value = dense<[40, -176945, 0]> : tensor<3xi32>} : () -> tensor<3x!quant.uniform<i32:f32, 0.0123456>>
  %1 = "graph.requantize"(%q) {qtype = !quant.uniform<i16:f32, 1.0>} : (tensor<3x!quant.uniform<i32:f32, 0.0123456>>) -> tensor<3x!quant.uniform<i16:f32, 1.0>>
  return %0, %1 : tensor<1x2xi8>, tensor<3x!quant.uniform<i16:f32, 1.0>>
}

// int16 input: TFLite's 64-bit MultiplyByQuantizedMultiplier reduces 2^30
// to the Q15 16384 and computes (acc * 16384 + 2^14) >> 15: 1000 -> 500
// (500.5 floored), 1001 -> 501, -1001 -> -500.
// C16: result #0: tensor<1x1x3x1xi16> = [500, 501, -500]
func.func @conv16() -> tensor<1x1x3x1xi16> {
  %x = "graph.constant"() {value = dense<[[[[1000], [1001], [-1001]]]]> : tensor<1x1x3x1xi16>} : () -> tensor<1x1x3x1xi16>
  %w = "graph.constant"() {value = dense<1> : tensor<1x1x1x1xi8>} : () -> tensor<1x1x1x1xi8>
  %b = "graph.constant"() {value = dense<0> : tensor<1xi64>} : () -> tensor<1xi64>
  %0 = "npu.conv2d"(%x, %w, %b) {multiplier = dense<1073741824> : tensor<1xi32>, shift = dense<0> : tensor<1xi32>} : (tensor<1x1x3x1xi16>, tensor<1x1x1x1xi8>, tensor<1xi64>) -> tensor<1x1x3x1xi16>
  return %0 : tensor<1x1x3x1xi16>
}

// Channel 0 = [1, 2, 3, 4] with weight 1, channel 1 = [10, 20, 30, 40]
// with weight 2; x 0.5, then shift -2 on channel 1: 5 and 200 / 8 = 25.
// DW: result #0: tensor<1x1x1x2xi8> = [5, 25]
func.func @dwconv() -> tensor<1x1x1x2xi8> {
  %x = "graph.constant"() {value = dense<[[[[1, 10], [2, 20]], [[3, 30], [4, 40]]]]> : tensor<1x2x2x2xi8>} : () -> tensor<1x2x2x2xi8>
  %w = "graph.constant"() {value = dense<[[[[1, 2], [1, 2]], [[1, 2], [1, 2]]]]> : tensor<1x2x2x2xi8>} : () -> tensor<1x2x2x2xi8>
  %b = "graph.constant"() {value = dense<0> : tensor<2xi32>} : () -> tensor<2xi32>
  %0 = "npu.depthwise_conv2d"(%x, %w, %b) {multiplier = dense<1073741824> : tensor<2xi32>, shift = dense<[0, -2]> : tensor<2xi32>} : (tensor<1x2x2x2xi8>, tensor<1x2x2x2xi8>, tensor<2xi32>) -> tensor<1x1x1x2xi8>
  return %0 : tensor<1x1x1x2xi8>
}

// 1x2 windows over [1, 2, -1, -2]: averages 1.5 -> 2 and -1.5 -> -2
// (half away from zero), maxima 2 and -1, sums 3 and -3; 1x3 windows:
// 4 / 3 -> 1 and -4 / 3 -> -1.
// POOL: result #0: tensor<1x1x2x1xi8> = [2, -2]
// POOL: result #1: tensor<1x1x2x1xi8> = [2, -1]
// POOL: result #2: tensor<1x1x2x1xi32> = [3, -3]
// POOL: result #3: tensor<1x1x2x1xi8> = [1, -1]
func.func @pool() -> (tensor<1x1x2x1xi8>, tensor<1x1x2x1xi8>, tensor<1x1x2x1xi32>, tensor<1x1x2x1xi8>) {
  %x = "graph.constant"() {value = dense<[[[[1], [2], [-1], [-2]]]]> : tensor<1x1x4x1xi8>} : () -> tensor<1x1x4x1xi8>
  %0 = "npu.pool"(%x) {mode = "avg", kernel = [1, 2], strides = [1, 2]} : (tensor<1x1x4x1xi8>) -> tensor<1x1x2x1xi8>
  %1 = "npu.pool"(%x) {mode = "max", kernel = [1, 2], strides = [1, 2]} : (tensor<1x1x4x1xi8>) -> tensor<1x1x2x1xi8>
  %2 = "npu.pool"(%x) {mode = "sum", kernel = [1, 2], strides = [1, 2]} : (tensor<1x1x4x1xi8>) -> tensor<1x1x2x1xi32>
  %y = "graph.constant"() {value = dense<[[[[1], [1], [2], [-1], [-1], [-2]]]]> : tensor<1x1x6x1xi8>} : () -> tensor<1x1x6x1xi8>
  %3 = "npu.pool"(%y) {mode = "avg", kernel = [1, 3], strides = [1, 3]} : (tensor<1x1x6x1xi8>) -> tensor<1x1x2x1xi8>
  return %0, %1, %2, %3 : tensor<1x1x2x1xi8>, tensor<1x1x2x1xi8>, tensor<1x1x2x1xi32>, tensor<1x1x2x1xi8>
}

// TFLite's quantized add: inputs << 20, each x 0.5, the sum x 2^-19 x 0.5:
// (3 + 4) / 2 = 3.5 -> 4, -3.5 -> -4; sub (3 - 4) / 2 = -0.5 -> -1 (the
// final rounding divide rounds half away from zero). mul: 3 * -4 x 0.5 =
// -6 and -3 * 4 ... = -6; abs |-5| and |5|; leaky_relu x 0.5 below zero:
// -6 -> -3, 4 -> 4; min and max.
// EW: result #0: tensor<2xi8> = [4, -4]
// EW: result #1: tensor<2xi8> = [-1, 1]
// EW: result #2: tensor<2xi8> = [-6, -6]
// EW: result #3: tensor<2xi8> = [5, 5]
// EW: result #4: tensor<2xi8> = [-3, 4]
// EW: result #5: tensor<2xi8> = [3, -4]
// EW: result #6: tensor<2xi8> = [4, -3]
func.func @ew() -> (tensor<2xi8>, tensor<2xi8>, tensor<2xi8>, tensor<2xi8>, tensor<2xi8>, tensor<2xi8>, tensor<2xi8>) {
  %a = "graph.constant"() {value = dense<[3, -3]> : tensor<2xi8>} : () -> tensor<2xi8>
  %b = "graph.constant"() {value = dense<[4, -4]> : tensor<2xi8>} : () -> tensor<2xi8>
  %m = "graph.constant"() {value = dense<[-4, 4]> : tensor<2xi8>} : () -> tensor<2xi8>
  %n = "graph.constant"() {value = dense<[-5, 5]> : tensor<2xi8>} : () -> tensor<2xi8>
  %l = "graph.constant"() {value = dense<[-6, 4]> : tensor<2xi8>} : () -> tensor<2xi8>
  %0 = "npu.elementwise"(%a, %b) {op = "add", left_shift = 20 : i64, input_multiplier = [1073741824, 1073741824], input_shift = [0, 0], output_multiplier = 1073741824 : i64, output_shift = -19 : i64} : (tensor<2xi8>, tensor<2xi8>) -> tensor<2xi8>
  %1 = "npu.elementwise"(%a, %b) {op = "sub", left_shift = 20 : i64, input_multiplier = [1073741824, 1073741824], input_shift = [0, 0], output_multiplier = 1073741824 : i64, output_shift = -19 : i64} : (tensor<2xi8>, tensor<2xi8>) -> tensor<2xi8>
  %2 = "npu.elementwise"(%a, %m) {op = "mul", output_multiplier = 1073741824 : i64, output_shift = 0 : i64} : (tensor<2xi8>, tensor<2xi8>) -> tensor<2xi8>
  %3 = "npu.elementwise"(%n) {op = "abs"} : (tensor<2xi8>) -> tensor<2xi8>
  %4 = "npu.elementwise"(%l) {op = "leaky_relu", alpha_multiplier = 1073741824 : i64, alpha_shift = 0 : i64} : (tensor<2xi8>) -> tensor<2xi8>
  %5 = "npu.elementwise"(%a, %b) {op = "min"} : (tensor<2xi8>, tensor<2xi8>) -> tensor<2xi8>
  %6 = "npu.elementwise"(%a, %b) {op = "max"} : (tensor<2xi8>, tensor<2xi8>) -> tensor<2xi8>
  return %0, %1, %2, %3, %4, %5, %6 : tensor<2xi8>, tensor<2xi8>, tensor<2xi8>, tensor<2xi8>, tensor<2xi8>, tensor<2xi8>, tensor<2xi8>
}

// lut with table[i] = 127 - i: x -> 127 - (x + 128) = -1 - x. resize of
// [0, 4] and [0, 1] to width 4: nearest [0, 0, 4, 4]; bilinear in 10-bit
// fixed point samples 0, 0.5, 1, 1.5: [0, 2, 4, 4], and 0.5 rounds up to
// 1 in [0, 1, 1, 1]. concat [1, 2] and [3].
// MISC: result #0: tensor<3xi8> = [127, -1, -128]
// MISC: result #1: tensor<1x1x4x1xi8> = [0, 0, 4, 4]
// MISC: result #2: tensor<1x1x4x1xi8> = [0, 2, 4, 4]
// MISC: result #3: tensor<1x1x4x1xi8> = [0, 1, 1, 1]
// MISC: result #4: tensor<3xi8> = [1, 2, 3]
func.func @misc() -> (tensor<3xi8>, tensor<1x1x4x1xi8>, tensor<1x1x4x1xi8>, tensor<1x1x4x1xi8>, tensor<3xi8>) {
  %x = "graph.constant"() {value = dense<[-128, 0, 127]> : tensor<3xi8>} : () -> tensor<3xi8>
  %0 = "npu.lut"(%x) {table = dense<[127, 126, 125, 124, 123, 122, 121, 120, 119, 118, 117, 116, 115, 114, 113, 112, 111, 110, 109, 108, 107, 106, 105, 104, 103, 102, 101, 100, 99, 98, 97, 96, 95, 94, 93, 92, 91, 90, 89, 88, 87, 86, 85, 84, 83, 82, 81, 80, 79, 78, 77, 76, 75, 74, 73, 72, 71, 70, 69, 68, 67, 66, 65, 64, 63, 62, 61, 60, 59, 58, 57, 56, 55, 54, 53, 52, 51, 50, 49, 48, 47, 46, 45, 44, 43, 42, 41, 40, 39, 38, 37, 36, 35, 34, 33, 32, 31, 30, 29, 28, 27, 26, 25, 24, 23, 22, 21, 20, 19, 18, 17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0, -1, -2, -3, -4, -5, -6, -7, -8, -9, -10, -11, -12, -13, -14, -15, -16, -17, -18, -19, -20, -21, -22, -23, -24, -25, -26, -27, -28, -29, -30, -31, -32, -33, -34, -35, -36, -37, -38, -39, -40, -41, -42, -43, -44, -45, -46, -47, -48, -49, -50, -51, -52, -53, -54, -55, -56, -57, -58, -59, -60, -61, -62, -63, -64, -65, -66, -67, -68, -69, -70, -71, -72, -73, -74, -75, -76, -77, -78, -79, -80, -81, -82, -83, -84, -85, -86, -87, -88, -89, -90, -91, -92, -93, -94, -95, -96, -97, -98, -99, -100, -101, -102, -103, -104, -105, -106, -107, -108, -109, -110, -111, -112, -113, -114, -115, -116, -117, -118, -119, -120, -121, -122, -123, -124, -125, -126, -127, -128]> : tensor<256xi8>} : (tensor<3xi8>) -> tensor<3xi8>
  %r = "graph.constant"() {value = dense<[[[[0], [4]]]]> : tensor<1x1x2x1xi8>} : () -> tensor<1x1x2x1xi8>
  %s = "graph.constant"() {value = dense<[[[[0], [1]]]]> : tensor<1x1x2x1xi8>} : () -> tensor<1x1x2x1xi8>
  %1 = "npu.resize"(%r) {size = [1, 4]} : (tensor<1x1x2x1xi8>) -> tensor<1x1x4x1xi8>
  %2 = "npu.resize"(%r) {size = [1, 4], mode = "bilinear"} : (tensor<1x1x2x1xi8>) -> tensor<1x1x4x1xi8>
  %3 = "npu.resize"(%s) {size = [1, 4], mode = "bilinear"} : (tensor<1x1x2x1xi8>) -> tensor<1x1x4x1xi8>
  %c1 = "graph.constant"() {value = dense<[1, 2]> : tensor<2xi8>} : () -> tensor<2xi8>
  %c2 = "graph.constant"() {value = dense<[3]> : tensor<1xi8>} : () -> tensor<1xi8>
  %4 = "npu.concat"(%c1, %c2) {axis = 0 : i64} : (tensor<2xi8>, tensor<1xi8>) -> tensor<3xi8>
  return %0, %1, %2, %3, %4 : tensor<3xi8>, tensor<1x1x4x1xi8>, tensor<1x1x4x1xi8>, tensor<1x1x4x1xi8>, tensor<3xi8>
}

// npu.dma copies flash weights into an SRAM buffer; npu.cpu runs graph ops
// on the host: relu of [-1, 2] plus 1.
// MEM: result #0: memref<4xi8, "sram"> = [1, 2, 3, 4]
// MEM: result #1: tensor<2xf32> = [1, 3]
func.func @memory() -> (memref<4xi8, "sram">, tensor<2xf32>) {
  %w = "buffer.constant"() {value = dense<[1, 2, 3, 4]> : tensor<4xi8>} : () -> memref<4xi8, "flash">
  %s = "buffer.alloc"() {size = 4 : i64} : () -> memref<4xi8, "sram">
  "npu.dma"(%w, %s) : (memref<4xi8, "flash">, memref<4xi8, "sram">) -> ()
  %x = "graph.constant"() {value = dense<[-1.0, 2.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %0 = "npu.cpu"(%x) ({
  ^bb0(%a: tensor<2xf32>):
    %one = "graph.constant"() {value = dense<1.0> : tensor<2xf32>} : () -> tensor<2xf32>
    %r = "graph.relu"(%a) : (tensor<2xf32>) -> tensor<2xf32>
    %p = "graph.add"(%r, %one) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
    "npu.yield"(%p) : (tensor<2xf32>) -> ()
  }) : (tensor<2xf32>) -> tensor<2xf32>
  return %s, %0 : memref<4xi8, "sram">, tensor<2xf32>
}
