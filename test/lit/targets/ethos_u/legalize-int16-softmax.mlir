// 16-bit SOFTMAX (Vela 3.10 has a 16-bit sequence for it) lowers to
// npu.softmax computing the graph's arithmetic, so the lowering is
// byte-identical with the graph program; 16-bit TANH stays on the CPU
// (lut16-vs-graph.test says why).
// RUN: npu-opt %s --ethos-u-legalize='report=%t.report' -o %t.mlir
// RUN: FileCheck %s < %t.mlir
// RUN: FileCheck %s --check-prefix=REPORT < %t.report
// RUN: %python %S/Inputs/same-results.py %npu_build/bin/npu-run %s %t.mlir sm th | FileCheck %s --check-prefix=SAME
// SAME: mismatches: 0
// CHECK-LABEL: func.func @sm
// CHECK: "npu.softmax"
// CHECK-LABEL: func.func @th
// CHECK: "npu.cpu"
// REPORT: Warning: TANH '{{.*}}' is not supported on the NPU. Placing on CPU instead
// REPORT-NEXT:  - npu-ir: 16-bit activations stay on the CPU
// REPORT: CPU operators = 1
// REPORT-NEXT: NPU operators = 1

!x = !quant.uniform<i16:f32, 0.001>
!y = !quant.uniform<i16:f32, 3.0517578125e-05>
func.func @sm(%x: tensor<1x10x!x>) -> tensor<1x10x!y> {
  %0 = "graph.softmax"(%x) : (tensor<1x10x!x>) -> tensor<1x10x!y>
  return %0 : tensor<1x10x!y>
}
func.func @th(%x: tensor<1x10x!x>) -> tensor<1x10x!y> {
  %0 = "graph.tanh"(%x) : (tensor<1x10x!x>) -> tensor<1x10x!y>
  return %0 : tensor<1x10x!y>
}
