// cse: an op is replaced by an equal op (same name, attributes, result
// types, operands; commutative ops in any order) that dominates it. The
// expected output is derived by hand from those rules, per op below.
// RUN: npu-opt --register-test-ops --allow-unregistered-dialect --split-input-file --cse --pass-statistics %s 2>%t.stats | FileCheck %s
// RUN: FileCheck --check-prefix=STATS --input-file %t.stats %s
// Replaced: %c1b, %3 (region of a non-isolated op sees the outer values),
// %1 (commutative), %5 (^bb0 dominates ^bb1), %9 (commutative, same block).
// STATS: (S) 5 num-cse'd

// CHECK-LABEL: func.func @f(%arg0: i32, %arg1: i32)
// CHECK-NEXT: %[[C1:.*]] = "test.constant"() {value = 1 : i32}
// CHECK-NEXT: %[[ADD:.*]] = "test.add"(%arg0, %arg1)
// CHECK-NEXT: %[[AA:.*]] = "test.add"(%arg0, %arg0)
// Ops with side effects are never merged.
// CHECK-NEXT: %[[E1:.*]] = "test.effect"(%arg0)
// CHECK-NEXT: %[[E2:.*]] = "test.effect"(%arg0)
// CHECK-NEXT: "test.region"() ({
// CHECK-NEXT: "test.effect"(%[[C1]], %[[ADD]])
// CHECK-NEXT: }) : () -> ()
// An isolated region cannot use outer values: its constant stays.
// CHECK-NEXT: "test.isolated"() ({
// CHECK-NEXT: %[[C1C:.*]] = "test.constant"() {value = 1 : i32}
// CHECK-NEXT: "test.effect"(%[[C1C]])
// Different attributes: not equal.
// CHECK: %[[C2:.*]] = "test.constant"() {value = 2 : i32}
// CHECK: ^bb1:
// CHECK-NEXT: %[[M1:.*]] = "test.mul"(%arg0, %arg1)
// CHECK-NEXT: "t.br"(%[[ADD]], %[[M1]])[^bb3]
// ^bb1 does not dominate ^bb2, nor does either dominate ^bb3.
// CHECK: ^bb2:
// CHECK-NEXT: %[[M2:.*]] = "test.mul"(%arg0, %arg1)
// CHECK: ^bb3(%[[X:.*]]: i32, %[[Y:.*]]: i32):
// CHECK-NEXT: %[[M3:.*]] = "test.mul"(%arg0, %arg1)
// CHECK-NEXT: "test.effect"(%[[ADD]], %[[ADD]], %[[AA]], %[[E1]], %[[E2]], %[[X]], %[[Y]], %[[M3]], %[[M3]], %[[C1]], %[[C2]])
// CHECK-NEXT: return %[[ADD]] : i32
func.func @f(%a: i32, %b: i32) -> i32 {
  %c1 = "test.constant"() {value = 1 : i32} : () -> i32
  %0 = "test.add"(%a, %b) : (i32, i32) -> i32
  %1 = "test.add"(%b, %a) : (i32, i32) -> i32
  %2 = "test.add"(%a, %a) : (i32, i32) -> i32
  %e1 = "test.effect"(%a) : (i32) -> i32
  %e2 = "test.effect"(%a) : (i32) -> i32
  "test.region"() ({
    %c1b = "test.constant"() {value = 1 : i32} : () -> i32
    %3 = "test.add"(%a, %b) : (i32, i32) -> i32
    "test.effect"(%c1b, %3) : (i32, i32) -> ()
  }) : () -> ()
  "test.isolated"() ({
    %c1c = "test.constant"() {value = 1 : i32} : () -> i32
    "test.effect"(%c1c) : (i32) -> ()
  }) : () -> ()
  %4 = "test.constant"() {value = 2 : i32} : () -> i32
  "t.cond_br"(%a)[^bb1, ^bb2] : (i32) -> ()
^bb1:
  %5 = "test.add"(%a, %b) : (i32, i32) -> i32
  %6 = "test.mul"(%a, %b) : (i32, i32) -> i32
  "t.br"(%5, %6)[^bb3] : (i32, i32) -> ()
^bb2:
  %7 = "test.mul"(%a, %b) : (i32, i32) -> i32
  "t.br"(%7, %7)[^bb3] : (i32, i32) -> ()
^bb3(%x: i32, %y: i32):
  %8 = "test.mul"(%a, %b) : (i32, i32) -> i32
  %9 = "test.mul"(%b, %a) : (i32, i32) -> i32
  "test.effect"(%0, %1, %2, %e1, %e2, %x, %y, %8, %9, %c1, %4) : (i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32) -> ()
  return %0 : i32
}

// -----
// Unregistered ops are never pure, so never merged.
// CHECK-LABEL: func.func @unregistered
// CHECK-NEXT: "t.op"
// CHECK-NEXT: "t.op"
func.func @unregistered() {
  %0 = "t.op"() : () -> i32
  %1 = "t.op"() : () -> i32
  "test.effect"(%0, %1) : (i32, i32) -> ()
  return
}

// -----
// As MLIR's CSE, a pure op unused when visited is erased; an op that only
// becomes unused later (its one user is erased after it) stays.
// CHECK-LABEL: func.func @dead
// CHECK-NEXT: %[[N:.*]] = "test.negate"(%arg0)
// CHECK-NEXT: return
func.func @dead(%a: i32) {
  %0 = "test.negate"(%a) : (i32) -> i32
  %1 = "test.negate"(%0) : (i32) -> i32
  return
}

// -----
// Ops with regions are merged when the regions are structurally equal:
// at most one block each, only pure ops, the same argument types and the
// same ops in order, operands the same values or corresponding inside
// (locations aside). Nested regions are CSE'd first, which (as MLIR's
// CSE) erases each body's last op, unused when visited. Hand-derived:
// %1 equals %0 (block argument and results correspond, %b is the same
// value outside) and is merged; %2 adds %a instead of %b; in %3 the
// negate takes the argument, not the add (which, unused, goes too);
// %4 holds constant 2, %5
// constant 1; %6 takes an i64; %7 and %e7 hold an op with effects; %8
// and %e8 have two blocks (each ending in an op without results, as
// MLIR 14 wants); %10 is empty like %9 and is merged.
// (The other sections merge nothing, so this is this section's count.)
// STATS: (S) 2 num-cse'd
// CHECK-LABEL: func.func @regions
// CHECK-NEXT: %[[R0:.*]] = "test.pure_region"(%arg0) ({
// CHECK-NEXT: ^bb0(%[[X0:.*]]: i32):
// CHECK-NEXT: %[[S0:.*]] = "test.add"(%[[X0]], %arg1)
// CHECK-NEXT: %[[N0:.*]] = "test.negate"(%[[S0]])
// CHECK-NEXT: "test.mul"(%[[N0]], %[[X0]])
// CHECK-NEXT: }) : (i32) -> i32
// CHECK-NEXT: %[[R2:.*]] = "test.pure_region"(%arg0) ({
// CHECK-NEXT: ^bb0(%[[X2:.*]]: i32):
// CHECK-NEXT: %[[S2:.*]] = "test.add"(%[[X2]], %arg0)
// CHECK-NEXT: %[[N2:.*]] = "test.negate"(%[[S2]])
// CHECK-NEXT: "test.mul"(%[[N2]], %[[X2]])
// CHECK-NEXT: }) : (i32) -> i32
// CHECK-NEXT: %[[R3:.*]] = "test.pure_region"(%arg0) ({
// CHECK-NEXT: ^bb0(%[[X3:.*]]: i32):
// CHECK-NEXT: %[[N3:.*]] = "test.negate"(%[[X3]])
// CHECK-NEXT: "test.mul"(%[[N3]], %[[X3]])
// CHECK-NEXT: }) : (i32) -> i32
// CHECK-NEXT: %[[R4:.*]] = "test.pure_region"(%arg0) ({
// CHECK-NEXT: "test.constant"() {value = 2 : i32}
// CHECK-NEXT: }) : (i32) -> i32
// CHECK-NEXT: %[[R5:.*]] = "test.pure_region"(%arg0) ({
// CHECK-NEXT: "test.constant"() {value = 1 : i32}
// CHECK-NEXT: }) : (i32) -> i32
// CHECK-NEXT: %[[R6:.*]] = "test.pure_region"(%arg0) ({
// CHECK-NEXT: ^bb0(%[[X6:.*]]: i64):
// CHECK-NEXT: "test.negate"(%[[X6]])
// CHECK-NEXT: }) : (i32) -> i32
// CHECK-NEXT: %[[R7:.*]] = "test.pure_region"(%arg0) ({
// CHECK-NEXT: "test.effect"() : () -> ()
// CHECK-NEXT: }) : (i32) -> i32
// CHECK-NEXT: %[[E7:.*]] = "test.pure_region"(%arg0) ({
// CHECK-NEXT: "test.effect"() : () -> ()
// CHECK-NEXT: }) : (i32) -> i32
// CHECK-NEXT: %[[R8:.*]] = "test.pure_region"(%arg0) ({
// CHECK-NEXT: %[[C8:.*]] = "test.constant"() {value = 1 : i32}
// CHECK-NEXT: "test.pure_region"(%[[C8]]) ({
// CHECK-NEXT: }) : (i32) -> ()
// CHECK-NEXT: ^bb1:
// CHECK-NEXT: "test.pure_region"() ({
// CHECK-NEXT: }) : () -> ()
// CHECK-NEXT: }) : (i32) -> i32
// CHECK-NEXT: %[[E8:.*]] = "test.pure_region"(%arg0) ({
// CHECK-NEXT: %[[C8:.*]] = "test.constant"() {value = 1 : i32}
// CHECK-NEXT: "test.pure_region"(%[[C8]]) ({
// CHECK-NEXT: }) : (i32) -> ()
// CHECK-NEXT: ^bb1:
// CHECK-NEXT: "test.pure_region"() ({
// CHECK-NEXT: }) : () -> ()
// CHECK-NEXT: }) : (i32) -> i32
// CHECK-NEXT: %[[R9:.*]] = "test.pure_region"(%arg0) ({
// CHECK-NEXT: }) : (i32) -> i32
// CHECK-NEXT: "test.effect"(%[[R0]], %[[R0]], %[[R2]], %[[R3]], %[[R4]], %[[R5]], %[[R6]], %[[R7]], %[[E7]], %[[R8]], %[[E8]], %[[R9]], %[[R9]])
func.func @regions(%a: i32, %b: i32) {
  %0 = "test.pure_region"(%a) ({
  ^bb0(%x: i32):
    %s = "test.add"(%x, %b) : (i32, i32) -> i32
    %n = "test.negate"(%s) : (i32) -> i32
    %m = "test.mul"(%n, %x) : (i32, i32) -> i32
    %z = "test.negate"(%m) : (i32) -> i32
  }) : (i32) -> i32
  %1 = "test.pure_region"(%a) ({
  ^bb0(%y: i32):
    %t = "test.add"(%y, %b) : (i32, i32) -> i32
    %k = "test.negate"(%t) : (i32) -> i32
    %l = "test.mul"(%k, %y) : (i32, i32) -> i32
    %w = "test.negate"(%l) : (i32) -> i32
  }) : (i32) -> i32
  %2 = "test.pure_region"(%a) ({
  ^bb0(%x: i32):
    %s = "test.add"(%x, %a) : (i32, i32) -> i32
    %n = "test.negate"(%s) : (i32) -> i32
    %m = "test.mul"(%n, %x) : (i32, i32) -> i32
    %z = "test.negate"(%m) : (i32) -> i32
  }) : (i32) -> i32
  %3 = "test.pure_region"(%a) ({
  ^bb0(%x: i32):
    %s = "test.add"(%x, %b) : (i32, i32) -> i32
    %n = "test.negate"(%x) : (i32) -> i32
    %m = "test.mul"(%n, %x) : (i32, i32) -> i32
    %z = "test.negate"(%m) : (i32) -> i32
  }) : (i32) -> i32
  %4 = "test.pure_region"(%a) ({
    %c = "test.constant"() {value = 2 : i32} : () -> i32
    %n = "test.negate"(%c) : (i32) -> i32
  }) : (i32) -> i32
  %5 = "test.pure_region"(%a) ({
    %c = "test.constant"() {value = 1 : i32} : () -> i32
    %n = "test.negate"(%c) : (i32) -> i32
  }) : (i32) -> i32
  %6 = "test.pure_region"(%a) ({
  ^bb0(%x: i64):
    %n = "test.negate"(%x) : (i64) -> i64
    %m = "test.negate"(%n) : (i64) -> i64
  }) : (i32) -> i32
  %7 = "test.pure_region"(%a) ({
    "test.effect"() : () -> ()
  }) : (i32) -> i32
  %e7 = "test.pure_region"(%a) ({
    "test.effect"() : () -> ()
  }) : (i32) -> i32
  %8 = "test.pure_region"(%a) ({
    %c = "test.constant"() {value = 1 : i32} : () -> i32
    "test.pure_region"(%c) ({
    }) : (i32) -> ()
  ^bb1:
    "test.pure_region"() ({
    }) : () -> ()
  }) : (i32) -> i32
  %e8 = "test.pure_region"(%a) ({
    %c = "test.constant"() {value = 1 : i32} : () -> i32
    "test.pure_region"(%c) ({
    }) : (i32) -> ()
  ^bb1:
    "test.pure_region"() ({
    }) : () -> ()
  }) : (i32) -> i32
  %9 = "test.pure_region"(%a) ({
  }) : (i32) -> i32
  %10 = "test.pure_region"(%a) ({
  }) : (i32) -> i32
  "test.effect"(%0, %1, %2, %3, %4, %5, %6, %7, %e7, %8, %e8, %9, %10) : (i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32) -> ()
  return
}
