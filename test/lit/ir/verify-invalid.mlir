// RUN: npu-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect
// One case per verifier rule (ir/verify.c, ir/builtin.c); wording as
// mlir-opt's.

func.func @use_before_def() {
  // expected-error@+1 {{operand #0 does not dominate this use}}
  "foo.use"(%0) : (i32) -> ()
  // expected-note@+1 {{operand defined here (op in the same block)}}
  %0 = "foo.def"() : () -> i32
  return
}

// -----

func.func @not_dominating_block(%c: i1) {
  "foo.cond_br"(%c)[^bb1, ^bb2] : (i1) -> ()
^bb1:
  // expected-note@+1 {{operand defined here (op in the same region)}}
  %0 = "foo.def"() : () -> i32
  "foo.br"()[^bb2] : () -> ()
^bb2:
  // expected-error@+1 {{operand #0 does not dominate this use}}
  "foo.use"(%0) : (i32) -> ()
  return
}

// -----

func.func @unreachable_block_is_not_checked() {
  return
^bb1:
  "foo.use"(%0) : (i32) -> ()
  "foo.br"()[^bb2] : () -> ()
^bb2:
  %0 = "foo.def"() : () -> i32
  "foo.br"()[^bb1] : () -> ()
}

// -----

// The note for a block argument points at the region's op, as MLIR's.
// expected-note@+1 {{operand defined as a block argument (block #1 in the same region)}}
func.func @block_arg_not_dominating(%c: i1) {
  "foo.cond_br"(%c)[^bb1, ^bb2] : (i1) -> ()
^bb1(%x: i32):
  "foo.br"()[^bb2] : () -> ()
^bb2:
  // expected-error@+1 {{operand #0 does not dominate this use}}
  "foo.use"(%x) : (i32) -> ()
  return
}

// -----

func.func @own_result_in_region() {
  // expected-note@+1 {{operand defined here (op in a parent region)}}
  %0 = "foo.region"() ({
    // expected-error@+1 {{operand #0 does not dominate this use}}
    "foo.use"(%0) : (i32) -> ()
  }) : () -> i32
  return
}

// -----

// Regions of unregistered ops and of builtin.module are graph regions.
"foo.graph"() ({
  "foo.use"(%0) : (i32) -> ()
  %0 = "foo.def"() : () -> i32
}) : () -> ()
"foo.use"(%1) : (i32) -> ()
%1 = "foo.def"() : () -> i32

// -----

func.func @return_not_last() {
  // expected-error@+1 {{'func.return' op must be the last operation in the parent block}}
  return
  "foo.op"() : () -> ()
}

// -----

func.func @no_terminator() {
  // expected-error@+1 {{block with no terminator, has "func.call"}}
  "func.call"() {callee = @no_terminator} : () -> ()
}

// -----

// expected-error@+1 {{empty block: expect at least a terminator}}
"func.func"() ({
^bb0:
}) {function_type = () -> (), sym_name = "empty"} : () -> ()

// -----

func.func @unregistered_terminator_ok() {
  "foo.anything"() : () -> ()
}

// -----

func.func @successor_not_last() {
  // expected-error@+1 {{operation with block successors must terminate its parent block}}
  "foo.br"()[^bb1] : () -> ()
  "foo.op"() : () -> ()
^bb1:
  return
}

// -----

// expected-error@+1 {{entry block of region may not have predecessors}}
"func.func"() ({
^bb0:
  "foo.br"()[^bb0] : () -> ()
}) {function_type = () -> (), sym_name = "entry_preds"} : () -> ()

// -----

func.func @result_count() {
  // expected-error@+1 {{'func.return' op requires zero results}}
  %0 = "func.return"() : () -> i32
}

// -----

// expected-error@+1 {{'builtin.module' op requires one region}}
"builtin.module"() ({
}, {
}) : () -> ()

// -----

// Isolation ("using value defined outside the region") cannot be written
// here: the parser already scopes names at isolated ops, as mlir-opt's
// does. test/unit/ir/verify_test.c covers it.

"foo.wrap"() ({
  // expected-error@+1 {{'builtin.module' op Operations with a 'SymbolTable' must have exactly one block}}
  "builtin.module"() ({
  ^bb0:
    "foo.op"() : () -> ()
  ^bb1:
    "foo.op"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----

// expected-note@+1 {{see existing symbol definition here}}
func.func private @dup()
// expected-error@+1 {{redefinition of symbol named 'dup'}}
func.func private @dup()

// -----

// expected-error@+1 {{'func.func' op type of entry block argument #0('i32') must match the type of the corresponding argument in function signature('f32')}}
"func.func"() ({
^bb0(%x: i32):
  "func.return"() : () -> ()
}) {function_type = (f32) -> (), sym_name = "arg_type"} : () -> ()

// -----

// expected-error@+1 {{'func.func' op entry block must have 2 arguments to match function signature}}
"func.func"() ({
^bb0(%x: i32):
  "func.return"() : () -> ()
}) {function_type = (i32, i32) -> (), sym_name = "arg_count"} : () -> ()

// -----

// expected-error@+1 {{'func.func' op requires a type attribute 'function_type'}}
"func.func"() ({
}) {sym_name = "no_type"} : () -> ()

// -----

// expected-error@+1 {{'func.func' op requires 'function_type' attribute of function type}}
"func.func"() ({
}) {function_type = i32, sym_name = "bad_type"} : () -> ()

// -----

// expected-error@+1 {{'func.func' op requires string attribute 'sym_name'}}
"func.func"() ({
}) {function_type = () -> ()} : () -> ()

// -----

// A symbol's visibility is one of three keywords (the function printer
// writes it bare, so anything else would not read back); found by the
// parse fuzzer's round-trip mode.
// expected-error@+1 {{'func.func' op visibility expected to be one of ["public", "private", "nested"], but got "ne sted"}}
"func.func"() ({
}) {function_type = () -> (), sym_name = "f", sym_visibility = "ne sted"} : () -> ()

// -----

// expected-error@+1 {{'func.func' op visibility expected to be one of ["public", "private", "nested"], but got "bogus"}}
"func.func"() ({
  "func.return"() : () -> ()
}) {function_type = () -> (), sym_name = "g", sym_visibility = "bogus"} : () -> ()

// -----

"builtin.module"() ({
  // expected-error@+1 {{'builtin.module' op requires visibility attribute 'sym_visibility' to be a string attribute, but got 3 : i32}}
  "builtin.module"() ({
  ^bb0:
  }) {sym_name = "m", sym_visibility = 3 : i32} : () -> ()
}) : () -> ()

// -----

// All three visibilities are fine, on functions and modules (a function
// declaration must not be public, below).
"builtin.module"() ({
  "builtin.module"() ({
  ^bb0:
  }) {sym_name = "m", sym_visibility = "nested"} : () -> ()
  "func.func"() ({
  }) {function_type = () -> (), sym_name = "f", sym_visibility = "private"} : () -> ()
  "func.func"() ({
    "func.return"() : () -> ()
  }) {function_type = () -> (), sym_name = "g", sym_visibility = "public"} : () -> ()
}) : () -> ()

// -----

func.func @return_count() -> (i32, i32) {
  %0 = "foo.def"() : () -> i32
  // expected-error@+1 {{'func.return' op has 1 operands, but enclosing function (@return_count) returns 2}}
  return %0 : i32
}

// -----

func.func @return_type() -> i32 {
  %0 = "foo.def"() : () -> f32
  // expected-error@+1 {{type of return operand 0 ('f32') doesn't match function result type ('i32') in function @return_type}}
  return %0 : f32
}

// -----

func.func @return_parent() {
  "foo.region"() ({
    // expected-error@+1 {{'func.return' op expects parent op 'func.func'}}
    "func.return"() : () -> ()
  }) : () -> ()
  return
}

// -----

func.func @call_no_callee() {
  // expected-error@+1 {{'func.call' op requires a 'callee' symbol reference attribute}}
  "func.call"() : () -> ()
  return
}

// -----

func.func @call_unknown() {
  // expected-error@+1 {{'func.call' op 'nope' does not reference a valid function}}
  "func.call"() {callee = @nope} : () -> ()
  return
}

// -----

func.func private @callee(i32) -> i32

func.func @call_operands() {
  // expected-error@+1 {{'func.call' op incorrect number of operands for callee}}
  %0 = "func.call"() {callee = @callee} : () -> i32
  return
}

// -----

func.func private @callee(i32) -> i32

func.func @call_operand_type(%a: f32) {
  // expected-error@+1 {{'func.call' op operand type mismatch: expected operand type 'i32', but provided 'f32' for operand number 0}}
  %0 = "func.call"(%a) {callee = @callee} : (f32) -> i32
  return
}

// -----

func.func private @callee(i32) -> i32

func.func @call_result_type(%a: i32) {
  // expected-error@+3 {{'func.call' op result type mismatch at index 0}}
  // expected-note@+2 {{op result types: 'f32'}}
  // expected-note@+1 {{function result types: 'i32'}}
  %0 = "func.call"(%a) {callee = @callee} : (i32) -> f32
  return
}
