// fuse-activations (passes/fuse_activations.c): activations merge into
// one clamp and into the op producing their input; quantized bounds
// become storage integers; an activation the quantization range implies
// goes. npu-run gives the same results before and after, bit for bit
// (float clamps are exact; quantized ones clamp the same integers).
// RUN: npu-opt --split-input-file --fuse-activations %s | FileCheck %s
// RUN: npu-opt --fuse-activations %S/Inputs/act-run.mlir -o %t.mlir
// RUN: FileCheck %s --check-prefix=RUN-IR < %t.mlir
// RUN: %npu_build/bin/npu-run %S/Inputs/act-run.mlir --seed=3 --output=%t.0.npy --output=%t.1.npy --output=%t.2.npy --output=%t.3.npy
// RUN: %npu_build/bin/npu-run %t.mlir --seed=3 --compare=%t.0.npy --compare=%t.1.npy --compare=%t.2.npy --compare=%t.3.npy --atol=0 --rtol=0 | FileCheck %s --check-prefix=SAME
// RUN-IR-NOT: graph.relu
// RUN-IR-NOT: graph.clip
// RUN-IR-NOT: graph.minimum
// RUN-IR-NOT: graph.maximum
// SAME: compare #0 {{.*}} 0 of {{[0-9]+}} outside tolerance: ok
// SAME: compare #1 {{.*}} 0 of {{[0-9]+}} outside tolerance: ok
// SAME: compare #2 {{.*}} 0 of {{[0-9]+}} outside tolerance: ok
// SAME: compare #3 {{.*}} max abs error 0, {{.*}} 0 of 16 outside tolerance: ok

// A float conv's relu becomes act_min = 0.
// CHECK-LABEL: func.func @conv_relu
// CHECK-NEXT: %[[C:.*]] = "graph.conv2d"(%arg0, %arg1) {act_min = 0.000000e+00 : f32}
// CHECK-NEXT: return %[[C]]
func.func @conv_relu(%x: tensor<1x4x4x2xf32>, %w: tensor<3x1x1x2xf32>) -> tensor<1x4x4x3xf32> {
  %c = "graph.conv2d"(%x, %w) : (tensor<1x4x4x2xf32>, tensor<3x1x1x2xf32>) -> tensor<1x4x4x3xf32>
  %r = "graph.relu"(%c) : (tensor<1x4x4x3xf32>) -> tensor<1x4x4x3xf32>
  return %r : tensor<1x4x4x3xf32>
}

// -----
// relu then relu6 then min(x, 4): one clamp [0, 4] on the add.
// CHECK-LABEL: func.func @chain
// CHECK-NEXT: %[[A:.*]] = "graph.add"(%arg0, %arg1) {act_max = 4.000000e+00 : f32, act_min = 0.000000e+00 : f32}
// CHECK-NEXT: return %[[A]]
func.func @chain(%x: tensor<8xf32>, %y: tensor<8xf32>) -> tensor<8xf32> {
  %a = "graph.add"(%x, %y) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  %r = "graph.relu"(%a) : (tensor<8xf32>) -> tensor<8xf32>
  %s = "graph.relu6"(%r) : (tensor<8xf32>) -> tensor<8xf32>
  %four = "graph.constant"() {value = dense<4.0> : tensor<8xf32>} : () -> tensor<8xf32>
  %m = "graph.minimum"(%s, %four) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  return %m : tensor<8xf32>
}

// -----
// Not applied: the conv's result has another user (it needs the value
// before the clamp); the activation's input is an argument.
// CHECK-LABEL: func.func @two_users
// CHECK: "graph.conv2d"(%arg0, %arg1) :
// CHECK: "graph.relu"
// CHECK: "graph.relu"(%arg0)
func.func @two_users(%x: tensor<1x4x4x2xf32>, %w: tensor<3x1x1x2xf32>) -> (tensor<1x4x4x3xf32>, tensor<1x4x4x3xf32>, tensor<1x4x4x2xf32>) {
  %c = "graph.conv2d"(%x, %w) : (tensor<1x4x4x2xf32>, tensor<3x1x1x2xf32>) -> tensor<1x4x4x3xf32>
  %r = "graph.relu"(%c) : (tensor<1x4x4x3xf32>) -> tensor<1x4x4x3xf32>
  %a = "graph.relu"(%x) : (tensor<1x4x4x2xf32>) -> tensor<1x4x4x2xf32>
  return %r, %c, %a : tensor<1x4x4x3xf32>, tensor<1x4x4x3xf32>, tensor<1x4x4x2xf32>
}

// -----
// Not applied: maximum against a non-constant, against a constant whose
// elements differ, and against a constant that broadcasts the input.
// CHECK-LABEL: func.func @not_constant
// CHECK-COUNT-3: "graph.maximum"
func.func @not_constant(%x: tensor<4xf32>, %y: tensor<4xf32>, %z: tensor<1xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<2x4xf32>) {
  %a = "graph.add"(%x, %y) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %m = "graph.maximum"(%a, %y) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %b = "graph.add"(%x, %y) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %c = "graph.constant"() {value = dense<[0.0, 1.0, 2.0, 3.0]> : tensor<4xf32>} : () -> tensor<4xf32>
  %n = "graph.maximum"(%b, %c) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %d = "graph.add"(%x, %y) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %k = "graph.constant"() {value = dense<0.0> : tensor<2x4xf32>} : () -> tensor<2x4xf32>
  %o = "graph.maximum"(%d, %k) : (tensor<4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  return %m, %n, %o : tensor<4xf32>, tensor<4xf32>, tensor<2x4xf32>
}

// -----
// Quantized: relu6 on a conv whose result has scale 0.05, zero point -10
// clamps storage integers [-10, round(6 / 0.05) - 10 = 110].
// CHECK-LABEL: func.func @quant
// CHECK-NEXT: "graph.depthwise_conv2d"(%arg0, %arg1, %arg2) {act_max = 1.100000e+02 : f32, act_min = -1.000000e+01 : f32}
// CHECK-NEXT: return
func.func @quant(%x: tensor<1x2x2x2x!quant.uniform<i8:f32, 0.1>>, %w: tensor<1x1x1x2x!quant.uniform<i8:f32, 0.02>>, %b: tensor<2xi32>) -> tensor<1x2x2x2x!quant.uniform<i8:f32, 0.05:-10>> {
  %c = "graph.depthwise_conv2d"(%x, %w, %b) : (tensor<1x2x2x2x!quant.uniform<i8:f32, 0.1>>, tensor<1x1x1x2x!quant.uniform<i8:f32, 0.02>>, tensor<2xi32>) -> tensor<1x2x2x2x!quant.uniform<i8:f32, 0.05:-10>>
  %r = "graph.relu6"(%c) : (tensor<1x2x2x2x!quant.uniform<i8:f32, 0.05:-10>>) -> tensor<1x2x2x2x!quant.uniform<i8:f32, 0.05:-10>>
  return %r : tensor<1x2x2x2x!quant.uniform<i8:f32, 0.05:-10>>
}

// -----
// A relu on a zero point at the storage minimum clamps nothing: removed;
// relu6 with 6 beyond the storage maximum (scale 0.01) keeps only its
// lower bound.
// CHECK-LABEL: func.func @implied
// CHECK-NEXT: %[[A:.*]] = "graph.add"(%arg0, %arg0) :
// CHECK-NEXT: %[[B:.*]] = "graph.add"(%arg1, %arg1) {act_min = 0.000000e+00 : f32}
// CHECK-NEXT: return %[[A]], %[[B]]
func.func @implied(%x: tensor<4x!quant.uniform<i8:f32, 0.1:-128>>, %y: tensor<4x!quant.uniform<i8:f32, 0.01>>) -> (tensor<4x!quant.uniform<i8:f32, 0.1:-128>>, tensor<4x!quant.uniform<i8:f32, 0.01>>) {
  %a = "graph.add"(%x, %x) : (tensor<4x!quant.uniform<i8:f32, 0.1:-128>>, tensor<4x!quant.uniform<i8:f32, 0.1:-128>>) -> tensor<4x!quant.uniform<i8:f32, 0.1:-128>>
  %r = "graph.relu"(%a) : (tensor<4x!quant.uniform<i8:f32, 0.1:-128>>) -> tensor<4x!quant.uniform<i8:f32, 0.1:-128>>
  %b = "graph.add"(%y, %y) : (tensor<4x!quant.uniform<i8:f32, 0.01>>, tensor<4x!quant.uniform<i8:f32, 0.01>>) -> tensor<4x!quant.uniform<i8:f32, 0.01>>
  %s = "graph.relu6"(%b) : (tensor<4x!quant.uniform<i8:f32, 0.01>>) -> tensor<4x!quant.uniform<i8:f32, 0.01>>
  return %r, %s : tensor<4x!quant.uniform<i8:f32, 0.1:-128>>, tensor<4x!quant.uniform<i8:f32, 0.01>>
}

// -----
// Not applied: the relu requantizes (scale 0.1 in, 0.2 out): fusing it
// would round once where the model rounds twice.
// CHECK-LABEL: func.func @requant
// CHECK: "graph.add"(%arg0, %arg0) :
// CHECK-NEXT: "graph.relu"
func.func @requant(%x: tensor<4x!quant.uniform<i8:f32, 0.1>>) -> tensor<4x!quant.uniform<i8:f32, 0.2>> {
  %a = "graph.add"(%x, %x) : (tensor<4x!quant.uniform<i8:f32, 0.1>>, tensor<4x!quant.uniform<i8:f32, 0.1>>) -> tensor<4x!quant.uniform<i8:f32, 0.1>>
  %r = "graph.relu"(%a) : (tensor<4x!quant.uniform<i8:f32, 0.1>>) -> tensor<4x!quant.uniform<i8:f32, 0.2>>
  return %r : tensor<4x!quant.uniform<i8:f32, 0.2>>
}

// -----
// max(leaky_relu(x), -0.4) (openWakeWord's embedding model): the clamp
// fuses into the leaky relu; a relu after a layer norm into it.
// CHECK-LABEL: func.func @leaky
// CHECK-NEXT: %[[L:.*]] = "graph.leaky_relu"(%arg0) {act_min = -4.000000e-01 : f32, alpha = 2.000000e-01 : f32}
// CHECK-NEXT: %[[N:.*]] = "graph.layer_norm"(%arg1) {act_min = 0.000000e+00 : f32}
// CHECK-NEXT: return %[[L]], %[[N]]
func.func @leaky(%x: tensor<8xf32>, %y: tensor<2x4xf32>) -> (tensor<8xf32>, tensor<2x4xf32>) {
  %l = "graph.leaky_relu"(%x) {alpha = 0.2 : f32} : (tensor<8xf32>) -> tensor<8xf32>
  %c = "graph.constant"() {value = dense<-0.4> : tensor<1xf32>} : () -> tensor<1xf32>
  %m = "graph.maximum"(%l, %c) : (tensor<8xf32>, tensor<1xf32>) -> tensor<8xf32>
  %n = "graph.layer_norm"(%y) : (tensor<2x4xf32>) -> tensor<2x4xf32>
  %r = "graph.relu"(%n) : (tensor<2x4xf32>) -> tensor<2x4xf32>
  return %m, %r : tensor<8xf32>, tensor<2x4xf32>
}
