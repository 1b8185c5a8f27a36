// An existing output is replaced by a new file in one step (ir/output.h:
// the temp file swapped in, then the old file removed): the same bytes
// as a first write, the old file whole for a hard link that still
// holds it, no temp file left, and a failed run keeps the old file.
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: %npu_build/bin/npu-translate --import-tflite %npu_src/test/models/conv10.tflite --pass-pipeline='builtin.module(ethos-u-compile{table=false},ethos-u-codegen)' --emit=ethos-u -o %t.d/first.tflite
// RUN: echo "old output" > %t.d/out.tflite && ln %t.d/out.tflite %t.d/held
// RUN: %npu_build/bin/npu-translate --import-tflite %npu_src/test/models/conv10.tflite --pass-pipeline='builtin.module(ethos-u-compile{table=false},ethos-u-codegen)' --emit=ethos-u -o %t.d/out.tflite
// RUN: cmp %t.d/first.tflite %t.d/out.tflite
// RUN: FileCheck --check-prefix=OLD --input-file %t.d/held %s
// RUN: ls %t.d | FileCheck --check-prefix=LS %s
// A second replacement (the output now a complete .tflite) and npu-opt's
// buffered --split-input-file output over an existing file:
// RUN: %npu_build/bin/npu-translate --import-tflite %npu_src/test/models/conv10.tflite --pass-pipeline='builtin.module(ethos-u-compile{table=false},ethos-u-codegen)' --emit=ethos-u -o %t.d/out.tflite
// RUN: cmp %t.d/first.tflite %t.d/out.tflite
// RUN: echo "old text" > %t.d/out.mlir
// RUN: npu-opt --allow-unregistered-dialect --split-input-file %s -o %t.d/out.mlir
// RUN: FileCheck --check-prefix=TEXT --input-file %t.d/out.mlir %s
// RUN: ls %t.d | FileCheck --check-prefix=LS %s
// A run that fails (a module with no ethos_u.stream op to emit) leaves
// the old output as it was:
// RUN: not %npu_build/bin/npu-translate --emit=ethos-u -o %t.d/out.tflite %npu_src/test/lit/targets/ethos_u/Inputs/package-no-stream.mlir 2>&1 | FileCheck --check-prefix=ERR %s
// RUN: cmp %t.d/first.tflite %t.d/out.tflite
// RUN: ls %t.d | FileCheck --check-prefix=LS %s

// OLD: old output
// LS-NOT: .tmp.
// TEXT: "t.replaced"
// ERR: has no ethos_u.stream op to package
"t.replaced"() : () -> ()
