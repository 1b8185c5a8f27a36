// graph.transpose_conv2d's dilations and output_padding on hand-computed
// values, and their rules.
// RUN: %npu_build/bin/npu-run %s --entry=dilated --print | FileCheck %s
// RUN: npu-opt --split-input-file --verify-diagnostics %S/Inputs/transpose-conv-invalid.mlir

// W: input [1, 2], filter [1, 10], stride 2, dilation 3 (taps 0 and 3
// apart), so the output is (2 - 1) * 2 + 3 * (2 - 1) + 1 = 6 wide, plus
// output_padding 1. x0 adds 1 at 0 and 10 at 3, x1 adds 2 at 2 and 20 at
// 5; the bias 0.5 lands everywhere, the padded column gets only it.
// CHECK: result #0: tensor<1x1x7x1xf32> = [1.5, 0.5, 2.5, 10.5, 0.5, 20.5, 0.5]
func.func @dilated() -> tensor<1x1x7x1xf32> {
  %x = "graph.constant"() {value = dense<[[[[1.0], [2.0]]]]> : tensor<1x1x2x1xf32>} : () -> tensor<1x1x2x1xf32>
  %w = "graph.constant"() {value = dense<[[[[1.0], [10.0]]]]> : tensor<1x1x2x1xf32>} : () -> tensor<1x1x2x1xf32>
  %b = "graph.constant"() {value = dense<[0.5]> : tensor<1xf32>} : () -> tensor<1xf32>
  %0 = "graph.transpose_conv2d"(%x, %w, %b) {dilations = [1, 3], output_padding = [0, 1], strides = [1, 2]} : (tensor<1x1x2x1xf32>, tensor<1x1x2x1xf32>, tensor<1xf32>) -> tensor<1x1x7x1xf32>
  return %0 : tensor<1x1x7x1xf32>
}
