// bufferize's views: a slice or split piece that is one run of its
// input's bytes is a window of the input's buffer; a concat's inputs that
// an op writes are stored straight into their windows of the concat's
// buffer (allocated when the first of them is made); the rest are copied
// by the concat. npu-run of the planned arena equals the graph, with and
// without views.
// RUN: npu-opt --bufferize %s | FileCheck %s
// RUN: npu-opt --bufferize --pass-statistics %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS
// RUN: npu-opt --bufferize=views=false --pass-statistics %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=COPY
// RUN: npu-run %s --seed=1 --print > %t.ref
// RUN: npu-opt --bufferize --plan-memory %s | npu-run - --seed=1 --print > %t.views
// RUN: diff %t.ref %t.views
// RUN: npu-opt --bufferize=views=false --plan-memory %s | npu-run - --seed=1 --print > %t.copies
// RUN: diff %t.ref %t.copies
// RUN: npu-run %s --seed=2 --print > %t.ref2
// RUN: npu-opt --bufferize --plan-memory %s | npu-run - --seed=2 --print > %t.views2
// RUN: diff %t.ref2 %t.views2

// CHECK-LABEL: func.func @views
// The concat's buffer (13 rows of 24 bytes) is made before relu, the
// first op that writes one of its inputs: relu's rows go at row 3.
// CHECK: %[[C:.*]] = "buffer.alloc"() {size = 312 : i64}
// CHECK-NEXT: %[[AV:.*]] = "buffer.view"(%[[C]]) {elem = f32, offset = 72 : i64, shape = [1, 4, 2, 3]}
// CHECK-NEXT: %[[A:.*]] = "graph.relu"(%arg0)
// CHECK-NEXT: "buffer.store"(%[[A]], %[[AV]])
// neg's result is split: it has its own buffer.
// CHECK: %[[N:.*]] = "buffer.alloc"() {size = 96 : i64}
// CHECK: "graph.neg"
// Rows 1-2 of relu's result: a window 24 bytes into relu's window.
// CHECK: %[[SV:.*]] = "buffer.view"(%[[C]]) {elem = f32, offset = 96 : i64, shape = [1, 2, 2, 3]}
// CHECK-NEXT: "graph.slice"
// The split's pieces: windows of neg's buffer, no store.
// CHECK: "buffer.view"(%[[N]]) {elem = f32, shape = [1, 1, 2, 3]}
// CHECK-NEXT: "buffer.view"(%[[N]]) {elem = f32, offset = 24 : i64, shape = [1, 3, 2, 3]}
// CHECK-NEXT: "graph.split"
// CHECK-NOT: "buffer.store"
// The concat copies the inputs that are not written in its buffer (a
// split piece, the slice, the function's argument).
// CHECK: %[[CV:.*]] = "buffer.view"(%[[C]]) {elem = f32, shape = [1, 13, 2, 3]}
// CHECK-NEXT: %[[CC:.*]] = "graph.concat"
// CHECK-NEXT: "buffer.store"(%[[CC]], %[[CV]])
// Rows 3-12 of the concat: a window.
// CHECK: "buffer.view"(%[[C]]) {elem = f32, offset = 72 : i64, shape = [1, 10, 2, 3]}
// CHECK-NEXT: "graph.slice"
// A slice along W is not one run of bytes: a buffer and a copy.
// CHECK: %[[W:.*]] = "buffer.alloc"() {size = 48 : i64}
// CHECK: "graph.slice"
// CHECK-NEXT: "buffer.store"
// Counted over both functions of the file (the second one below: the
// two concats along H write 4 inputs in place):
// STATS: 8 num-allocs
// STATS: 4 num-windows
// STATS: 5 num-concat-views
// STATS: 3 num-concat-copies
// COPY: 16 num-allocs
// COPY: 0 num-windows
// COPY: 0 num-concat-views
func.func @views(%x: tensor<1x4x2x3xf32>) -> (tensor<1x10x2x3xf32>, tensor<1x2x2x3xf32>, tensor<1x4x1x3xf32>) {
  %a = "graph.relu"(%x) : (tensor<1x4x2x3xf32>) -> tensor<1x4x2x3xf32>
  %b = "graph.neg"(%x) : (tensor<1x4x2x3xf32>) -> tensor<1x4x2x3xf32>
  %s = "graph.slice"(%a) {begin = [0, 1, 0, 0], size = [1, 2, 2, 3]} : (tensor<1x4x2x3xf32>) -> tensor<1x2x2x3xf32>
  %p:2 = "graph.split"(%b) {axis = 1 : i64, sizes = [1, 3]} : (tensor<1x4x2x3xf32>) -> (tensor<1x1x2x3xf32>, tensor<1x3x2x3xf32>)
  %c = "graph.concat"(%p#1, %a, %s, %x) {axis = 1 : i64} : (tensor<1x3x2x3xf32>, tensor<1x4x2x3xf32>, tensor<1x2x2x3xf32>, tensor<1x4x2x3xf32>) -> tensor<1x13x2x3xf32>
  %d = "graph.slice"(%c) {begin = [0, 3, 0, 0], size = [1, 10, 2, 3]} : (tensor<1x13x2x3xf32>) -> tensor<1x10x2x3xf32>
  %w = "graph.slice"(%a) {begin = [0, 0, 1, 0], size = [1, 4, 1, 3]} : (tensor<1x4x2x3xf32>) -> tensor<1x4x1x3xf32>
  %e = "graph.relu"(%d) : (tensor<1x10x2x3xf32>) -> tensor<1x10x2x3xf32>
  return %e, %s, %w : tensor<1x10x2x3xf32>, tensor<1x2x2x3xf32>, tensor<1x4x1x3xf32>
}

// Nested concats along H share the outermost concat's buffer, and
// neither concat copies anything; a concat along W of maps with two rows
// is not: its inputs are not runs of its bytes.
// RUN: npu-opt --bufferize %s | FileCheck %s --check-prefix=NEST
// NEST-LABEL: func.func @nested
// NEST: %[[O:.*]] = "buffer.alloc"() {size = 96 : i64}
// NEST-NEXT: "buffer.view"(%[[O]]) {elem = f32, shape = [1, 1, 2, 3]}
// NEST-NEXT: "graph.relu"
// NEST: "buffer.view"(%[[O]]) {elem = f32, offset = 24 : i64, shape = [1, 1, 2, 3]}
// NEST-NEXT: "graph.neg"
// NEST: "buffer.view"(%[[O]]) {elem = f32, offset = 48 : i64, shape = [1, 2, 2, 3]}
// NEST-NEXT: "graph.abs"
// NEST: "buffer.view"(%[[O]]) {elem = f32, shape = [1, 2, 2, 3]}
// NEST-NEXT: "graph.concat"
// NEST-NOT: "buffer.store"
// NEST: "buffer.view"(%[[O]]) {elem = f32, shape = [1, 4, 2, 3]}
// NEST-NEXT: "graph.concat"
// NEST-NOT: "buffer.store"
// NEST: "graph.relu"
// NEST-NEXT: "buffer.store"
// NEST: "graph.neg"
// NEST-NEXT: "buffer.store"
// NEST: %[[W:.*]] = "buffer.alloc"() {size = 48 : i64}
// NEST-NEXT: "buffer.view"(%[[W]]) {elem = f32, shape = [1, 2, 2, 3]}
// NEST-NEXT: "graph.concat"
// NEST-NEXT: "buffer.store"
// RUN: npu-run %s --entry=nested --seed=4 --print > %t.nref
// RUN: npu-opt --bufferize --plan-memory %s | npu-run - --entry=nested --seed=4 --print > %t.nplan
// RUN: diff %t.nref %t.nplan
func.func @nested(%x: tensor<1x1x2x3xf32>, %y: tensor<1x2x2x3xf32>, %z: tensor<1x2x1x3xf32>) -> (tensor<1x4x2x3xf32>, tensor<1x2x2x3xf32>) {
  %a = "graph.relu"(%x) : (tensor<1x1x2x3xf32>) -> tensor<1x1x2x3xf32>
  %b = "graph.neg"(%x) : (tensor<1x1x2x3xf32>) -> tensor<1x1x2x3xf32>
  %c = "graph.abs"(%y) : (tensor<1x2x2x3xf32>) -> tensor<1x2x2x3xf32>
  %ab = "graph.concat"(%a, %b) {axis = 1 : i64} : (tensor<1x1x2x3xf32>, tensor<1x1x2x3xf32>) -> tensor<1x2x2x3xf32>
  %o = "graph.concat"(%ab, %c) {axis = 1 : i64} : (tensor<1x2x2x3xf32>, tensor<1x2x2x3xf32>) -> tensor<1x4x2x3xf32>
  %u = "graph.relu"(%z) : (tensor<1x2x1x3xf32>) -> tensor<1x2x1x3xf32>
  %v = "graph.neg"(%z) : (tensor<1x2x1x3xf32>) -> tensor<1x2x1x3xf32>
  %w = "graph.concat"(%u, %v) {axis = 2 : i64} : (tensor<1x2x1x3xf32>, tensor<1x2x1x3xf32>) -> tensor<1x2x2x3xf32>
  return %o, %w : tensor<1x4x2x3xf32>, tensor<1x2x2x3xf32>
}
