// --verify-diagnostics with notes, and the near miss of a note expected
// as an error (mlir-opt's "'note' diagnostic emitted when expecting a
// 'error'").
// RUN: npu-opt --verify-diagnostics %s
// RUN: not npu-opt --verify-diagnostics %S/Inputs/verify-kind.mlir 2>&1 | FileCheck %s

// expected-note@+1 {{see existing symbol definition here}}
func.func @f() {
  return
}
// expected-error@+1 {{redefinition of symbol named 'f'}}
func.func @f() {
  return
}

// CHECK: verify-kind.mlir:2:4: error: 'note' diagnostic emitted when expecting a 'error'
// CHECK: verify-kind.mlir:2:4: error: expected error "see existing symbol" was not produced
