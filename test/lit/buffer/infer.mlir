// Shape inference of the buffer ops: each op below declares a wrong result
// type on purpose, so the verifier reports the type it inferred; the
// expected types were computed by hand from each op's documented rule
// (dynamic dimensions stay dynamic).
// RUN: npu-opt --split-input-file --verify-diagnostics %s

func.func @f0() {
  // expected-error@+1 {{inferred type 'memref<100xi8, "sram">' does not match result type 'memref<99xi8, "sram">'}}
  %0 = "buffer.alloc"() {size = 100 : i64} : () -> memref<99xi8, "sram">
  return
}

// -----

func.func @f1(%m: memref<100xi8, "sram">) {
  // expected-error@+1 {{inferred type 'memref<3x5xi16, strided<[6, 1], offset: 5>, "sram">' does not match result type 'memref<3x5xi16, "sram">'}}
  %0 = "buffer.view"(%m) {elem = i16, offset = 10 : i64, shape = [3, 5], strides = [6, 1]} : (memref<100xi8, "sram">) -> memref<3x5xi16, "sram">
  return
}

// -----

func.func @f2(%m: memref<100xi8, "sram">) {
  // expected-error@+1 {{inferred type 'memref<5x5xi32, "sram">' does not match result type 'memref<25xi32, "sram">'}}
  %0 = "buffer.view"(%m) {elem = i32, shape = [5, 5]} : (memref<100xi8, "sram">) -> memref<25xi32, "sram">
  return
}

// -----

func.func @f3() {
  // expected-error@+1 {{inferred type 'memref<2x3xf32, "flash">' does not match result type 'memref<2x3xf32, "sram">'}}
  %0 = "buffer.constant"() {value = dense<0.0> : tensor<2x3xf32>} : () -> memref<2x3xf32, "sram">
  return
}

// -----

func.func @f4() {
  // expected-error@+1 {{inferred type 'memref<512xi8, "dram">' does not match result type 'memref<512xi8, "sram">'}}
  %0 = "buffer.arena"() {size = 512 : i64, space = "dram"} : () -> memref<512xi8, "sram">
  return
}
