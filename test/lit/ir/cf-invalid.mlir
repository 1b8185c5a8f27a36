// RUN: npu-opt %s --split-input-file --verify-diagnostics
// cf.br and cf.cond_br verifiers (ir/builtin.c): successor operands
// must match the target block's arguments in count and type; cond_br
// splits its operands with operand_segment_sizes (MLIR 14's spelling)
// and takes an i1 condition (or, an npu-ir extension for graph values,
// a one-element tensor<i1>). Wording as MLIR's.


func.func @br_count(%a: i32) -> i32 {
  // expected-error@+1 {{'cf.br' op branch has 0 operands for successor #0, but target block has 1}}
  "cf.br"()[^bb1] : () -> ()
^bb1(%x: i32):
  return %x : i32
}

// -----

func.func @br_type(%a: i32) -> f32 {
  // expected-error@+1 {{'cf.br' op type mismatch for bb argument #0 of successor #0}}
  "cf.br"(%a)[^bb1] : (i32) -> ()
^bb1(%x: f32):
  return %x : f32
}

// -----

func.func @br_no_successor() {
  // expected-error@+1 {{'cf.br' op requires 1 successor but found 0}}
  "cf.br"() : () -> ()
}

// -----

func.func @cond_br_no_segments(%c: i1) {
  // expected-error@+1 {{'cf.cond_br' op requires 'operand_segment_sizes' attribute of 3 i32 elements}}
  "cf.cond_br"(%c)[^bb1, ^bb1] : (i1) -> ()
^bb1:
  return
}

// -----

func.func @cond_br_total(%c: i1) {
  // expected-error@+1 {{'cf.cond_br' op operand count (1) does not match with the total size (2) specified in attribute 'operand_segment_sizes'}}
  "cf.cond_br"(%c)[^bb1, ^bb1] {operand_segment_sizes = dense<[1, 1, 0]> : vector<3xi32>} : (i1) -> ()
^bb1:
  return
}

// -----

func.func @cond_br_negative(%c: i1) {
  // expected-error@+1 {{'cf.cond_br' op 'operand_segment_sizes' attribute cannot have negative elements}}
  "cf.cond_br"(%c)[^bb1, ^bb1] {operand_segment_sizes = dense<[1, -1, 1]> : vector<3xi32>} : (i1) -> ()
^bb1:
  return
}

// -----

func.func @cond_br_two_conditions(%c: i1) {
  // expected-error@+1 {{'cf.cond_br' op requires exactly one condition operand}}
  "cf.cond_br"(%c, %c)[^bb1, ^bb1] {operand_segment_sizes = dense<[2, 0, 0]> : vector<3xi32>} : (i1, i1) -> ()
^bb1:
  return
}

// -----

func.func @cond_br_condition_type(%c: i32) {
  // expected-error@+1 {{'cf.cond_br' op operand #0 must be 1-bit signless integer (or tensor<i1>), but got 'i32'}}
  "cf.cond_br"(%c)[^bb1, ^bb1] {operand_segment_sizes = dense<[1, 0, 0]> : vector<3xi32>} : (i32) -> ()
^bb1:
  return
}

// -----

func.func @cond_br_false_operands(%c: tensor<i1>, %a: i32) {
  // expected-error@+1 {{'cf.cond_br' op branch has 1 operands for successor #1, but target block has 0}}
  "cf.cond_br"(%c, %a)[^bb1, ^bb2] {operand_segment_sizes = dense<[1, 0, 1]> : vector<3xi32>} : (tensor<i1>, i32) -> ()
^bb1:
  return
^bb2:
  return
}

// -----

func.func @br_not_last(%a: i32) {
  // expected-error@+2 {{operation with block successors must terminate its parent block}}
  // expected-error@+1 {{'cf.br' op must be the last operation in the parent block}}
  "cf.br"()[^bb1] : () -> ()
  return
^bb1:
  return
}
