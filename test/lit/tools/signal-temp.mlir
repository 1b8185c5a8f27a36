// A fatal signal while npu-opt writes -o leaves neither the temp file
// beside the output nor a partial output; the process still dies of
// the signal. npu-opt's leak on a missing input or a directory is gone
// (LeakSanitizer in the sanitizer build checks these runs).
// RUN: rm -rf %t.d
// RUN: %python %S/Inputs/kill-during-output.py npu-opt %t.d/int SIGINT | FileCheck %s
// RUN: %python %S/Inputs/kill-during-output.py npu-opt %t.d/term SIGTERM | FileCheck %s
// RUN: not npu-opt %t.d/no-such-file.mlir 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: not npu-opt %t.d 2>&1 | FileCheck %s --check-prefix=DIR

// CHECK: left: []
// MISSING: npu-opt: cannot open input file '{{.*}}no-such-file.mlir': No such file or directory
// DIR: npu-opt: cannot read '{{.*}}': is a directory
