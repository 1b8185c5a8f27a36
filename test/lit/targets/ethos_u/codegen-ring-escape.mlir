// ethos-u-codegen's rolling buffer whose stripe is also read after the
// stream (here by npu.mean, which stays on the CPU; in MobileNet-v2 this
// was a one-row convolution without a SHRAM layout, until that was
// fixed): the rows from that stripe on must end the run unwrapped in
// the ring, so the 5-row ring of codegen-ring.test grows to 8 and no
// window or stripe needs a second tile. The stream and the CPU op give
// in the simulator what the interpreter gives on the program (three
// seeds).
// RUN: npu-opt --ethos-u-target %s --ethos-u-codegen -o %t.cg.mlir
// RUN: FileCheck %s < %t.cg.mlir
// RUN: sh -c 'for s in 1 2 3; do npu-run %s --seed=$s --output=%t.a0.npy --output=%t.a1.npy >/dev/null && npu-run %t.cg.mlir --seed=$s --output=%t.b0.npy --output=%t.b1.npy >/dev/null && cmp %t.a0.npy %t.b0.npy && cmp %t.a1.npy %t.b1.npy || exit 1; done'
// RUN: npu-translate --emit=ethos-u -o %t.tflite %t.cg.mlir
// RUN: npu-translate --decode=ethos-u %t.tflite | FileCheck %s --check-prefix=TILES
// CHECK-COUNT-1: "ethos_u.stream"
// CHECK-NEXT: "npu.mean"
// CHECK-NOT: "npu.
//
// The stripes of rows 3-5 and 6-7 are written at ring rows 3 and 6 in
// one tile each (a 5-row ring wraps both), the windows read in one.
// TILES: NPU_SET_OFM_BASE0 addr=0x[[#%x,RING:]] 
// TILES: ; operation 1
// TILES: NPU_SET_OFM_BASE0 addr=0x[[#%x,RING+192]] 
// TILES-NEXT: NPU_SET_OFM_HEIGHT0_M1 height_m1=2
// TILES: ; operation 3
// TILES: NPU_SET_OFM_BASE0 addr=0x[[#%x,RING+384]] 
// TILES-NEXT: NPU_SET_OFM_HEIGHT0_M1 height_m1=1
// TILES-NOT: BASE2
// TILES: ; operation 5

func.func @main(%x: tensor<1x8x4x16xi8>) -> (tensor<1x6x4x16xi8>, tensor<1x1x1x16xi8>) {
  %s0 = "npu.slice"(%x) {begin = [0, 0, 0, 0], ethos_u.view = "rows", size = [1, 3, 4, 16]} : (tensor<1x8x4x16xi8>) -> tensor<1x3x4x16xi8>
  %p0 = "npu.pool"(%s0) {ethos_u.ring = [5, 0], ethos_u.stripe = [0, 0, 3], kernel = [1, 1], mode = "max", padding = [0, 0, 0, 0]} : (tensor<1x3x4x16xi8>) -> tensor<1x3x4x16xi8>
  %c0 = "npu.pool"(%p0) {ethos_u.stripe = [1, 0, 3], kernel = [3, 1], mode = "max", padding = [0, 0, 0, 0]} : (tensor<1x3x4x16xi8>) -> tensor<1x1x4x16xi8>
  %s1 = "npu.slice"(%x) {begin = [0, 3, 0, 0], ethos_u.view = "rows", size = [1, 3, 4, 16]} : (tensor<1x8x4x16xi8>) -> tensor<1x3x4x16xi8>
  %p1 = "npu.pool"(%s1) {ethos_u.ring = [5, 3], ethos_u.stripe = [0, 1, 3], kernel = [1, 1], mode = "max", padding = [0, 0, 0, 0]} : (tensor<1x3x4x16xi8>) -> tensor<1x3x4x16xi8>
  %k1 = "npu.slice"(%p0) {begin = [0, 1, 0, 0], ethos_u.view = "rows", size = [1, 2, 4, 16]} : (tensor<1x3x4x16xi8>) -> tensor<1x2x4x16xi8>
  %w1 = "npu.concat"(%k1, %p1) {axis = 1 : i64, ethos_u.view = "rows"} : (tensor<1x2x4x16xi8>, tensor<1x3x4x16xi8>) -> tensor<1x5x4x16xi8>
  %c1 = "npu.pool"(%w1) {ethos_u.stripe = [1, 1, 3], kernel = [3, 1], mode = "max", padding = [0, 0, 0, 0]} : (tensor<1x5x4x16xi8>) -> tensor<1x3x4x16xi8>
  %s2 = "npu.slice"(%x) {begin = [0, 6, 0, 0], ethos_u.view = "rows", size = [1, 2, 4, 16]} : (tensor<1x8x4x16xi8>) -> tensor<1x2x4x16xi8>
  %p2 = "npu.pool"(%s2) {ethos_u.ring = [5, 6], ethos_u.stripe = [0, 2, 3], kernel = [1, 1], mode = "max", padding = [0, 0, 0, 0]} : (tensor<1x2x4x16xi8>) -> tensor<1x2x4x16xi8>
  %k2 = "npu.slice"(%p1) {begin = [0, 1, 0, 0], ethos_u.view = "rows", size = [1, 2, 4, 16]} : (tensor<1x3x4x16xi8>) -> tensor<1x2x4x16xi8>
  %w2 = "npu.concat"(%k2, %p2) {axis = 1 : i64, ethos_u.view = "rows"} : (tensor<1x2x4x16xi8>, tensor<1x2x4x16xi8>) -> tensor<1x4x4x16xi8>
  %c2 = "npu.pool"(%w2) {ethos_u.stripe = [1, 2, 3], kernel = [3, 1], mode = "max", padding = [0, 0, 0, 0]} : (tensor<1x4x4x16xi8>) -> tensor<1x2x4x16xi8>
  %out = "npu.concat"(%c0, %c1, %c2) {axis = 1 : i64, ethos_u.view = "output"} : (tensor<1x1x4x16xi8>, tensor<1x3x4x16xi8>, tensor<1x2x4x16xi8>) -> tensor<1x6x4x16xi8>
  %m = "npu.mean"(%p1) {axes = [1, 2], multiplier = 1402438301 : i64, shift = -5 : i64, input_zp = 0 : i64, output_zp = 0 : i64} : (tensor<1x3x4x16xi8>) -> tensor<1x1x1x16xi8>
  return %out, %m : tensor<1x6x4x16xi8>, tensor<1x1x1x16xi8>
}
