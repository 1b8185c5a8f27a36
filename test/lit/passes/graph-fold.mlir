// The graph dialect's fold hooks (dialects/graph/fold.c) and constant
// materializer, applied by canonicalize's greedy driver: values by hand,
// and npu-run gives the same results before and after canonicalize
// (folds compute what the reference kernels compute).
// REQUIRES: graph-dialect
// RUN: npu-opt --split-input-file --canonicalize %s | FileCheck %s
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: %npu_build/bin/npu-run %s --entry=unary --print | FileCheck %s --check-prefix=RUN-UNARY
// RUN: npu-opt --canonicalize %s -o %t.d/c.mlir
// RUN: %npu_build/bin/npu-run %t.d/c.mlir --entry=unary --print | FileCheck %s --check-prefix=RUN-UNARY
// RUN: %npu_build/bin/npu-run %s --entry=ints --print | FileCheck %s --check-prefix=RUN-INTS
// RUN: %npu_build/bin/npu-run %t.d/c.mlir --entry=ints --print | FileCheck %s --check-prefix=RUN-INTS
// RUN: %npu_build/bin/npu-run %s --entry=quant --seed=7 --output=%t.d/q0.npy --output=%t.d/q1.npy
// RUN: %npu_build/bin/npu-run %t.d/c.mlir --entry=quant --seed=7 --compare=%t.d/q0.npy --compare=%t.d/q1.npy --atol=0 --rtol=0

// a = [-2.5, -0, 3, 7]: n = -a = [2.5, 0, -3, -7], |a| = [2.5, 0, 3, 7],
// relu(a) = [0, 0, 3, 7], relu6(a) = [0, -0, 3, 6];
// max(n, relu6) = [2.5, -0, 3, 6] (0 > -0 is false: the kernel keeps the
// second); / |a| = [1, NaN (-0 / 0), 1, 6/7]; min(that, relu(a)) =
// [0, 0 (NaN < 0 is false), 1, 0.857142865 (6/7 in f32)].
// CHECK-LABEL: func.func @unary() -> tensor<4xf32> {
// CHECK-NEXT: %[[C:.*]] = "graph.constant"() {value = dense<[0.000000e+00, 0.000000e+00, 1.000000e+00, 0.857142865]> : tensor<4xf32>}
// CHECK-NEXT: return %[[C]]
// RUN-UNARY: result #0: tensor<4xf32> = [0, 0, 1, 0.857143]
func.func @unary() -> tensor<4xf32> {
  %a = "graph.constant"() {value = dense<[-2.5, -0.0, 3.0, 7.0]> : tensor<4xf32>} : () -> tensor<4xf32>
  %n = "graph.neg"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  %b = "graph.abs"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  %r = "graph.relu"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  %r6 = "graph.relu6"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  %m = "graph.maximum"(%n, %r6) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %q = "graph.div"(%m, %b) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %s = "graph.minimum"(%q, %r) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %s : tensor<4xf32>
}

// -----
// Integers fold to what the kernels compute (in f32, then rounded and
// saturated): 100 * 2 in i8 is 127. Beyond 2^24 f32 is not exact, so
// nothing folds: 2^24 + 1 stays an add (the kernel gives 2^24).
// Integer division is left to its kernel.
// CHECK-LABEL: func.func @ints()
// CHECK-DAG: "graph.constant"() {value = dense<127> : tensor<2xi8>}
// CHECK-DAG: %[[BIG:.*]] = "graph.constant"() {value = dense<16777216> : tensor<2xi32>}
// CHECK-DAG: %[[ONE:.*]] = "graph.constant"() {value = dense<1> : tensor<2xi32>}
// CHECK-DAG: %[[SEVEN:.*]] = "graph.constant"() {value = dense<7> : tensor<2xi32>}
// CHECK-DAG: "graph.add"(%[[BIG]], %[[ONE]])
// CHECK-DAG: "graph.div"(%[[SEVEN]], %{{.*}})
// RUN-INTS: result #0: tensor<2xi8> = [127, 127]
// RUN-INTS: result #1: tensor<2xi32> = [16777216, 16777216]
func.func @ints() -> (tensor<2xi8>, tensor<2xi32>, tensor<2xi32>) {
  %a = "graph.constant"() {value = dense<100> : tensor<2xi8>} : () -> tensor<2xi8>
  %two = "graph.constant"() {value = dense<2> : tensor<2xi8>} : () -> tensor<2xi8>
  %m = "graph.mul"(%a, %two) : (tensor<2xi8>, tensor<2xi8>) -> tensor<2xi8>
  %big = "graph.constant"() {value = dense<16777216> : tensor<2xi32>} : () -> tensor<2xi32>
  %one = "graph.constant"() {value = dense<1> : tensor<2xi32>} : () -> tensor<2xi32>
  %s = "graph.add"(%big, %one) : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi32>
  %seven = "graph.constant"() {value = dense<7> : tensor<2xi32>} : () -> tensor<2xi32>
  %three = "graph.constant"() {value = dense<3> : tensor<2xi32>} : () -> tensor<2xi32>
  %d = "graph.div"(%seven, %three) : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi32>
  return %m, %s, %d : tensor<2xi8>, tensor<2xi32>, tensor<2xi32>
}

// -----
// Quantized values: arithmetic is never folded (an add of the zero
// point constant, an add of two constants), but moving integers is
// exact: a reshape and a transpose of a per-tensor quantized constant
// fold to its storage integers, [[1, 2], [3, 4]] transposed.
// CHECK-LABEL: func.func @quant(
// CHECK-DAG: "graph.constant"() {value = dense<{{\[\[}}1, 3], [2, 4]]> : tensor<2x2xi8>} : () -> tensor<2x2x!quant.uniform<i8:f32, 5.000000e-01:-1>>
// CHECK-DAG: %[[Z:.*]] = "graph.constant"() {value = dense<-1> : tensor<4xi8>}
// CHECK-DAG: %[[C:.*]] = "graph.constant"() {value = dense<[1, 2, 3, 4]> : tensor<4xi8>}
// CHECK-DAG: "graph.add"(%arg0, %[[Z]])
// CHECK-DAG: "graph.add"(%[[C]], %[[C]])
// CHECK-NOT: graph.reshape
// CHECK-NOT: graph.transpose
func.func @quant(%x: tensor<4x!quant.uniform<i8:f32, 0.5:-1>>) -> (tensor<4x!quant.uniform<i8:f32, 0.5:-1>>, tensor<2x2x!quant.uniform<i8:f32, 0.5:-1>>) {
  %z = "graph.constant"() {value = dense<-1> : tensor<4xi8>} : () -> tensor<4x!quant.uniform<i8:f32, 0.5:-1>>
  %a = "graph.add"(%x, %z) : (tensor<4x!quant.uniform<i8:f32, 0.5:-1>>, tensor<4x!quant.uniform<i8:f32, 0.5:-1>>) -> tensor<4x!quant.uniform<i8:f32, 0.5:-1>>
  %c = "graph.constant"() {value = dense<[1, 2, 3, 4]> : tensor<4xi8>} : () -> tensor<4x!quant.uniform<i8:f32, 0.5:-1>>
  %d = "graph.add"(%c, %c) : (tensor<4x!quant.uniform<i8:f32, 0.5:-1>>, tensor<4x!quant.uniform<i8:f32, 0.5:-1>>) -> tensor<4x!quant.uniform<i8:f32, 0.5:-1>>
  %e = "graph.add"(%a, %d) : (tensor<4x!quant.uniform<i8:f32, 0.5:-1>>, tensor<4x!quant.uniform<i8:f32, 0.5:-1>>) -> tensor<4x!quant.uniform<i8:f32, 0.5:-1>>
  %r = "graph.reshape"(%c) {shape = [2, 2]} : (tensor<4x!quant.uniform<i8:f32, 0.5:-1>>) -> tensor<2x2x!quant.uniform<i8:f32, 0.5:-1>>
  %t = "graph.transpose"(%r) {perm = [1, 0]} : (tensor<2x2x!quant.uniform<i8:f32, 0.5:-1>>) -> tensor<2x2x!quant.uniform<i8:f32, 0.5:-1>>
  return %e, %t : tensor<4x!quant.uniform<i8:f32, 0.5:-1>>, tensor<2x2x!quant.uniform<i8:f32, 0.5:-1>>
}

// -----
// Equal constants are shared and kept at the front of the function
// (MLIR's folder); x - 0, x / 1, 1 * x go; 0 - x does not (it is -x).
// CHECK-LABEL: func.func @shared(
// CHECK-NEXT: %[[Z:.*]] = "graph.constant"() {value = dense<0.000000e+00> : tensor<3xf32>}
// CHECK-NEXT: %[[S:.*]] = "graph.sub"(%[[Z]], %arg0)
// CHECK-NEXT: return %arg0, %[[S]]
func.func @shared(%x: tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>) {
  %z1 = "graph.constant"() {value = dense<0.0> : tensor<3xf32>} : () -> tensor<3xf32>
  %a = "graph.sub"(%x, %z1) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  %one = "graph.constant"() {value = dense<1.0> : tensor<3xf32>} : () -> tensor<3xf32>
  %b = "graph.div"(%a, %one) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  %c = "graph.mul"(%one, %b) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  %z2 = "graph.constant"() {value = dense<0.0> : tensor<3xf32>} : () -> tensor<3xf32>
  %d = "graph.sub"(%z2, %c) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  return %c, %d : tensor<3xf32>, tensor<3xf32>
}
