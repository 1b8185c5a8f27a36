// The zoo's float hello_world model, calibrated on 16 of its own inputs
// (uniform in [0, 2 pi), made here) and quantized to int8: npu-run's
// integer kernels (fully connected, TFLite's FullyConnected) give the
// reference runtime's float output (LiteRT, ../shared/models/ref) to
// within a few int8 output steps (the output scale is about 1/128).
// REQUIRES: shared-models
// RUN: rm -rf %t && %python %S/Inputs/mknpy.py %t/cal --shape 1x1 --samples 16 --lo 0 --hi 6.2831853
// RUN: npu-translate --import-tflite --input-shape=serving_default_dense_input:0:1x1 %shared_models/hello_world_float.tflite -o %t/f.mlir
// RUN: npu-opt %t/f.mlir --calibrate='inputs=%t/cal method=percentile' --quantize -o %t/q.mlir
// RUN: FileCheck %s < %t/q.mlir
// CHECK: "graph.fully_connected"{{.*}} -> tensor<1x16x!quant.uniform<i8:f32,
// CHECK: "graph.fully_connected"{{.*}} -> tensor<1x16x!quant.uniform<i8:f32,
// CHECK: "graph.fully_connected"{{.*}} -> tensor<1x1x!quant.uniform<i8:f32,
// RUN: %npu_build/bin/npu-run %t/q.mlir --input=%shared_models/ref/hello_world_float/input_0.npy --compare=%shared_models/ref/hello_world_float/output_0.npy --atol=0.04 --rtol=0 | FileCheck --check-prefix=EXEC %s
// EXEC: 0 of 1 outside tolerance: ok

// The reference folder itself is a valid sample folder (its output_0.npy
// is ignored).
// RUN: npu-opt %t/f.mlir --calibrate=inputs=%shared_models/ref/hello_world_float | FileCheck --check-prefix=REF %s
// REF: quant.arg_stats

// An ONNX model end to end on integer kernels: BlazeFace (NCHW, 37
// convolutions) through fold-batchnorm, layout and equalize, calibrated
// on its reference input and quantized: no op stays float, no NCHW
// convolution is left, every convolution has int8 operands and result,
// and npu-run runs it.
// RUN: npu-translate --import-onnx %shared_models/face_detection_front_128x128_barracuda.onnx -o %t/bf.mlir
// RUN: npu-opt %t/bf.mlir --fold-batchnorm --layout --equalize --calibrate=inputs=%shared_models/ref/face_detection_front_128x128_barracuda --quantize -o %t/bfq.mlir 2>&1 | FileCheck --allow-empty --check-prefix=BFWARN %s
// BFWARN-NOT: warning
// RUN: FileCheck --check-prefix=BF %s < %t/bfq.mlir
// BF-NOT: "graph.conv2d"{{.*}}xf32>
// BF-NOT: NCHW
// BF-COUNT-37: "graph.conv2d"({{.*}}) {{.*}}(tensor<1x{{[0-9x]+}}x!quant.uniform<i8:f32, {{.*}}tensor<{{[0-9x]+}}x!quant.uniform<i8<-127:127>{{.*}} -> tensor<1x{{[0-9x]+}}x!quant.uniform<i8:f32,
// RUN: %npu_build/bin/npu-run %t/bfq.mlir --input=%shared_models/ref/face_detection_front_128x128_barracuda/input_0.npy | FileCheck --check-prefix=BFEXEC %s
// BFEXEC: result #3: tensor<1x384x16xf32>
