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
