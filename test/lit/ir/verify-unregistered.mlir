// RUN: npu-opt %s --split-input-file --verify-diagnostics
// Without --allow-unregistered-dialect the verifier rejects unknown ops,
// with mlir-opt's wording for unknown dialects and for known ones.

func.func @f() {
  // expected-error@+1 {{'foo.bar' op created with unregistered dialect. If this is intended, please call allowUnregisteredDialects() on the MLIRContext, or use -allow-unregistered-dialect with the MLIR tool used}}
  "foo.bar"() : () -> ()
  return
}

// -----

func.func @g() {
  // expected-error@+1 {{unregistered operation 'func.bogus' found in dialect ('func') that does not allow unknown operations}}
  "func.bogus"() : () -> ()
  return
}

// -----

func.func @ok(%a: i32) -> i32 {
  %0 = "func.call"(%a) {callee = @ok} : (i32) -> i32
  return %0 : i32
}
