// func.func argument and result attributes are kept as MLIR keeps them:
// `arg_attrs` / `res_attrs` arrays with one dictionary per argument or
// result, present only when some dictionary is non-empty.
// RUN: npu-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: npu-opt %s --allow-unregistered-dialect | npu-opt --allow-unregistered-dialect | FileCheck %s
// RUN: npu-opt %s --allow-unregistered-dialect --print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: npu-opt %s --allow-unregistered-dialect --print-op-generic | npu-opt --allow-unregistered-dialect | FileCheck %s
// RUN: npu-opt %s --allow-unregistered-dialect --print-debuginfo | FileCheck %s --check-prefix=LOC

// CHECK-LABEL: func.func @f(%arg0: i32 {x.a = 1 : i32}, %arg1: f32, %arg2: i8 {x.c, x.d = "s"}) -> (i32 {x.r}, f32) {
// GENERIC: {arg_attrs = [{x.a = 1 : i32}, {}, {x.c, x.d = "s"}], function_type = (i32, f32, i8) -> (i32, f32), res_attrs = [{x.r}, {}], sym_name = "f"} : () -> ()
// LOC: func.func @f(%arg0: i32 {x.a = 1 : i32} loc("a.mlir":1:2), %arg1: f32
func.func @f(%a: i32 {x.a = 1 : i32} loc("a.mlir":1:2), %b: f32,
             %c: i8 {x.c, x.d = "s"}) -> (i32 {x.r}, f32) {
  return %a, %b : i32, f32
}

// A declaration; one result with attributes keeps its parentheses.
// CHECK: func.func private @g(i32 {x.a}) -> (i32 {x.r = 2 : i64})
// GENERIC: {arg_attrs = [{x.a}], function_type = (i32) -> i32, res_attrs = [{x.r = 2 : i64}], sym_name = "g", sym_visibility = "private"} : () -> ()
func.func private @g(i32 {x.a}) -> (i32 {x.r = 2})

// Only results have attributes.
// CHECK: func.func private @r(i32, i32) -> (i32 {x.r = [1, 2]})
// GENERIC: {function_type = (i32, i32) -> i32, res_attrs = [{x.r = [1, 2]}], sym_name = "r", sym_visibility = "private"} : () -> ()
func.func private @r(i32, i32) -> (i32 {x.r = [1, 2]})

// Empty dictionaries are dropped, as by mlir-opt-14.
// CHECK: func.func @k(%arg0: i32) -> i32 {
// GENERIC: {function_type = (i32) -> i32, sym_name = "k"} : () -> ()
func.func @k(%a: i32 {}) -> (i32 {}) {
  return %a : i32
}

// MLIR 14 spellings: `func`, and the generic builtin.func with arg_attrs.
// CHECK: func.func @old(%arg0: i32 {x.o}) -> (i32 {x.p}) {
func @old(%a: i32 {x.o}) -> (i32 {x.p}) {
  return %a : i32
}
// CHECK: func.func @gen(%arg0: i32 {x.q}) -> i32 attributes {x.z} {
// GENERIC: {arg_attrs = [{x.q}], function_type = (i32) -> i32, sym_name = "gen", x.z} : () -> ()
"builtin.func"() ({
^bb0(%a: i32):
  "std.return"(%a) : (i32) -> ()
}) {arg_attrs = [{x.q}], sym_name = "gen", type = (i32) -> i32, x.z} : () -> ()
