// ethos-u-codegen look-ahead=true when the pass stops at an error: the
// look-ahead prepares the second run's convolutions on the side without a
// word (the dynamic one, which its own run reports, it leaves alone), the
// error is reported once, at the op, in the ops' order, the packing it
// started is dropped (early-packings 1, adopted 0), exit 1, no output.
// RUN: not npu-opt %s --ethos-u-target --ethos-u-codegen="threads=2 look-ahead" --pass-statistics -o %t.out 2>&1 | FileCheck %s
// RUN: not test -e %t.out
// RUN: not npu-opt %s --ethos-u-target --ethos-u-codegen="threads=2 look-ahead" -o %t.out 2>&1 | FileCheck %s --check-prefix=ONCE
// CHECK: codegen-look-ahead-error.mlir:[[@LINE+17]]:{{[0-9]+}}: error: 'npu.conv2d' op cannot place a feature map of dynamic shape in the Ethos-U scratch arena
// CHECK: 1 early-packings -
// CHECK: 0 early-packings-adopted -
// ONCE-COUNT-1: error:
// ONCE-NOT: error:

!q = !quant.uniform<i8:f32, 0.05:-3>
!w = !quant.uniform<i8:f32, 0.01>
!o = !quant.uniform<i8:f32, 0.1:2>

func.func @stops(%x: tensor<1x4x4x8x!q>, %y: tensor<?x4x4x8x!q>) -> (tensor<?x4x4x8x!q>, tensor<1x4x4x16x!o>) {
  %w1 = "graph.constant"() {value = dense<[[[[-35, -7, -4, -55, -21, -69, -13, -126]]], [[[-23, 91, 41, 55, -61, -67, 35, -71]]], [[[-125, -52, -50, 81, -42, 43, -91, 116]]], [[[63, 27, -48, -122, 75, -71, 117, 27]]], [[[-63, -122, 101, -88, 79, 28, 43, 34]]], [[[-120, -9, -11, 26, 33, 53, -52, 125]]], [[[-70, 73, -48, -35, -61, -20, 74, -105]]], [[[-38, -1, -19, 5, 37, -83, 115, 17]]]]> : tensor<8x1x1x8xi8>} : () -> tensor<8x1x1x8x!w>
  %b1 = "graph.constant"() {value = dense<[0, 292, -255, -11, -215, -294, 235, 82]> : tensor<8xi32>} : () -> tensor<8xi32>
  %w2 = "graph.constant"() {value = dense<[[[[-67, -2, -88, -48, -50, -46, -10, -11]]], [[[-111, -85, 52, -4, 59, 90, -124, -14]]], [[[88, 94, -2, -124, 108, 88, -6, 51]]], [[[76, -96, -11, 86, 29, -107, 0, 40]]], [[[-122, 120, -91, 54, -68, 108, -24, 102]]], [[[-33, -119, 11, -116, 41, 39, -25, 27]]], [[[-46, -5, 3, 44, 116, 81, 73, 47]]], [[[40, 85, 82, -109, -69, -46, -102, 54]]], [[[-104, 11, -96, -65, -125, -27, 33, -116]]], [[[108, 88, -98, 61, 48, -115, 113, 89]]], [[[68, -27, -88, 103, 36, 50, -62, -66]]], [[[-82, 22, -125, -66, 7, -65, 108, -98]]], [[[-101, 37, -90, -59, -28, -23, -118, -24]]], [[[-9, 99, 59, -8, -10, -61, -118, -112]]], [[[-120, 54, -77, -18, 43, -62, 109, 120]]], [[[1, -29, -101, 80, -72, -98, -21, 34]]]]> : tensor<16x1x1x8xi8>} : () -> tensor<16x1x1x8x!w>
  %b2 = "graph.constant"() {value = dense<[-190, -10, -182, 166, 144, -156, 109, -57, -172, -166, 113, 143, 213, -70, 105, -111]> : tensor<16xi32>} : () -> tensor<16xi32>
  %0 = "npu.conv2d"(%x, %w1, %b1) {input_zp = -3 : i64, multiplier = dense<1374389504> : tensor<8xi32>, output_zp = -3 : i64, padding = "valid", shift = dense<-9> : tensor<8xi32>, strides = [1, 1], weight_zp = 0 : i64} : (tensor<1x4x4x8x!q>, tensor<8x1x1x8x!w>, tensor<8xi32>) -> tensor<1x4x4x8x!q>
  %1 = "graph.transpose"(%0) {perm = [0, 2, 1, 3]} : (tensor<1x4x4x8x!q>) -> tensor<1x4x4x8x!q>
  %3 = "npu.conv2d"(%y, %w1, %b1) {input_zp = -3 : i64, multiplier = dense<1374389504> : tensor<8xi32>, output_zp = -3 : i64, padding = "valid", shift = dense<-9> : tensor<8xi32>, strides = [1, 1], weight_zp = 0 : i64} : (tensor<?x4x4x8x!q>, tensor<8x1x1x8x!w>, tensor<8xi32>) -> tensor<?x4x4x8x!q>
  %2 = "npu.conv2d"(%1, %w2, %b2) {input_zp = -3 : i64, multiplier = dense<1374389504> : tensor<16xi32>, output_zp = 2 : i64, padding = "valid", shift = dense<-9> : tensor<16xi32>, strides = [1, 1], weight_zp = 0 : i64} : (tensor<1x4x4x8x!q>, tensor<16x1x1x8x!w>, tensor<16xi32>) -> tensor<1x4x4x16x!o>
  return %3, %2 : tensor<?x4x4x8x!q>, tensor<1x4x4x16x!o>
}
