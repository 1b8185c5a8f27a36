// Inlining a body of several blocks keeps what the function computes:
// npu-run gives the hand-computed values before and after --inline, on
// both sides of the branch.
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: %python %S/../npu-run/Inputs/mknpy.py %t.d/t.npy '|b1' '' 1
// RUN: %python %S/../npu-run/Inputs/mknpy.py %t.d/f.npy '|b1' '' 0
// RUN: %python %S/../npu-run/Inputs/mknpy.py %t.d/a.npy '<f4' 2 1,2
// RUN: npu-opt --inline %s -o %t.d/inlined.mlir
// RUN: FileCheck %s --check-prefix=IR --input-file %t.d/inlined.mlir
// RUN: %npu_build/bin/npu-run %s --input=%t.d/t.npy --input=%t.d/a.npy --print | FileCheck %s --check-prefix=TRUE
// RUN: %npu_build/bin/npu-run %t.d/inlined.mlir --input=%t.d/t.npy --input=%t.d/a.npy --print | FileCheck %s --check-prefix=TRUE
// RUN: %npu_build/bin/npu-run %s --input=%t.d/f.npy --input=%t.d/a.npy --print | FileCheck %s --check-prefix=FALSE
// RUN: %npu_build/bin/npu-run %t.d/inlined.mlir --input=%t.d/f.npy --input=%t.d/a.npy --print | FileCheck %s --check-prefix=FALSE

// IR-LABEL: func.func @main
// IR-NOT: func.call
// IR: "cf.cond_br"
// IR: ^bb3(%{{.*}}: tensor<2xf32>):  // 2 preds: ^bb1, ^bb2
// IR-NEXT: "graph.add"
// True: e = -a = [-1, -2], e * e = [1, 4], + a = [2, 6].
// False: a + a = [2, 4].
// TRUE: result #0: tensor<2xf32> = [2, 6]
// FALSE: result #0: tensor<2xf32> = [2, 4]
func.func @main(%c: tensor<i1>, %a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "func.call"(%c, %a) {callee = @pick} : (tensor<i1>, tensor<2xf32>) -> tensor<2xf32>
  %1 = "graph.add"(%0, %a) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return %1 : tensor<2xf32>
}
func.func private @pick(%c: tensor<i1>, %v: tensor<2xf32>) -> tensor<2xf32> {
  %e = "graph.neg"(%v) : (tensor<2xf32>) -> tensor<2xf32>
  "cf.cond_br"(%c, %e, %v)[^bb1, ^bb2] {operand_segment_sizes = dense<1> : vector<3xi32>} : (tensor<i1>, tensor<2xf32>, tensor<2xf32>) -> ()
^bb1(%x: tensor<2xf32>):
  %m = "graph.mul"(%x, %x) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return %m : tensor<2xf32>
^bb2(%y: tensor<2xf32>):
  return %y : tensor<2xf32>
}
