// The benchmark generator's MobileNet-like graph at 32x32 runs in both
// variants (f32 graph ops; int8 npu ops with softmax in an npu.cpu region)
// and ends in probabilities.
// RUN: %python %npu_src/bench/gen-mobilenet --size=32 f32 %t.f32.mlir
// RUN: %npu_build/bin/npu-run %t.f32.mlir --seed=1 --output=%t.f32.npy | FileCheck %s
// RUN: %python %S/Inputs/softmax-check.py %t.f32.npy | FileCheck %s --check-prefix=PROB
// RUN: %python %npu_src/bench/gen-mobilenet --size=32 int8 %t.int8.mlir
// RUN: %npu_build/bin/npu-run %t.int8.mlir --seed=1 --output=%t.int8.npy | FileCheck %s
// RUN: %python %S/Inputs/softmax-check.py %t.int8.npy | FileCheck %s --check-prefix=PROB
// CHECK: result #0: tensor<1x1000xf32> -> {{.*}}.npy
// PROB: 1000 probabilities, sum 1
