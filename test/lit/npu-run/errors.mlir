// npu-run's user and usage errors: a clear message, exit 1 (2 for the
// command line), and no output file.
// RUN: rm -rf %t.d %t.o && mkdir -p %t.d %t.o
// RUN: %python %S/Inputs/mknpy.py %t.d/ok.npy '<f4' 2 1,-2
// RUN: %python %S/Inputs/mknpy.py %t.d/shape.npy '<f4' 3 1,2,3
// RUN: %python %S/Inputs/mknpy.py %t.d/rank.npy '<f4' 1,2 1,2
// RUN: %python %S/Inputs/mknpy.py %t.d/dtype.npy '<i4' 2 1,2
// RUN: %python %S/Inputs/mknpy.py %t.d/trunc.npy '<f4' 2 1,2 --corrupt=truncate
// RUN: %python %S/Inputs/mknpy.py %t.d/magic.npy '<f4' 2 1,2 --corrupt=magic
// RUN: %python %S/Inputs/mknpy.py %t.d/header.npy '<f4' 2 1,2 --corrupt=header
// RUN: %python %S/Inputs/mknpy.py %t.d/big.npy '>f4' 2 1,2
// RUN: %python %S/Inputs/mknpy.py %t.d/v2.npy '<f4' 2 1,-2 --version=2

// A good run, from a version 1 and a version 2 header.
// RUN: %npu_build/bin/npu-run %s --input=%t.d/ok.npy --print | FileCheck %s --check-prefix=OK
// RUN: %npu_build/bin/npu-run %s --input=%t.d/v2.npy --print | FileCheck %s --check-prefix=OK
// OK: result #0: tensor<2xf32> = [1, 0]

// RUN: %python %S/../tools/Inputs/expect-exit.py 1 %npu_build/bin/npu-run %s --output=%t.o/out.npy
// RUN: not %npu_build/bin/npu-run %s 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: npu-run: error: @main takes 1 input; 0 given (one --input=FILE.npy each, or --seed=N)
// RUN: not %npu_build/bin/npu-run %s --input=%t.d/shape.npy --output=%t.o/out.npy 2>&1 | FileCheck %s --check-prefix=SHAPE
// SHAPE: npu-run: error: '{{.*}}shape.npy': shape (3,), but the input type tensor<2xf32> needs (2,)
// RUN: not %npu_build/bin/npu-run %s --input=%t.d/rank.npy 2>&1 | FileCheck %s --check-prefix=RANK
// RANK: error: '{{.*}}rank.npy': shape (1, 2), but the input type tensor<2xf32> needs (2,)
// RUN: not %npu_build/bin/npu-run %s --input=%t.d/dtype.npy --output=%t.o/out.npy 2>&1 | FileCheck %s --check-prefix=DTYPE
// DTYPE: npu-run: error: '{{.*}}dtype.npy': dtype int32, but the input type tensor<2xf32> needs float32
// RUN: not %npu_build/bin/npu-run %s --input=%t.d/trunc.npy --output=%t.o/out.npy 2>&1 | FileCheck %s --check-prefix=TRUNC
// TRUNC: npu-run: error: '{{.*}}trunc.npy': data is 7 bytes, shape and dtype need 8
// RUN: not %npu_build/bin/npu-run %s --input=%t.d/magic.npy 2>&1 | FileCheck %s --check-prefix=MAGIC
// MAGIC: npu-run: error: '{{.*}}magic.npy': not a .npy file (bad magic)
// RUN: not %npu_build/bin/npu-run %s --input=%t.d/header.npy 2>&1 | FileCheck %s --check-prefix=HEADER
// HEADER: npu-run: error: '{{.*}}header.npy': header: junk after the dictionary or no final newline
// RUN: not %npu_build/bin/npu-run %s --input=%t.d/big.npy 2>&1 | FileCheck %s --check-prefix=BIG
// BIG: npu-run: error: '{{.*}}big.npy': big-endian dtype '>f4' is not supported
// RUN: not %npu_build/bin/npu-run %s --input=%t.d/none.npy 2>&1 | FileCheck %s --check-prefix=NOFILE
// NOFILE: npu-run: error: '{{.*}}none.npy': cannot open: No such file or directory
// RUN: not %npu_build/bin/npu-run %s --input=%t.d/ok.npy --output=%t.o/no/dir/out.npy 2>&1 | FileCheck %s --check-prefix=NODIR
// NODIR: npu-run: error: cannot create '{{.*}}.npy.tmp.{{.*}}': No such file or directory
// Outputs are all or nothing: the second cannot be created, so the first
// is not written either.
// RUN: not %npu_build/bin/npu-run %s --entry=two --seed=1 --output=%t.o/first.npy --output=%t.o/no/dir/second.npy 2>&1 | FileCheck %s --check-prefix=NODIR
// No failed run above left an output or temporary file behind.
// RUN: %python %S/../tools/Inputs/empty-dir.py %t.o

// A missing entry, a bad module, and command-line errors (exit 2).
// RUN: not %npu_build/bin/npu-run %s --entry=nope 2>&1 | FileCheck %s --check-prefix=ENTRY
// ENTRY: npu-run: error: no function @nope in the module
// RUN: not %npu_build/bin/npu-run %S/../tools/Inputs/parse-error.mlir 2>&1 | FileCheck %s --check-prefix=PARSE
// PARSE: error:
// RUN: %python %S/../tools/Inputs/expect-exit.py 2 %npu_build/bin/npu-run
// RUN: %python %S/../tools/Inputs/expect-exit.py 2 %npu_build/bin/npu-run %s --bogus
// RUN: %python %S/../tools/Inputs/expect-exit.py 2 %npu_build/bin/npu-run %s --seed=x
// RUN: %python %S/../tools/Inputs/expect-exit.py 2 %npu_build/bin/npu-run %s --seed=1 --input=%t.d/ok.npy
// RUN: %python %S/../tools/Inputs/expect-exit.py 2 %npu_build/bin/npu-run %s --atol=-1
// RUN: not %npu_build/bin/npu-run %s --bogus 2>&1 | FileCheck %s --check-prefix=USAGE
// USAGE: npu-run: unknown option '--bogus'
// USAGE-NEXT: Try 'npu-run --help'.
// RUN: %python %S/../tools/Inputs/expect-exit.py 2 %npu_build/bin/npu-run %s --arith=tflm
// RUN: not %npu_build/bin/npu-run %s --arith=tflm 2>&1 | FileCheck %s --check-prefix=ARITH
// ARITH: npu-run: --arith must be tflite-micro, tflite or xnnpack, not 'tflm'
// ARITH-NEXT: Try 'npu-run --help'.
// RUN: not %npu_build/bin/npu-run %s --arith 2>&1 | FileCheck %s --check-prefix=ARITH0
// ARITH0: npu-run: option '--arith' needs a value: --arith=VALUE
// RUN: %npu_build/bin/npu-run --help | FileCheck %s --check-prefix=HELP
// HELP: usage: npu-run [options] file.mlir
// RUN: not %npu_build/bin/npu-run %s --seed=1 --output=%t.d/a.npy --output=%t.d/b.npy 2>&1 | FileCheck %s --check-prefix=MANY
// MANY: npu-run: error: @main has 1 result; more --output or --compare files given

func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "graph.relu"(%x) : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

func.func @two(%x: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>) {
  return %x, %x : tensor<2xf32>, tensor<2xf32>
}
