// Regions, blocks and successors: value numbering continues from the
// parent region, sibling regions restart from the same number, entry
// arguments are %argN, other block arguments take plain numbers; block
// labels carry predecessor comments.
// RUN: npu-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: npu-opt %s --allow-unregistered-dialect | npu-opt --allow-unregistered-dialect | FileCheck %s
// RUN: npu-opt %s --allow-unregistered-dialect --print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: npu-opt %s --allow-unregistered-dialect --print-op-generic | npu-opt --allow-unregistered-dialect --print-op-generic | FileCheck %s --check-prefix=GENERIC

%0 = "t.top"() : () -> i32
"t.r"(%0) ({
^bb0(%a: i32, %b: f32):
  %1:2 = "t.multi"(%a) : (i32) -> (i32, i32)
  %2 = "t.inner"(%1#1) ({
  ^bb0(%c: i32):
    %3 = "t.in"(%c) : (i32) -> i32
    "t.br"(%3)[^bb1] : (i32) -> ()
  ^bb1(%d: i32):
    "t.yield"(%d) : (i32) -> ()
  }, {
    %4 = "t.in2"() : () -> i32
    "t.e"() ({
    ^bb0(%e: i32):
      "t.z"(%4, %e, %0) : (i32, i32, i32) -> ()
    }) : () -> ()
  }) : (i32) -> i32
  "t.empty"() ({
  }) : () -> ()
  "t.empty2"() ({
  ^bb0:
  }, {
    "t.q"() : () -> ()
  }) : () -> ()
  %5 = "t.cond"()[^bb1, ^bb2] : () -> (() -> i32)
^bb1:
  "t.br"()[^bb2, ^bb2] : () -> ()
^bb2:
  "t.br"()[^bb2, ^bb3] : () -> ()
^bb3(%z: i32, %y: f32):
  "t.ret"(%z, %2) : (i32, i32) -> ()
^bb4:
  "t.ret"() : () -> ()
}) : (i32) -> ()

// CHECK: module {
// CHECK-NEXT:   %0 = "t.top"() : () -> i32
// CHECK-NEXT:   "t.r"(%0) ({
// CHECK-NEXT:   ^bb0(%arg0: i32, %arg1: f32):
// CHECK-NEXT:     %1:2 = "t.multi"(%arg0) : (i32) -> (i32, i32)
// CHECK-NEXT:     %2 = "t.inner"(%1#1) ({
// CHECK-NEXT:     ^bb0(%arg2: i32):
// CHECK-NEXT:       %6 = "t.in"(%arg2) : (i32) -> i32
// CHECK-NEXT:       "t.br"(%6)[^bb1] : (i32) -> ()
// CHECK-NEXT:     ^bb1(%7: i32):  // pred: ^bb0
// CHECK-NEXT:       "t.yield"(%7) : (i32) -> ()
// CHECK-NEXT:     }, {
// CHECK-NEXT:       %6 = "t.in2"() : () -> i32
// CHECK-NEXT:       "t.e"() ({
// CHECK-NEXT:       ^bb0(%arg2: i32):
// CHECK-NEXT:         "t.z"(%6, %arg2, %0) : (i32, i32, i32) -> ()
// CHECK-NEXT:       }) : () -> ()
// CHECK-NEXT:     }) : (i32) -> i32
// CHECK-NEXT:     "t.empty"() ({
// CHECK-NEXT:     }) : () -> ()
// CHECK-NEXT:     "t.empty2"() ({
// CHECK-NEXT:     ^bb0:
// CHECK-NEXT:     }, {
// CHECK-NEXT:       "t.q"() : () -> ()
// CHECK-NEXT:     }) : () -> ()
// CHECK-NEXT:     %3 = "t.cond"()[^bb1, ^bb2] : () -> (() -> i32)
// CHECK-NEXT:   ^bb1:  // pred: ^bb0
// CHECK-NEXT:     "t.br"()[^bb2, ^bb2] : () -> ()
// CHECK-NEXT:   ^bb2:  // 4 preds: ^bb0, ^bb1, ^bb1, ^bb2
// CHECK-NEXT:     "t.br"()[^bb2, ^bb3] : () -> ()
// CHECK-NEXT:   ^bb3(%4: i32, %5: f32):  // pred: ^bb2
// CHECK-NEXT:     "t.ret"(%4, %2) : (i32, i32) -> ()
// CHECK-NEXT:   ^bb4:  // no predecessors
// CHECK-NEXT:     "t.ret"() : () -> ()
// CHECK-NEXT:   }) : (i32) -> ()
// CHECK-NEXT: }

// GENERIC: "builtin.module"() ({
// GENERIC-NEXT:   %0 = "t.top"() : () -> i32
// GENERIC-NEXT:   "t.r"(%0) ({
// GENERIC-NEXT:   ^bb0(%arg0: i32, %arg1: f32):
// GENERIC-NEXT:     %1:2 = "t.multi"(%arg0) : (i32) -> (i32, i32)
// GENERIC-NEXT:     %2 = "t.inner"(%1#1) ({
// GENERIC-NEXT:     ^bb0(%arg2: i32):
// GENERIC-NEXT:       %6 = "t.in"(%arg2) : (i32) -> i32
// GENERIC-NEXT:       "t.br"(%6)[^bb1] : (i32) -> ()
// GENERIC-NEXT:     ^bb1(%7: i32):  // pred: ^bb0
// GENERIC-NEXT:       "t.yield"(%7) : (i32) -> ()
// GENERIC-NEXT:     }, {
// GENERIC-NEXT:       %6 = "t.in2"() : () -> i32
// GENERIC-NEXT:       "t.e"() ({
// GENERIC-NEXT:       ^bb0(%arg2: i32):
// GENERIC-NEXT:         "t.z"(%6, %arg2, %0) : (i32, i32, i32) -> ()
// GENERIC-NEXT:       }) : () -> ()
// GENERIC-NEXT:     }) : (i32) -> i32
// GENERIC-NEXT:     "t.empty"() ({
// GENERIC-NEXT:     }) : () -> ()
// GENERIC-NEXT:     "t.empty2"() ({
// GENERIC-NEXT:     ^bb0:
// GENERIC-NEXT:     }, {
// GENERIC-NEXT:       "t.q"() : () -> ()
// GENERIC-NEXT:     }) : () -> ()
// GENERIC-NEXT:     %3 = "t.cond"()[^bb1, ^bb2] : () -> (() -> i32)
// GENERIC-NEXT:   ^bb1:  // pred: ^bb0
// GENERIC-NEXT:     "t.br"()[^bb2, ^bb2] : () -> ()
// GENERIC-NEXT:   ^bb2:  // 4 preds: ^bb0, ^bb1, ^bb1, ^bb2
// GENERIC-NEXT:     "t.br"()[^bb2, ^bb3] : () -> ()
// GENERIC-NEXT:   ^bb3(%4: i32, %5: f32):  // pred: ^bb2
// GENERIC-NEXT:     "t.ret"(%4, %2) : (i32, i32) -> ()
// GENERIC-NEXT:   ^bb4:  // no predecessors
// GENERIC-NEXT:     "t.ret"() : () -> ()
// GENERIC-NEXT:   }) : (i32) -> ()
// GENERIC-NEXT: }) : () -> ()
