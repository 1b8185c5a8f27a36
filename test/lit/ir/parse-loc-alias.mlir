// RUN: npu-opt %s --allow-unregistered-dialect --print-debuginfo --print-op-generic | FileCheck %s
// Location aliases as mlir-opt-14 prints them with debug info: defined
// before or after their uses, resolved on input.

#loc2 = loc("in.mlir":2:6)
// CHECK: ^bb0(%arg0: i32 loc("in.mlir":2:6)):
// CHECK: "x.y"(%arg0) : (i32) -> i32 loc("in.mlir":3:8)
// CHECK: "x.z"() : () -> () loc(fused<"m">["a", callsite("c" at "in.mlir":2:6)])
// CHECK: "x.w"() : () -> () loc("n"("in.mlir":3:8))
// CHECK: }) : () -> () loc("in.mlir":1:1)
"a.b"() ({
^bb0(%arg0: i32 loc(#loc2)):
  %0 = "x.y"(%arg0) : (i32) -> i32 loc(#loc4)
  "x.z"() : () -> () loc(#loc5)
  "x.w"() : () -> () loc("n"(#loc4))
}) : () -> () loc(#loc1)
#loc1 = loc("in.mlir":1:1)
#loc4 = loc("in.mlir":3:8)
#loc5 = loc(fused<"m">["a", callsite("c" at #loc2)])

// RUN: printf '"a.b"() : () -> () loc(#nope)\n' > %t.undef
// RUN: not npu-opt %t.undef --allow-unregistered-dialect 2>&1 | FileCheck %s --check-prefix=UNDEF
// UNDEF: 1:24: error: undefined symbol alias id 'nope'

// RUN: printf '"a.b"() : () -> () loc(#a)\n#a = loc(#b)\n#b = loc(#a)\n' > %t.cycle
// RUN: not npu-opt %t.cycle --allow-unregistered-dialect 2>&1 | FileCheck %s --check-prefix=CYCLE
// CYCLE: 1:24: error: location aliases refer to each other

// RUN: printf '#a = loc("x")\n#a = loc("y")\n' > %t.redef
// RUN: not npu-opt %t.redef --allow-unregistered-dialect 2>&1 | FileCheck %s --check-prefix=REDEF
// REDEF: 2:1: error: redefinition of location alias id 'a'
