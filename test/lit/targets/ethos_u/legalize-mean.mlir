// ethos-u-legalize of MEAN: npu.mean where Vela's constraints allow it,
// with Vela's and TFLite's integer arithmetic (sum of x - zp_in, then
// QuantizeMultiplier(s_in / s_out) with the division by N folded in).
// By hand for @hw: s_in / s_out = 1 -> (2^30, shift 1); N = 49, s =
// floor(log2 49) = 5 -> multiplier (2^30 << 5) / 49 = 701219150, shift
// 1 - 5 = -4.
// RUN: npu-opt %s --ethos-u-legalize='report=%t.report' -o %t.mlir
// RUN: FileCheck %s < %t.mlir
// RUN: FileCheck %s --check-prefix=REPORT < %t.report
//
// CHECK-LABEL: func.func @hw
// CHECK: "npu.mean"(%arg0) {axes = [1, 2], input_zp = -9 : i64, multiplier = 701219150 : i64, output_zp = -9 : i64, shift = -4 : i64}
// CHECK-LABEL: func.func @hw_drop
// CHECK: "npu.mean"(%arg0) {axes = [1, 2],
// CHECK-SAME: -> tensor<1x16x
// CHECK-LABEL: func.func @neg_axes
// CHECK: "npu.mean"(%arg0) {axes = [1, 2],
// CHECK-LABEL: func.func @two_d
// CHECK: "npu.mean"
// CHECK-LABEL: func.func @depth_w1
// CHECK: "npu.mean"
// CHECK-LABEL: func.func @s16
// CHECK: "npu.mean"
// CHECK-LABEL: func.func @u8
// CHECK: "npu.mean"
//
// The lowered functions against the graph's mean, seeded inputs over the
// whole storage range, both roundings: byte-identical (the graph kernel
// and npu.mean both compute TFLite's QuantizedMeanOrSum).
// RUN: %python %S/Inputs/same-results.py %npu_build/bin/npu-run %s %t.mlir hw hw_drop neg_axes two_d depth_w1 s16 u8 | FileCheck %s --check-prefix=SAME
//
// `exact` leaves every MEAN to the CPU (not needed for bit-exactness).
// RUN: npu-opt %s --ethos-u-legalize='exact report=%t.cpu' -o %t.cpu.mlir
// RUN: FileCheck %s --check-prefix=CPU < %t.cpu
// CPU: Warning: MEAN '{{.*}}:{{[0-9]+}}:8' is not supported on the NPU. Placing on CPU instead
// CPU-NEXT:  - npu-ir: exact keeps it on the CPU (Vela's NPU arithmetic for it may differ from TFLite's CPU kernel)
// CPU: CPU operators = 13
// RUN: %python %S/Inputs/same-results.py %npu_build/bin/npu-run %s %t.cpu.mlir hw hw_drop neg_axes | FileCheck %s --check-prefix=SAME
// SAME: mismatches: 0
//
// Each of Vela's MEAN constraints, in Vela's words and order.
// REPORT:      Warning: MEAN '{{.*}}' is not supported on the NPU. Placing on CPU instead
// REPORT-NEXT:  - Input tensor must be at least 2D
// REPORT-NEXT:    Input is 1D
// REPORT-NEXT: Warning: MEAN
// REPORT-NEXT:  - Requirements for axis parameter: When IFM tensor is 2D: - Reduction in both axes is supported. When IFM tensor is 3D or 4D: - Reduction in Batch axis is only supported if batch size is 1. - Reduction in both Height and Width axes is supported. - Reduction in Depth axis is supported if at least one of H,W,C are of size 1.
// REPORT-NEXT:    Shape is [1, 2, 3, 4], Axis is [3].
// REPORT-NEXT: Warning: MEAN
// REPORT-NEXT:  - Product of reduced axes must be no greater than: - 16777216 for signed 8-bit inputs. - 8388608 for unsigned 8-bit inputs. - 65536 for signed 16-bit inputs.
// REPORT-NEXT:    Datatype is int16, product of axes is 90000
// REPORT-NEXT: Warning: MEAN
// REPORT-NEXT:  - If Width axis is reduced its shape must be no greater than 4096.
// REPORT-NEXT:    Width is 5000
// REPORT-NEXT: Warning: MEAN
// REPORT-NEXT:  - If Depth axis is reduced its shape must be no greater than 4096.
// REPORT-NEXT:    Depth is 5000, shape is [1, 1, 1, 5000], axis is [3]
// REPORT-NEXT: Warning: MEAN
// REPORT-NEXT:  - Tensors must be of type: int16, int32, int8, uint8
// REPORT:      CPU operators = 6
// REPORT-NEXT: NPU operators = 7

!q = !quant.uniform<i8:f32, 0.05:-3>
!w = !quant.uniform<i16:f32, 0.001:0>
!m = !quant.uniform<i8:f32, 0.07:-9>

func.func @hw(%x: tensor<1x7x7x16x!m>) -> tensor<1x1x1x16x!m> {
  %0 = "graph.reduce_mean"(%x) {axes = [1, 2], keep_dims = true} : (tensor<1x7x7x16x!m>) -> tensor<1x1x1x16x!m>
  return %0 : tensor<1x1x1x16x!m>
}
func.func @hw_drop(%x: tensor<1x5x3x16x!m>) -> tensor<1x16x!quant.uniform<i8:f32, 0.02:4>> {
  %0 = "graph.reduce_mean"(%x) {axes = [1, 2]} : (tensor<1x5x3x16x!m>) -> tensor<1x16x!quant.uniform<i8:f32, 0.02:4>>
  return %0 : tensor<1x16x!quant.uniform<i8:f32, 0.02:4>>
}
func.func @neg_axes(%x: tensor<1x4x4x8x!q>) -> tensor<1x1x1x8x!q> {
  %0 = "graph.reduce_mean"(%x) {axes = [-3, -2], keep_dims = true} : (tensor<1x4x4x8x!q>) -> tensor<1x1x1x8x!q>
  return %0 : tensor<1x1x1x8x!q>
}
func.func @two_d(%x: tensor<6x10x!q>) -> tensor<1x1x!quant.uniform<i8:f32, 0.01:0>> {
  %0 = "graph.reduce_mean"(%x) {axes = [0, 1], keep_dims = true} : (tensor<6x10x!q>) -> tensor<1x1x!quant.uniform<i8:f32, 0.01:0>>
  return %0 : tensor<1x1x!quant.uniform<i8:f32, 0.01:0>>
}
func.func @depth_w1(%x: tensor<1x3x1x40x!q>) -> tensor<1x3x1x1x!q> {
  %0 = "graph.reduce_mean"(%x) {axes = [3], keep_dims = true} : (tensor<1x3x1x40x!q>) -> tensor<1x3x1x1x!q>
  return %0 : tensor<1x3x1x1x!q>
}
func.func @s16(%x: tensor<1x6x6x4x!w>) -> tensor<1x1x1x4x!quant.uniform<i16:f32, 0.0005:0>> {
  %0 = "graph.reduce_mean"(%x) {axes = [1, 2], keep_dims = true} : (tensor<1x6x6x4x!w>) -> tensor<1x1x1x4x!quant.uniform<i16:f32, 0.0005:0>>
  return %0 : tensor<1x1x1x4x!quant.uniform<i16:f32, 0.0005:0>>
}
func.func @u8(%x: tensor<1x9x9x3x!quant.uniform<u8:f32, 0.1:128>>) -> tensor<1x1x1x3x!quant.uniform<u8:f32, 0.05:100>> {
  %0 = "graph.reduce_mean"(%x) {axes = [1, 2], keep_dims = true} : (tensor<1x9x9x3x!quant.uniform<u8:f32, 0.1:128>>) -> tensor<1x1x1x3x!quant.uniform<u8:f32, 0.05:100>>
  return %0 : tensor<1x1x1x3x!quant.uniform<u8:f32, 0.05:100>>
}

func.func @fb_rank1(%x: tensor<8x!q>) -> tensor<1x!q> {
  %0 = "graph.reduce_mean"(%x) {axes = [0], keep_dims = true} : (tensor<8x!q>) -> tensor<1x!q>
  return %0 : tensor<1x!q>
}
func.func @fb_depth(%x: tensor<1x2x3x4x!q>) -> tensor<1x2x3x1x!q> {
  %0 = "graph.reduce_mean"(%x) {axes = [3], keep_dims = true} : (tensor<1x2x3x4x!q>) -> tensor<1x2x3x1x!q>
  return %0 : tensor<1x2x3x1x!q>
}
func.func @fb_product(%x: tensor<1x300x300x1x!w>) -> tensor<1x1x1x1x!w> {
  %0 = "graph.reduce_mean"(%x) {axes = [1, 2], keep_dims = true} : (tensor<1x300x300x1x!w>) -> tensor<1x1x1x1x!w>
  return %0 : tensor<1x1x1x1x!w>
}
func.func @fb_width(%x: tensor<1x2x5000x1x!q>) -> tensor<1x1x5000x1x!q> {
  %0 = "graph.reduce_mean"(%x) {axes = [1], keep_dims = true} : (tensor<1x2x5000x1x!q>) -> tensor<1x1x5000x1x!q>
  return %0 : tensor<1x1x5000x1x!q>
}
func.func @fb_deep(%x: tensor<1x1x1x5000x!q>) -> tensor<1x1x1x1x!q> {
  %0 = "graph.reduce_mean"(%x) {axes = [3], keep_dims = true} : (tensor<1x1x1x5000x!q>) -> tensor<1x1x1x1x!q>
  return %0 : tensor<1x1x1x1x!q>
}
func.func @fb_float(%x: tensor<1x4x4x2xf32>) -> tensor<1x1x1x2xf32> {
  %0 = "graph.reduce_mean"(%x) {axes = [1, 2], keep_dims = true} : (tensor<1x4x4x2xf32>) -> tensor<1x1x1x2xf32>
  return %0 : tensor<1x1x1x2xf32>
}
