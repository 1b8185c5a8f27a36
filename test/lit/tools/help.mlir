// --help, --version and bad command lines (exit 2).
// RUN: npu-opt --help | FileCheck --check-prefix=HELP %s
// RUN: npu-opt -help | FileCheck --check-prefix=HELP %s
// RUN: npu-opt --version | FileCheck --check-prefix=VERSION %s
// RUN: %python %S/Inputs/expect-exit.py 2 npu-opt --no-such-flag
// RUN: not npu-opt --no-such-flag 2>&1 | FileCheck --check-prefix=BAD %s
// RUN: %python %S/Inputs/expect-exit.py 2 npu-opt -o
// RUN: %python %S/Inputs/expect-exit.py 2 npu-opt %s %s
// RUN: not npu-opt %s %s 2>&1 | FileCheck --check-prefix=TWO %s
// RUN: %python %S/Inputs/expect-exit.py 1 npu-opt %t.does-not-exist
// RUN: not npu-opt %t.does-not-exist 2>&1 | FileCheck --check-prefix=NOFILE %s

// HELP: usage: npu-opt [options] [input-file|-]
// HELP: -o FILE
// HELP: --split-input-file
// HELP: --verify-diagnostics
// HELP: --print-op-generic
// HELP: --print-debuginfo
// HELP: --allow-unregistered-dialect

// VERSION: npu-opt (npu-ir) {{[0-9]+\.[0-9]+\.[0-9]+}}

// BAD: npu-opt: unknown option '--no-such-flag'
// BAD-NEXT: Try 'npu-opt --help'.

// TWO: npu-opt: more than one input file

// NOFILE: npu-opt: cannot open input file '{{.*}}does-not-exist': No such file or directory
