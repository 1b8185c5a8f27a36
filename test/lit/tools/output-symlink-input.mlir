// A symlink to a regular file is replaced at its target by rename (the
// link kept): writing in place truncates a file the tool may still
// read. npu-translate borrows an imported model's pages
// (docs/import.md), so printing a model over itself through a link died
// of SIGBUS with the model truncated to 0 bytes.
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: cp %npu_src/test/models/conv10.tflite %t.d/model.tflite
// RUN: ln -s %t.d/model.tflite %t.d/link.mlir
// RUN: %npu_build/bin/npu-translate --import-tflite %t.d/model.tflite -o %t.d/link.mlir
// RUN: test -L %t.d/link.mlir
// RUN: FileCheck --check-prefix=TEXT --input-file %t.d/model.tflite %s
// RUN: not ls %t.d/model.tflite.tmp.*
// The same with an emitted stream, through a link to a link:
// RUN: cp %npu_src/test/models/conv10.tflite %t.d/model.tflite
// RUN: ln -s %t.d/link.mlir %t.d/link2.tflite
// RUN: %npu_build/bin/npu-translate --import-tflite %t.d/model.tflite --pass-pipeline='builtin.module(ethos-u-compile{table=false},ethos-u-codegen)' --emit=ethos-u -o %t.d/link2.tflite
// RUN: test -L %t.d/link2.tflite && test -L %t.d/link.mlir
// RUN: %npu_build/bin/npu-translate --import-tflite %npu_src/test/models/conv10.tflite --pass-pipeline='builtin.module(ethos-u-compile{table=false},ethos-u-codegen)' --emit=ethos-u -o %t.d/direct.tflite
// RUN: cmp %t.d/direct.tflite %t.d/model.tflite
// TEXT: "graph.conv2d"
