// buffer.arena's verifier: an independent check that no two buffers (views
// of the arena) share a byte while both are live.
// RUN: npu-opt --split-input-file --verify-diagnostics %s

func.func @explicit() {
  %a = "buffer.arena"() {size = 64 : i64, space = "sram"} : () -> memref<64xi8, "sram">
  %0 = "buffer.view"(%a) {elem = i8, shape = [32], offset = 0 : i64, live_start = 0 : i64, live_end = 4 : i64, name = "x"} : (memref<64xi8, "sram">) -> memref<32xi8, "sram">
  // Touching in time ([0, 4) and [4, 6)) shares nothing.
  %1 = "buffer.view"(%a) {elem = i8, shape = [32], offset = 0 : i64, live_start = 4 : i64, live_end = 6 : i64, name = "y"} : (memref<64xi8, "sram">) -> memref<32xi8, "sram">
  // expected-error@+1 {{buffer 'z' (bytes [16, 48), live [3, 5)) overlaps buffer 'x' (bytes [0, 32), live [0, 4)) in the arena}}
  %2 = "buffer.view"(%a) {elem = i8, shape = [32], offset = 16 : i64, live_start = 3 : i64, live_end = 5 : i64, name = "z"} : (memref<64xi8, "sram">) -> memref<32xi8, strided<[1], offset: 16>, "sram">
  return
}

// -----

// Views without live_start/live_end are windows (reshapes, slices of a
// buffer), not planned buffers: aliasing them is fine.
func.func @windows() {
  %a = "buffer.arena"() {size = 64 : i64, space = "sram"} : () -> memref<64xi8, "sram">
  %0 = "buffer.view"(%a) {elem = i32, shape = [4]} : (memref<64xi8, "sram">) -> memref<4xi32, "sram">
  %1 = "buffer.view"(%a) {elem = i32, shape = [4], offset = 8 : i64} : (memref<64xi8, "sram">) -> memref<4xi32, strided<[1], offset: 2>, "sram">
  "buffer.copy"(%0, %1) : (memref<4xi32, "sram">, memref<4xi32, strided<[1], offset: 2>, "sram">) -> ()
  return
}

// -----

func.func @half_range() {
  // expected-error@+1 {{attributes 'live_start' and 'live_end' go together ('live_end' is missing)}}
  %0 = "buffer.alloc"() {size = 8 : i64, live_start = 2 : i64} : () -> memref<8xi8, "sram">
  return
}

// -----

func.func @empty_range() {
  // expected-error@+1 {{empty live range [2, 2)}}
  %0 = "buffer.alloc"() {size = 8 : i64, live_start = 2 : i64, live_end = 2 : i64} : () -> memref<8xi8, "sram">
  return
}
