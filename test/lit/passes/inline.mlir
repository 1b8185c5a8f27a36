// inline: a func.call of a small single-block function is replaced by a
// copy of its body (arguments -> call operands, returned values -> call
// results); inlined ops get callsite(callee at caller) locations.
// RUN: npu-opt --register-test-ops --allow-unregistered-dialect --split-input-file --inline --pass-statistics %s 2>%t.stats | FileCheck %s
// RUN: FileCheck --check-prefix=STATS --input-file %t.stats %s

// Round 1 inlines the 3 calls present: @main's calls to @square and
// @twice (whose copied body still calls @square) and @twice's call to
// @square; round 2 the call copied into @main. 4 in all.
// STATS: (S) 4 num-inlined
// CHECK-LABEL: func.func @main(%arg0: i32) -> i32 {
// CHECK-NEXT: %[[S:.*]] = "test.mul"(%arg0, %arg0)
// CHECK-NEXT: %[[T1:.*]] = "test.mul"(%[[S]], %[[S]])
// CHECK-NEXT: %[[T2:.*]] = "test.add"(%[[T1]], %[[T1]])
// CHECK-NEXT: return %[[T2]] : i32
// The callees stay (symbol-dce removes unused private ones).
// CHECK: func.func private @square
// CHECK: func.func private @twice(%arg0: i32) -> i32 {
// CHECK-NEXT: %[[Q:.*]] = "test.mul"(%arg0, %arg0)
module {
  func.func @main(%a: i32) -> i32 {
    %0 = "func.call"(%a) {callee = @square} : (i32) -> i32
    %1 = "func.call"(%0) {callee = @twice} : (i32) -> i32
    return %1 : i32
  }
  func.func private @square(%x: i32) -> i32 {
    %0 = "test.mul"(%x, %x) : (i32, i32) -> i32
    return %0 : i32
  }
  func.func private @twice(%x: i32) -> i32 {
    %0 = "func.call"(%x) {callee = @square} : (i32) -> i32
    %1 = "test.add"(%0, %0) : (i32, i32) -> i32
    return %1 : i32
  }
}

// -----
// Not inlined: a recursive call, a declaration, a multi-block body, and a
// body over max-ops (3 ops with the nested one, max-ops=2 below).
// RUN: npu-opt --register-test-ops --allow-unregistered-dialect --split-input-file --inline='max-ops=2' %s 2>&1 | FileCheck --check-prefix=KEEP %s
// KEEP-LABEL: func.func @rec
// KEEP-NEXT: "func.call"(%arg0) {callee = @rec}
// KEEP-LABEL: func.func @calls
// KEEP-NEXT: "func.call"(%arg0) {callee = @decl}
// KEEP-NEXT: "func.call"(%arg0) {callee = @blocks}
// KEEP-NEXT: "func.call"(%arg0) {callee = @big}
module {
  func.func @rec(%a: i32) -> i32 {
    %0 = "func.call"(%a) {callee = @rec} : (i32) -> i32
    return %0 : i32
  }
  func.func @calls(%a: i32) {
    %0 = "func.call"(%a) {callee = @decl} : (i32) -> i32
    %1 = "func.call"(%a) {callee = @blocks} : (i32) -> i32
    %2 = "func.call"(%a) {callee = @big} : (i32) -> i32
    return
  }
  func.func private @decl(i32) -> i32
  func.func private @blocks(%x: i32) -> i32 {
    "t.br"()[^bb1] : () -> ()
  ^bb1:
    return %x : i32
  }
  func.func private @big(%x: i32) -> i32 {
    "test.region"() ({
      "test.effect"(%x) : (i32) -> ()
    }) : () -> ()
    %0 = "test.negate"(%x) : (i32) -> i32
    return %0 : i32
  }
}

// -----
// Nested regions are copied with their uses of the arguments remapped;
// locations become call sites.
// RUN: npu-opt --register-test-ops --allow-unregistered-dialect --inline --mlir-print-debuginfo %s --split-input-file 2>&1 | FileCheck --check-prefix=LOC %s
// LOC-LABEL: func.func @caller
// LOC-NEXT: "test.region"() ({
// LOC-NEXT: "test.effect"(%arg0) : (i32) -> () loc(callsite("callee.mlir":2:2 at "caller.mlir":1:1))
// LOC-NEXT: }) : () -> () loc(callsite("callee.mlir":1:1 at "caller.mlir":1:1))
module {
  func.func @caller(%a: i32) {
    "func.call"(%a) {callee = @callee} : (i32) -> () loc("caller.mlir":1:1)
    return
  }
  func.func private @callee(%x: i32) {
    "test.region"() ({
      "test.effect"(%x) : (i32) -> () loc("callee.mlir":2:2)
    }) : () -> () loc("callee.mlir":1:1)
    return
  }
}

// -----
// Several results, one of them an argument returned as is, and an
// unused result.
// RUN: npu-opt --register-test-ops --allow-unregistered-dialect --split-input-file --inline %s 2>&1 | FileCheck --check-prefix=MULTI %s
// MULTI-LABEL: func.func @multi(%arg0: i32, %arg1: i32) -> (i32, i32)
// MULTI-NEXT: %[[N:.*]] = "test.negate"(%arg1)
// MULTI-NEXT: %[[M:.*]] = "test.mul"(%[[N]], %arg0)
// MULTI-NEXT: return %arg1, %[[M]] : i32, i32
module {
  func.func @multi(%a: i32, %b: i32) -> (i32, i32) {
    %0:3 = "func.call"(%b, %a) {callee = @three} : (i32, i32) -> (i32, i32, i32)
    return %0#0, %0#1 : i32, i32
  }
  func.func private @three(%x: i32, %y: i32) -> (i32, i32, i32) {
    %n = "test.negate"(%x) : (i32) -> i32
    %m = "test.mul"(%n, %y) : (i32, i32) -> i32
    return %x, %m, %n : i32, i32, i32
  }
}
