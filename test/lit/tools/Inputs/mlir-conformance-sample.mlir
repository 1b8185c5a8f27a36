// Our own sample for mlir-conformance.py (not MLIR's text): one unit per
// class the script can tell apart with today's npu-opt and mlir-opt-14.
!elt = i16
func.func private @decl(!elt) -> f32
"x.op"() {n = 3 : i8} : () -> ()

// -----
func.func @body(%a: i32) -> i32 {
  cf.br ^next(%a : i32)
^next(%b: i32):
  func.return %b : i32
}

// -----
func.func @needs_arith() -> i32 {
  %c = arith.constant 7 : i32
  return %c : i32
}

// -----
"test.positive_int_attr"() {i32attr = 0 : i32, i64attr = 2 : i64} : () -> ()

// -----
"x.op"() : () -> tensor<3xf32, >
