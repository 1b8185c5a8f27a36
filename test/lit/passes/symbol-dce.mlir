// symbol-dce: private symbols that nothing live references are erased;
// public symbols are live, and so is whatever a live op references
// (through calls, or any symbol reference attribute, nested in arrays).
// RUN: npu-opt --register-test-ops --symbol-dce --pass-statistics %s 2>%t.stats | FileCheck %s
// RUN: FileCheck --check-prefix=STATS --input-file %t.stats %s
// Erased: @dead, @dead_by_dead (only @dead used it), @decl.
// STATS: (S) 3 num-dce'd

// CHECK: func.func @public_entry
// CHECK: func.func private @used(
// CHECK: func.func private @used_by_used(
// CHECK-NOT: @dead
// CHECK: func.func private @referenced_by_attr()
// CHECK: "test.effect"() {ref = [@referenced_by_attr]}
// CHECK-NOT: @decl
module {
  func.func @public_entry(%a: i32) -> i32 {
    %0 = "func.call"(%a) {callee = @used} : (i32) -> i32
    return %0 : i32
  }
  func.func private @used(%a: i32) -> i32 {
    %0 = "func.call"(%a) {callee = @used_by_used} : (i32) -> i32
    return %0 : i32
  }
  func.func private @used_by_used(%a: i32) -> i32 {
    return %a : i32
  }
  func.func private @dead(%a: i32) -> i32 {
    %0 = "func.call"(%a) {callee = @dead_by_dead} : (i32) -> i32
    return %0 : i32
  }
  func.func private @dead_by_dead(%a: i32) -> i32 {
    return %a : i32
  }
  func.func private @referenced_by_attr() {
    return
  }
  "test.effect"() {ref = [@referenced_by_attr]} : () -> ()
  func.func private @decl(i32) -> i32
}
