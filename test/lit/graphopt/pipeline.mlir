// Named pipelines (IrPassDef.expand, ir/pass.c): graph-optimize is a flag
// and a pipeline element, expands in place, prints expanded, reads back;
// fixpoint repeats its pipeline until the IR stops changing.
// RUN: npu-opt --graph-optimize --print-pipeline | FileCheck %s --check-prefix=EXP
// EXP: builtin.module(fixpoint{pipeline=func.func({{.*}}canonicalize,cse) max-iterations=8})
// RUN: npu-opt --pass-pipeline='builtin.module(cse,graph-optimize{max-iterations=3},symbol-dce)' --print-pipeline | FileCheck %s --check-prefix=MID
// MID: builtin.module(cse,fixpoint{pipeline=func.func({{.*}}) max-iterations=3},symbol-dce)
// The printed expansion is itself a pipeline that prints the same.
// RUN: npu-opt --graph-optimize --print-pipeline > %t.txt
// RUN: %python %S/Inputs/reparse.py %npu_build/bin/npu-opt %t.txt | diff - %t.txt
//
// It runs: two activations in a chain need one fixpoint round to merge
// and fuse, one more to see nothing change.
// RUN: npu-opt --graph-optimize --pass-statistics %s 2>%t.stats | FileCheck %s
// RUN: FileCheck %s --check-prefix=STATS < %t.stats
// CHECK: "graph.add"(%arg0, %arg1) {act_max = 6.000000e+00 : f32, act_min = 0.000000e+00 : f32}
// CHECK-NEXT: return
// STATS: 2 num-iterations
// The loop stops at max-iterations (here 1: the IR still changed).
// RUN: npu-opt --graph-optimize=max-iterations=1 --pass-statistics %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=ONE
// ONE: 1 num-iterations
//
// Errors: bad option values and names, a named pipeline in a function
// pipeline, a fixpoint pipeline that does not parse.
// RUN: not npu-opt --graph-optimize=max-iterations=many %s 2>&1 | FileCheck %s --check-prefix=BADV
// BADV: <pass-pipeline>:1:31: error: invalid value 'many' for int option 'max-iterations'
// RUN: not npu-opt --pass-pipeline='builtin.module(graph-optimize{depth=2})' %s 2>&1 | FileCheck %s --check-prefix=BADO
// BADO: error: unknown option 'depth' for pass 'graph-optimize'
// RUN: not npu-opt --pass-pipeline='builtin.module(func.func(graph-optimize))' %s 2>&1 | FileCheck %s --check-prefix=NEST
// NEST: error: pass 'graph-optimize' runs on 'builtin.module' ops and cannot run in a 'func.func' pipeline
// RUN: not npu-opt --pass-pipeline='builtin.module(fixpoint{pipeline="func.func(nope)"})' %s 2>&1 | FileCheck %s --check-prefix=FIX
// FIX: <pass-pipeline>:1:11: error: 'nope' does not refer to a registered pass
func.func @f(%x: tensor<8xf32>, %y: tensor<8xf32>) -> tensor<8xf32> {
  %a = "graph.add"(%x, %y) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  %r = "graph.relu"(%a) : (tensor<8xf32>) -> tensor<8xf32>
  %s = "graph.relu6"(%r) : (tensor<8xf32>) -> tensor<8xf32>
  return %s : tensor<8xf32>
}
