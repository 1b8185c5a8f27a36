// Dynamic dims: npu-run takes them from the input .npy files (as
// onnxruntime sizes a dynamic batch), infers every op's shape again and
// runs; --list-inputs shows the signature; inputs that contradict the
// static dims, --seed on a dynamic input and an op whose inferred shape
// contradicts its declared one are clear errors.
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: %python %S/Inputs/mknpy.py %t.d/x1.npy '<f4' 1,3 1,-2,3
// RUN: %python %S/Inputs/mknpy.py %t.d/x3.npy '<f4' 3,3 1,-2,3,-4,5,-6,7,-8,9
// RUN: %python %S/Inputs/mknpy.py %t.d/r1.npy '<f4' 1,2 6,0
// RUN: %python %S/Inputs/mknpy.py %t.d/r3.npy '<f4' 3,2 6,0,0,0,24,0
// RUN: %python %S/Inputs/mknpy.py %t.d/bad.npy '<f4' 2,4 1,2,3,4,5,6,7,8
// RUN: %python %S/Inputs/mknpy.py %t.d/rank.npy '<f4' 3 1,2,3
// RUN: %python %S/Inputs/mknpy.py %t.d/i.npy '<i4' 1,3 1,2,3

// RUN: %npu_build/bin/npu-run %s --list-inputs | FileCheck %s --check-prefix=LIST
// LIST:      @main
// LIST-NEXT:   input #0 "pixels": tensor<?x3xf32>, dynamic dims: 0
// LIST-NEXT:   result #0: tensor<?x2xf32>, dynamic dims: 0
// RUN: %npu_build/bin/npu-run %s --list-inputs --entry=both | FileCheck %s --check-prefix=LIST2
// LIST2:      @both
// LIST2-NEXT:   input #0: tensor<?x?xf32>, dynamic dims: 0, 1
// LIST2-NEXT:   input #1: tensor<*xf32>, unranked: every dim from the input
// LIST2-NEXT:   input #2: tensor<2xi32>, static
// LIST2-NEXT:   result #0: tensor<?x?xf32>, dynamic dims: 0, 1

// Batch 1 and batch 3 of the same function.
// RUN: %npu_build/bin/npu-run %s --input=%t.d/x1.npy --compare=%t.d/r1.npy --print | FileCheck %s --check-prefix=B1
// B1: result #0: tensor<1x2xf32> = [6, 0]
// B1: compare #0 {{.*}}: ok
// RUN: %npu_build/bin/npu-run %s --input=%t.d/x3.npy --compare=%t.d/r3.npy --output=%t.d/o3.npy | FileCheck %s --check-prefix=B3
// B3: result #0: tensor<3x2xf32> -> {{.*}}o3.npy
// B3: compare #0 {{.*}} 0 of 6 outside tolerance: ok
// The written output has the batch's shape.
// RUN: %npu_build/bin/npu-run %s --input=%t.d/x3.npy --compare=%t.d/o3.npy | FileCheck %s --check-prefix=B3B
// B3B: compare #0 {{.*}}o3.npy: {{.*}} 0 of 6 outside tolerance: ok
// Every dim dynamic, and an unranked input.
// RUN: %python %S/Inputs/mknpy.py %t.d/i2.npy '<i4' 2 5,6
// RUN: %npu_build/bin/npu-run %s --entry=both --input=%t.d/bad.npy --input=%t.d/rank.npy --input=%t.d/i2.npy --print | FileCheck %s --check-prefix=BOTH
// BOTH: result #0: tensor<2x4xf32> = [1, 2, 3, 4, 5, 6, 7, 8]
// RUN: %npu_build/bin/npu-run %s --entry=add2 --input=%t.d/bad.npy --input=%t.d/bad.npy --print | FileCheck %s --check-prefix=ADD2
// ADD2: result #0: tensor<2x4xf32> = [2, 4, 6, 8, 10, 12, 14, 16]

// Errors: a static dim that differs, another rank, another dtype, --seed.
// RUN: not %npu_build/bin/npu-run %s --input=%t.d/bad.npy 2>&1 | FileCheck %s --check-prefix=DIM
// DIM: npu-run: error: '{{.*}}bad.npy': shape (2, 4), but input #0 has type tensor<?x3xf32>: dimension 1 must be 3
// RUN: not %npu_build/bin/npu-run %s --input=%t.d/rank.npy 2>&1 | FileCheck %s --check-prefix=RANK
// RANK: npu-run: error: '{{.*}}rank.npy': shape (3,) has rank 1, but input #0 has type tensor<?x3xf32> (rank 2)
// RUN: not %npu_build/bin/npu-run %s --input=%t.d/i.npy 2>&1 | FileCheck %s --check-prefix=DTYPE
// DTYPE: npu-run: error: '{{.*}}i.npy': dtype int32, but the input type tensor<1x3xf32> needs float32
// RUN: not %npu_build/bin/npu-run %s --seed=1 2>&1 | FileCheck %s --check-prefix=SEED
// SEED: npu-run: error: input #0 has type tensor<?x3xf32>, with dynamic dims: --seed needs static shapes; give the input as --input=FILE.npy (its shape fixes the dims)
// An op declared static where the inputs' shapes make it something else.
// RUN: not %npu_build/bin/npu-run %s --entry=fixed --input=%t.d/x3.npy 2>&1 | FileCheck %s --check-prefix=FIXED
// FIXED: error: 'graph.relu' op with the inputs' shapes, result #0 is tensor<3x3xf32>, which contradicts its declared type tensor<2x3xf32>
// RUN: not %npu_build/bin/npu-run %s --list-inputs --seed=1 2>&1 | FileCheck %s --check-prefix=LISTUSE
// LISTUSE: npu-run: --list-inputs runs nothing: it takes no --input, --seed, --output, --compare or --repeat

func.func @main(%x: tensor<?x3xf32> loc("pixels")) -> tensor<?x2xf32> {
  %w = "graph.constant"() {value = dense<[[1.0, 0.0], [-1.0, 0.0], [1.0, 0.0]]> : tensor<3x2xf32>} : () -> tensor<3x2xf32>
  %m = "graph.matmul"(%x, %w) : (tensor<?x3xf32>, tensor<3x2xf32>) -> tensor<?x2xf32>
  %r = "graph.relu"(%m) : (tensor<?x2xf32>) -> tensor<?x2xf32>
  return %r : tensor<?x2xf32>
}

func.func @add2(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %s = "graph.add"(%a, %b) : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  return %s : tensor<?x?xf32>
}

func.func @both(%a: tensor<?x?xf32>, %u: tensor<*xf32>, %i: tensor<2xi32>) -> tensor<?x?xf32> {
  return %a : tensor<?x?xf32>
}

func.func @fixed(%x: tensor<?x3xf32>) -> tensor<2x3xf32> {
  %r = "graph.relu"(%x) : (tensor<?x3xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}
