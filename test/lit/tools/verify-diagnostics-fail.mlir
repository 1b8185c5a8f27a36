// --verify-diagnostics fails (exit 1) with mlir-opt's wording when an
// expected diagnostic never came or an unexpected one did; nothing is
// printed on stdout and no output file is written.
// RUN: not npu-opt --split-input-file --verify-diagnostics %S/Inputs/verify-fail.mlir 2>&1 | FileCheck %s
// RUN: %python %S/Inputs/expect-exit.py 1 npu-opt --split-input-file --verify-diagnostics %S/Inputs/verify-fail.mlir
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: not npu-opt --split-input-file --verify-diagnostics %S/Inputs/verify-fail.mlir -o %t.d/out.mlir 2>/dev/null
// RUN: %python %S/Inputs/empty-dir.py %t.d
// RUN: not npu-opt --split-input-file --verify-diagnostics %S/Inputs/verify-fail.mlir > %t.stdout 2>/dev/null
// RUN: FileCheck --allow-empty --check-prefix=EMPTY --input-file %t.stdout %s

// CHECK: verify-fail.mlir:2:1: error: unexpected error: unregistered operation 'a.b'
// CHECK: verify-fail.mlir:5:1: error: unexpected error: unregistered operation 'a.c'
// CHECK: verify-fail.mlir:4:4: error: expected error "this message is never produced" was not produced
// CHECK: verify-fail.mlir:7:1: error: unexpected error: unregistered operation 'x.y'

// EMPTY-NOT: {{.}}
