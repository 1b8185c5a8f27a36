// With --split-input-file or --verify-diagnostics a later chunk can still
// fail the run, so the output stays in memory and no file, not even the
// temp file beside the target, exists before the whole run succeeded:
// an output path in a missing directory is only tried (and reported) at
// the end, and a failing run never tries it.
// RUN: rm -rf %t.d && mkdir -p %t.d
// The second chunk fails: no attempt to create anything.
// RUN: not npu-opt --split-input-file %s -o %t.d/nodir/out.mlir 2>&1 | FileCheck %s --check-prefix=FAIL
// FAIL: error: custom op 'no.such_op' is unknown
// FAIL-NOT: cannot create
// RUN: not npu-opt --split-input-file %s -o %t.d/out.mlir 2>&1 | FileCheck %s --check-prefix=FAIL
// RUN: ls -A %t.d | FileCheck %s --allow-empty --check-prefix=EMPTY
// EMPTY-NOT: {{.}}
// Every chunk good (the first one alone): the output is made at the end.
// RUN: head -n 32 %s > %t.d/good.mlir
// RUN: npu-opt --split-input-file %t.d/good.mlir -o %t.d/good.out.mlir
// RUN: FileCheck %s --check-prefix=GOOD --input-file %t.d/good.out.mlir
// GOOD: func.func @ok()
// RUN: ls -A %t.d | FileCheck %s --check-prefix=NOTMP
// NOTMP-NOT: .tmp.
// ... and into a missing directory that is the one error, exit 1.
// RUN: not npu-opt --split-input-file %t.d/good.mlir -o %t.d/nodir/out.mlir 2>&1 | FileCheck %s --check-prefix=NODIR
// NODIR: npu-opt: cannot create '{{.*}}nodir/out.mlir.tmp.{{.*}}': No such file or directory
// --verify-diagnostics the same way: an unmet expectation makes nothing.
// RUN: not npu-opt --verify-diagnostics --split-input-file %t.d/good.mlir -o %t.d/nodir/out.mlir 2>&1 | FileCheck %s --check-prefix=NODIR
// RUN: not npu-opt --verify-diagnostics %s -o %t.d/vd.mlir 2>&1 | FileCheck %s --check-prefix=VD
// VD-NOT: cannot create
// RUN: ls -A %t.d | FileCheck %s --check-prefix=NOTMP
// RUN: not ls %t.d/vd.mlir
func.func @ok() {
  return
}
// -----
func.func @bad() {
  no.such_op
  return
}
