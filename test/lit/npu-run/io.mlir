// Outputs as .npy, comparison with tolerances, deterministic seeds, every
// .npy dtype, func.call.
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: %python %S/Inputs/mknpy.py %t.d/x.npy '<f4' 2,2 1,-2,3,-4
// RUN: %python %S/Inputs/mknpy.py %t.d/q.npy '|i1' 3 -128,0,127
// RUN: %python %S/Inputs/mknpy.py %t.d/ref.npy '<f4' 2,2 1,0,3,0
// RUN: %python %S/Inputs/mknpy.py %t.d/near.npy '<f4' 2,2 1.001,0,3,0
// RUN: %npu_build/bin/npu-run %s --input=%t.d/x.npy --input=%t.d/q.npy --output=%t.d/out.npy --output=%t.d/qout.npy --compare=%t.d/ref.npy | FileCheck %s --check-prefix=RUN1
// RUN1: result #0: tensor<2x2xf32> -> {{.*}}out.npy
// RUN1: result #1: tensor<3x!quant.uniform<i8:f32, 5.000000e-01>> -> {{.*}}qout.npy
// RUN1: compare #0 with {{.*}}ref.npy: max abs error 0, max rel error 0, 0 of 4 outside tolerance: ok
// The written file reads back as an input and compares equal to itself.
// RUN: %npu_build/bin/npu-run %s --input=%t.d/out.npy --input=%t.d/qout.npy --compare=%t.d/ref.npy --compare=%t.d/qout.npy | FileCheck %s --check-prefix=BACK
// BACK: compare #0 {{.*}}: ok
// BACK: compare #1 {{.*}}qout.npy: max abs error 0, {{.*}}: ok
// 1.001 against 1: outside the default tolerances, inside atol 0.01.
// RUN: not %npu_build/bin/npu-run %s --input=%t.d/x.npy --input=%t.d/q.npy --compare=%t.d/near.npy | FileCheck %s --check-prefix=FAIL
// FAIL: compare #0 with {{.*}}near.npy: max abs error 0.001, max rel error 0.000999, 1 of 4 outside tolerance: FAIL
// RUN: %npu_build/bin/npu-run %s --input=%t.d/x.npy --input=%t.d/q.npy --compare=%t.d/near.npy --atol=0.01 | FileCheck %s --check-prefix=ATOL
// ATOL: 0 of 4 outside tolerance: ok
// RUN: %npu_build/bin/npu-run %s --input=%t.d/x.npy --input=%t.d/q.npy --compare=%t.d/near.npy --atol=0 --rtol=0.01 | FileCheck %s --check-prefix=ATOL
// A reference of another shape is an error.
// RUN: not %npu_build/bin/npu-run %s --input=%t.d/x.npy --input=%t.d/q.npy --compare=%t.d/q.npy 2>&1 | FileCheck %s --check-prefix=REFSHAPE
// REFSHAPE: npu-run: error: '{{.*}}q.npy': the reference's shape differs from result #0's

// Seeded inputs are deterministic: two runs write identical bytes; the
// quantized input stays in its storage range, the float one in [-1, 1).
// RUN: %npu_build/bin/npu-run %s --seed=7 --output=%t.d/s1.npy --output=%t.d/s2.npy --print | FileCheck %s --check-prefix=SEED
// RUN: %npu_build/bin/npu-run %s --seed=7 --output=%t.d/t1.npy --output=%t.d/t2.npy
// RUN: cmp %t.d/s1.npy %t.d/t1.npy
// RUN: cmp %t.d/s2.npy %t.d/t2.npy
// SEED: result #0: tensor<2x2xf32> -> {{.*}} = [{{(0|0\.[0-9]+), (0|0\.[0-9]+), (0|0\.[0-9]+), (0|0\.[0-9]+)}}]
// SEED: result #1: {{.*}} = [{{-?[0-9]+, -?[0-9]+, -?[0-9]+}}]

// The module can come from stdin ("-").
// RUN: cat %s | %npu_build/bin/npu-run - --seed=7 --output=%t.d/u1.npy --output=%t.d/u2.npy
// RUN: cmp %t.d/s1.npy %t.d/u1.npy
// RUN: %npu_build/bin/npu-run --version | FileCheck %s --check-prefix=VERSION
// VERSION: npu-run (npu-ir) {{[0-9]+\.[0-9]+\.[0-9]+}}

// relu, and a quantized identity through func.call.
func.func @main(%x: tensor<2x2xf32>, %q: tensor<3x!quant.uniform<i8:f32, 0.5>>) -> (tensor<2x2xf32>, tensor<3x!quant.uniform<i8:f32, 0.5>>) {
  %0 = "graph.relu"(%x) : (tensor<2x2xf32>) -> tensor<2x2xf32>
  %1 = "func.call"(%q) {callee = @id} : (tensor<3x!quant.uniform<i8:f32, 0.5>>) -> tensor<3x!quant.uniform<i8:f32, 0.5>>
  return %0, %1 : tensor<2x2xf32>, tensor<3x!quant.uniform<i8:f32, 0.5>>
}

func.func @id(%q: tensor<3x!quant.uniform<i8:f32, 0.5>>) -> tensor<3x!quant.uniform<i8:f32, 0.5>> {
  %0 = "graph.reshape"(%q) {shape = [3]} : (tensor<3x!quant.uniform<i8:f32, 0.5>>) -> tensor<3x!quant.uniform<i8:f32, 0.5>>
  return %0 : tensor<3x!quant.uniform<i8:f32, 0.5>>
}
