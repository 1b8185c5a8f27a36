// --list-passes shows every registered pass with its anchor, options
// (kind, default) and summary; --help ends with the same list.
// RUN: npu-opt --list-passes | FileCheck %s
// RUN: npu-opt --help | FileCheck --check-prefixes=HELP,CHECK %s
// HELP: --pass-pipeline=PIPELINE
// HELP: --print-ir-after-change
// CHECK: Passes (use as --<pass>[=<options>] or in --pass-pipeline):
// Rows wrap at 80 columns, text from column 34.
// CHECK-NEXT: {{^}}  --bufferize
// CHECK: {{^}}  --calibrate
// CHECK: {{^}}  --canonicalize                 Fold ops and apply canonicalization patterns to{{$}}
// CHECK-NEXT: {{^}}                                 a fixpoint (on any op){{$}}
// CHECK-NEXT: {{^}}      max-iterations=<int>       sweeps over the IR before giving up (default:{{$}}
// CHECK-NEXT: {{^}}                                 10){{$}}
// CHECK-NEXT: max-rewrites=<int>
// CHECK-NEXT: 1024) (default: 0)
// CHECK-NEXT: fold=<bool> {{.*}} (default: true)
// CHECK-NEXT: --cse {{.*}} (on
// CHECK-NEXT: any op)
// CHECK-NEXT: --dce
// CHECK-NEXT: op)
// CHECK: --ethos-u-legalize
// CHECK-NEXT: the rest into npu.cpu regions
// CHECK-NEXT: builtin.module)
// CHECK-NEXT: report=<string>
// CHECK-NEXT: --show-cpu-operations
// CHECK-NEXT: for stdout (default: none)
// CHECK: --inline
// CHECK-NEXT: (on builtin.module)
// CHECK-NEXT: max-ops=<int>
// CHECK-NEXT: (default: 16)
// CHECK-NEXT: max-depth=<int>
// CHECK-NEXT: inlined body
// CHECK-NEXT: (default: 4)
// CHECK-NEXT: max-growth=<int>
// CHECK-NEXT: module; inlining stops
// CHECK-NEXT: (default: 1000000)
// CHECK: --quant-report
// CHECK: --quantize
// CHECK: --strip-debuginfo
// CHECK-NEXT: (on any op)
// CHECK: --symbol-dce
// CHECK-NEXT: (on builtin.module)
// CHECK-NOT: --test

// Test passes appear with --register-test-ops; enum options list their
// choices, list options their kind.
// RUN: npu-opt --register-test-ops --list-passes=text | FileCheck --check-prefix=TEST %s
// TEST: --test-options
// TEST: e=<fast|slow> {{.*}} (default: fast)
// TEST-NEXT: il=<int list> {{.*}} (default: none)
// TEST-NEXT: {{^}}      sl=<string list>           a string list (default: none){{$}}

// RUN: %python %S/../tools/Inputs/expect-exit.py 2 npu-opt --list-passes=html
// RUN: not npu-opt --list-passes=html 2>&1 | FileCheck --check-prefix=BAD %s
// BAD: npu-opt: unknown --list-passes format 'html' (text, markdown)

// An unknown flag that is no pass either is a usage error.
// RUN: not npu-opt --no-such-pass %s 2>&1 | FileCheck --check-prefix=UNKNOWN %s
// UNKNOWN: npu-opt: unknown option '--no-such-pass'
