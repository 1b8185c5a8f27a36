// schedule: a valid order with a lower peak of live bytes.
// RUN: npu-opt --split-input-file --schedule %s | FileCheck %s

// Three branches of two relus joined by adds. In the written order all
// three first relus are live at once (with %x: 160 bytes at the peak);
// finishing two branches before starting the third needs 128.
// CHECK-LABEL: func.func @branches
// CHECK-SAME: attributes {schedule.peak = 128 : i64}
// CHECK-NEXT: %[[A:.*]] = "graph.relu"(%arg0)
// CHECK-NEXT: %[[A2:.*]] = "graph.relu"(%[[A]])
// CHECK-NEXT: %[[B:.*]] = "graph.relu"(%arg0)
// CHECK-NEXT: %[[B2:.*]] = "graph.relu"(%[[B]])
// CHECK-NEXT: %[[AB:.*]] = "graph.add"(%[[A2]], %[[B2]])
// CHECK-NEXT: %[[C:.*]] = "graph.relu"(%arg0)
// CHECK-NEXT: %[[C2:.*]] = "graph.relu"(%[[C]])
// CHECK-NEXT: "graph.add"(%[[AB]], %[[C2]])
func.func @branches(%x: tensor<1x8xf32>) -> tensor<1x8xf32> {
  %a = "graph.relu"(%x) : (tensor<1x8xf32>) -> tensor<1x8xf32>
  %b = "graph.relu"(%x) : (tensor<1x8xf32>) -> tensor<1x8xf32>
  %c = "graph.relu"(%x) : (tensor<1x8xf32>) -> tensor<1x8xf32>
  %a2 = "graph.relu"(%a) : (tensor<1x8xf32>) -> tensor<1x8xf32>
  %b2 = "graph.relu"(%b) : (tensor<1x8xf32>) -> tensor<1x8xf32>
  %c2 = "graph.relu"(%c) : (tensor<1x8xf32>) -> tensor<1x8xf32>
  %ab = "graph.add"(%a2, %b2) : (tensor<1x8xf32>, tensor<1x8xf32>) -> tensor<1x8xf32>
  %abc = "graph.add"(%ab, %c2) : (tensor<1x8xf32>, tensor<1x8xf32>) -> tensor<1x8xf32>
  return %abc : tensor<1x8xf32>
}

// -----

// Ops with side effects keep their order; constants stay on top.
// CHECK-LABEL: func.func @effects
// CHECK-NEXT: "graph.constant"
// CHECK-NEXT: "buffer.alloc"() {size = 64
// CHECK-NEXT: "buffer.alloc"() {size = 32
// CHECK-NEXT: "buffer.dealloc"
// CHECK-NEXT: "buffer.dealloc"
func.func @effects() -> tensor<2xf32> {
  %k = "graph.constant"() {value = dense<1.0> : tensor<2xf32>} : () -> tensor<2xf32>
  %a = "buffer.alloc"() {size = 64 : i64} : () -> memref<64xi8, "sram">
  %b = "buffer.alloc"() {size = 32 : i64} : () -> memref<32xi8, "sram">
  "buffer.dealloc"(%a) : (memref<64xi8, "sram">) -> ()
  "buffer.dealloc"(%b) : (memref<32xi8, "sram">) -> ()
  return %k : tensor<2xf32>
}
