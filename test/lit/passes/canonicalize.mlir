// canonicalize: fold hooks (constants materialized by the dialect's
// materializer, or existing values), canonicalization patterns, and
// erasure of dead pure ops, to a fixpoint. Expected values by hand.
// RUN: npu-opt --register-test-ops --allow-unregistered-dialect --split-input-file --canonicalize %s | FileCheck %s

// (2 + 3) * (x + 0) -> x * 5; -(-(y)) -> y; the unused mul is dead.
// CHECK-LABEL: func.func @fold
// CHECK-NEXT: %[[C5:.*]] = "test.constant"() {value = 5 : i32}
// CHECK-NEXT: %[[M:.*]] = "test.mul"(%arg0, %[[C5]])
// CHECK-NEXT: return %[[M]] : i32
func.func @fold(%a: i32) -> i32 {
  %c0 = "test.constant"() {value = 0 : i32} : () -> i32
  %c2 = "test.constant"() {value = 2 : i32} : () -> i32
  %c3 = "test.constant"() {value = 3 : i32} : () -> i32
  %s = "test.add"(%c2, %c3) : (i32, i32) -> i32
  %x = "test.add"(%a, %c0) : (i32, i32) -> i32
  %y = "test.mul"(%x, %s) : (i32, i32) -> i32
  %n = "test.negate"(%y) : (i32) -> i32
  %m = "test.negate"(%n) : (i32) -> i32
  %dead = "test.mul"(%a, %a) : (i32, i32) -> i32
  return %m : i32
}

// -----
// A chain folds completely: ((1 + 2) * 4) * -(5) = -60; then x * 1 -> x.
// CHECK-LABEL: func.func @chain
// CHECK-NEXT: %[[C:.*]] = "test.constant"() {value = -60 : i64}
// CHECK-NEXT: return %arg0, %[[C]] : i64, i64
func.func @chain(%a: i64) -> (i64, i64) {
  %c1 = "test.constant"() {value = 1 : i64} : () -> i64
  %c2 = "test.constant"() {value = 2 : i64} : () -> i64
  %c4 = "test.constant"() {value = 4 : i64} : () -> i64
  %c5 = "test.constant"() {value = 5 : i64} : () -> i64
  %0 = "test.add"(%c1, %c2) : (i64, i64) -> i64
  %1 = "test.mul"(%0, %c4) : (i64, i64) -> i64
  %2 = "test.negate"(%c5) : (i64) -> i64
  %3 = "test.mul"(%1, %2) : (i64, i64) -> i64
  %4 = "test.mul"(%c1, %a) : (i64, i64) -> i64
  return %4, %3 : i64, i64
}

// -----
// Ops with side effects and unregistered ops stay, even when unused; so
// do the constants they use.
// CHECK-LABEL: func.func @effects
// CHECK-NEXT: %[[C:.*]] = "test.constant"() {value = 7 : i32}
// CHECK-NEXT: "test.effect"(%[[C]])
// CHECK-NEXT: "t.unknown"(%[[C]])
// CHECK-NEXT: return
func.func @effects() {
  %c = "test.constant"() {value = 7 : i32} : () -> i32
  %0 = "test.effect"(%c) : (i32) -> i32
  %1 = "t.unknown"(%c) : (i32) -> i32
  return
}

// -----
// Nested regions are canonicalized too; constants go to the entry block
// of the nearest region isolated from above (the function's), as MLIR's
// folder puts them.
// CHECK-LABEL: func.func @nested
// CHECK-NEXT: %[[C:.*]] = "test.constant"() {value = 9 : i32}
// CHECK-NEXT: "test.region"() ({
// CHECK-NEXT: "test.effect"(%[[C]])
// CHECK-NEXT: })
func.func @nested() {
  "test.region"() ({
    %a = "test.constant"() {value = 4 : i32} : () -> i32
    %b = "test.constant"() {value = 5 : i32} : () -> i32
    %s = "test.add"(%a, %b) : (i32, i32) -> i32
    "test.effect"(%s) : (i32) -> ()
  }) : () -> ()
  return
}

// -----
// Equal constants (same dialect, value and type) are shared, wherever
// they are in the function; different values or types are not. Folded
// values reuse a known constant: 3 + 4 is the 7 already there.
// CHECK-LABEL: func.func @shared
// CHECK-NEXT: %[[C1:.*]] = "test.constant"() {value = 1 : i32}
// CHECK-NEXT: %[[C2:.*]] = "test.constant"() {value = 2 : i32}
// CHECK-NEXT: %[[C7:.*]] = "test.constant"() {value = 7 : i32}
// CHECK-NEXT: %[[L1:.*]] = "test.constant"() {value = 1 : i64}
// CHECK-NEXT: "test.effect"(%[[C1]], %[[C2]], %[[C7]], %[[L1]])
// CHECK-NEXT: "test.region"() ({
// CHECK-NEXT: "test.effect"(%[[C1]], %[[C7]])
// CHECK-NEXT: })
// CHECK-NEXT: "test.effect"(%[[C2]], %[[C1]])
// CHECK-NEXT: return
func.func @shared() {
  %a = "test.constant"() {value = 1 : i32} : () -> i32
  %b = "test.constant"() {value = 2 : i32} : () -> i32
  %s = "test.constant"() {value = 7 : i32} : () -> i32
  %l = "test.constant"() {value = 1 : i64} : () -> i64
  "test.effect"(%a, %b, %s, %l) : (i32, i32, i32, i64) -> ()
  "test.region"() ({
    %a2 = "test.constant"() {value = 1 : i32} : () -> i32
    %3 = "test.constant"() {value = 3 : i32} : () -> i32
    %4 = "test.constant"() {value = 4 : i32} : () -> i32
    %7 = "test.add"(%3, %4) : (i32, i32) -> i32
    "test.effect"(%a2, %7) : (i32, i32) -> ()
  }) : () -> ()
  %b2 = "test.constant"() {value = 2 : i32} : () -> i32
  %a3 = "test.constant"() {value = 1 : i32} : () -> i32
  "test.effect"(%b2, %a3) : (i32, i32) -> ()
  return
}

// -----
// fold=false keeps folds but still applies patterns and erases dead ops.
// RUN: npu-opt --register-test-ops --allow-unregistered-dialect --split-input-file --canonicalize=fold=false %s | FileCheck --check-prefix=NOFOLD %s
// NOFOLD-LABEL: func.func @nofold
// NOFOLD-NEXT: %[[A:.*]] = "test.constant"() {value = 1 : i32}
// NOFOLD-NEXT: %[[S:.*]] = "test.add"(%[[A]], %[[A]])
// NOFOLD-NEXT: return %[[S]]
func.func @nofold() -> i32 {
  %a = "test.constant"() {value = 1 : i32} : () -> i32
  %s = "test.add"(%a, %a) : (i32, i32) -> i32
  %n = "test.negate"(%s) : (i32) -> i32
  %m = "test.negate"(%n) : (i32) -> i32
  %dead = "test.negate"(%a) : (i32) -> i32
  return %m : i32
}

// -----
// Run on an op that is not isolated (here through any(...) on the ops of
// the function), constants stay in that op's region: its entry block is
// the insertion block.
// RUN: npu-opt --register-test-ops --allow-unregistered-dialect --split-input-file --pass-pipeline='builtin.module(func.func(any(canonicalize)))' %s | FileCheck --check-prefix=ROOT %s
// ROOT-LABEL: func.func @root
// ROOT-NEXT: "test.region"() ({
// ROOT-NEXT: %[[C:.*]] = "test.constant"() {value = 5 : i32}
// ROOT-NEXT: "test.effect"(%[[C]])
// ROOT-NEXT: })
func.func @root() {
  "test.region"() ({
    %a = "test.constant"() {value = 2 : i32} : () -> i32
    %b = "test.constant"() {value = 3 : i32} : () -> i32
    %s = "test.add"(%a, %b) : (i32, i32) -> i32
    "test.effect"(%s) : (i32) -> ()
  }) : () -> ()
  return
}
