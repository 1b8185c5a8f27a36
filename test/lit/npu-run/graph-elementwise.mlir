// Graph elementwise ops, activations and softmax on hand-computed values.
// RUN: %npu_build/bin/npu-run %s --entry=add --print | FileCheck %s --check-prefix=ADD
// RUN: %npu_build/bin/npu-run %s --entry=sub --print | FileCheck %s --check-prefix=SUB
// RUN: %npu_build/bin/npu-run %s --entry=arith --print | FileCheck %s --check-prefix=ARITH
// RUN: %npu_build/bin/npu-run %s --entry=act --print | FileCheck %s --check-prefix=ACT
// RUN: %npu_build/bin/npu-run %s --entry=math --print | FileCheck %s --check-prefix=MATH
// RUN: %npu_build/bin/npu-run %s --entry=softmax --print | FileCheck %s --check-prefix=SOFTMAX

// [[1,2,3],[4,5,6]] + [10,20,30] broadcasts the row.
// ADD: result #0: tensor<2x3xf32> = [11, 22, 33, 14, 25, 36]
func.func @add() -> tensor<2x3xf32> {
  %a = "graph.constant"() {value = dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %b = "graph.constant"() {value = dense<[10.0, 20.0, 30.0]> : tensor<3xf32>} : () -> tensor<3xf32>
  %0 = "graph.add"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// [[1],[2]] - [1,2,3]: both operands broadcast.
// SUB: result #0: tensor<2x3xf32> = [0, -1, -2, 1, 0, -1]
func.func @sub() -> tensor<2x3xf32> {
  %a = "graph.constant"() {value = dense<[[1.0], [2.0]]> : tensor<2x1xf32>} : () -> tensor<2x1xf32>
  %b = "graph.constant"() {value = dense<[1.0, 2.0, 3.0]> : tensor<3xf32>} : () -> tensor<3xf32>
  %0 = "graph.sub"(%a, %b) : (tensor<2x1xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// ARITH: result #0: tensor<2xf32> = [3, 8]
// ARITH: result #1: tensor<2xf32> = [0.25, 0.25]
// ARITH: result #2: tensor<2xf32> = [3, 5]
// ARITH: result #3: tensor<2xf32> = [1, 2]
// ARITH: result #4: tensor<2xf32> = [-0.5, 4]
func.func @arith() -> (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) {
  %a = "graph.constant"() {value = dense<[1.0, 2.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %b = "graph.constant"() {value = dense<[3.0, 4.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %c = "graph.constant"() {value = dense<[4.0, 8.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %d = "graph.constant"() {value = dense<[1.0, 5.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %e = "graph.constant"() {value = dense<[3.0, 2.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %x = "graph.constant"() {value = dense<[-2.0, 4.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %al = "graph.constant"() {value = dense<[0.25, 0.5]> : tensor<2xf32>} : () -> tensor<2xf32>
  %0 = "graph.mul"(%a, %b) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  %1 = "graph.div"(%a, %c) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  %2 = "graph.maximum"(%d, %e) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  %3 = "graph.minimum"(%d, %e) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  %4 = "graph.prelu"(%x, %al) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return %0, %1, %2, %3, %4 : tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>
}

// relu, relu6, clip [-1, 1], leaky_relu 0.5, hard_swish, hard_sigmoid on
// [-3, -1, 0, 1, 3, 7]: hard_swish(1) = 1 * 4 / 6, hard_sigmoid(1) = 4 / 6.
// ACT: result #0: tensor<6xf32> = [0, 0, 0, 1, 3, 7]
// ACT: result #1: tensor<6xf32> = [0, 0, 0, 1, 3, 6]
// ACT: result #2: tensor<6xf32> = [-1, -1, 0, 1, 1, 1]
// ACT: result #3: tensor<6xf32> = [-1.5, -0.5, 0, 1, 3, 7]
// ACT: result #4: tensor<6xf32> = [-0, -0.333333, 0, 0.666667, 3, 7]
// ACT: result #5: tensor<6xf32> = [0, 0.333333, 0.5, 0.666667, 1, 1]
func.func @act() -> (tensor<6xf32>, tensor<6xf32>, tensor<6xf32>, tensor<6xf32>, tensor<6xf32>, tensor<6xf32>) {
  %x = "graph.constant"() {value = dense<[-3.0, -1.0, 0.0, 1.0, 3.0, 7.0]> : tensor<6xf32>} : () -> tensor<6xf32>
  %0 = "graph.relu"(%x) : (tensor<6xf32>) -> tensor<6xf32>
  %1 = "graph.relu6"(%x) : (tensor<6xf32>) -> tensor<6xf32>
  %2 = "graph.clip"(%x) {min = -1.0 : f32, max = 1.0 : f32} : (tensor<6xf32>) -> tensor<6xf32>
  %3 = "graph.leaky_relu"(%x) {alpha = 0.5 : f32} : (tensor<6xf32>) -> tensor<6xf32>
  %4 = "graph.hard_swish"(%x) : (tensor<6xf32>) -> tensor<6xf32>
  %5 = "graph.hard_sigmoid"(%x) : (tensor<6xf32>) -> tensor<6xf32>
  return %0, %1, %2, %3, %4, %5 : tensor<6xf32>, tensor<6xf32>, tensor<6xf32>, tensor<6xf32>, tensor<6xf32>, tensor<6xf32>
}

// On [0, 1, 4]: sigmoid(0) = 0.5, 1/(1+e^-1) = 0.731059, 1/(1+e^-4) =
// 0.982014; tanh(1) = 0.761594; gelu(1) = 0.5(1 + erf(1/sqrt 2)) =
// 0.841345, its tanh form 0.841192; exp(1) = e, exp(4) = 54.59815 (54.598148 in f32); sqrt(4) = 2.
// MATH: result #0: tensor<3xf32> = [0.5, 0.731059, 0.982014]
// MATH: result #1: tensor<3xf32> = [0, 0.761594, 0.999329]
// MATH: result #2: tensor<3xf32> = [0, 0.841345, 3.99987]
// MATH: result #3: tensor<3xf32> = [0, 0.841192, 3.99993]
// MATH: result #4: tensor<3xf32> = [1, 2.71828, {{54.598[12]}}]
// MATH: result #5: tensor<3xf32> = [0, 1, 2]
// MATH: result #6: tensor<3xf32> = [inf, 1, 0.5]
// MATH: result #7: tensor<3xf32> = [0, 1, 4]
// MATH: result #8: tensor<3xf32> = [-0, -1, -4]
func.func @math() -> (tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) {
  %x = "graph.constant"() {value = dense<[0.0, 1.0, 4.0]> : tensor<3xf32>} : () -> tensor<3xf32>
  %n = "graph.constant"() {value = dense<[0.0, -1.0, -4.0]> : tensor<3xf32>} : () -> tensor<3xf32>
  %0 = "graph.sigmoid"(%x) : (tensor<3xf32>) -> tensor<3xf32>
  %1 = "graph.tanh"(%x) : (tensor<3xf32>) -> tensor<3xf32>
  %2 = "graph.gelu"(%x) : (tensor<3xf32>) -> tensor<3xf32>
  %3 = "graph.gelu"(%x) {approximate = true} : (tensor<3xf32>) -> tensor<3xf32>
  %4 = "graph.exp"(%x) : (tensor<3xf32>) -> tensor<3xf32>
  %5 = "graph.sqrt"(%x) : (tensor<3xf32>) -> tensor<3xf32>
  %6 = "graph.rsqrt"(%x) : (tensor<3xf32>) -> tensor<3xf32>
  %7 = "graph.abs"(%n) : (tensor<3xf32>) -> tensor<3xf32>
  %8 = "graph.neg"(%x) : (tensor<3xf32>) -> tensor<3xf32>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8 : tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>
}

// softmax([0, ln 3]) = [1, 3] / 4; beta 2 on [0, ln 3 / 2] gives the same;
// log_softmax = [ln 0.25, ln 0.75]; along axis 0 of [[0, 0], [ln 3, 0]].
// SOFTMAX: result #0: tensor<2xf32> = [0.25, 0.75]
// SOFTMAX: result #1: tensor<2xf32> = [0.25, 0.75]
// SOFTMAX: result #2: tensor<2xf32> = [-1.38629, -0.287682]
// SOFTMAX: result #3: tensor<2x2xf32> = [0.25, 0.5, 0.75, 0.5]
func.func @softmax() -> (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2x2xf32>) {
  %x = "graph.constant"() {value = dense<[0.0, 1.09861229]> : tensor<2xf32>} : () -> tensor<2xf32>
  %h = "graph.constant"() {value = dense<[0.0, 0.549306145]> : tensor<2xf32>} : () -> tensor<2xf32>
  %m = "graph.constant"() {value = dense<[[0.0, 0.0], [1.09861229, 0.0]]> : tensor<2x2xf32>} : () -> tensor<2x2xf32>
  %0 = "graph.softmax"(%x) : (tensor<2xf32>) -> tensor<2xf32>
  %1 = "graph.softmax"(%h) {beta = 2.0 : f32} : (tensor<2xf32>) -> tensor<2xf32>
  %2 = "graph.log_softmax"(%x) : (tensor<2xf32>) -> tensor<2xf32>
  %3 = "graph.softmax"(%m) {axis = 0 : i64} : (tensor<2x2xf32>) -> tensor<2x2xf32>
  return %0, %1, %2, %3 : tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2x2xf32>
}
