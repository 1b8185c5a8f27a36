// pad-channels (passes/pad_channels.c): the MAC-array utilisation report
// of each conv2d and fully_connected, and (rewrite=true) zero padding
// with a slice; npu-run gives the same results after the rewrite.
// RUN: npu-opt --pad-channels %s -o %t.same.mlir 2>&1 | FileCheck %s
// RUN: npu-opt %s | diff - %t.same.mlir
// RUN: npu-opt --pad-channels='multiple=32 macs=256' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=M32
// RUN: npu-opt --pad-channels=rewrite %s -o %t.mlir 2>/dev/null
// RUN: FileCheck %s --check-prefix=RW < %t.mlir
// RUN: %npu_build/bin/npu-run %s --seed=17 --output=%t.0.npy --output=%t.1.npy --output=%t.2.npy
// RUN: %npu_build/bin/npu-run %t.mlir --seed=17 --compare=%t.0.npy --compare=%t.1.npy --compare=%t.2.npy --atol=0 --rtol=0 | FileCheck %s --check-prefix=SAME
// RUN: not npu-opt --pad-channels=multiple=0 %s 2>&1 | FileCheck %s --check-prefix=ZERO
// RUN: not npu-opt --pad-channels=macs=100 %s 2>&1 | FileCheck %s --check-prefix=MACS
// A 90-channel conv on a 256-MAC array computing 16 channels at a time:
// 6 blocks, 90 of 96 slots; padding to 96 fills them (6 zero channels),
// in the same 6 blocks.
// CHECK: pad-channels.mlir:[[@LINE+12]]:8: remark: pad-channels: graph.conv2d: 90 output channels use 93.8% of the channel slots of 6 blocks of 16 on 256 MACs; padded to 96: 100.0% (+6.2 points), the same 6 blocks, 6 channels of zeros sliced off
// CHECK: remark: pad-channels: graph.conv2d: 96 output channels fill 6 blocks of 16 on 256 MACs: 100.0% of the array's channel slots
// CHECK: remark: pad-channels: graph.fully_connected: 10 output channels use 62.5% of the channel slots of 1 blocks of 16
// M32: 90 output channels use 93.8% of the channel slots of 3 blocks of 32 on 256 MACs; padded to 96
// RW: "graph.conv2d"(%arg0, %{{.*}}, %{{.*}}) : (tensor<1x4x4x8xf32>, tensor<96x1x1x8xf32>, tensor<96xf32>) -> tensor<1x4x4x96xf32>
// RW-NEXT: "graph.slice"(%{{.*}}) {begin = [0, 0, 0, 0], size = [1, 4, 4, 90]}
// RW: "graph.fully_connected"({{.*}}) -> tensor<2x16xf32>
// SAME-COUNT-3: max abs error 0, {{.*}} ok
// ZERO: error: pad-channels: multiple must be positive, not 0
// MACS: error: pad-channels: macs (100) must be a positive multiple of multiple (16)
func.func @main(%x: tensor<1x4x4x8xf32>, %v: tensor<2x8xf32>) -> (tensor<1x4x4x90xf32>, tensor<1x4x4x96xf32>, tensor<2x10xf32>) {
  %w = "graph.constant"() {value = dense<0.5> : tensor<90x1x1x8xf32>} : () -> tensor<90x1x1x8xf32>
  %c = "graph.conv2d"(%x, %w) : (tensor<1x4x4x8xf32>, tensor<90x1x1x8xf32>) -> tensor<1x4x4x90xf32>
  %w2 = "graph.constant"() {value = dense<0.25> : tensor<96x1x1x8xf32>} : () -> tensor<96x1x1x8xf32>
  %c2 = "graph.conv2d"(%x, %w2) : (tensor<1x4x4x8xf32>, tensor<96x1x1x8xf32>) -> tensor<1x4x4x96xf32>
  %fw = "graph.constant"() {value = dense<[[0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8], [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8], [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8], [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8], [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8], [-0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8], [0.1, -0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8], [0.1, 0.2, -0.3, 0.4, 0.5, 0.6, 0.7, 0.8], [0.1, 0.2, 0.3, -0.4, 0.5, 0.6, 0.7, 0.8], [0.1, 0.2, 0.3, 0.4, -0.5, 0.6, 0.7, 0.8]]> : tensor<10x8xf32>} : () -> tensor<10x8xf32>
  %fb = "graph.constant"() {value = dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0]> : tensor<10xf32>} : () -> tensor<10xf32>
  %f = "graph.fully_connected"(%v, %fw, %fb) : (tensor<2x8xf32>, tensor<10x8xf32>, tensor<10xf32>) -> tensor<2x10xf32>
  return %c, %c2, %f : tensor<1x4x4x90xf32>, tensor<1x4x4x96xf32>, tensor<2x10xf32>
}
