// rounding=gptq: weights rounded one at a time, each error moved onto
// the weights not yet rounded as the layer's input statistics on the
// samples say (Inputs/dup.mlir works the expected integers out by hand).
// RUN: rm -rf %t && %python %S/Inputs/mknpy.py %t/cal --shape 1x2 --samples 16
// RUN: npu-opt %S/Inputs/dup.mlir --calibrate=inputs=%t/cal --quantize=bias-correction=false 2>/dev/null | FileCheck --check-prefix=NEAR %s
// NEAR: dense<{{\[\[}}127, 0, 0, 0]]> : tensor<1x4xi8>
// RUN: npu-opt %S/Inputs/dup.mlir --calibrate=inputs=%t/cal --quantize='bias-correction=false rounding=gptq inputs=%t/cal' 2>/dev/null | FileCheck --check-prefix=GPTQ %s
// GPTQ: dense<{{\[\[}}127, 0, 0, 1]]> : tensor<1x4xi8>
// mode=dynamic rounds its weights the same way.
// RUN: npu-opt %S/Inputs/dup.mlir --quantize='mode=dynamic rounding=gptq inputs=%t/cal' | FileCheck --check-prefix=GPTQ %s
// Bad option: gptq needs samples; a sample folder that does not exist.
// RUN: not npu-opt %S/Inputs/dup.mlir --calibrate=inputs=%t/cal --quantize=rounding=gptq 2>&1 | FileCheck --check-prefix=NOIN %s
// NOIN: error: quantize: rounding=gptq needs the samples to measure the layers' inputs on (inputs=DIR)
// RUN: not npu-opt %S/Inputs/dup.mlir --calibrate=inputs=%t/cal --quantize='rounding=gptq inputs=%t/none' -o %t/no.mlir 2>&1 | FileCheck --check-prefix=BADDIR %s
// BADDIR: error: {{.*}}none
// RUN: not test -e %t/no.mlir
// RUN: not npu-opt %S/Inputs/dup.mlir --calibrate=inputs=%t/cal --quantize=rounding=best 2>&1 | FileCheck --check-prefix=BADR %s
// BADR: rounding{{.*}}best
