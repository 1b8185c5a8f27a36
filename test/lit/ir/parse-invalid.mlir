// RUN: npu-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect
// Every parser error that can carry an annotation, one per chunk; wording
// as mlir-opt-14's where it has the same error.

// expected-error@+1 {{use of undeclared SSA value name}}
"foo.use"(%x) : (i32) -> ()

// -----

// expected-note@+1 {{previously defined here}}
%0 = "foo.def"() : () -> i32
// expected-error@+1 {{redefinition of SSA value '%0'}}
%0 = "foo.def"() : () -> i32

// -----

// expected-note@+1 {{prior use here}}
%0 = "foo.def"() : () -> i32
// expected-error@+1 {{use of value '%0' expects different type than prior uses: 'f32' vs 'i32'}}
"foo.use"(%0) : (f32) -> ()

// -----

// expected-error@+2 {{use of value '%x' expects different type than prior uses: 'f32' vs 'i32'}}
// expected-note@+1 {{prior use here}}
"foo.use"(%x, %x) : (i32, f32) -> ()

// -----

// expected-error@+1 {{expected 2 operand types but had 1}}
"foo.use"(%x, %y) : (i32) -> ()

// -----

// expected-error@+1 {{operation defines 1 results but was provided 2 to bind}}
%0:2 = "foo.def"() : () -> i32

// -----

// expected-error@+1 {{operation defines 2 results but was provided 1 to bind}}
%0 = "foo.def"() : () -> (i32, i32)

// -----

%0:2 = "foo.def"() : () -> (i32, i32)
// expected-error@+1 {{reference to invalid result number}}
"foo.use"(%0#2) : (i32) -> ()

// -----

// expected-error@+1 {{expected ')'}}
"foo.use"(%a %b) : () -> ()

// -----

// expected-error@+1 {{expected ':'}}
"foo.op"() -> ()

// -----

// expected-error@+1 {{expected function type}}
"foo.op"() : i32

// -----

// expected-error@+1 {{empty operation name is invalid}}
""() : () -> ()

// -----

// expected-error@+1 {{duplicate key 'a' in dictionary attribute}}
"foo.op"() {a = 1, a = 2} : () -> ()

// -----

// expected-error@+1 {{integer constant out of range}}
"foo.op"() {a = 18446744073709551616} : () -> ()

// -----

// expected-error@+1 {{integer constant out of range for attribute}}
"foo.op"() {a = 300 : i8} : () -> ()

// -----

// expected-error@+1 {{negative integer literal not valid for unsigned integer type}}
"foo.op"() {a = -1 : ui8} : () -> ()

// -----

// expected-error@+1 {{unexpected decimal integer literal for a floating point value}}
"foo.op"() {a = 1 : f32} : () -> ()

// -----

// expected-error@+1 {{floating point value not valid for specified type}}
"foo.op"() {a = 1.0 : i32} : () -> ()

// -----

// expected-error@+1 {{integer bitwidth is limited to 16777215 bits}}
"foo.op"() {a = i16777216} : () -> ()

// -----

// expected-error@+1 {{inferred shape of elements literal ([2]) does not match type ([3])}}
"foo.op"() {a = dense<[1, 2]> : tensor<3xi32>} : () -> ()

// -----

// expected-error@+1 {{tensor literal is invalid; ranks are not consistent between elements}}
"foo.op"() {a = dense<[[1], [1, 2]]> : tensor<2x2xi32>} : () -> ()

// -----

// expected-error@+1 {{expected integer elements, but parsed floating-point}}
"foo.op"() {a = dense<1.5> : tensor<2xi32>} : () -> ()

// -----

// expected-error@+1 {{elements hex data size is invalid for provided type}}
"foo.op"() {a = dense<"0x010203"> : tensor<2xi32>} : () -> ()

// -----

// expected-error@+1 {{elements literal type must have static shape}}
"foo.op"() {a = dense<1> : tensor<?xi32>} : () -> ()

// -----

// expected-error@+1 {{use of undeclared identifier 'd1'}}
"foo.op"() {a = affine_map<(d0) -> (d1)>} : () -> ()

// -----

// expected-error@+1 {{undefined symbol alias id 'undefined'}}
"foo.op"() {a = !undefined} : () -> ()

// -----

// expected-error@+1 {{undefined symbol alias id 'nope'}}
"foo.op"() {a = #nope} : () -> ()

// -----

!a = i32
// expected-error@+1 {{redefinition of type alias id 'a'}}
!a = f32

// -----

#a = 1
// expected-error@+1 {{redefinition of attribute alias id 'a'}}
#a = 2

// -----

// expected-error@+1 {{reference to an undefined block}}
"foo.br"()[^bb1] : () -> ()

// -----

"foo.op"() ({
^bb0:
// expected-error@+1 {{redefinition of block '^bb0'}}
^bb0:
}) : () -> ()

// -----

"foo.op"() ({
  %0 = "foo.def"() : () -> i32
  "foo.term"() : () -> ()
}) : () -> ()
// expected-error@+1 {{use of undeclared SSA value name}}
"foo.use"(%0) : (i32) -> ()

// -----

%0 = "foo.def"() : () -> i32
func.func @isolated() {
  // expected-error@+1 {{use of undeclared SSA value name}}
  "foo.use"(%0) : (i32) -> ()
  return
}

// -----

// expected-note@+1 {{previously defined here}}
%x = "foo.def"() : () -> i32
"foo.op"(%x) ({
  // expected-error@+1 {{redefinition of SSA value '%x'}}
  %x = "foo.def"() : () -> i32
}) : (i32) -> ()

// -----

"foo.use"(%x) : (i32) -> ()
// expected-error@+2 {{definition of SSA value '%x#0' has type 'f32'}}
// expected-note@-2 {{previously used here with type 'i32'}}
%x = "foo.def"() : () -> f32

// -----

// expected-error@+1 {{vector types must have positive constant sizes}}
"foo.op"() {a = vector<0xf32>} : () -> ()

// -----

// expected-error@+1 {{illegal storage type minimum: -200}}
"foo.op"() {a = !quant.uniform<i8<-200:127>:f32, 1.0>} : () -> ()

// -----

// expected-error@+1 {{expressed type must be floating point}}
"foo.op"() {a = !quant.uniform<i8:i32, 1.0>} : () -> ()

// -----

// expected-error@+1 {{expected '"' in string literal}}
"foo.op"() {a = "abc} : () -> ()

// -----

// expected-error@+1 {{unknown escape in string literal}}
"foo.op"() {a = "a\qb"} : () -> ()

// -----

// expected-error@+1 {{unexpected character}}
"foo.op"() {a = `} : () -> ()

// -----

// expected-error@+1 {{invalid identifier after prefix character}}
"foo.op"() {a = @} : () -> ()

// -----

func.func @f(%a: i32) {
// expected-error@+1 {{invalid block name in region with named arguments}}
^bb0:
  return
}

// -----

// Arguments are all named, or all left to the entry block's label.
// expected-error@+1 {{expected named arguments for a function with a body}}
func.func @f(i32, %b: i32) {
  return
}

// -----

// expected-error@+1 {{unbalanced character in pretty dialect name}}
"foo.op"() {a = !foo.bar<1, 2} : () -> ()

// -----

// expected-error@+1 {{custom op 'arith.constant' is unknown}}
%0 = arith.constant 1 : i32

// -----

// expected-error@+1 {{expected attribute value}}
"foo.op"() {a = } : () -> ()

// -----

// expected-error@+1 {{expected '}'}}
"foo.op"() {a = 1 b = 2} : () -> ()

// -----

// expected-error@+1 {{expected ']'}}
"foo.op"() {a = [1, 2} : () -> ()

// -----

// expected-error@+1 {{expected '>'}}
"foo.op"() : () -> tensor<4xf32 ]

// -----

"foo.op"() ({
// expected-error@+1 {{expected ':'}}
^bb0(%x):
}) : () -> ()

// -----

// expected-error@+1 {{expected '='}}
%0 "foo.op"() : () -> i32

// -----

// expected-error@+1 {{expected operation name in quotes}}
}

// -----

// expected-error@+1 {{expected non-empty function body}}
func.func @empty() {
}

// -----

// expected-error@+1 {{forward reference to result #100000 is out of range (limit 65535)}}
"foo.use"(%x#100000) : (i32) -> ()

// -----

// expected-error@+1 {{dense elements do not fit type}}
"foo.op"() {d = dense<1> : tensor<0xi32>} : () -> ()

// -----

// Argument attributes are dictionaries like any other.
// expected-error@+1 {{duplicate key 'x.a' in dictionary attribute}}
func.func @f(%a: i32 {x.a, x.a}) {
  return
}

// -----

// expected-error@+1 {{expected attribute value}}
func.func private @g(i32) -> (i32 {x.r = })

// -----

// A small file whose alias would print 2^25 objects.
!t0 = i32
!t1 = tuple<!t0, !t0>
!t2 = tuple<!t1, !t1>
!t3 = tuple<!t2, !t2>
!t4 = tuple<!t3, !t3>
!t5 = tuple<!t4, !t4>
!t6 = tuple<!t5, !t5>
!t7 = tuple<!t6, !t6>
!t8 = tuple<!t7, !t7>
!t9 = tuple<!t8, !t8>
!t10 = tuple<!t9, !t9>
!t11 = tuple<!t10, !t10>
!t12 = tuple<!t11, !t11>
!t13 = tuple<!t12, !t12>
!t14 = tuple<!t13, !t13>
!t15 = tuple<!t14, !t14>
!t16 = tuple<!t15, !t15>
!t17 = tuple<!t16, !t16>
!t18 = tuple<!t17, !t17>
!t19 = tuple<!t18, !t18>
!t20 = tuple<!t19, !t19>
!t21 = tuple<!t20, !t20>
!t22 = tuple<!t21, !t21>
!t23 = tuple<!t22, !t22>
// expected-error@+1 {{alias '!t24' expands to more than 16777216 elements}}
!t24 = tuple<!t23, !t23>

// -----

// A dialect type or attribute needs a dialect name (as mlir-opt-14, which
// points just past the dot); found by the parse fuzzer's round-trip mode.
// expected-error@+1 {{invalid dialect namespace '""'}}
"t.o"() : () -> !.x

// -----

// expected-error@+1 {{invalid dialect namespace '""'}}
"t.o"() {d = #.x<1>} : () -> ()

// -----

// expected-error@+1 {{invalid dialect namespace '""'}}
"t.o"() {d = !.oofbar<"x>">} : () -> ()
