// calibrate records each float tensor's range over the sample folders as
// quant.stats (one dense<[lo, hi, min, max]> per result) and the
// arguments' as quant.arg_stats; constants get none.
// RUN: rm -rf %t && %python %S/Inputs/mknpy.py %t/s --shape 1x4x4x2 --samples 3
// RUN: npu-opt %S/Inputs/small.mlir --calibrate=inputs=%t/s | FileCheck %s
// CHECK: func.func @main({{.*}}) -> tensor<1x3xf32> attributes {quant.arg_stats = [dense<[{{.*}}]> : tensor<4xf32>]}
// CHECK: "graph.constant"() {value = {{[^}]*}}} : () -> tensor<3x1x1x2xf32>
// Convolutions and fully connected ops also get the mean of each input
// channel (for quantize's bias correction).
// CHECK: "graph.conv2d"{{.*}} {quant.input_mean = dense<[{{[^,]*}}, {{[^,]*}}]> : tensor<2xf32>, quant.stats = [dense<[[[CL:[^,]*]], [[CH:[^,]*]], [[CL]], [[CH]]]> : tensor<4xf32>]}
// A ReLU's range starts at 0 and ends where its input's does.
// CHECK: "graph.relu"{{.*}} {quant.stats = [dense<[0.000000e+00, [[CH]], 0.000000e+00, [[CH]]]> : tensor<4xf32>]}
// CHECK: "graph.max_pool2d"{{.*}}quant.stats
// CHECK: "graph.fully_connected"{{.*}} {quant.input_mean = dense<{{.*}}> : tensor<12xf32>, quant.stats
// CHECK: "graph.softmax"{{.*}} {quant.stats = [dense<[0.000000e+00, {{.*}}]> : tensor<4xf32>]}

// One sample folder can be given directly (DIR/input_0.npy); the ranges
// of one sample are its own.
// RUN: %python %S/Inputs/mknpy.py %t/one --shape 1x4x4x2 --flat
// RUN: npu-opt %S/Inputs/small.mlir --calibrate=inputs=%t/one | FileCheck --check-prefix=ONE %s
// ONE: quant.arg_stats

// Methods clip: percentile, entropy and mse give ranges inside min-max
// (the last two numbers stay the observed extremes).
// RUN: npu-opt %S/Inputs/small.mlir --calibrate='inputs=%t/s method=percentile percentile=90' | FileCheck --check-prefix=PCT %s
// PCT: "graph.conv2d"{{.*}} quant.stats = [dense<[{{.*}}]> : tensor<4xf32>]}
// A function result keeps its min-max range whatever the method (lo is
// 0 here: 0 is always inside).
// PCT: "graph.softmax"{{.*}} {quant.stats = [dense<[0.000000e+00, [[SH:[^,]*]], {{[^,]*}}, [[SH]]]> : tensor<4xf32>]}
// RUN: npu-opt %S/Inputs/small.mlir --calibrate='inputs=%t/s method=entropy' | FileCheck --check-prefix=ENT %s
// ENT: "graph.conv2d"{{.*}} quant.stats
// RUN: npu-opt %S/Inputs/small.mlir --calibrate='inputs=%t/s method=mse' | FileCheck --check-prefix=MSE %s
// MSE: "graph.conv2d"{{.*}} quant.stats

// The annotation is plain MLIR (mlir-opt-14 reads the generic form).
// REQUIRES: mlir-opt
// RUN: npu-opt %S/Inputs/small.mlir --calibrate=inputs=%t/s --print-op-generic | mlir-opt-14 --allow-unregistered-dialect | FileCheck --check-prefix=MLIR %s
// MLIR: quant.stats = [dense<
