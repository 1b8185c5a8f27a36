// RUN: npu-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect
// Input mlir-opt-14 refuses, with its wording and columns, found by running
// MLIR's own IR tests through both tools (docs/testing.md).

// expected-error@+2 {{unexpected decimal integer literal for a floating point value}}
// expected-note@+1 {{add a trailing dot to make the literal a float}}
"t.q"() {a = !quant.uniform<u8:f32, 2:128>} : () -> ()

// -----

// expected-error@+1 {{hexadecimal float literal should not have a leading minus}}
"t.q"() {a = !quant.uniform<u8:f32, -0x3FE0000000000000:128>} : () -> ()

// -----

// expected-error@+1 {{hexadecimal float constant out of range for type}}
"t.q"() {a = !quant.uniform<u8:f32, 0x10000000000000000:128>} : () -> ()

// -----

// expected-error@+1 {{illegal scale: -5.000000e-01}}
"t.q"() {a = !quant.uniform<u8:f32, -0.5:128>} : () -> ()

// -----

// expected-error@+1 {{illegal scale: INF}}
"t.q"() {a = !quant.uniform<u8:f32, 0x7FF0000000000000:128>} : () -> ()

// -----

// expected-error@+1 {{illegal scale: nan}}
"t.q"() {a = !quant.uniform<u8:f32:0, {0.5:1, 0x7FF8000000000000:2}>} : () -> ()

// -----

// expected-error@+1 {{illegal scale: -0.000000e+00}}
"t.q"() {a = !quant.uniform<u8:f32, 0x8000000000000000:128>} : () -> ()

// -----

// The attributes a function's signature gives may not be written again.
// expected-error@+1 {{custom op 'func.func' 'function_type' is an inferred attribute and should not be specified in the explicit attribute dictionary}}
func.func @f() attributes {function_type = (i32) -> i32} {
  return
}

// -----

// expected-error@+1 {{custom op 'func.func' 'sym_name' is an inferred attribute and should not be specified in the explicit attribute dictionary}}
func.func @f() attributes {sym_name = "g"} {
  return
}

// -----

// expected-error@+1 {{custom op 'func.func' 'sym_visibility' is an inferred attribute and should not be specified in the explicit attribute dictionary}}
func.func @f() attributes {sym_visibility = "private"} {
  return
}

// -----

// MLIR 14's `func` keeps its type in `type`.
// expected-error@+1 {{custom op 'builtin.func' 'type' is an inferred attribute and should not be specified in the explicit attribute dictionary}}
func @f() attributes {type = (i32) -> i32} {
  return
}

// -----

// expected-error@+1 {{illegal storage type prefix}}
"t.q"() {a = !quant.uniform<s8:f32, 0.5:1>} : () -> ()

// -----

// expected-error@+1 {{illegal storage type size: 33}}
"t.q"() {a = !quant.uniform<i33:f32, 0.5:1>} : () -> ()

// -----

// expected-error@+1 {{integer constant out of range for attribute}}
"t.i"() {a = 1 : i0} : () -> ()

// -----

// Where npu-ir is narrower than MLIR (docs/syntax.md): values of at most
// 4096 bits.
// expected-error@+1 {{values of integer types wider than 4096 bits are not supported}}
"t.i"() {a = 1 : i4097} : () -> ()

// -----

// expected-error@+1 {{dense elements of i4097 are not supported (integer widths 1 to 4096 only)}}
"t.i"() {a = dense<1> : tensor<2xi4097>} : () -> ()

// -----

// MLIR's range rule at any width: 2^65 needs 66 bits, more than i65
// expected-error@+1 {{integer constant out of range for attribute}}
"t.i"() {a = 36893488147419103232 : i65} : () -> ()

// -----

// An attribute value is made once: it cannot name a location alias that is
// only defined further down (an op's trailing loc(...) can).
// expected-error@+1 {{location alias used in an attribute before it is defined}}
"t.l"() {a = loc(#later)} : () -> ()
#later = loc("f":1:1)

// -----

// expected-error@+1 {{location alias used in an attribute before it is defined}}
#k = [loc(#z)]
#z = loc("q":1:1)

// -----

// expected-error@+1 {{expected string containing hex digits starting with `0x`}}
"t.s"() {a = dense<"abc"> : tensor<2xi32>} : () -> ()

// -----

// expected-error@+1 {{expected integer literal, not a string}}
"t.s"() {a = dense<[1, "a"]> : tensor<2xi8>} : () -> ()

// -----

// expected-error@+1 {{expected string literal in dense string elements}}
"t.s"() {a = dense<["a", 1]> : tensor<2x!d.t>} : () -> ()

// -----

// expected-error@+1 {{inferred shape of elements literal ([2]) does not match type ([3])}}
"t.s"() {a = dense<["a", "b"]> : tensor<3x!d.t>} : () -> ()

// -----

// expected-error@+1 {{expected affine expression}}
"t.a"() {a = affine_map<(i, j) -> (, j)>} : () -> ()

// -----

// expected-error@+1 {{expected affine expression}}
"t.a"() {a = affine_map<(i) -> (i,)>} : () -> ()

// -----

// expected-error@+1 {{non-affine expression: at least one of the multiply operands has to be either a constant or symbolic}}
"t.a"() {a = affine_map<(i, j) -> (i * j)>} : () -> ()

// -----

// expected-error@+1 {{non-affine expression: right operand of floordiv has to be either a constant or symbolic}}
"t.a"() {a = affine_map<(i, j)[s] -> (i * s, i floordiv j)>} : () -> ()

// -----

// expected-error@+1 {{non-affine expression: right operand of mod has to be either a constant or symbolic}}
"t.a"() {a = affine_map<(i, j) -> (i mod (j + 1))>} : () -> ()

// -----

// expected-error@+1 {{non-affine expression: right operand of ceildiv has to be either a constant or symbolic}}
"t.a"() {a = affine_map<(i, j) -> (i ceildiv j)>} : () -> ()

// -----

// expected-error@+1 {{expected floating-point elements, but parsed integer}}
"t.f"() {a = dense<[1.5, 2]> : tensor<2xf32>} : () -> ()

// -----

// expected-error@+1 {{expected floating-point elements, but parsed integer}}
"t.f"() {a = dense<true> : tensor<f32>} : () -> ()

// -----

// expected-error@+1 {{hexadecimal float literal should not have a leading minus}}
"t.f"() {a = dense<-0x1> : tensor<2xf32>} : () -> ()

// -----

// expected-error@+1 {{vector elements must be int/index/float type}}
"t.v"() {a = vector<2xvector<2xf32>>} : () -> ()

// -----

// expected-error@+1 {{vector elements must be int/index/float type}}
"t.v"() {a = vector<2x!quant.uniform<i8:f32, 0.5>>} : () -> ()

// -----

// expected-error@+1 {{invalid tensor element type}}
"t.v"() {a = tensor<2xtuple<i32>>} : () -> ()

// -----

// memrefs hold storage types; quantization stays on the ops (DESIGN.md).
// expected-error@+1 {{invalid memref element type}}
"t.v"() {a = memref<2x!quant.uniform<i8:f32, 0.5>>} : () -> ()

// -----

// expected-error@+1 {{unsupported memory space Attribute}}
"t.m"() {a = memref<2xf32, i32>} : () -> ()

// -----

// expected-error@+1 {{unsupported memory space Attribute}}
"t.m"() {a = memref<2xf32, [1]>} : () -> ()

// -----

// expected-error@+1 {{memref layout mismatch between rank and affine map: 1 != 2}}
"t.m"() {a = memref<2xf32, affine_map<(d0, d1) -> (d0)>>} : () -> ()

// -----

// expected-error@+1 {{'func.func' op symbol declaration cannot have public visibility}}
func.func @decl(i32) -> i32

// -----

// expected-error@+1 {{'func.func' op symbol declaration cannot have public visibility}}
func.func public @decl()

// -----

// expected-error@+1 {{'func.func' op expects argument attribute array `arg_attrs` to have the same number of elements as the number of function arguments, got 1, but expected 0}}
"func.func"() ({
}) {function_type = () -> (), sym_name = "f", sym_visibility = "private", arg_attrs = [{}]} : () -> ()

// -----

// expected-error@+1 {{'func.func' op expects argument attribute dictionary to be a DictionaryAttr, but got `1 : i64`}}
"func.func"() ({
}) {function_type = (i32) -> (), sym_name = "f", sym_visibility = "private", arg_attrs = [1]} : () -> ()

// -----

// expected-error@+1 {{'func.func' op expects result attribute array `res_attrs` to have the same number of elements as the number of function results, got 2, but expected 1}}
"func.func"() ({
}) {function_type = () -> i32, sym_name = "f", sym_visibility = "private", res_attrs = [{}, {}]} : () -> ()

// -----

func.func @f(%a: i32) {
  // expected-error@+1 {{2 operands present, but expected 1}}
  br ^bb1(%a, %a : i32)
^bb1(%b: i32):
  return
}

// -----

// expected-error@+1 {{'func.func' op entry block must have 1 arguments to match function signature}}
func.func @f(i32) {
  return
}

// -----

// expected-error@+1 {{expected '== 0' or '>= 0' at end of affine constraint}}
"t.i"() {a = affine_set<(d0)[s0] : (d0 >= s0)>} : () -> ()

// -----

// expected-error@+1 {{non-affine expression: at least one of the multiply operands has to be either a constant or symbolic}}
"t.i"() {a = affine_set<(i, j) : (i * j >= 0)>} : () -> ()

// -----

// expected-error@+1 {{illegal storage min and storage max: (4:4)}}
"t.q"() : () -> !quant.uniform<i8<4:4>:f32, 1.0>

// -----

// expected-error@+1 {{illegal storage type maximum: 300}}
"t.q"() : () -> !quant.uniform<i8<4:300>:f32, 1.0>

// -----

// expected-error@+1 {{'builtin.unrealized_conversion_cast' op expected at least one result for cast operation}}
"builtin.unrealized_conversion_cast"() : () -> ()

// -----

// expected-error@+1 {{illegal storage min and storage max: (5:5)}}
"t.q"() : () -> !quant.any<i8<5:5>:f32>

// -----

// expected-error@+1 {{illegal storage type size: 40}}
"t.q"() : () -> !quant.any<i40:f32>

// -----

// expected-error@+1 {{invalid kind of type specified}}
"t.q"() : () -> !quant.any<i8:i32>

// -----

// expected-error@+1 {{invalid kind of type specified}}
"t.q"() : () -> !quant.calibrated<i8<-4:3>>

// -----

// expected-error@+1 {{illegal min and max: (2.000000e+00:1.000000e+00)}}
"t.q"() : () -> !quant.calibrated<f32<2.0:1.0>>

// -----

// expected-error@+1 {{unexpected decimal integer literal for a floating point value}}
"t.q"() : () -> !quant.calibrated<f16<-1:2>>

// -----

// expected-error@+1 {{unknown quantized type nothing}}
"t.q"() : () -> !quant.nothing
