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
// Not inlined: a recursive call, a declaration, a body over max-ops (3
// ops with the nested one, max-ops=2 below), and a multi-block body
// called from a region that must stay one block (test.region has no
// terminator).
// RUN: npu-opt --register-test-ops --allow-unregistered-dialect --split-input-file --inline='max-ops=2' %s 2>&1 | FileCheck --check-prefix=KEEP %s
// KEEP-LABEL: func.func @rec
// KEEP-NEXT: "func.call"(%arg0) {callee = @rec}
// KEEP-LABEL: func.func @calls
// KEEP-NEXT: "func.call"(%arg0) {callee = @decl}
// KEEP-NEXT: "func.call"(%arg0) {callee = @big}
// KEEP-NEXT: "test.region"() ({
// KEEP-NEXT: "func.call"(%arg0) {callee = @blocks}
module {
  func.func @rec(%a: i32) -> i32 {
    %0 = "func.call"(%a) {callee = @rec} : (i32) -> i32
    return %0 : i32
  }
  func.func @calls(%a: i32) {
    %0 = "func.call"(%a) {callee = @decl} : (i32) -> i32
    %2 = "func.call"(%a) {callee = @big} : (i32) -> i32
    "test.region"() ({
      %1 = "func.call"(%a) {callee = @blocks} : (i32) -> i32
    }) : () -> ()
    return
  }
  func.func private @decl(i32) -> i32
  func.func private @blocks(%x: i32) -> i32 {
    "cf.br"()[^bb1] : () -> ()
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

// -----
// A body of several blocks, as MLIR inlines it: the caller's block is
// split after the call, the callee's blocks go in between (the entry's
// ops join the caller's block), and each return becomes a cf.br to the
// continuation block, whose argument replaces the call's result.
// RUN: npu-opt --register-test-ops --split-input-file --inline %s 2>&1 | FileCheck --check-prefix=BLOCKS %s
// BLOCKS-LABEL: func.func @caller(%arg0: i1, %arg1: i32) -> i32 {
// BLOCKS-NEXT: %[[N:.*]] = "test.negate"(%arg1)
// BLOCKS-NEXT: %[[E:.*]] = "test.negate"(%[[N]])
// BLOCKS-NEXT: "cf.cond_br"(%arg0, %[[E]], %[[E]])[^bb1, ^bb2] {operand_segment_sizes = dense<1> : vector<3xi32>}
// BLOCKS-NEXT: ^bb1(%[[X:.*]]: i32):
// BLOCKS-NEXT: %[[M:.*]] = "test.mul"(%[[X]], %[[X]])
// BLOCKS-NEXT: "cf.br"(%[[M]])[^bb3]
// BLOCKS-NEXT: ^bb2(%[[Y:.*]]: i32):
// BLOCKS-NEXT: "cf.br"(%[[Y]])[^bb3]
// BLOCKS-NEXT: ^bb3(%[[R:.*]]: i32):  // 2 preds: ^bb1, ^bb2
// BLOCKS-NEXT: %[[A:.*]] = "test.add"(%[[R]], %arg1)
// BLOCKS-NEXT: return %[[A]] : i32
module {
  func.func @caller(%c: i1, %a: i32) -> i32 {
    %n = "test.negate"(%a) : (i32) -> i32
    %0 = "func.call"(%c, %n) {callee = @pick} : (i1, i32) -> i32
    %1 = "test.add"(%0, %a) : (i32, i32) -> i32
    return %1 : i32
  }
  func.func private @pick(%c: i1, %v: i32) -> i32 {
    %e = "test.negate"(%v) : (i32) -> i32
    "cf.cond_br"(%c, %e, %e)[^bb1, ^bb2] {operand_segment_sizes = dense<1> : vector<3xi32>} : (i1, i32, i32) -> ()
  ^bb1(%x: i32):
    %m = "test.mul"(%x, %x) : (i32, i32) -> i32
    return %m : i32
  ^bb2(%y: i32):
    return %y : i32
  }
}

// -----
// Recursion never loops, even with many rounds allowed. Functions of
// one cycle of the call graph are never inlined into each other: @f and
// @g call each other and stay as they are, and so does @self_rec's call
// to itself. Into @rec_main, outside the cycles, @self_rec and @f are
// inlined once: the calls their bodies bring in (to @self_rec, to @g)
// came from inlining a function of the callee's own cycle, so they are
// not inlined again (an inline history, as MLIR's). 2 calls inlined.
// RUN: npu-opt --register-test-ops --split-input-file --inline='max-depth=100' --pass-statistics %s 2>%t.rec | FileCheck --check-prefix=REC %s
// RUN: FileCheck --check-prefix=RECSTATS --input-file %t.rec %s
// REC-LABEL: func.func @rec_main(%arg0: i32) -> i32 {
// REC-NEXT: %[[N:.*]] = "test.negate"(%arg0)
// REC-NEXT: %[[C:.*]] = "func.call"(%[[N]]) {callee = @self_rec}
// REC-NEXT: %[[M:.*]] = "test.negate"(%[[C]])
// REC-NEXT: %[[D:.*]] = "func.call"(%[[M]]) {callee = @g}
// REC-NEXT: return %[[D]]
// REC-LABEL: func.func private @self_rec(%arg0: i32) -> i32 {
// REC-NEXT: %[[S:.*]] = "test.negate"(%arg0)
// REC-NEXT: "func.call"(%[[S]]) {callee = @self_rec}
// REC-LABEL: func.func @f(%arg0: i32) -> i32 {
// REC-NEXT: %[[F:.*]] = "test.negate"(%arg0)
// REC-NEXT: "func.call"(%[[F]]) {callee = @g}
// REC-LABEL: func.func @g(%arg0: i32) -> i32 {
// REC-NEXT: "func.call"(%arg0) {callee = @f}
// Statistics of the splits in order (one report each): 4, 1, 1, 1, 1,
// then this one's 2.
// RECSTATS: (S) 4 num-inlined
// RECSTATS: (S) 1 num-inlined
// RECSTATS: (S) 1 num-inlined
// RECSTATS: (S) 1 num-inlined
// RECSTATS: (S) 1 num-inlined
// RECSTATS: (S) 2 num-inlined
module {
  func.func @rec_main(%a: i32) -> i32 {
    %0 = "func.call"(%a) {callee = @self_rec} : (i32) -> i32
    %1 = "func.call"(%0) {callee = @f} : (i32) -> i32
    return %1 : i32
  }
  func.func private @self_rec(%x: i32) -> i32 {
    %n = "test.negate"(%x) : (i32) -> i32
    %0 = "func.call"(%n) {callee = @self_rec} : (i32) -> i32
    return %0 : i32
  }
  func.func @f(%x: i32) -> i32 {
    %n = "test.negate"(%x) : (i32) -> i32
    %0 = "func.call"(%n) {callee = @g} : (i32) -> i32
    return %0 : i32
  }
  func.func @g(%x: i32) -> i32 {
    %0 = "func.call"(%x) {callee = @f} : (i32) -> i32
    return %0 : i32
  }
}

// -----
// A callee in a nested module, named @lib::@sq, is inlined. Unused
// private callees stay after inline (only symbol-dce removes them).
// RUN: npu-opt --register-test-ops --split-input-file --inline %s 2>&1 | FileCheck --check-prefix=NESTED %s
// RUN: npu-opt --register-test-ops --split-input-file --inline --symbol-dce %s 2>&1 | FileCheck --check-prefix=DCE %s
// NESTED-LABEL: func.func @nested_main(%arg0: i32) -> i32 {
// NESTED-NEXT: %[[M:.*]] = "test.mul"(%arg0, %arg0)
// NESTED-NEXT: %[[A:.*]] = "test.add"(%[[M]], %[[M]])
// NESTED-NEXT: return %[[A]]
// NESTED: module @lib
// NESTED: func.func @sq
// NESTED: func.func private @dbl
// DCE-LABEL: func.func @nested_main
// DCE-NOT: @dbl
// DCE: module @lib
// DCE-NEXT: func.func @sq
// DCE-NOT: @dbl
module {
  func.func @nested_main(%a: i32) -> i32 {
    %0 = "func.call"(%a) {callee = @lib::@sq} : (i32) -> i32
    %1 = "func.call"(%0) {callee = @dbl} : (i32) -> i32
    return %1 : i32
  }
  module @lib {
    func.func @sq(%x: i32) -> i32 {
      %0 = "test.mul"(%x, %x) : (i32, i32) -> i32
      return %0 : i32
    }
  }
  func.func private @dbl(%x: i32) -> i32 {
    %0 = "test.add"(%x, %x) : (i32, i32) -> i32
    return %0 : i32
  }
}
