// Diagnostics of passes go through the context's handler, so
// --verify-diagnostics checks them like the parser's and the verifier's.
// RUN: npu-opt --register-test-ops --verify-diagnostics --pass-pipeline='builtin.module(func.func(test-fail{message="no good"}))' %s

// expected-error@+1 {{'func.func' op test-fail: no good}}
func.func @f() {
  return
}
