// bufferize: allocations, views, stores and loads; then plan-memory; npu-run
// of all three forms agrees.
// RUN: npu-opt --bufferize %s | FileCheck %s
// RUN: npu-opt --bufferize --pass-statistics %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS
// RUN: npu-opt --bufferize --plan-memory %s | FileCheck %s --check-prefix=PLAN
// RUN: npu-run %s --seed=3 --print > %t.ref
// RUN: npu-opt --bufferize --plan-memory %s | npu-run - --seed=3 --print > %t.planned
// RUN: diff %t.ref %t.planned

// CHECK-LABEL: func.func @f
// The constant goes to flash and is loaded by its reader.
// CHECK: %[[K:.*]] = "buffer.constant"() {space = "flash", value = dense<5.000000e-01> : tensor<2x4xf32>} : () -> memref<2x4xf32, "flash">
// relu's result: a 32-byte buffer, stored after it.
// CHECK: %[[A:.*]] = "buffer.alloc"() {size = 32 : i64}
// CHECK-NEXT: %[[AV:.*]] = "buffer.view"(%[[A]]) {elem = f32, shape = [2, 4]}
// CHECK-NEXT: %[[R:.*]] = "graph.relu"(%arg0)
// CHECK-NEXT: "buffer.store"(%[[R]], %[[AV]])
// The reshape is a view of the same buffer: no store, no copy.
// CHECK: %[[FV:.*]] = "buffer.view"(%[[A]]) {elem = f32, shape = [8]}
// CHECK-NEXT: "graph.reshape"
// The second relu reads the view; relu's buffer is read later by the
// add, so it gets a buffer of its own.
// CHECK-NEXT: "buffer.load"(%[[FV]])
// CHECK-NEXT: %[[G:.*]] = "buffer.alloc"() {size = 32 : i64}
// CHECK: "graph.relu"
// CHECK-NEXT: "buffer.store"
// The add is the last reader of relu's buffer: it writes over it.
// CHECK-NEXT: "buffer.load"(%[[AV]])
// CHECK-NEXT: "buffer.load"(%[[K]])
// CHECK-NEXT: %[[SV:.*]] = "buffer.view"(%[[A]]) {elem = f32, shape = [2, 4]}
// CHECK-NEXT: %[[S:.*]] = "graph.add"
// CHECK-NEXT: "buffer.store"(%[[S]], %[[SV]])
// STATS: 2 num-allocs
// STATS: 1 num-views
// STATS: 1 num-in-place
// Both buffers live at once at the end: 64 bytes.
// PLAN: "buffer.arena"() {algorithm = "greedy", alignment = 16 : i64, lower_bound = 64 : i64, optimal = true, size = 64 : i64, space = "sram"}
func.func @f(%x: tensor<2x4xf32>) -> (tensor<2x4xf32>, tensor<8xf32>) {
  %k = "graph.constant"() {value = dense<0.5> : tensor<2x4xf32>} : () -> tensor<2x4xf32>
  %r = "graph.relu"(%x) : (tensor<2x4xf32>) -> tensor<2x4xf32>
  %f = "graph.reshape"(%r) {shape = [8]} : (tensor<2x4xf32>) -> tensor<8xf32>
  %g = "graph.relu"(%f) : (tensor<8xf32>) -> tensor<8xf32>
  %s = "graph.add"(%r, %k) : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  return %s, %g : tensor<2x4xf32>, tensor<8xf32>
}

// -----

// RUN: not npu-opt --split-input-file --bufferize %S/Inputs/dynamic.mlir -o %t.dyn 2>&1 | FileCheck %s --check-prefix=DYN
// RUN: not test -e %t.dyn
// DYN: dynamic.mlir:3:8: error: 'graph.relu' op bufferize: result has a dynamic shape (tensor<?x4xf32>): its bytes are unknown
