// Round trip of every buffer op; result types computed by hand (a view
// at byte offset 128 of f32 elements has layout offset 32, ...).
// RUN: npu-opt %s | npu-opt | FileCheck %s
// RUN: npu-opt --print-op-generic %s | npu-opt | FileCheck %s

func.func @memory(%m: memref<4x8xf32, "dram">) {
// CHECK-LABEL: func.func @memory(
  %0 = "buffer.alloc"() {size = 1024 : i64} : () -> memref<1024xi8, "sram">
// CHECK: "buffer.alloc"({{.*}}) {size = 1024 : i64} : ({{.*}}) -> memref<1024xi8, "sram">
  %1 = "buffer.alloc"() {alignment = 64 : i64, size = 64 : i64, space = "dram"} : () -> memref<64xi8, "dram">
// CHECK: "buffer.alloc"({{.*}}) {alignment = 64 : i64, size = 64 : i64, space = "dram"} : ({{.*}}) -> memref<64xi8, "dram">
  %2 = "buffer.view"(%0) {elem = f32, shape = [4, 8]} : (memref<1024xi8, "sram">) -> memref<4x8xf32, "sram">
// CHECK: "buffer.view"({{.*}}) {elem = f32, shape = [4, 8]} : ({{.*}}) -> memref<4x8xf32, "sram">
  %3 = "buffer.view"(%0) {elem = f32, offset = 128 : i64, shape = [2, 4]} : (memref<1024xi8, "sram">) -> memref<2x4xf32, strided<[4, 1], offset: 32>, "sram">
// CHECK: "buffer.view"({{.*}}) {elem = f32, offset = 128 : i64, shape = [2, 4]} : ({{.*}}) -> memref<2x4xf32, strided<[4, 1], offset: 32>, "sram">
  %4 = "buffer.view"(%2) {elem = f32, offset = 4 : i64, shape = [4, 2], strides = [8, 1]} : (memref<4x8xf32, "sram">) -> memref<4x2xf32, strided<[8, 1], offset: 1>, "sram">
// CHECK: "buffer.view"({{.*}}) {elem = f32, offset = 4 : i64, shape = [4, 2], strides = [8, 1]} : ({{.*}}) -> memref<4x2xf32, strided<[8, 1], offset: 1>, "sram">
  %5 = "buffer.view"(%1) {elem = i8, shape = [2, 4, 8]} : (memref<64xi8, "dram">) -> memref<2x4x8xi8, "dram">
// CHECK: "buffer.view"({{.*}}) {elem = i8, shape = [2, 4, 8]} : ({{.*}}) -> memref<2x4x8xi8, "dram">
  "buffer.copy"(%m, %2) : (memref<4x8xf32, "dram">, memref<4x8xf32, "sram">) -> ()
// CHECK: "buffer.copy"({{.*}}) : ({{.*}}) -> ()
  "buffer.dealloc"(%1) : (memref<64xi8, "dram">) -> ()
// CHECK: "buffer.dealloc"({{.*}}) : ({{.*}}) -> ()
  "buffer.dealloc"(%0) : (memref<1024xi8, "sram">) -> ()
// CHECK: "buffer.dealloc"({{.*}}) : ({{.*}}) -> ()
  return
}
func.func @planned() {
// CHECK-LABEL: func.func @planned(
  %0 = "buffer.arena"() {size = 4096 : i64, space = "sram"} : () -> memref<4096xi8, "sram">
// CHECK: "buffer.arena"({{.*}}) {size = 4096 : i64, space = "sram"} : ({{.*}}) -> memref<4096xi8, "sram">
  %1 = "buffer.arena"() {alignment = 32 : i64, size = 256 : i64, space = "dram"} : () -> memref<256xi8, "dram">
// CHECK: "buffer.arena"({{.*}}) {alignment = 32 : i64, size = 256 : i64, space = "dram"} : ({{.*}}) -> memref<256xi8, "dram">
  %2 = "buffer.constant"() {value = dense<[[1, 2], [3, 4]]> : tensor<2x2xi8>} : () -> memref<2x2xi8, "flash">
// CHECK: "buffer.constant"({{.*}}) {value = dense<{{\[\[}}1, 2], [3, 4]]> : tensor<2x2xi8>} : ({{.*}}) -> memref<2x2xi8, "flash">
  %3 = "buffer.constant"() {space = "sram", value = dense<5.000000e-01> : tensor<3xf32>} : () -> memref<3xf32, "sram">
// CHECK: "buffer.constant"({{.*}}) {space = "sram", value = dense<5.000000e-01> : tensor<3xf32>} : ({{.*}}) -> memref<3xf32, "sram">
  %4 = "buffer.view"(%0) {elem = i32, offset = 4080 : i64, shape = [4]} : (memref<4096xi8, "sram">) -> memref<4xi32, strided<[1], offset: 1020>, "sram">
// CHECK: "buffer.view"({{.*}}) {elem = i32, offset = 4080 : i64, shape = [4]} : ({{.*}}) -> memref<4xi32, strided<[1], offset: 1020>, "sram">
  return
}
