// RUN: npu-opt %s --allow-unregistered-dialect --print-debuginfo --print-op-generic | FileCheck %s
// Locations: an op gets the file location of its name token unless a
// trailing loc(...) is given (as mlir-opt does); block arguments get
// their name's location. The implicit module is at "<file>":0:0.

// CHECK: "builtin.module"() ({
"a.b"() ({
// CHECK: ^bb0(%arg0: i32 loc("{{.*}}parse-locs.mlir":[[@LINE+1]]:6), %arg1: f32 loc("x")):
^bb0(%a: i32, %b: f32 loc("x")):
  // CHECK: "x.y"(%arg0) : (i32) -> i32 loc("{{.*}}parse-locs.mlir":[[@LINE+1]]:8)
  %0 = "x.y"(%a) : (i32) -> i32
  // CHECK: "x.u"() : () -> () loc(unknown)
  "x.u"() : () -> () loc(unknown)
  // CHECK: "x.f"() : () -> () loc("f.mlir":3:4)
  "x.f"() : () -> () loc("f.mlir":3:4)
  // CHECK: "x.z"() : () -> () loc(fused<"m">["a", "b":1:2, callsite("c" at "d":3:4)])
  "x.z"() : () -> () loc(fused<"m">["a", "b":1:2, callsite("c" at "d":3:4)])
  // CHECK: "x.fused"() : () -> () loc(fused["a", "b"])
  "x.fused"() : () -> () loc(fused["a", "b"])
  // CHECK: "x.w"() : () -> () loc("n"("f":1:1))
  "x.w"() : () -> () loc("n"("f":1:1))
  // CHECK: "x.n"() : () -> () loc("name")
  "x.n"() : () -> () loc("name")
// CHECK: }) : () -> () loc("{{.*}}parse-locs.mlir":[[@LINE-17]]:1)
}) : () -> ()
// CHECK: }) : () -> () loc("{{.*}}parse-locs.mlir":0:0)
