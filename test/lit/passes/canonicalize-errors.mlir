// The greedy driver stops with an error when it does not converge: a
// pattern that rewrites its op forever exhausts the rewrite budget of a
// sweep; a pipeline that changes the IR in its one allowed sweep has no
// sweep left to confirm the fixpoint. The pass fails: exit 1, no output.
// RUN: not npu-opt --register-test-ops %S/Inputs/grow.mlir --canonicalize 2>&1 | FileCheck --check-prefix=BUDGET %s
// The default budget is 8 rewrites per op plus 1024; canonicalize runs on
// the module here, 4 ops with it (module, func.func, test.grow, return):
// 8 * 4 + 1024 = 1056. The error is at the op the pass runs on.
// BUDGET: grow.mlir:{{[0-9]+:[0-9]+}}: error: pattern rewriting did not converge: more than 1056 rewrites in one sweep (patterns undoing each other?)
// max-rewrites sets the budget:
// RUN: not npu-opt --register-test-ops %S/Inputs/grow.mlir --canonicalize=max-rewrites=10 2>&1 | FileCheck --check-prefix=TEN %s
// TEN: error: pattern rewriting did not converge: more than 10 rewrites in one sweep
// RUN: not npu-opt --register-test-ops %s --canonicalize=max-iterations=1 2>&1 | FileCheck --check-prefix=ITER %s
// ITER: canonicalize-errors.mlir:{{[0-9]+:[0-9]+}}: error: pattern rewriting did not converge after 1 iterations
func.func @f() -> i32 {
  %a = "test.constant"() {value = 1 : i32} : () -> i32
  %n = "test.negate"(%a) : (i32) -> i32
  return %n : i32
}
