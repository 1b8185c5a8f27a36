// equalize: cross-layer equalization on hand-made weights whose result
// is known. conv1's output channels have weight ranges r1 = (4, 0.5),
// conv2's matching input channels r2 = (1, 8): s = sqrt(r1 / r2) =
// (2, 0.25), so conv1's channel 0 is halved and channel 1 multiplied by
// 4 (its bias too), conv2's input channel 0 doubled and channel 1
// quartered: every range becomes sqrt(r1 r2) = 2, and a second sweep
// changes nothing. The ReLU between them commutes with the scaling.
// RUN: npu-opt %s --equalize --pass-statistics -o %t.mlir 2>&1 | FileCheck --check-prefix=STAT %s
// RUN: FileCheck %s < %t.mlir
// The function computes the same thing (npu-run on the same input).
// RUN: rm -rf %t.d %t.s && %python %S/Inputs/mknpy.py %t.d --shape 1x2x2x2 --samples 1
// RUN: %npu_build/bin/npu-run %s --input=%t.d/000/input_0.npy --output=%t.a.npy
// RUN: %npu_build/bin/npu-run %t.mlir --input=%t.d/000/input_0.npy --compare=%t.a.npy --atol=1e-5 --rtol=1e-5 | FileCheck --check-prefix=SAME %s
// SAME: 0 of 4 outside tolerance: ok
// RUN: npu-opt %s --equalize=entry=relu6 | FileCheck --check-prefix=RELU6 %s
// RUN: npu-opt %s --equalize=entry=fc | FileCheck --check-prefix=FC %s
// Bad option: a clear error, no output file.
// RUN: not npu-opt %s --equalize=sweeps=0 -o %t.bad.mlir 2>&1 | FileCheck --check-prefix=BAD %s
// RUN: not ls %t.bad.mlir
// BAD: equalize.mlir:{{[0-9]+}}:1: error: {{.*}}sweeps must be in [1, 1000], got 0
// A quantized model is refused; so is a function that is not there.
// RUN: %python %S/Inputs/mknpy.py %t.s --shape 1x4x4x2 --samples 2
// RUN: npu-opt %S/Inputs/small.mlir --calibrate=inputs=%t.s --quantize -o %t.q.mlir 2>/dev/null
// RUN: not npu-opt %t.q.mlir --equalize -o %t.bad.mlir 2>&1 | FileCheck --check-prefix=QUANT %s
// RUN: not ls %t.bad.mlir
// QUANT: error: 'graph.quantize' op is already quantized: quantize a float model
// RUN: not npu-opt %s --equalize=entry=nosuch 2>&1 | FileCheck --check-prefix=ENTRY %s
// ENTRY: error: {{.*}}nosuch
// STAT: (S) 1 pairs - layer pairs equalized

// CHECK-LABEL: func.func @main
// CHECK: dense<{{\[\[\[\[}}2.000000e+00, -1.000000e+00]]], {{\[\[\[}}2.000000e+00, 1.000000e+00]]]]> : tensor<2x1x1x2xf32>
// CHECK: dense<[1.000000e+00, 4.000000e+00]> : tensor<2xf32>
// CHECK: "graph.conv2d"
// CHECK: "graph.relu"
// CHECK: dense<2.000000e+00> : tensor<1x1x1x2xf32>
// CHECK: "graph.conv2d"
// A ReLU6 does not commute with scaling: that pair is left alone.
// RELU6-LABEL: func.func @relu6
// RELU6: dense<{{\[\[\[\[}}4.000000e+00, -2.000000e+00]]], {{\[\[\[}}5.000000e-01, 2.500000e-01]]]]>
// RELU6: "graph.relu6"
// RELU6: dense<{{\[\[\[\[}}1.000000e+00, 8.000000e+00]]]]>
// A fully connected chain is equalized the same way.
// FC-LABEL: func.func @fc
// FC: dense<{{\[\[}}2.000000e+00, -1.000000e+00], [2.000000e+00, 1.000000e+00]]> : tensor<2x2xf32>
// FC: dense<2.000000e+00> : tensor<1x2xf32>
module {
  func.func @main(%x: tensor<1x2x2x2xf32>) -> tensor<1x2x2x1xf32> {
    %w1 = "graph.constant"() {value = dense<[[[[4.0, -2.0]]], [[[0.5, 0.25]]]]> : tensor<2x1x1x2xf32>} : () -> tensor<2x1x1x2xf32>
    %b1 = "graph.constant"() {value = dense<[2.0, 1.0]> : tensor<2xf32>} : () -> tensor<2xf32>
    %c1 = "graph.conv2d"(%x, %w1, %b1) : (tensor<1x2x2x2xf32>, tensor<2x1x1x2xf32>, tensor<2xf32>) -> tensor<1x2x2x2xf32>
    %r = "graph.relu"(%c1) : (tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xf32>
    %w2 = "graph.constant"() {value = dense<[[[[1.0, 8.0]]]]> : tensor<1x1x1x2xf32>} : () -> tensor<1x1x1x2xf32>
    %c2 = "graph.conv2d"(%r, %w2) : (tensor<1x2x2x2xf32>, tensor<1x1x1x2xf32>) -> tensor<1x2x2x1xf32>
    return %c2 : tensor<1x2x2x1xf32>
  }
  func.func @relu6(%x: tensor<1x2x2x2xf32>) -> tensor<1x2x2x1xf32> {
    %w1 = "graph.constant"() {value = dense<[[[[4.0, -2.0]]], [[[0.5, 0.25]]]]> : tensor<2x1x1x2xf32>} : () -> tensor<2x1x1x2xf32>
    %c1 = "graph.conv2d"(%x, %w1) : (tensor<1x2x2x2xf32>, tensor<2x1x1x2xf32>) -> tensor<1x2x2x2xf32>
    %r = "graph.relu6"(%c1) : (tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xf32>
    %w2 = "graph.constant"() {value = dense<[[[[1.0, 8.0]]]]> : tensor<1x1x1x2xf32>} : () -> tensor<1x1x1x2xf32>
    %c2 = "graph.conv2d"(%r, %w2) : (tensor<1x2x2x2xf32>, tensor<1x1x1x2xf32>) -> tensor<1x2x2x1xf32>
    return %c2 : tensor<1x2x2x1xf32>
  }
  func.func @fc(%x: tensor<1x2xf32>) -> tensor<1x1xf32> {
    %w1 = "graph.constant"() {value = dense<[[4.0, -2.0], [0.5, 0.25]]> : tensor<2x2xf32>} : () -> tensor<2x2xf32>
    %f1 = "graph.fully_connected"(%x, %w1) : (tensor<1x2xf32>, tensor<2x2xf32>) -> tensor<1x2xf32>
    %w2 = "graph.constant"() {value = dense<[[1.0, 8.0]]> : tensor<1x2xf32>} : () -> tensor<1x2xf32>
    %f2 = "graph.fully_connected"(%f1, %w2) : (tensor<1x2xf32>, tensor<1x2xf32>) -> tensor<1x1xf32>
    return %f2 : tensor<1x1xf32>
  }
}
