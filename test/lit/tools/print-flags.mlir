// --print-op-generic and --print-debuginfo, under our names and mlir-opt's.
// RUN: npu-opt --allow-unregistered-dialect --print-op-generic %s | FileCheck --check-prefix=GENERIC %s
// RUN: npu-opt -allow-unregistered-dialect -mlir-print-op-generic %s | FileCheck --check-prefix=GENERIC %s
// RUN: npu-opt -allow-unregistered-dialect -mlir-print-op-generic --mlir-print-local-scope %s | FileCheck --check-prefix=GENERIC %s
// RUN: npu-opt --allow-unregistered-dialect --print-debuginfo %s | FileCheck --check-prefix=DEBUG %s
// RUN: npu-opt --allow-unregistered-dialect --mlir-print-debuginfo %s | FileCheck --check-prefix=DEBUG %s
// RUN: npu-opt --allow-unregistered-dialect %s | FileCheck --check-prefix=DEFAULT %s
// Unregistered ops are an error without --allow-unregistered-dialect.
// RUN: %python %S/Inputs/expect-exit.py 1 npu-opt %s

// GENERIC: "builtin.module"() ({
// GENERIC-NEXT: "t.op"() {flag} : () -> ()
// GENERIC-NEXT: }) : () -> ()

// DEBUG: "t.op"() {flag} : () -> () loc({{.*}}print-flags.mlir":[[@LINE+4]]:1)

// DEFAULT: module {
// DEFAULT-NEXT: "t.op"() {flag} : () -> ()
"t.op"() {flag} : () -> ()
