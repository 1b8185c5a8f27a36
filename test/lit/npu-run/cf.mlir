// npu-run runs functions of several blocks: cf.br and cf.cond_br pick
// the next block and bind its arguments; a block may run again (a loop),
// and an endless loop is stopped with a diagnostic.
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: %python %S/Inputs/mknpy.py %t.d/t.npy '|b1' '' 1
// RUN: %python %S/Inputs/mknpy.py %t.d/f.npy '|b1' '' 0
// RUN: %python %S/Inputs/mknpy.py %t.d/a.npy '<f4' 2 1,2
// RUN: %python %S/Inputs/mknpy.py %t.d/b.npy '<f4' 2 10,20
// RUN: %npu_build/bin/npu-run %s --entry=diamond --input=%t.d/t.npy --input=%t.d/a.npy --input=%t.d/b.npy --print | FileCheck %s --check-prefix=TRUE
// RUN: %npu_build/bin/npu-run %s --entry=diamond --input=%t.d/f.npy --input=%t.d/a.npy --input=%t.d/b.npy --print | FileCheck %s --check-prefix=FALSE
// RUN: %npu_build/bin/npu-run %s --entry=loop --input=%t.d/a.npy --print | FileCheck %s --check-prefix=LOOP
// RUN: %npu_build/bin/npu-run %s --entry=swap --input=%t.d/a.npy --input=%t.d/b.npy --print | FileCheck %s --check-prefix=SWAP
// RUN: %npu_build/bin/npu-run %s --entry=swap_loop --input=%t.d/a.npy --input=%t.d/b.npy --print | FileCheck %s --check-prefix=SWAPLOOP
// RUN: not %npu_build/bin/npu-run %s --entry=forever 2>&1 | FileCheck %s --check-prefix=FOREVER

// True: -a + a = [0, 0]. False: (b - a) + a = b = [10, 20].
// TRUE: result #0: tensor<2xf32> = [0, 0]
// FALSE: result #0: tensor<2xf32> = [10, 20]
func.func @diamond(%c: tensor<i1>, %a: tensor<2xf32>, %b: tensor<2xf32>) -> tensor<2xf32> {
  "cf.cond_br"(%c, %a, %b, %a)[^bb1, ^bb2] {operand_segment_sizes = dense<[1, 1, 2]> : vector<3xi32>} : (tensor<i1>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> ()
^bb1(%x: tensor<2xf32>):
  %n = "graph.neg"(%x) : (tensor<2xf32>) -> tensor<2xf32>
  "cf.br"(%n)[^bb3] : (tensor<2xf32>) -> ()
^bb2(%y: tensor<2xf32>, %z: tensor<2xf32>):
  %s = "graph.sub"(%y, %z) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  "cf.br"(%s)[^bb3] : (tensor<2xf32>) -> ()
^bb3(%r: tensor<2xf32>):
  %o = "graph.add"(%r, %a) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return %o : tensor<2xf32>
}

// A counter 3, 2, 1 (the condition is cast(clip(i, 0, 1)) to i1): the
// body adds a three times, [3, 6].
// LOOP: result #0: tensor<2xf32> = [3, 6]
func.func @loop(%a: tensor<2xf32>) -> tensor<2xf32> {
  %n = "graph.constant"() {value = dense<3.0> : tensor<f32>} : () -> tensor<f32>
  %z = "graph.constant"() {value = dense<0.0> : tensor<2xf32>} : () -> tensor<2xf32>
  "cf.br"(%n, %z)[^head] : (tensor<f32>, tensor<2xf32>) -> ()
^head(%i: tensor<f32>, %acc: tensor<2xf32>):
  %one = "graph.constant"() {value = dense<1.0> : tensor<f32>} : () -> tensor<f32>
  %cl = "graph.clip"(%i) {min = 0.0, max = 1.0} : (tensor<f32>) -> tensor<f32>
  %c = "graph.cast"(%cl) {to = i1} : (tensor<f32>) -> tensor<i1>
  "cf.cond_br"(%c, %i, %acc, %acc)[^body, ^exit] {operand_segment_sizes = dense<[1, 2, 1]> : vector<3xi32>} : (tensor<i1>, tensor<f32>, tensor<2xf32>, tensor<2xf32>) -> ()
^body(%j: tensor<f32>, %s: tensor<2xf32>):
  %s2 = "graph.add"(%s, %a) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  %j2 = "graph.sub"(%j, %one) : (tensor<f32>, tensor<f32>) -> tensor<f32>
  "cf.br"(%j2, %s2)[^head] : (tensor<f32>, tensor<2xf32>) -> ()
^exit(%r: tensor<2xf32>):
  return %r : tensor<2xf32>
}

// Each branch swaps the pair it passes on: (b, a), then (a, b), so
// p - q = a - b.
// SWAP: result #0: tensor<2xf32> = [-9, -18]
func.func @swap(%a: tensor<2xf32>, %b: tensor<2xf32>) -> tensor<2xf32> {
  "cf.br"(%b, %a)[^bb1] : (tensor<2xf32>, tensor<2xf32>) -> ()
^bb1(%x: tensor<2xf32>, %y: tensor<2xf32>):
  "cf.br"(%y, %x)[^bb2] : (tensor<2xf32>, tensor<2xf32>) -> ()
^bb2(%p: tensor<2xf32>, %q: tensor<2xf32>):
  %d = "graph.sub"(%p, %q) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return %d : tensor<2xf32>
}

// A loop whose back edge swaps its block's own arguments: all operands
// are read before any argument is rebound. Three rounds (counter 3, 2,
// 1) turn (a, b) into (b, a): x - y = b - a = [9, 18] (rebinding one by
// one would give (b, b) and [0, 0]).
// SWAPLOOP: result #0: tensor<2xf32> = [9, 18]
func.func @swap_loop(%a: tensor<2xf32>, %b: tensor<2xf32>) -> tensor<2xf32> {
  %n = "graph.constant"() {value = dense<3.0> : tensor<f32>} : () -> tensor<f32>
  "cf.br"(%a, %b, %n)[^head] : (tensor<2xf32>, tensor<2xf32>, tensor<f32>) -> ()
^head(%x: tensor<2xf32>, %y: tensor<2xf32>, %i: tensor<f32>):
  %one = "graph.constant"() {value = dense<1.0> : tensor<f32>} : () -> tensor<f32>
  %cl = "graph.clip"(%i) {min = 0.0, max = 1.0} : (tensor<f32>) -> tensor<f32>
  %c = "graph.cast"(%cl) {to = i1} : (tensor<f32>) -> tensor<i1>
  %j = "graph.sub"(%i, %one) : (tensor<f32>, tensor<f32>) -> tensor<f32>
  "cf.cond_br"(%c, %y, %x, %j)[^head, ^exit] {operand_segment_sizes = dense<[1, 3, 0]> : vector<3xi32>} : (tensor<i1>, tensor<2xf32>, tensor<2xf32>, tensor<f32>) -> ()
^exit:
  %d = "graph.sub"(%x, %y) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return %d : tensor<2xf32>
}

// FOREVER: error: 'cf.br' op more than 16777216 branches taken in one call (endless loop?)
func.func @forever() {
  "cf.br"()[^bb1] : () -> ()
^bb1:
  "cf.br"()[^bb1] : () -> ()
}
