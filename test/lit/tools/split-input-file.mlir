// --split-input-file: each chunk is parsed, verified and printed alone;
// outputs are joined by "// -----" lines.
// RUN: npu-opt --allow-unregistered-dialect --split-input-file %s | FileCheck %s
// RUN: npu-opt --allow-unregistered-dialect -split-input-file %s | FileCheck %s
// RUN: not npu-opt --split-input-file %s 2>&1 | FileCheck --check-prefix=ERR %s
// Without the flag the markers are plain comments: one module.
// RUN: npu-opt --allow-unregistered-dialect %s | FileCheck --check-prefix=WHOLE %s

// CHECK: "t.first"() : () -> ()
// CHECK-NOT: "t.second"
// CHECK: // -----
// CHECK-NEXT: module {
// CHECK-NEXT: "t.second"() : () -> ()
// CHECK: // -----
// CHECK-NEXT: module {
// CHECK-NEXT: "t.third"() : () -> ()
// CHECK-NOT: // -----

// Errors report lines of the whole file, not of the chunk.
// ERR: split-input-file.mlir:[[@LINE+4]]:1: error: unregistered operation 't.first'
// ERR: split-input-file.mlir:[[@LINE+5]]:1: error: unregistered operation 't.second'
// ERR: split-input-file.mlir:[[@LINE+7]]:1: error: unregistered operation 't.third'

"t.first"() : () -> ()
// -----
"t.second"() : () -> ()

// -----
"t.third"() : () -> ()

// WHOLE: module {
// WHOLE-NEXT: "t.first"() : () -> ()
// WHOLE-NEXT: "t.second"() : () -> ()
// WHOLE-NEXT: "t.third"() : () -> ()
// WHOLE-NOT: // -----
