// The three visibility keywords of func.func (MLIR's public, private and
// nested) become the sym_visibility attribute and print back as keywords;
// mlir-opt-14 reads the same spellings.
// RUN: npu-opt %s | FileCheck %s
// RUN: npu-opt --print-op-generic %s | FileCheck %s --check-prefix=GENERIC
// RUN: npu-opt %s | npu-opt | FileCheck %s
// RUN: sed -e 's/func\.func/func/' %s | mlir-opt-14 | FileCheck %s --check-prefix=MLIR14

// CHECK: func.func private @a()
// CHECK: func.func public @b()
// CHECK: func.func nested @c()
// CHECK: func.func @d()
// GENERIC-DAG: sym_name = "a", sym_visibility = "private"
// GENERIC-DAG: sym_name = "b", sym_visibility = "public"
// GENERIC-DAG: sym_name = "c", sym_visibility = "nested"
// MLIR14: func private @a()
// MLIR14: func public @b()
// MLIR14: func nested @c()
// MLIR14: func @d()
func.func private @a()
func.func public @b() {
  return
}
func.func nested @c() {
  return
}
func.func @d() {
  return
}
