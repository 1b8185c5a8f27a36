// ONNX models are NCHW; the integer conv kernels (TFLite's) are NHWC. A
// quantized NCHW convolution runs the float kernel between dequantize and
// requantize, and quantize says so; with the graph optimizer's
// fold-batchnorm and layout first, every convolution is NHWC, quantized
// and runs the integer kernel, and the result is bit for bit the float
// path's (each layer's real-valued result requantized).
// RUN: rm -rf %t && %python %S/Inputs/mknpy.py %t/s --shape 1x2x4x4 --samples 4
// RUN: npu-opt %S/Inputs/nchw.mlir --calibrate=inputs=%t/s --quantize -o %t/a.mlir 2>&1 | FileCheck --check-prefix=WARN %s
// WARN: warning: 'graph.batch_norm' stays float: no integer batch norm: fold it into the convolution before calibrating
// WARN: warning: 2 quantized NCHW convolutions will run float kernels (the integer kernels are NHWC, as TFLite's): run --layout before calibrate
// RUN: npu-opt %S/Inputs/nchw.mlir --fold-batchnorm --layout --calibrate=inputs=%t/s --quantize -o %t/b.mlir 2>&1 | FileCheck --allow-empty --check-prefix=NOWARN %s
// NOWARN-NOT: warning
// RUN: FileCheck %s < %t/b.mlir
// CHECK: "graph.quantize"
// CHECK: "graph.transpose"{{.*}}x!quant.uniform<i8
// CHECK: "graph.conv2d"({{.*}}) {layout = "NHWC"} : (tensor<1x4x4x2x!quant.uniform<i8:{{.*}}tensor<2x!quant.uniform<i32{{.*}} -> tensor<1x4x4x2x!quant.uniform<i8
// CHECK: "graph.relu"
// CHECK: "graph.conv2d"({{.*}}) {groups = 2 : i64, layout = "NHWC"{{.*}} -> tensor<1x4x4x2x!quant.uniform<i8
// CHECK: "graph.transpose"
// CHECK: "graph.dequantize"
// CHECK-NOT: "graph.batch_norm"
// RUN: npu-opt %S/Inputs/nchw.mlir --fold-batchnorm --calibrate=inputs=%t/s --quantize -o %t/c.mlir 2>/dev/null
// RUN: %npu_build/bin/npu-run %t/c.mlir --input=%t/s/001/input_0.npy --output=%t/c.npy
// RUN: %npu_build/bin/npu-run %t/b.mlir --input=%t/s/001/input_0.npy --compare=%t/c.npy --atol=0 --rtol=0 | FileCheck --check-prefix=EXACT %s
// EXACT: 0 of 32 outside tolerance: ok
// And within an int8 step or two of the float model.
// RUN: %npu_build/bin/npu-run %S/Inputs/nchw.mlir --input=%t/s/001/input_0.npy --output=%t/f.npy
// RUN: %npu_build/bin/npu-run %t/b.mlir --input=%t/s/001/input_0.npy --compare=%t/f.npy --atol=0.03 --rtol=0 | FileCheck --check-prefix=EXACT %s
