// symbol-dce fails, as MLIR's does (same message, at the op whose uses
// it collects), when an unregistered op with one region may hide a
// symbol table; the output is not written.
// RUN: not npu-opt --allow-unregistered-dialect --symbol-dce %s -o %t.out 2>&1 | FileCheck %s
// RUN: not test -e %t.out
// RUN: not mlir-opt-14 --allow-unregistered-dialect --symbol-dce %s 2>&1 | FileCheck %s

// CHECK: symbol-dce-errors.mlir:[[@LINE+2]]:3: error: operation contains potentially unknown symbol table, meaning that we can't reliable compute symbol uses
module {
  func @f() {
    "foo.region"() ({
      "foo.use"() {ref = @g} : () -> ()
    }) : () -> ()
    return
  }
  func private @g()
}
