// ethos-u-estimate of npu.mean as Vela lowers MEAN
// (convert_mean_to_depthwise_conv): a depthwise convolution of unit
// weights per block of at most 64 rows and 4096 kernel elements, int32
// adds of the partial sums, and a Mul by the scalar multiplier; named
// <op>_conv_<i>, <op>_add_<i>, <op>_mul. A 7x7 mean is one convolution;
// 100x100 is three (40, 40 and 20 rows) and two adds; a 1x1 mean is a
// copy Vela removes (no layer).
// RUN: npu-opt --ethos-u-target --ethos-u-estimate='report=%t.csv' %s -o /dev/null
// RUN: FileCheck %s < %t.csv
// CHECK: MEAN,DepthwiseConv2DBias,{{([^,]+,)+}}62720,{{.*}},pool_conv_0
// CHECK-NEXT: MEAN,Mul,{{.*}},pool_mul
// CHECK-NEXT: MEAN,DepthwiseConv2DBias,{{([^,]+,)+}}8000,{{.*}},big_conv_0
// CHECK-NEXT: MEAN,DepthwiseConv2DBias,{{([^,]+,)+}}8000,{{.*}},big_conv_1
// CHECK-NEXT: MEAN,DepthwiseConv2DBias,{{([^,]+,)+}}4000,{{.*}},big_conv_2
// CHECK-NEXT: MEAN,Add,{{.*}},big_add_0
// CHECK-NEXT: MEAN,Add,{{.*}},big_add_1
// CHECK-NEXT: MEAN,Mul,{{.*}},big_mul
// CHECK-NOT: MEAN
!q = !quant.uniform<i8:f32, 0.5:-1>
module {
  func.func @main(%a: tensor<1x7x7x1280x!q>, %b: tensor<1x100x100x2x!q>, %c: tensor<1x1x1x8x!q>) -> (tensor<1x1x1x1280x!q>, tensor<1x1x1x2x!q>, tensor<1x1x1x8x!q>) {
    %0 = "npu.mean"(%a) {axes = [1, 2], multiplier = 1402438301 : i64, shift = -5 : i64, input_zp = -1 : i64, output_zp = -1 : i64} : (tensor<1x7x7x1280x!q>) -> tensor<1x1x1x1280x!q> loc("pool")
    %1 = "npu.mean"(%b) {axes = [1, 2], multiplier = 1759218604 : i64, shift = -13 : i64, input_zp = -1 : i64, output_zp = -1 : i64} : (tensor<1x100x100x2x!q>) -> tensor<1x1x1x2x!q> loc("big")
    %2 = "npu.mean"(%c) {axes = [1, 2], multiplier = 1073741824 : i64, shift = 1 : i64, input_zp = -1 : i64, output_zp = -1 : i64} : (tensor<1x1x1x8x!q>) -> tensor<1x1x1x8x!q> loc("one")
    return %0, %1, %2 : tensor<1x1x1x1280x!q>, tensor<1x1x1x2x!q>, tensor<1x1x1x8x!q>
  }
}
