// Mistakes a new user makes get the right name back: misspelt flags,
// passes and pass options say what was probably meant; a pass list that
// names no pass is an error; a model file given to the wrong tool or
// flag names the command that reads it.
// RUN: not npu-opt %s --canonicalise 2>&1 | FileCheck %s --check-prefix=PASS
// RUN: not npu-opt %s --split-input-fil 2>&1 | FileCheck %s --check-prefix=FLAG
// RUN: not npu-opt %s --frobnicate 2>&1 | FileCheck %s --check-prefix=NONE
// RUN: not npu-opt %s --pass-pipeline='builtin.module(canonicalise)' 2>&1 | FileCheck %s --check-prefix=PIPE
// RUN: not npu-opt %s --inline='max-opss=3' 2>&1 | FileCheck %s --check-prefix=OPT
// RUN: not npu-opt %s --cse --print-ir-after=nosuch 2>&1 | FileCheck %s --check-prefix=AFTER
// RUN: not npu-opt %s --cse --print-ir-before=cse,canonicalise 2>&1 | FileCheck %s --check-prefix=BEFORE
// RUN: not npu-opt %npu_src/test/models/hello_world_int8.tflite 2>&1 | FileCheck %s --check-prefix=TFLITE
// RUN: not npu-opt %npu_src/test/models/hello_deepa.onnx 2>&1 | FileCheck %s --check-prefix=ONNX
// RUN: not %npu_build/bin/npu-translate --import-onnx %npu_src/test/models/hello_world_int8.tflite 2>&1 | FileCheck %s --check-prefix=TO-TFLITE
// RUN: not %npu_build/bin/npu-translate --import-tflite %npu_src/test/models/hello_deepa.onnx 2>&1 | FileCheck %s --check-prefix=TO-ONNX
// RUN: not %npu_build/bin/npu-run %s --prnit 2>&1 | FileCheck %s --check-prefix=RUNFLAG
// RUN: not %npu_build/bin/npu-run %s --max-memroy=1G 2>&1 | FileCheck %s --check-prefix=RUNVAL
// RUN: not %npu_build/bin/npu-translate --import-tflit %npu_src/test/models/hello_world_int8.tflite 2>&1 | FileCheck %s --check-prefix=TRFLAG

// PASS: npu-opt: unknown option '--canonicalise'; did you mean '--canonicalize'?
// FLAG: npu-opt: unknown option '--split-input-fil'; did you mean '--split-input-file'?
// NONE: npu-opt: unknown option '--frobnicate'
// NONE-NOT: did you mean
// PIPE: error: 'canonicalise' does not refer to a registered pass; did you mean 'canonicalize'?
// OPT: error: unknown option 'max-opss' for pass 'inline'; did you mean 'max-ops'?
// AFTER: npu-opt: unknown pass 'nosuch' in --print-ir-after
// BEFORE: npu-opt: unknown pass 'canonicalise' in --print-ir-before; did you mean 'canonicalize'?
// TFLITE: npu-opt: '{{.*}}hello_world_int8.tflite' looks like a TFLite model; use npu-translate --import-tflite
// TFLITE-NOT: error:
// ONNX: npu-opt: '{{.*}}hello_deepa.onnx' looks like an ONNX model; use npu-translate --import-onnx
// TO-TFLITE: npu-translate: '{{.*}}hello_world_int8.tflite' is a TFLite model (TFL3 identifier), not ONNX; use --import-tflite
// TO-ONNX: npu-translate: '{{.*}}hello_deepa.onnx' is not a TFLite model (no TFL3 identifier) and looks like an ONNX model; use --import-onnx
// RUNFLAG: npu-run: unknown option '--prnit'; did you mean '--print'?
// RUNVAL: npu-run: unknown option '--max-memroy=1G'; did you mean '--max-memory'?
// TRFLAG: npu-translate: unknown option '--import-tflit'; did you mean '--import-tflite'?
func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
  return %x : tensor<2xf32>
}
