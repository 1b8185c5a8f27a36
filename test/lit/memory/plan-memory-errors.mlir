// plan-memory's diagnostics: the numbers and the names, exit 1, no output.
// RUN: not npu-opt --split-input-file --plan-memory='capacity=100' %s -o %t 2>&1 | FileCheck %s
// RUN: not test -e %t

// CHECK: [[@LINE+3]]:8: error: 'buffer.alloc' op plan-memory: buffer 'big' of 128 bytes is larger than the capacity 100 of memory space 'sram'
func.func @too_big() {
  %a = "buffer.alloc"() {size = 64 : i64, name = "small"} : () -> memref<64xi8, "sram">
  %b = "buffer.alloc"() {size = 128 : i64, name = "big"} : () -> memref<128xi8, "sram">
  "buffer.dealloc"(%a) : (memref<64xi8, "sram">) -> ()
  "buffer.dealloc"(%b) : (memref<128xi8, "sram">) -> ()
  return
}

// -----

// CHECK: [[@LINE+1]]:1: error: 'func.func' op plan-memory: no packing of the 2 buffers of memory space 'sram' fits the capacity 100: live bytes peak at 128 (time 2)
func.func @peak() {
  %a = "buffer.alloc"() {size = 64 : i64} : () -> memref<64xi8, "sram">
  %b = "buffer.alloc"() {size = 64 : i64} : () -> memref<64xi8, "sram">
  "buffer.dealloc"(%a) : (memref<64xi8, "sram">) -> ()
  "buffer.dealloc"(%b) : (memref<64xi8, "sram">) -> ()
  return
}

// -----

// CHECK: [[@LINE+3]]:8: error: 'buffer.alloc' op plan-memory: either every buffer.alloc of the function has live_start/live_end or none has (this one has not)
func.func @mixed() {
  %a = "buffer.alloc"() {size = 8 : i64, live_start = 0 : i64, live_end = 2 : i64} : () -> memref<8xi8, "sram">
  %b = "buffer.alloc"() {size = 8 : i64} : () -> memref<8xi8, "sram">
  return
}

// -----

// A heuristic that misses the capacity says by how much.
// RUN: not npu-opt --plan-memory='capacity=15 algorithm=greedy' %S/plan-memory.mlir --split-input-file 2>&1 | FileCheck %s --check-prefix=GREEDY
// GREEDY: error: 'func.func' op plan-memory: algorithm 'greedy' found no packing of the 5 buffers of memory space 'sram' within the capacity 15 (best 16 bytes, 1 over = 6.7%; live bytes peak at 15); try algorithm=exact

// Bad options.
// RUN: not npu-opt --plan-memory='algorithm=fastest' %s 2>&1 | FileCheck %s --check-prefix=OPT
// OPT: fastest
// RUN: not npu-opt --plan-memory='alignment=24' %S/plan-memory.mlir --split-input-file 2>&1 | FileCheck %s --check-prefix=ALIGN
// ALIGN: error: 'func.func' op plan-memory: bad option: capacity, node-limit >= 0, time-limit-ms > 0, alignment a power of two up to 4096 or 0
