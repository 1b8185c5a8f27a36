// -o writes atomically: a temp file beside the target, then rename; a
// failed run leaves neither a partial file nor a temp file, and keeps an
// existing file as it was.
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: npu-opt --allow-unregistered-dialect %s -o %t.d/out.mlir
// RUN: FileCheck --input-file %t.d/out.mlir %s
// RUN: npu-opt --allow-unregistered-dialect %s -o=%t.d/eq.mlir
// RUN: FileCheck --input-file %t.d/eq.mlir %s
// RUN: not npu-opt %S/Inputs/parse-error.mlir -o %t.d/out.mlir
// RUN: FileCheck --input-file %t.d/out.mlir %s
// RUN: not npu-opt %S/Inputs/parse-error.mlir -o %t.d/new.mlir
// RUN: not ls %t.d/new.mlir
// With --split-input-file one bad chunk fails the run: no file either.
// RUN: not npu-opt --allow-unregistered-dialect --split-input-file %S/Inputs/split-one-bad.mlir -o %t.d/split.mlir
// RUN: not ls %t.d/split.mlir
// RUN: rm %t.d/out.mlir %t.d/eq.mlir
// RUN: %python %S/Inputs/empty-dir.py %t.d
// Unwritable target directory: exit 1, message.
// RUN: not npu-opt --allow-unregistered-dialect %s -o %t.d/no/such/dir.mlir 2>&1 | FileCheck --check-prefix=NODIR %s

// CHECK: module {
// CHECK-NEXT: "t.written"() : () -> ()
// CHECK-NEXT: }
"t.written"() : () -> ()

// NODIR: npu-opt: cannot create '{{.*}}dir.mlir.tmp.{{.*}}': No such file or directory
