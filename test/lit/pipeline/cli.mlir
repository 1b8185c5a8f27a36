// The pass flags' command-line forms: --flag=value and --flag value,
// and the usage errors (exit 2) of a flag missing its value.
// RUN: npu-opt --pass-pipeline 'func.func(cse)' --print-ir-after cse %s -o /dev/null 2>&1 | FileCheck --check-prefix=SPACE %s
// SPACE: // -----// IR Dump After cse //----- //
// SPACE-NEXT: func.func @f() {

// RUN: %python %S/../tools/Inputs/expect-exit.py 2 npu-opt --pass-pipeline
// RUN: not npu-opt --pass-pipeline 2>&1 | FileCheck --check-prefix=PIPE %s
// PIPE: npu-opt: option '--pass-pipeline' needs a value
// RUN: not npu-opt %s --print-ir-before 2>&1 | FileCheck --check-prefix=BEFORE %s
// BEFORE: npu-opt: option '--print-ir-before' needs a value
// RUN: not npu-opt %s --print-ir-after 2>&1 | FileCheck --check-prefix=AFTER %s
// AFTER: npu-opt: option '--print-ir-after' needs a value
// RUN: not npu-opt %s --load-pass-plugin 2>&1 | FileCheck --check-prefix=PLUGIN %s
// PLUGIN: npu-opt: option '--load-pass-plugin' needs a value

// Flags take one dash too, as mlir-opt's.
// RUN: npu-opt -cse -pass-statistics %s 2>&1 >/dev/null | FileCheck --check-prefix=DASH %s
// DASH: (S) 0 num-cse'd
func.func @f() {
  return
}
