// npu-opt opens its output only when it has something to print: a run
// that fails earlier creates nothing and, through a symlink or on a
// device, does not truncate what is there (it did: the target was
// opened for writing before the input was parsed).
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: echo keep > %t.d/target.mlir && ln -s %t.d/target.mlir %t.d/link.mlir
// RUN: not npu-opt %s -o %t.d/link.mlir 2>&1 | FileCheck %s
// RUN: FileCheck --check-prefix=KEPT --input-file %t.d/target.mlir %s
// RUN: not npu-opt %s -o %t.d/new.mlir 2>&1 | FileCheck %s
// RUN: not ls %t.d/new.mlir

// CHECK: error: custom op 'no.such_op' is unknown
// KEPT: keep
func.func @main() {
  no.such_op
  return
}
