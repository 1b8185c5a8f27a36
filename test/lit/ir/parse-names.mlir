// SSA name scoping in the parser: forward references across blocks and
// out of nested regions, names reused after a region closes, names an
// isolated region hides, flat names (%v12, %arg3, %7) with and without
// #N next to names the parser hashes (%v01, %x, a fifth prefix).
// RUN: npu-opt %s --allow-unregistered-dialect --print-op-generic | FileCheck %s

// A forward reference to a later block (which dominates it), by a
// flat name and by a hashed one.
// CHECK-LABEL: "t.blocks"
// CHECK: ^bb1:
// CHECK-NEXT: "t.use"(%[[A:.*]], %[[B:.*]]) : (i32, i32) -> ()
// CHECK: ^bb2:
// CHECK-NEXT: %[[A]] = "t.def"() : () -> i32
// CHECK-NEXT: %[[B]] = "t.def"() : () -> i32
"t.blocks"() ({
  "t.br"()[^bb2] : () -> ()
^bb1:
  "t.use"(%v7, %x) : (i32, i32) -> ()
  "t.ret"() : () -> ()
^bb2:
  %v7 = "t.def"() : () -> i32
  %x = "t.def"() : () -> i32
  "t.br"()[^bb1] : () -> ()
}) : () -> ()

// A group used by #N before its definition, two regions deep: the
// placeholders move out with each region and resolve at the top (a
// module body, where uses need not be dominated).
// CHECK-LABEL: "t.outer"
// CHECK-NEXT: "t.inner"
// CHECK-NEXT: "t.use"(%[[G:.*]]#1, %[[G]]#0) : (f32, i32) -> ()
// CHECK: %[[G]]:2 = "t.def2"() : () -> (i32, f32)
"t.outer"() ({
  "t.inner"() ({
    "t.use"(%v20#1, %v20) : (f32, i32) -> ()
  }) : () -> ()
}) : () -> ()
%v20:2 = "t.def2"() : () -> (i32, f32)

// Names a closed region defined are free again, flat or hashed.
// CHECK-LABEL: "t.scope"
// CHECK: "t.in"(%{{.*}}, %{{.*}}) : (i32, i32) -> ()
// CHECK: %[[R2:.*]] = "t.def"() : () -> f32
// CHECK-NEXT: %[[H2:.*]] = "t.def"() : () -> f32
// CHECK-NEXT: "t.after"(%[[R2]], %[[H2]]) : (f32, f32) -> ()
"t.scope"() ({
  %v30 = "t.def"() : () -> i32
  %v01 = "t.def"() : () -> i32
  "t.in"(%v30, %v01) : (i32, i32) -> ()
}) : () -> ()
%v30 = "t.def"() : () -> f32
%v01 = "t.def"() : () -> f32
"t.after"(%v30, %v01) : (f32, f32) -> ()

// %v01 and %v1 are different names; so are %v1 and %1.
// CHECK: %[[V1:.*]] = "t.def"() : () -> i8
// CHECK-NEXT: %[[N1:.*]] = "t.def"() : () -> i16
// CHECK-NEXT: "t.distinct"(%[[V1]], %[[N1]], %[[H2]]) : (i8, i16, f32) -> ()
%v1 = "t.def"() : () -> i8
%1 = "t.def"() : () -> i16
"t.distinct"(%v1, %1, %v01) : (i8, i16, f32) -> ()

// An isolated region may define a name the outside has; the outer one
// is visible again after it.
// CHECK: %[[OUT:.*]] = "t.def"() : () -> i64
// CHECK: "func.func"
// CHECK: %[[IN:.*]] = "t.def"() : () -> i1
// CHECK: "t.use"(%[[IN]]) : (i1) -> ()
// CHECK: "t.use"(%[[OUT]]) : (i64) -> ()
%v40 = "t.def"() : () -> i64
func.func @iso(%arg0: i1) {
  %v40 = "t.def"() : () -> i1
  "t.use"(%v40) : (i1) -> ()
  return
}
"t.use"(%v40) : (i64) -> ()

// More prefixes than get a flat array (a fifth goes to the table), with
// forward references and #N.
// CHECK-LABEL: "t.prefixes"
// CHECK-NEXT: ^bb0(%arg0: i32, %arg1: i32, %arg2: i32, %arg3: i32, %arg4: i32):
// CHECK: ^bb1:
// CHECK-NEXT: "t.use"(%[[E:.*]]#1, %[[E]]#0, %arg0, %arg1, %arg2, %arg3, %arg4, %[[S:.*]]) :
// CHECK: ^bb2:
// CHECK-NEXT: %[[E]]:2 = "t.def2"() : () -> (i32, i32)
// CHECK-NEXT: %[[S]] = "t.def"() : () -> i32
"t.prefixes"() ({
^bb0(%arg3: i32, %a1: i32, %b1: i32, %c1: i32, %d1: i32):
  "t.br"()[^bb2] : () -> ()
^bb1:
  "t.use"(%e1#1, %e1#0, %arg3, %a1, %b1, %c1, %d1, %7) : (i32, i32, i32, i32, i32, i32, i32, i32) -> ()
  "t.ret"() : () -> ()
^bb2:
  %e1:2 = "t.def2"() : () -> (i32, i32)
  %7 = "t.def"() : () -> i32
  "t.br"()[^bb1] : () -> ()
}) : () -> ()
