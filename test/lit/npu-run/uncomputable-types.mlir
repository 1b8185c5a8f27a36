// Element types the text format holds but npu-run cannot compute with
// (complex, f80, f128, integers wider than 64 bits) are refused with a
// message at the op or for the input, exit status 1, never a crash; the
// graph folder leaves them alone.
// RUN: not %npu_build/bin/npu-run %s --entry=cplx 2>&1 | FileCheck %s --check-prefix=CPLX
// RUN: not %npu_build/bin/npu-run %s --entry=wide 2>&1 | FileCheck %s --check-prefix=WIDE
// RUN: not %npu_build/bin/npu-run %s --entry=quad --seed=1 2>&1 | FileCheck %s --check-prefix=QUAD
// RUN: %python %S/../tools/Inputs/expect-exit.py 1 %npu_build/bin/npu-run %s --entry=cplx
// RUN: %npu_build/bin/npu-opt %s --canonicalize | FileCheck %s --check-prefix=FOLD

// CPLX: uncomputable-types.mlir:[[# @LINE + 2]]:8: error: 'graph.constant' op result #0 is not a static tensor or memref
func.func @cplx() -> tensor<2xcomplex<f32>> {
  %0 = "graph.constant"() {value = dense<(1.0, 2.0)> : tensor<2xcomplex<f32>>} : () -> tensor<2xcomplex<f32>>
  return %0 : tensor<2xcomplex<f32>>
}

// WIDE: uncomputable-types.mlir:[[# @LINE + 3]]:8: error: 'graph.constant' op result #0 is not a static tensor or memref
// FOLD: "graph.add"(%0, %0) : (tensor<2xi128>, tensor<2xi128>) -> tensor<2xi128>
func.func @wide() -> tensor<2xi128> {
  %0 = "graph.constant"() {value = dense<[1, 2]> : tensor<2xi128>} : () -> tensor<2xi128>
  %1 = "graph.add"(%0, %0) : (tensor<2xi128>, tensor<2xi128>) -> tensor<2xi128>
  return %1 : tensor<2xi128>
}

// QUAD: npu-run: error: input #0: type tensor<2xf128> is not a tensor or memref npu-run can hold
func.func @quad(%a: tensor<2xf128>) -> tensor<2xf128> {
  return %a : tensor<2xf128>
}
