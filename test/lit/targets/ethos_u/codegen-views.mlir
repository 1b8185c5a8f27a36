// ethos-u-codegen's views as addresses: a slice of whole rows is its
// input's buffer at a row offset, and an operand of a concat along H
// that the run makes is written in place inside the concat's result
// (nested concats chain); other slices and concat inputs stay copies.
// npu-run gives the same bytes before and after on random inputs.
// RUN: npu-opt %s --ethos-u-target --ethos-u-legalize=report=/dev/null -o %t.npu.mlir
// RUN: npu-opt %t.npu.mlir --ethos-u-codegen -o %t.cg.mlir
// RUN: FileCheck %s < %t.cg.mlir
// RUN: %python %S/Inputs/codegen-same.py %npu_build/bin/npu-run tflite %t.npu.mlir %t.cg.mlir rows:3 mixed:2
// RUN: npu-opt %t.npu.mlir --ethos-u-codegen -o %t.cg2.mlir
// RUN: cmp %t.cg.mlir %t.cg2.mlir

!q = !quant.uniform<i8:f32, 0.05:-3>

// Row slices of an operand and of a map made in the run, maxima written
// in place into a concat that is itself placed in a second concat, one
// of them also read after the run (a result inside the buffer).
// CHECK-LABEL: func.func @rows
// CHECK: "ethos_u.stream"
// CHECK-NOT: "npu.
// CHECK: return
func.func @rows(%x: tensor<1x8x4x16x!q>, %y: tensor<1x8x4x16x!q>) -> (tensor<1x12x4x16x!q>, tensor<1x3x4x16x!q>, tensor<1x8x4x16x!q>) {
  %m = "graph.maximum"(%x, %y) : (tensor<1x8x4x16x!q>, tensor<1x8x4x16x!q>) -> tensor<1x8x4x16x!q>
  %a = "graph.slice"(%m) {begin = [0, 2, 0, 0], size = [1, 3, 4, 16]} : (tensor<1x8x4x16x!q>) -> tensor<1x3x4x16x!q>
  %b = "graph.slice"(%x) {begin = [0, 5, 0, 0], size = [1, 3, 4, 16]} : (tensor<1x8x4x16x!q>) -> tensor<1x3x4x16x!q>
  %c = "graph.minimum"(%a, %b) : (tensor<1x3x4x16x!q>, tensor<1x3x4x16x!q>) -> tensor<1x3x4x16x!q>
  %d = "graph.maximum"(%a, %b) : (tensor<1x3x4x16x!q>, tensor<1x3x4x16x!q>) -> tensor<1x3x4x16x!q>
  %e = "graph.concat"(%c, %d) {axis = 1} : (tensor<1x3x4x16x!q>, tensor<1x3x4x16x!q>) -> tensor<1x6x4x16x!q>
  %f = "graph.minimum"(%e, %e) : (tensor<1x6x4x16x!q>, tensor<1x6x4x16x!q>) -> tensor<1x6x4x16x!q>
  %g = "graph.concat"(%f, %e) {axis = 1} : (tensor<1x6x4x16x!q>, tensor<1x6x4x16x!q>) -> tensor<1x12x4x16x!q>
  return %g, %d, %m : tensor<1x12x4x16x!q>, tensor<1x3x4x16x!q>, tensor<1x8x4x16x!q>
}

// A map in two concats (the second copies it, as a rolling buffer's
// kept rows), a slice inside a row (a copy) and a concat along W (copies).
// CHECK-LABEL: func.func @mixed
// CHECK: "ethos_u.stream"
// CHECK-NOT: "npu.
// CHECK: return
func.func @mixed(%x: tensor<1x4x6x8x!q>, %y: tensor<1x4x6x8x!q>) -> (tensor<1x12x6x8x!q>, tensor<1x8x6x8x!q>) {
  %m = "graph.maximum"(%x, %y) : (tensor<1x4x6x8x!q>, tensor<1x4x6x8x!q>) -> tensor<1x4x6x8x!q>
  %n = "graph.minimum"(%x, %y) : (tensor<1x4x6x8x!q>, tensor<1x4x6x8x!q>) -> tensor<1x4x6x8x!q>
  %a = "graph.concat"(%m, %n) {axis = 1} : (tensor<1x4x6x8x!q>, tensor<1x4x6x8x!q>) -> tensor<1x8x6x8x!q>
  %b = "graph.concat"(%n, %m) {axis = 1} : (tensor<1x4x6x8x!q>, tensor<1x4x6x8x!q>) -> tensor<1x8x6x8x!q>
  %s = "graph.slice"(%a) {begin = [0, 1, 2, 0], size = [1, 4, 3, 8]} : (tensor<1x8x6x8x!q>) -> tensor<1x4x3x8x!q>
  %t = "graph.slice"(%b) {begin = [0, 3, 0, 0], size = [1, 4, 3, 8]} : (tensor<1x8x6x8x!q>) -> tensor<1x4x3x8x!q>
  %u = "graph.concat"(%s, %t) {axis = 2} : (tensor<1x4x3x8x!q>, tensor<1x4x3x8x!q>) -> tensor<1x4x6x8x!q>
  %v = "graph.concat"(%u, %a) {axis = 1} : (tensor<1x4x6x8x!q>, tensor<1x8x6x8x!q>) -> tensor<1x12x6x8x!q>
  return %v, %b : tensor<1x12x6x8x!q>, tensor<1x8x6x8x!q>
}
