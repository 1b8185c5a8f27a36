// buffer kernels over real bytes: views alias their base, copies follow
// strides.
// RUN: %npu_build/bin/npu-run %s --print | FileCheck %s

// Four floats [1, 2, 3, 4] copied into a 16-byte arena through a 2x2 view;
// the view at byte 8 sees the second row; a strided view [1, 2] reads the
// transpose, and copying it into dense memory materialises it.
// CHECK: result #0: memref<2x2xf32, "sram"> = [1, 2, 3, 4]
// CHECK: result #1: memref<2xf32, strided<[1], offset: 2>, "sram"> = [3, 4]
// CHECK: result #2: memref<2x2xf32, strided<[1, 2]>, "sram"> = [1, 3, 2, 4]
// CHECK: result #3: memref<2x2xf32, "dram"> = [1, 3, 2, 4]
func.func @main() -> (memref<2x2xf32, "sram">, memref<2xf32, strided<[1], offset: 2>, "sram">, memref<2x2xf32, strided<[1, 2]>, "sram">, memref<2x2xf32, "dram">) {
  %c = "buffer.constant"() {value = dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>} : () -> memref<2x2xf32, "flash">
  %a = "buffer.arena"() {size = 16 : i64, space = "sram"} : () -> memref<16xi8, "sram">
  %v = "buffer.view"(%a) {shape = [2, 2], elem = f32} : (memref<16xi8, "sram">) -> memref<2x2xf32, "sram">
  "buffer.copy"(%c, %v) : (memref<2x2xf32, "flash">, memref<2x2xf32, "sram">) -> ()
  %r = "buffer.view"(%a) {offset = 8 : i64, shape = [2], elem = f32} : (memref<16xi8, "sram">) -> memref<2xf32, strided<[1], offset: 2>, "sram">
  %t = "buffer.view"(%a) {shape = [2, 2], strides = [1, 2], elem = f32} : (memref<16xi8, "sram">) -> memref<2x2xf32, strided<[1, 2]>, "sram">
  %d = "buffer.alloc"() {size = 16 : i64, space = "dram"} : () -> memref<16xi8, "dram">
  %dv = "buffer.view"(%d) {shape = [2, 2], elem = f32} : (memref<16xi8, "dram">) -> memref<2x2xf32, "dram">
  "buffer.copy"(%t, %dv) : (memref<2x2xf32, strided<[1, 2]>, "sram">, memref<2x2xf32, "dram">) -> ()
  "buffer.dealloc"(%d) : (memref<16xi8, "dram">) -> ()
  return %v, %r, %t, %dv : memref<2x2xf32, "sram">, memref<2xf32, strided<[1], offset: 2>, "sram">, memref<2x2xf32, strided<[1, 2]>, "sram">, memref<2x2xf32, "dram">
}
