// Strided layouts use current MLIR's syntax, which MLIR 14 cannot read.
// RUN: npu-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: npu-opt %s --allow-unregistered-dialect | npu-opt --allow-unregistered-dialect | FileCheck %s

"t.strided"() {
  a = memref<4x8xf32, strided<[8, 1], offset: ?>>,
  b = memref<4x8xf32, strided<[8, 1]>>,
  c = memref<?x?xf32, strided<[?, 1], offset: 4>, "sram">,
  d = strided<[?, ?], offset: ?>
} : () -> ()

// CHECK: module {
// CHECK-NEXT:   "t.strided"() {a = memref<4x8xf32, strided<[8, 1], offset: ?>>, b = memref<4x8xf32, strided<[8, 1]>>, c = memref<?x?xf32, strided<[?, 1], offset: 4>, "sram">, d = strided<[?, ?], offset: ?>} : () -> ()
// CHECK-NEXT: }
