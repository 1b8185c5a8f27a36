// Every verifier rule of the buffer ops: one chunk per rule.
// RUN: npu-opt --split-input-file --verify-diagnostics %s

func.func @f0() {
  // expected-error@+1 {{'buffer.alloc' op requires attribute 'size'}}
  %0 = "buffer.alloc"() : () -> memref<64xi8, "sram">
  return
}

// -----

func.func @f1() {
  // expected-error@+1 {{attribute 'size' value must be >= 1}}
  %0 = "buffer.alloc"() {size = 0 : i64} : () -> memref<0xi8, "sram">
  return
}

// -----

func.func @f2() {
  // expected-error@+1 {{attribute 'alignment' (24) must be a power of two}}
  %0 = "buffer.alloc"() {alignment = 24 : i64, size = 64 : i64} : () -> memref<64xi8, "sram">
  return
}

// -----

func.func @f3() {
  // expected-error@+1 {{attribute 'alignment' value must be in [1, 4096]}}
  %0 = "buffer.alloc"() {alignment = 8192 : i64, size = 64 : i64} : () -> memref<64xi8, "sram">
  return
}

// -----

func.func @f4() {
  // expected-error@+1 {{attribute 'space' must be one of: sram, dram, flash}}
  %0 = "buffer.alloc"() {size = 64 : i64, space = "rom"} : () -> memref<64xi8, "rom">
  return
}

// -----

func.func @f5() {
  // expected-error@+1 {{inferred type 'memref<64xi8, "dram">' does not match result type 'memref<64xi8, "sram">'}}
  %0 = "buffer.alloc"() {size = 64 : i64, space = "dram"} : () -> memref<64xi8, "sram">
  return
}

// -----

func.func @f6(%t: tensor<4xf32>) {
  // expected-error@+1 {{operand #0 must be a memref}}
  "buffer.dealloc"(%t) : (tensor<4xf32>) -> ()
  return
}

// -----

func.func @f7(%m: memref<64xi8, "sram">) {
  // expected-error@+1 {{offset 2 is not a multiple of the element size (4)}}
  %0 = "buffer.view"(%m) {elem = f32, offset = 2 : i64, shape = [4]} : (memref<64xi8, "sram">) -> memref<4xf32, "sram">
  return
}

// -----

func.func @f8(%m: memref<64xi8, "sram">) {
  // expected-error@+1 {{view needs 68 bytes but the base has 64}}
  %0 = "buffer.view"(%m) {elem = f32, offset = 8 : i64, shape = [15]} : (memref<64xi8, "sram">) -> memref<15xf32, strided<[1], offset: 2>, "sram">
  return
}

// -----

func.func @f9(%m: memref<64xi8, "sram">) {
  // expected-error@+1 {{view needs 68 bytes but the base has 64}}
  %0 = "buffer.view"(%m) {elem = f32, shape = [2, 4], strides = [13, 1]} : (memref<64xi8, "sram">) -> memref<2x4xf32, strided<[13, 1]>, "sram">
  return
}

// -----

func.func @f10(%m: memref<64xi8, "sram">) {
  // expected-error@+1 {{strides has 1 entries for 2 dimensions}}
  %0 = "buffer.view"(%m) {elem = f32, shape = [2, 4], strides = [1]} : (memref<64xi8, "sram">) -> memref<2x4xf32, "sram">
  return
}

// -----

func.func @f11(%m: memref<64xi8, "sram">) {
  // expected-error@+1 {{shape has too many elements}}
  %0 = "buffer.view"(%m) {elem = i8, shape = [2147483647, 2147483647, 2147483647]} : (memref<64xi8, "sram">) -> memref<2147483647x2147483647x2147483647xi8, "sram">
  return
}

// -----

func.func @f12(%m: memref<64xi8, "sram">) {
  // expected-error@+1 {{view is too large}}
  %0 = "buffer.view"(%m) {elem = i64, shape = [2147483647, 2147483647], strides = [2147483647, 2147483647]} : (memref<64xi8, "sram">) -> memref<2147483647x2147483647xi64, "sram">
  return
}

// -----

func.func @f13(%m: memref<64xi8, "sram">) {
  // expected-error@+1 {{attribute 'elem' must be an integer or float type}}
  %0 = "buffer.view"(%m) {elem = index, shape = [2]} : (memref<64xi8, "sram">) -> memref<2xindex, "sram">
  return
}

// -----

func.func @f14(%m: memref<64xi8, "sram">) {
  // expected-error@+1 {{requires attribute 'elem'}}
  %0 = "buffer.view"(%m) {shape = [2]} : (memref<64xi8, "sram">) -> memref<2xf32, "sram">
  return
}

// -----

func.func @f15(%t: tensor<64xi8>) {
  // expected-error@+1 {{operand #0 must be a memref}}
  %0 = "buffer.view"(%t) {elem = i8, shape = [2]} : (tensor<64xi8>) -> memref<2xi8>
  return
}

// -----

func.func @f16(%m: memref<64xi8, "sram">) {
  // expected-error@+1 {{inferred type 'memref<2x2xf32, "sram">' does not match result type 'memref<4xf32, "sram">'}}
  %0 = "buffer.view"(%m) {elem = f32, shape = [2, 2]} : (memref<64xi8, "sram">) -> memref<4xf32, "sram">
  return
}

// -----

func.func @f17(%a: memref<4xf32>, %b: memref<4xi32>) {
  // expected-error@+1 {{source and target must have the same shape and element type}}
  "buffer.copy"(%a, %b) : (memref<4xf32>, memref<4xi32>) -> ()
  return
}

// -----

func.func @f18(%a: memref<4xf32>, %b: memref<2x2xf32>) {
  // expected-error@+1 {{source and target must have the same shape and element type}}
  "buffer.copy"(%a, %b) : (memref<4xf32>, memref<2x2xf32>) -> ()
  return
}

// -----

func.func @f19(%a: memref<4xf32>, %b: tensor<4xf32>) {
  // expected-error@+1 {{operand #1 must be a memref}}
  "buffer.copy"(%a, %b) : (memref<4xf32>, tensor<4xf32>) -> ()
  return
}

// -----

func.func @f20() {
  // expected-error@+1 {{requires attribute 'space'}}
  %0 = "buffer.arena"() {size = 64 : i64} : () -> memref<64xi8, "sram">
  return
}

// -----

func.func @f21() {
  %0 = "buffer.arena"() {size = 64 : i64, space = "sram"} : () -> memref<64xi8, "sram">
  // expected-error@+1 {{a second arena for memory space 'sram' in one block}}
  %1 = "buffer.arena"() {size = 32 : i64, space = "sram"} : () -> memref<32xi8, "sram">
  return
}

// -----

func.func @f22() {
  // expected-error@+1 {{attribute 'alignment' (3) must be a power of two}}
  %0 = "buffer.arena"() {alignment = 3 : i64, size = 64 : i64, space = "sram"} : () -> memref<64xi8, "sram">
  return
}

// -----

func.func @f23() {
  // expected-error@+1 {{requires attribute 'value'}}
  %0 = "buffer.constant"() {space = "sram"} : () -> memref<2xi8, "sram">
  return
}

// -----

func.func @f24() {
  // expected-error@+1 {{inferred type 'memref<2xi8, "flash">' does not match result type 'memref<2xi8, "sram">'}}
  %0 = "buffer.constant"() {value = dense<1> : tensor<2xi8>} : () -> memref<2xi8, "sram">
  return
}
