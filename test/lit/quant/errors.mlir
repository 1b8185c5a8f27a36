// Bad calibration data and bad models: one clear error naming the file
// or op, exit 1, and no output file.
// RUN: rm -rf %t && mkdir -p %t/empty
// RUN: %python %S/Inputs/mknpy.py %t/ok --shape 1x4x4x2 --samples 2

// An empty folder.
// RUN: not npu-opt %S/Inputs/small.mlir --calibrate=inputs=%t/empty -o %t/out.mlir 2>&1 | FileCheck --check-prefix=EMPTY %s
// EMPTY: error: sample folder '{{.*}}/empty' is empty
// RUN: not ls %t/out.mlir

// A folder that does not exist.
// RUN: not npu-opt %S/Inputs/small.mlir --calibrate=inputs=%t/nowhere 2>&1 | FileCheck --check-prefix=NODIR %s
// NODIR: error: cannot read sample folder '{{.*}}/nowhere': No such file or directory

// A sample folder without its input.
// RUN: mkdir -p %t/missing/000
// RUN: not npu-opt %S/Inputs/small.mlir --calibrate=inputs=%t/missing -o %t/out.mlir 2>&1 | FileCheck --check-prefix=MISSING %s
// MISSING: error: '{{.*}}/missing/000/input_0.npy': {{.*}}
// RUN: not ls %t/out.mlir

// An input the function does not take, and a stray file beside the
// sample folders.
// RUN: %python %S/Inputs/mknpy.py %t/extra --shape 1x4x4x2
// RUN: cp %t/extra/000/input_0.npy %t/extra/000/input_1.npy
// RUN: not npu-opt %S/Inputs/small.mlir --calibrate=inputs=%t/extra 2>&1 | FileCheck --check-prefix=EXTRA %s
// EXTRA: error: unexpected file '{{.*}}/extra/000/input_1.npy': the function takes input_0.npy .. input_0.npy (and output_<k>.npy is ignored)
// RUN: %python %S/Inputs/mknpy.py %t/stray --shape 1x4x4x2
// RUN: cp %t/stray/000/input_0.npy %t/stray/notes.npy
// RUN: not npu-opt %S/Inputs/small.mlir --calibrate=inputs=%t/stray 2>&1 | FileCheck --check-prefix=STRAY %s
// STRAY: error: unexpected file '{{.*}}/stray/notes.npy': a sample folder holds input_0.npy, ... or one folder per sample

// The wrong shape, the wrong dtype.
// RUN: %python %S/Inputs/mknpy.py %t/shape --shape 1x4x4x3
// RUN: not npu-opt %S/Inputs/small.mlir --calibrate=inputs=%t/shape 2>&1 | FileCheck --check-prefix=SHAPE %s
// SHAPE: error: '{{.*}}/shape/000/input_0.npy' is float32 with 4 dimensions and 48 elements; argument #0 is tensor<1x4x4x2xf32>
// RUN: %python %S/Inputs/mknpy.py %t/f64 --shape 1x4x4x2 --dtype f8
// RUN: not npu-opt %S/Inputs/small.mlir --calibrate=inputs=%t/f64 2>&1 | FileCheck --check-prefix=F64 %s
// F64: error: '{{.*}}/f64/000/input_0.npy' is float64 with 4 dimensions and 32 elements; argument #0 is tensor<1x4x4x2xf32>

// NaN in the data, and NaN made by the model.
// RUN: %python %S/Inputs/mknpy.py %t/nan --shape 1x4x4x2 --samples 3 --nan 1
// RUN: not npu-opt %S/Inputs/small.mlir --calibrate=inputs=%t/nan -o %t/out.mlir 2>&1 | FileCheck --check-prefix=NAN %s
// NAN: error: '{{.*}}/nan/001/input_0.npy' holds NaN or infinity at element 16
// RUN: not ls %t/out.mlir
// RUN: not npu-opt %S/Inputs/nan.mlir --calibrate=inputs=%t/ok 2>&1 | FileCheck --check-prefix=NANOP %s
// NANOP: nan.mlir:4:10: error: 'graph.sqrt' op produced NaN or infinity on sample '{{.*}}/ok/000'

// A model with no float tensor.
// RUN: %python %S/Inputs/mknpy.py %t/i --shape 4
// RUN: not npu-opt %S/Inputs/int-only.mlir --calibrate=inputs=%t/i 2>&1 | FileCheck --check-prefix=NOFLOAT %s
// NOFLOAT: int-only.mlir:3:3: error: 'func.func' op has no float tensors to calibrate

// An already quantized model: calibrate and quantize refuse it.
// RUN: npu-opt %S/Inputs/small.mlir --calibrate=inputs=%t/ok --quantize -o %t/q.mlir 2>/dev/null
// RUN: not npu-opt %t/q.mlir --calibrate=inputs=%t/ok -o %t/out.mlir 2>&1 | FileCheck --check-prefix=QUANT %s
// QUANT: error: 'graph.quantize' op already has quantized tensors: calibrate the float model
// RUN: not ls %t/out.mlir
// RUN: not npu-opt %t/q.mlir --quantize 2>&1 | FileCheck --check-prefix=QQ %s
// QQ: error: 'graph.quantize' op is already quantized: quantize a float model

// Quantizing without calibrating; bad options.
// RUN: not npu-opt %S/Inputs/small.mlir --quantize -o %t/out.mlir 2>&1 | FileCheck --check-prefix=NOSTATS %s
// NOSTATS: small.mlir:5:3: error: 'func.func' op has no quant.stats: run calibrate{inputs=DIR} first
// RUN: not ls %t/out.mlir
// RUN: not npu-opt %S/Inputs/small.mlir --calibrate='inputs=%t/ok method=percentile percentile=101' 2>&1 | FileCheck --check-prefix=PCT %s
// PCT: error: calibrate: percentile '101' is not a number in (50, 100]
// RUN: not npu-opt %S/Inputs/small.mlir --calibrate=method=minmax 2>&1 | FileCheck --check-prefix=NOIN %s
// NOIN: error: calibrate: give the sample folder with inputs=DIR
// RUN: not npu-opt %S/Inputs/small.mlir --calibrate='inputs=%t/ok bits=4' 2>&1 | FileCheck --check-prefix=BITS %s
// BITS: error: calibrate: bits must be 8 or 16
