// IR dumps go to stderr, each headed "// -----// IR Dump <when> <pass>".
// Input: two equal adds (cse removes one), then nothing dead for dce.

// RUN: npu-opt --register-test-ops --cse --dce --print-ir-before=cse %s -o /dev/null 2>&1 | FileCheck --check-prefix=BEFORE %s
// BEFORE: // -----// IR Dump Before cse //----- //
// BEFORE-NEXT: module {
// BEFORE: "test.add"
// BEFORE-NEXT: "test.add"
// BEFORE-NOT: IR Dump

// RUN: npu-opt --register-test-ops --cse --dce --print-ir-after=cse,dce %s -o /dev/null 2>&1 | FileCheck --check-prefix=AFTER %s
// AFTER: // -----// IR Dump After cse //----- //
// AFTER: %0 = "test.add"(%arg0, %arg0)
// AFTER-NEXT: %1 = "test.mul"(%0, %0)
// AFTER: // -----// IR Dump After dce //----- //
// AFTER-NOT: IR Dump

// Before all: one dump per pass run, before it.
// RUN: npu-opt --register-test-ops --pass-pipeline='builtin.module(func.func(cse),dce)' --print-ir-before-all %s -o /dev/null 2>&1 | FileCheck --check-prefix=BEFORE-ALL %s
// BEFORE-ALL: // -----// IR Dump Before cse //----- //
// BEFORE-ALL-NEXT: func.func @f
// BEFORE-ALL: %1 = "test.add"
// BEFORE-ALL: // -----// IR Dump Before cse //----- //
// BEFORE-ALL-NEXT: func.func @g
// BEFORE-ALL: // -----// IR Dump Before dce //----- //
// BEFORE-ALL-NEXT: module {
// BEFORE-ALL-NOT: IR Dump

// After all: one dump per pass run, nested ones print the function only.
// RUN: npu-opt --register-test-ops --pass-pipeline='builtin.module(func.func(cse),dce)' --print-ir-after-all %s -o /dev/null 2>&1 | FileCheck --check-prefix=ALL %s
// ALL: // -----// IR Dump After cse //----- //
// ALL-NEXT: func.func @f
// ALL: // -----// IR Dump After cse //----- //
// ALL-NEXT: func.func @g
// ALL: // -----// IR Dump After dce //----- //
// ALL-NEXT: module {
// ALL-NOT: IR Dump

// After change: cse changes @f only (@g has nothing to CSE); dce changes
// nothing.
// RUN: npu-opt --register-test-ops --pass-pipeline='builtin.module(func.func(cse),dce)' --print-ir-after-change %s -o /dev/null 2>&1 | FileCheck --check-prefix=CHANGE %s
// CHANGE: // -----// IR Dump After cse //----- //
// CHANGE-NEXT: func.func @f
// CHANGE-NOT: IR Dump

// --print-ir-module-scope: nested passes dump the whole module.
// RUN: npu-opt --register-test-ops --pass-pipeline='builtin.module(func.func(cse))' --print-ir-after-all --print-ir-module-scope %s -o /dev/null 2>&1 | FileCheck --check-prefix=SCOPE %s
// SCOPE: // -----// IR Dump After cse //----- //
// SCOPE-NEXT: module {
// SCOPE: // -----// IR Dump After cse //----- //
// SCOPE-NEXT: module {

// Dumps follow the print flags.
// RUN: npu-opt --register-test-ops --cse --print-ir-after=cse --print-op-generic %s -o /dev/null 2>&1 | FileCheck --check-prefix=GENERIC %s
// GENERIC: // -----// IR Dump After cse //----- //
// GENERIC-NEXT: "builtin.module"() ({

func.func @f(%a: i32) -> i32 {
  %0 = "test.add"(%a, %a) : (i32, i32) -> i32
  %1 = "test.add"(%a, %a) : (i32, i32) -> i32
  %2 = "test.mul"(%0, %1) : (i32, i32) -> i32
  return %2 : i32
}
func.func @g(%a: i32) -> i32 {
  return %a : i32
}
