// Errors found while running: a kernel's own check, unbounded recursion,
// a function without a body. Each is reported at the op, exit status 1.
// RUN: not %npu_build/bin/npu-run %s --entry=pool 2>&1 | FileCheck %s --check-prefix=POOL
// RUN: not %npu_build/bin/npu-run %s --entry=recurse --seed=1 2>&1 | FileCheck %s --check-prefix=REC
// RUN: not %npu_build/bin/npu-run %s --entry=decl --seed=1 2>&1 | FileCheck %s --check-prefix=DECL
// RUN: not %npu_build/bin/npu-run %s --entry=dynamic --seed=1 2>&1 | FileCheck %s --check-prefix=DYN
// RUN: %python %S/../tools/Inputs/expect-exit.py 1 %npu_build/bin/npu-run %s --entry=pool

// An explicit padding row above a 1x1 window: the first output sees only
// padding, which TFLite's average pool rejects (no element to divide by).
// POOL: kernel-errors.mlir:[[# @LINE + 3]]:8: error: 'npu.pool' op a pooling window covers only padding
func.func @pool() -> tensor<1x2x1x1xi8> {
  %x = "graph.constant"() {value = dense<1> : tensor<1x1x1x1xi8>} : () -> tensor<1x1x1x1xi8>
  %0 = "npu.pool"(%x) {mode = "avg", kernel = [1, 1], padding = [1, 0, 0, 0]} : (tensor<1x1x1x1xi8>) -> tensor<1x2x1x1xi8>
  return %0 : tensor<1x2x1x1xi8>
}

// REC: error: 'func.func' op call depth exceeds 256 (unbounded recursion?)
func.func @recurse(%x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "func.call"(%x) {callee = @recurse} : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// DECL: error: 'func.func' op is a declaration: nothing to run
func.func private @decl(tensor<2xf32>) -> tensor<2xf32>

// A result whose shape is only known at run time.
// DYN: kernel-errors.mlir:[[# @LINE + 2]]:8: error: 'graph.reshape' op result #0 is not a static tensor or memref: npu-run needs static shapes
func.func @dynamic(%x: tensor<2xf32>) -> tensor<?xf32> {
  %0 = "graph.reshape"(%x) {shape = [-1]} : (tensor<2xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
