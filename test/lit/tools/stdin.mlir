// Input from stdin, with "-" or no file name; diagnostics name <stdin>.
// RUN: npu-opt --allow-unregistered-dialect - < %s | FileCheck %s
// RUN: npu-opt --allow-unregistered-dialect < %s | FileCheck %s
// RUN: cat %s | npu-opt --allow-unregistered-dialect | FileCheck %s
// RUN: not npu-opt < %s 2>&1 | FileCheck --check-prefix=ERR %s

// CHECK: "t.from_stdin"() : () -> ()
// ERR: <stdin>:[[@LINE+1]]:1: error: unregistered operation 't.from_stdin'
"t.from_stdin"() : () -> ()
