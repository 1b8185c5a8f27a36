// Round trip of every npu op; result shapes computed by hand (the
// verifier re-infers them).
// RUN: npu-opt %s | npu-opt | FileCheck %s
// RUN: npu-opt --print-op-generic %s | npu-opt | FileCheck %s

func.func @convs(%x: tensor<1x8x8x3xi8>, %w: tensor<4x3x3x3xi8>, %b: tensor<4xi32>, %q: tensor<1x8x8x3x!quant.uniform<i8:f32, 5.000000e-01:-1>>, %d: tensor<1x8x8x4xi8>, %dw: tensor<1x3x3x4xi8>, %v: tensor<1x16xi8>, %fw: tensor<10x16xi8>, %fb: tensor<10xi32>, %x16: tensor<1x8x8x3xi16>, %b64: tensor<4xi64>) {
// CHECK-LABEL: func.func @convs(
  %0 = "npu.conv2d"(%x, %w, %b) {act_max = 127 : i64, act_min = 0 : i64, input_zp = -1 : i64, multiplier = dense<1696766344> : tensor<1xi32>, output_zp = 3 : i64, padding = "same", shift = dense<-6> : tensor<1xi32>, strides = [2, 2]} : (tensor<1x8x8x3xi8>, tensor<4x3x3x3xi8>, tensor<4xi32>) -> tensor<1x4x4x4xi8>
// CHECK: "npu.conv2d"({{.*}}) {act_max = 127 : i64, act_min = 0 : i64, input_zp = -1 : i64, multiplier = dense<1696766344> : tensor<1xi32>, output_zp = 3 : i64, padding = "same", shift = dense<-6> : tensor<1xi32>, strides = [2, 2]} : ({{.*}}) -> tensor<1x4x4x4xi8>
  %1 = "npu.conv2d"(%q, %w, %b) {input_zp = -1 : i64, multiplier = dense<[1073741824, 1518500250, 1696766344, 2147483647]> : tensor<4xi32>, output_zp = 3 : i64, shift = dense<[0, -1, -6, 1]> : tensor<4xi32>} : (tensor<1x8x8x3x!quant.uniform<i8:f32, 5.000000e-01:-1>>, tensor<4x3x3x3xi8>, tensor<4xi32>) -> tensor<1x6x6x4x!quant.uniform<i8:f32, 2.500000e-01:3>>
// CHECK: "npu.conv2d"({{.*}}) {input_zp = -1 : i64, multiplier = dense<[1073741824, 1518500250, 1696766344, 2147483647]> : tensor<4xi32>, output_zp = 3 : i64, shift = dense<[0, -1, -6, 1]> : tensor<4xi32>} : ({{.*}}) -> tensor<1x6x6x4x!quant.uniform<i8:f32, 2.500000e-01:3>>
  %2 = "npu.depthwise_conv2d"(%d, %dw, %b) {dilations = [2, 2], multiplier = dense<1073741824> : tensor<1xi32>, padding = [2, 2, 2, 2], shift = dense<0> : tensor<1xi32>} : (tensor<1x8x8x4xi8>, tensor<1x3x3x4xi8>, tensor<4xi32>) -> tensor<1x8x8x4xi8>
// CHECK: "npu.depthwise_conv2d"({{.*}}) {dilations = [2, 2], multiplier = dense<1073741824> : tensor<1xi32>, padding = [2, 2, 2, 2], shift = dense<0> : tensor<1xi32>} : ({{.*}}) -> tensor<1x8x8x4xi8>
  %3 = "npu.fully_connected"(%v, %fw, %fb) {multiplier = dense<1073741824> : tensor<1xi32>, shift = dense<0> : tensor<1xi32>, weight_zp = 0 : i64} : (tensor<1x16xi8>, tensor<10x16xi8>, tensor<10xi32>) -> tensor<1x10xi8>
// CHECK: "npu.fully_connected"({{.*}}) {multiplier = dense<1073741824> : tensor<1xi32>, shift = dense<0> : tensor<1xi32>, weight_zp = 0 : i64} : ({{.*}}) -> tensor<1x10xi8>
  %4 = "npu.conv2d"(%x16, %w, %b64) {multiplier = dense<1073741824> : tensor<1xi32>, shift = dense<0> : tensor<1xi32>} : (tensor<1x8x8x3xi16>, tensor<4x3x3x3xi8>, tensor<4xi64>) -> tensor<1x6x6x4xi16>
// CHECK: "npu.conv2d"({{.*}}) {multiplier = dense<1073741824> : tensor<1xi32>, shift = dense<0> : tensor<1xi32>} : ({{.*}}) -> tensor<1x6x6x4xi16>
  return
}
func.func @pools(%x: tensor<1x8x8x4xi8>) {
// CHECK-LABEL: func.func @pools(
  %0 = "npu.pool"(%x) {kernel = [2, 2], mode = "max", strides = [2, 2]} : (tensor<1x8x8x4xi8>) -> tensor<1x4x4x4xi8>
// CHECK: "npu.pool"({{.*}}) {kernel = [2, 2], mode = "max", strides = [2, 2]} : ({{.*}}) -> tensor<1x4x4x4xi8>
  %1 = "npu.pool"(%x) {act_max = 100 : i64, act_min = -100 : i64, kernel = [3, 3], mode = "avg", padding = "same"} : (tensor<1x8x8x4xi8>) -> tensor<1x8x8x4xi8>
// CHECK: "npu.pool"({{.*}}) {act_max = 100 : i64, act_min = -100 : i64, kernel = [3, 3], mode = "avg", padding = "same"} : ({{.*}}) -> tensor<1x8x8x4xi8>
  %2 = "npu.pool"(%x) {kernel = [8, 8], mode = "sum"} : (tensor<1x8x8x4xi8>) -> tensor<1x1x1x4xi32>
// CHECK: "npu.pool"({{.*}}) {kernel = [8, 8], mode = "sum"} : ({{.*}}) -> tensor<1x1x1x4xi32>
  return
}
func.func @elementwise(%a: tensor<1x4x4x8xi8>, %b: tensor<1x1x1x8xi8>) {
// CHECK-LABEL: func.func @elementwise(
  %0 = "npu.elementwise"(%a, %b) {input_multiplier = [1073741824, 1073741824], input_shift = [0, 0], input_zp = [-128, 5], left_shift = 20 : i64, op = "add", output_multiplier = 1073741824 : i64, output_shift = -19 : i64, output_zp = 1 : i64} : (tensor<1x4x4x8xi8>, tensor<1x1x1x8xi8>) -> tensor<1x4x4x8xi8>
// CHECK: "npu.elementwise"({{.*}}) {input_multiplier = [1073741824, 1073741824], input_shift = [0, 0], input_zp = [-128, 5], left_shift = 20 : i64, op = "add", output_multiplier = 1073741824 : i64, output_shift = -19 : i64, output_zp = 1 : i64} : ({{.*}}) -> tensor<1x4x4x8xi8>
  %1 = "npu.elementwise"(%a, %a) {op = "sub"} : (tensor<1x4x4x8xi8>, tensor<1x4x4x8xi8>) -> tensor<1x4x4x8xi8>
// CHECK: "npu.elementwise"({{.*}}) {op = "sub"} : ({{.*}}) -> tensor<1x4x4x8xi8>
  %2 = "npu.elementwise"(%a, %b) {op = "mul"} : (tensor<1x4x4x8xi8>, tensor<1x1x1x8xi8>) -> tensor<1x4x4x8xi8>
// CHECK: "npu.elementwise"({{.*}}) {op = "mul"} : ({{.*}}) -> tensor<1x4x4x8xi8>
  %3 = "npu.elementwise"(%a, %a) {op = "min"} : (tensor<1x4x4x8xi8>, tensor<1x4x4x8xi8>) -> tensor<1x4x4x8xi8>
// CHECK: "npu.elementwise"({{.*}}) {op = "min"} : ({{.*}}) -> tensor<1x4x4x8xi8>
  %4 = "npu.elementwise"(%a, %a) {op = "max"} : (tensor<1x4x4x8xi8>, tensor<1x4x4x8xi8>) -> tensor<1x4x4x8xi8>
// CHECK: "npu.elementwise"({{.*}}) {op = "max"} : ({{.*}}) -> tensor<1x4x4x8xi8>
  %5 = "npu.elementwise"(%a) {op = "abs"} : (tensor<1x4x4x8xi8>) -> tensor<1x4x4x8xi8>
// CHECK: "npu.elementwise"({{.*}}) {op = "abs"} : ({{.*}}) -> tensor<1x4x4x8xi8>
  %6 = "npu.elementwise"(%a) {alpha_multiplier = 1717986918 : i64, alpha_shift = -2 : i64, op = "leaky_relu"} : (tensor<1x4x4x8xi8>) -> tensor<1x4x4x8xi8>
// CHECK: "npu.elementwise"({{.*}}) {alpha_multiplier = 1717986918 : i64, alpha_shift = -2 : i64, op = "leaky_relu"} : ({{.*}}) -> tensor<1x4x4x8xi8>
  return
}
func.func @misc(%a: tensor<1x4x4x8xi8>, %b: tensor<1x4x4x8xi8>) {
// CHECK-LABEL: func.func @misc(
  %0 = "npu.lut"(%a) {table = dense<7> : tensor<256xi8>} : (tensor<1x4x4x8xi8>) -> tensor<1x4x4x8xi8>
// CHECK: "npu.lut"({{.*}}) {table = dense<7> : tensor<256xi8>} : ({{.*}}) -> tensor<1x4x4x8xi8>
  %1 = "npu.resize"(%a) {mode = "bilinear", size = [8, 8]} : (tensor<1x4x4x8xi8>) -> tensor<1x8x8x8xi8>
// CHECK: "npu.resize"({{.*}}) {mode = "bilinear", size = [8, 8]} : ({{.*}}) -> tensor<1x8x8x8xi8>
  %2 = "npu.concat"(%a, %b) {axis = 3 : i64} : (tensor<1x4x4x8xi8>, tensor<1x4x4x8xi8>) -> tensor<1x4x4x16xi8>
// CHECK: "npu.concat"({{.*}}) {axis = 3 : i64} : ({{.*}}) -> tensor<1x4x4x16xi8>
  return
}
func.func @dma(%src: memref<16xi8, "flash">, %dst: memref<16xi8, "sram">) {
// CHECK-LABEL: func.func @dma(
  "npu.dma"(%src, %dst) : (memref<16xi8, "flash">, memref<16xi8, "sram">) -> ()
// CHECK: "npu.dma"({{.*}}) : ({{.*}}) -> ()
  return
}
func.func @cpu(%x: tensor<1x8xf32>) -> tensor<1x8xf32> {
// CHECK-LABEL: func.func @cpu(
  %0 = "npu.cpu"(%x) ({
  ^bb0(%arg1: tensor<1x8xf32>):
    %1 = "graph.softmax"(%arg1) : (tensor<1x8xf32>) -> tensor<1x8xf32>
    "npu.yield"(%1) : (tensor<1x8xf32>) -> ()
  }) : (tensor<1x8xf32>) -> tensor<1x8xf32>
// CHECK: %[[R:.*]] = "npu.cpu"(%arg0) ({
// CHECK-NEXT: ^bb0(%[[A:.*]]: tensor<1x8xf32>):
// CHECK-NEXT: %[[S:.*]] = "graph.softmax"(%[[A]])
// CHECK-NEXT: "npu.yield"(%[[S]]) : (tensor<1x8xf32>) -> ()
// CHECK-NEXT: }) : (tensor<1x8xf32>) -> tensor<1x8xf32>
  return %0 : tensor<1x8xf32>
}
