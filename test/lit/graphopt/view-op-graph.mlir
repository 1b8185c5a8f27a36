// view-op-graph (passes/view_op_graph.c): the IR as a Graphviz DOT
// graph; the IR itself is unchanged.
// RUN: npu-opt --view-op-graph=output=%t.dot %s -o %t.mlir
// RUN: FileCheck %s < %t.dot
// RUN: npu-opt %s | diff - %t.mlir
// RUN: npu-opt --view-op-graph='output=- print-attrs=false print-result-types=false' %s -o /dev/null | FileCheck %s --check-prefix=BARE
// RUN: npu-opt --view-op-graph=max-label-len=0 %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=LONG
// RUN: not npu-opt --view-op-graph=max-label-len=-1 %s 2>&1 | FileCheck %s --check-prefix=NEG
// RUN: not npu-opt --view-op-graph=output=%t.nodir/x.dot %s 2>&1 | FileCheck %s --check-prefix=NODIR
// CHECK: digraph G {
// CHECK: subgraph cluster_1 {
// CHECK-NEXT: label="func.func @f";
// CHECK-NEXT: v1 [label="{arg0|tensor\<1x4x4x2xf32\>}" style=filled fillcolor=lightgrey];
// CHECK-NEXT: v2 [label="{graph.constant|tensor\<3x1x1x2xf32\>}"];
// CHECK-NEXT: v3 [label="{graph.conv2d|act_min: 0.000000e+00 : f32|padding: [1, 1, 1, 1]|tensor\<1x6x6x3xf32\>}"];
// CHECK-NEXT: v1 -> v3;
// CHECK-NEXT: v2 -> v3;
// CHECK-NEXT: v4 [label="{func.return}"];
// CHECK-NEXT: v3 -> v4;
// BARE: v3 [label="{graph.conv2d}"];
// LONG: v0 [label="{func.func|function_type: (tensor\<1x4x4x2xf32\>) -\> tensor\<1x6x6x3xf32\>|sym_name: \"f\"}"];
// NEG: error: view-op-graph: max-label-len must be 0 (no limit) or positive, not -1
// NODIR: error: view-op-graph: cannot write '{{.*}}.nodir/x.dot'
func.func @f(%x: tensor<1x4x4x2xf32>) -> tensor<1x6x6x3xf32> {
  %w = "graph.constant"() {value = dense<1.0> : tensor<3x1x1x2xf32>} : () -> tensor<3x1x1x2xf32>
  %c = "graph.conv2d"(%x, %w) {act_min = 0.0 : f32, padding = [1, 1, 1, 1]} : (tensor<1x4x4x2xf32>, tensor<3x1x1x2xf32>) -> tensor<1x6x6x3xf32>
  return %c : tensor<1x6x6x3xf32>
}
