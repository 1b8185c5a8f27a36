// RUN: npu-opt %s --split-input-file --verify-diagnostics
// Without --allow-unregistered-dialect the verifier rejects unknown ops
// (mlir-opt's wording for a loaded dialect, used for every dialect).

func.func @f() {
  // expected-error@+1 {{unregistered operation 'foo.bar' found in dialect ('foo') that does not allow unknown operations}}
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
