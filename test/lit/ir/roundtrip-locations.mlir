// Locations, printed with --print-debuginfo after ops and block arguments.
// RUN: npu-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: npu-opt %s --allow-unregistered-dialect | npu-opt --allow-unregistered-dialect | FileCheck %s
// RUN: npu-opt %s --allow-unregistered-dialect --print-op-generic --print-debuginfo | FileCheck %s --check-prefix=DEBUG
// RUN: npu-opt %s --allow-unregistered-dialect --print-op-generic --print-debuginfo | npu-opt --allow-unregistered-dialect --print-op-generic --print-debuginfo | FileCheck %s --check-prefix=DEBUG

"t.a"() : () -> () loc(unknown)
"t.b"() ({
^bb0(%a: i32 loc("q.mlir":3:4), %b: i32 loc(unknown)):
  "t.c"(%a, %b) : (i32, i32) -> () loc("n"("f.mlir":1:2))
}) : () -> () loc("nm")
"t.d"() : () -> () loc(fused["a", "b.mlir":1:2])
"t.e"() : () -> () loc(fused<"m">["a", "b"])
"t.f"() : () -> () loc(callsite("a" at "b.mlir":1:2))
"t.g"() : () -> () loc("a\"b\n")
"t.h"() : () -> () loc(fused<{x = 1}>["a", callsite(unknown at "z")])
"t.i"() : () -> () loc("file.mlir":10:20)

// CHECK: module {
// CHECK-NEXT:   "t.a"() : () -> ()
// CHECK-NEXT:   "t.b"() ({
// CHECK-NEXT:   ^bb0(%arg0: i32, %arg1: i32):
// CHECK-NEXT:     "t.c"(%arg0, %arg1) : (i32, i32) -> ()
// CHECK-NEXT:   }) : () -> ()
// CHECK-NEXT:   "t.d"() : () -> ()
// CHECK-NEXT:   "t.e"() : () -> ()
// CHECK-NEXT:   "t.f"() : () -> ()
// CHECK-NEXT:   "t.g"() : () -> ()
// CHECK-NEXT:   "t.h"() : () -> ()
// CHECK-NEXT:   "t.i"() : () -> ()
// CHECK-NEXT: }

// DEBUG: "builtin.module"() ({
// DEBUG-NEXT:   "t.a"() : () -> () loc(unknown)
// DEBUG-NEXT:   "t.b"() ({
// DEBUG-NEXT:   ^bb0(%arg0: i32 loc("q.mlir":3:4), %arg1: i32 loc(unknown)):
// DEBUG-NEXT:     "t.c"(%arg0, %arg1) : (i32, i32) -> () loc("n"("f.mlir":1:2))
// DEBUG-NEXT:   }) : () -> () loc("nm")
// DEBUG-NEXT:   "t.d"() : () -> () loc(fused["a", "b.mlir":1:2])
// DEBUG-NEXT:   "t.e"() : () -> () loc(fused<"m">["a", "b"])
// DEBUG-NEXT:   "t.f"() : () -> () loc(callsite("a" at "b.mlir":1:2))
// DEBUG-NEXT:   "t.g"() : () -> () loc("a\22b\0A")
// DEBUG-NEXT:   "t.h"() : () -> () loc(fused<{x = 1 : i64}>["a", callsite(unknown at "z")])
// DEBUG-NEXT:   "t.i"() : () -> () loc("file.mlir":10:20)
// DEBUG-NEXT: }) : () -> () loc({{.*}}:0:0)
