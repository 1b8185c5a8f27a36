// RUN: npu-opt %s --allow-unregistered-dialect --split-input-file | FileCheck %s
// RUN: npu-opt %s --allow-unregistered-dialect --split-input-file --print-op-generic | FileCheck %s --check-prefix=GEN
// Generic ops, SSA names and scoping, regions and blocks, the builtin
// sugar and MLIR 14's spellings.

// CHECK-LABEL: module {
// CHECK-NEXT: %0 = "a.def"() : () -> i32
// CHECK-NEXT: %1:2 = "a.two"(%0, %0) : (i32, i32) -> (i32, f32)
// CHECK-NEXT: %2:3 = "a.groups"() : () -> (i1, i1, i1)
// CHECK-NEXT: "a.use"(%1#1, %2#0, %2#2) : (f32, i1, i1) -> ()
%x = "a.def"() : () -> i32
%y:2 = "a.two"(%x, %x) : (i32, i32) -> (i32, f32)
%a, %b:2 = "a.groups"() : () -> (i1, i1, i1)
"a.use"(%y#1, %a, %b#1) : (f32, i1, i1) -> ()

// -----

// Names are any suffix-id; regions see outer names; forward references
// to later blocks resolve at the end of the region.
// CHECK-LABEL: func.func @scopes(%arg0: i32) -> i32 {
// CHECK: "a.region"() ({
// CHECK-NEXT: "a.use"(%arg0) : (i32) -> ()
// CHECK: "a.br"()[^bb2] : () -> ()
// CHECK: ^bb1:  // pred: ^bb2
// CHECK-NEXT: "a.use"(%0) : (i64) -> ()
// CHECK: ^bb2:  // pred: ^bb0
// CHECK-NEXT: %0 = "a.def"() : () -> i64
func.func @scopes(%$weird.name-1: i32) -> i32 {
  "a.region"() ({
    "a.use"(%$weird.name-1) : (i32) -> ()
    "a.term"() : () -> ()
  }, {
  }) : () -> ()
  "a.br"()[^bb2] : () -> ()
^bb1:
  "a.use"(%late) : (i64) -> ()
  return %$weird.name-1 : i32
^bb2:
  %late = "a.def"() : () -> i64
  "a.br"()[^bb1] : () -> ()
}

// -----

// Block arguments, several successors, regions with entry labels.
// CHECK-LABEL: "a.op"() ({
// CHECK-NEXT: ^bb0(%arg0: i32, %arg1: f32):
// CHECK-NEXT: "a.cond"(%arg0)[^bb1, ^bb2] : (i32) -> ()
// CHECK-NEXT: ^bb1:
// CHECK-NEXT: "a.ret"(%arg1) : (f32) -> ()
// CHECK-NEXT: ^bb2(%0: i1):
"a.op"() ({
^entry(%i: i32, %f: f32):
  "a.cond"(%i)[^yes, ^no] : (i32) -> ()
^yes:
  "a.ret"(%f) : (f32) -> ()
^no(%c: i1):
  "a.ret"(%c) : (i1) -> ()
}) : () -> ()

// -----

// Sugar: named module with attributes, functions with every result form,
// declarations, bare and valued return.
// CHECK-LABEL: module @m attributes {a.b = 1 : i32} {
// CHECK-NEXT: func.func @none() {
// CHECK-NEXT: return
// CHECK: func.func @one() -> i32 attributes {foo} {
// CHECK: func.func @paren() -> i32 {
// CHECK: func.func @two(%arg0: i32, %arg1: f32 {a.arg}) -> (i32 {a.res}, f32) {
// CHECK-NEXT: return %arg0, %arg1 : i32, f32
// CHECK: func.func private @decl(i32) -> i32
// GEN-LABEL: "builtin.module"() ({
// GEN: "func.func"() ({
// GEN: "func.return"() : () -> ()
// GEN: }) {function_type = () -> (), sym_name = "none"} : () -> ()
// GEN: {function_type = (i32) -> i32, sym_name = "decl", sym_visibility = "private"}
// GEN: }) {a.b = 1 : i32, sym_name = "m"} : () -> ()
module @m attributes {a.b = 1 : i32} {
  func.func @none() {
    return
  }
  func.func @one() -> i32 attributes {foo} {
    %0 = "a.c"() : () -> i32
    return %0 : i32
  }
  func.func @paren() -> (i32) {
    %0 = "a.c"() : () -> i32
    return %0 : i32
  }
  func.func @two(%a: i32, %b: f32 {a.arg}) -> (i32 {a.res}, f32) {
    return %a, %b : i32, f32
  }
  func.func private @decl(i32) -> i32
}

// -----

// MLIR 14 input: func, "builtin.func" with `type`, "std.return"; and the
// generic spellings of func.func / func.return.
// CHECK-LABEL: module {
// CHECK-NEXT: func.func @old(%arg0: i32) -> i32 {
// CHECK-NEXT: return %arg0 : i32
// CHECK: func.func @builtin(%arg0: f32) {
// CHECK-NEXT: return
// CHECK: func.func @generic(%arg0: i32) -> i32 {
// CHECK-NEXT: return %arg0 : i32
func @old(%a: i32) -> i32 {
  "std.return"(%a) : (i32) -> ()
}
"builtin.func"() ({
^bb0(%x: f32):
  "std.return"() : () -> ()
}) {sym_name = "builtin", type = (f32) -> ()} : () -> ()
"func.func"() ({
^bb0(%arg0: i32):
  "func.return"(%arg0) : (i32) -> ()
}) {function_type = (i32) -> i32, sym_name = "generic"} : () -> ()

// -----

// Comments, tabs and CRLF line ends are whitespace.
// CHECK-LABEL: module {
// CHECK-NEXT: "a.ws"() {x = 1 : i64} : () -> ()
	"a.ws"()	{x = 1}	: () -> ()  // trailing comment
// -----

"a.crlf"() : () -> ()
// CHECK: "a.crlf"() : () -> ()
// -----

// A function without arguments may label its entry block.
// CHECK-LABEL: func.func @labelled() {
// CHECK-NEXT: "a.br"()[^bb1] : () -> ()
// CHECK-NEXT: ^bb1:
func.func @labelled() {
^bb0:
  "a.br"()[^bb1] : () -> ()
^bb1:
  return
}
