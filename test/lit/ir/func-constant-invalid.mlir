// Bad func.constant: a function of another type, a missing function, a
// value that is not a symbol. Each at the op (or token), exit status 1.
// RUN: npu-opt %s --split-input-file --verify-diagnostics
// RUN: %python %S/../tools/Inputs/expect-exit.py 1 npu-opt %s --split-input-file

func.func @f(%a: i32) {
  return
}
func.func @h() {
  // expected-error@+1 {{'func.constant' op reference to function with mismatched type}}
  %c = func.constant @f : () -> ()
  return
}

// -----

func.func @k() {
  // expected-error@+1 {{'func.constant' op reference to undefined function 'nosuch'}}
  %c = constant @nosuch : () -> ()
  return
}

// -----

func.func @m() {
  // expected-error@+1 {{unexpected '"x"'}}
  %c = constant "x" : () -> ()
  return
}
