// ethos-u-codegen look-ahead=true with threads: the weights of a later
// run (up to the next op the NPU does not run) start packing before that
// run is collected: the second run's at the function's start, beside the
// first run, each later one's when the run before it is packed. Each
// later op's prep adopts its packing when geometry, values and scales are
// the same, after the earlier run's stream op has replaced the values it
// reads (%3 reads run 1's %0 directly). Three runs: run 2's two
// convolutions and run 3's one start early, all three adopted (pass
// statistics). The streams are the same bytes as without it and with one
// thread, and compute in the simulator what npu-run's kernels compute on
// the npu ops.
// RUN: npu-opt %s --ethos-u-target --ethos-u-codegen="threads=2 look-ahead" --pass-statistics -o %t.la2.mlir 2>&1 | FileCheck %s --check-prefix=STATS
// STATS: 3 early-packings -
// STATS: 3 early-packings-adopted -
// RUN: npu-opt %s --ethos-u-target --ethos-u-codegen="threads=4 look-ahead" -o %t.la4.mlir
// RUN: npu-opt %s --ethos-u-target --ethos-u-codegen=threads=1 --pass-statistics -o %t.t1.mlir 2>&1 | FileCheck %s --check-prefix=NONE
// NONE: 0 early-packings -
// RUN: npu-opt %s --ethos-u-target --ethos-u-codegen=threads=2 -o %t.t2.mlir
// RUN: cmp %t.t1.mlir %t.la2.mlir
// RUN: cmp %t.t1.mlir %t.la4.mlir
// RUN: cmp %t.t1.mlir %t.t2.mlir
// RUN: FileCheck %s < %t.la2.mlir
// RUN: %python %S/Inputs/codegen-same.py %npu_build/bin/npu-run tflite %s %t.la2.mlir three_runs:3

!q = !quant.uniform<i8:f32, 0.05:-3>
!w = !quant.uniform<i8:f32, 0.01>
!o = !quant.uniform<i8:f32, 0.1:2>

// CHECK-LABEL: func.func @three_runs
// CHECK-COUNT-3: "ethos_u.stream"
// CHECK-NOT: "npu.
func.func @three_runs(%x: tensor<1x4x4x8x!q>) -> (tensor<1x4x4x16x!o>, tensor<1x4x4x24x!o>, tensor<1x4x4x8x!o>) {
  %w1 = "graph.constant"() {value = dense<[[[[-35, -7, -4, -55, -21, -69, -13, -126]]], [[[-23, 91, 41, 55, -61, -67, 35, -71]]], [[[-125, -52, -50, 81, -42, 43, -91, 116]]], [[[63, 27, -48, -122, 75, -71, 117, 27]]], [[[-63, -122, 101, -88, 79, 28, 43, 34]]], [[[-120, -9, -11, 26, 33, 53, -52, 125]]], [[[-70, 73, -48, -35, -61, -20, 74, -105]]], [[[-38, -1, -19, 5, 37, -83, 115, 17]]]]> : tensor<8x1x1x8xi8>} : () -> tensor<8x1x1x8x!w>
  %b1 = "graph.constant"() {value = dense<[0, 292, -255, -11, -215, -294, 235, 82]> : tensor<8xi32>} : () -> tensor<8xi32>
  %w2 = "graph.constant"() {value = dense<[[[[-67, -2, -88, -48, -50, -46, -10, -11]]], [[[-111, -85, 52, -4, 59, 90, -124, -14]]], [[[88, 94, -2, -124, 108, 88, -6, 51]]], [[[76, -96, -11, 86, 29, -107, 0, 40]]], [[[-122, 120, -91, 54, -68, 108, -24, 102]]], [[[-33, -119, 11, -116, 41, 39, -25, 27]]], [[[-46, -5, 3, 44, 116, 81, 73, 47]]], [[[40, 85, 82, -109, -69, -46, -102, 54]]], [[[-104, 11, -96, -65, -125, -27, 33, -116]]], [[[108, 88, -98, 61, 48, -115, 113, 89]]], [[[68, -27, -88, 103, 36, 50, -62, -66]]], [[[-82, 22, -125, -66, 7, -65, 108, -98]]], [[[-101, 37, -90, -59, -28, -23, -118, -24]]], [[[-9, 99, 59, -8, -10, -61, -118, -112]]], [[[-120, 54, -77, -18, 43, -62, 109, 120]]], [[[1, -29, -101, 80, -72, -98, -21, 34]]]]> : tensor<16x1x1x8xi8>} : () -> tensor<16x1x1x8x!w>
  %b2 = "graph.constant"() {value = dense<[-190, -10, -182, 166, 144, -156, 109, -57, -172, -166, 113, 143, 213, -70, 105, -111]> : tensor<16xi32>} : () -> tensor<16xi32>
  %w3 = "graph.constant"() {value = dense<[[[[-35, 43, -1, 84, -83, 93, -23, -74]]], [[[41, -18, 89, -122, -3, -50, 19, -52]]], [[[122, -96, 89, -108, 65, 127, 74, -49]]], [[[61, 0, -66, 9, 37, -7, -74, 23]]], [[[-14, 1, -93, -2, 14, -107, 68, 34]]], [[[126, 44, -100, 58, 42, -47, -113, -9]]], [[[-107, 79, 0, 59, 66, -114, 4, -42]]], [[[9, -84, -102, 55, -34, -24, -55, -27]]], [[[-111, -70, -79, -11, -74, 56, -124, 34]]], [[[-127, -71, -42, -26, 28, 32, -75, -113]]], [[[-59, 104, 36, -122, -29, 33, -113, -90]]], [[[43, 117, 10, 50, 116, -71, -75, 1]]], [[[74, 89, 33, 91, 11, 42, 84, 36]]], [[[58, 63, 114, 107, -59, 4, -120, 30]]], [[[29, 77, 78, 3, 121, -72, -7, 21]]], [[[-4, -38, -93, 55, -10, 64, 56, 105]]], [[[-83, -100, -79, -122, -104, 111, -32, 59]]], [[[-54, 40, 81, 37, 117, -103, -88, -118]]], [[[-80, 111, 29, 49, 67, 49, -97, 57]]], [[[115, 67, -69, -39, -75, 18, -16, -104]]], [[[-81, 112, -105, -9, -107, 99, -119, 19]]], [[[-89, -88, 46, 58, 72, -87, 70, -75]]], [[[-21, -117, 65, -37, -98, 47, 94, -24]]], [[[-23, -61, -96, 29, -29, 25, -78, -37]]]]> : tensor<24x1x1x8xi8>} : () -> tensor<24x1x1x8x!w>
  %b3 = "graph.constant"() {value = dense<[151, 83, 143, -283, 52, -103, -218, -83, 92, 121, -244, -84, 122, 266, 49, -256, 228, 115, 57, -279, -150, 126, -59, 29]> : tensor<24xi32>} : () -> tensor<24xi32>
  %w4 = "graph.constant"() {value = dense<[[[[-85, -24, -113, -31, -117, 95, -25, 36]]], [[[90, 64, -13, 39, 111, -118, -91, 102]]], [[[120, -127, -85, 61, 99, 127, -78, 43]]], [[[22, -52, 30, 44, 121, 24, -22, 118]]], [[[88, -121, -114, -97, 103, 83, 5, 81]]], [[[10, -127, 121, -95, -47, 28, 30, -107]]], [[[23, 9, -50, -13, -90, 25, -18, 114]]], [[[-55, 17, 29, 79, -23, 9, -106, 104]]]]> : tensor<8x1x1x8xi8>} : () -> tensor<8x1x1x8x!w>
  %b4 = "graph.constant"() {value = dense<[-149, -257, 4, -32, 10, 154, 23, -224]> : tensor<8xi32>} : () -> tensor<8xi32>
  %0 = "npu.conv2d"(%x, %w1, %b1) {input_zp = -3 : i64, multiplier = dense<1374389504> : tensor<8xi32>, output_zp = -3 : i64, padding = "valid", shift = dense<-9> : tensor<8xi32>, strides = [1, 1], weight_zp = 0 : i64} : (tensor<1x4x4x8x!q>, tensor<8x1x1x8x!w>, tensor<8xi32>) -> tensor<1x4x4x8x!q>
  %1 = "graph.transpose"(%0) {perm = [0, 2, 1, 3]} : (tensor<1x4x4x8x!q>) -> tensor<1x4x4x8x!q>
  %2 = "npu.conv2d"(%1, %w2, %b2) {input_zp = -3 : i64, multiplier = dense<1374389504> : tensor<16xi32>, output_zp = 2 : i64, padding = "valid", shift = dense<-9> : tensor<16xi32>, strides = [1, 1], weight_zp = 0 : i64} : (tensor<1x4x4x8x!q>, tensor<16x1x1x8x!w>, tensor<16xi32>) -> tensor<1x4x4x16x!o>
  %3 = "npu.conv2d"(%0, %w3, %b3) {input_zp = -3 : i64, multiplier = dense<1374389504> : tensor<24xi32>, output_zp = 2 : i64, padding = "valid", shift = dense<-9> : tensor<24xi32>, strides = [1, 1], weight_zp = 0 : i64} : (tensor<1x4x4x8x!q>, tensor<24x1x1x8x!w>, tensor<24xi32>) -> tensor<1x4x4x24x!o>
  %4 = "graph.transpose"(%1) {perm = [0, 2, 1, 3]} : (tensor<1x4x4x8x!q>) -> tensor<1x4x4x8x!q>
  %5 = "npu.conv2d"(%4, %w4, %b4) {input_zp = -3 : i64, multiplier = dense<1374389504> : tensor<8xi32>, output_zp = 2 : i64, padding = "valid", shift = dense<-9> : tensor<8xi32>, strides = [1, 1], weight_zp = 0 : i64} : (tensor<1x4x4x8x!q>, tensor<8x1x1x8x!w>, tensor<8xi32>) -> tensor<1x4x4x8x!o>
  return %2, %3, %5 : tensor<1x4x4x16x!o>, tensor<1x4x4x24x!o>, tensor<1x4x4x8x!o>
}
