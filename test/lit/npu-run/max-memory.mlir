// Tensors too large for memory are refused before allocation, with the
// size and the limit named and exit 1 (no abort): seeded inputs, splat
// constants, broadcasts and pads; --max-memory moves the limit.
// RUN: not %npu_build/bin/npu-run %s --entry=input --seed=1 2>&1 | FileCheck %s --check-prefix=INPUT
// RUN: not %npu_build/bin/npu-run %s --entry=splat 2>&1 | FileCheck %s --check-prefix=SPLAT
// RUN: not %npu_build/bin/npu-run %s --entry=overflow --seed=1 2>&1 | FileCheck %s --check-prefix=OVERFLOW
// RUN: not %npu_build/bin/npu-run %s --entry=broadcast 2>&1 | FileCheck %s --check-prefix=BCAST
// RUN: not %npu_build/bin/npu-run %s --entry=pad 2>&1 | FileCheck %s --check-prefix=PAD
// RUN: not %npu_build/bin/npu-run %s --entry=small --max-memory=8 2>&1 | FileCheck %s --check-prefix=SMALL
// RUN: %npu_build/bin/npu-run %s --entry=small --max-memory=16 --print | FileCheck %s --check-prefix=FITS
// RUN: not %npu_build/bin/npu-run %s --entry=small --max-memory=12Q 2>&1 | FileCheck %s --check-prefix=BADSIZE

// INPUT: error: tensor of 160000000000 bytes (tensor<200000x200000xf32>) exceeds the memory limit (4294967296 bytes, --max-memory)
func.func @input(%x: tensor<200000x200000xf32>) -> tensor<200000x200000xf32> {
  return %x : tensor<200000x200000xf32>
}

// SPLAT: max-memory.mlir:[[# @LINE + 2]]:8: error: tensor of 160000000000 bytes
func.func @splat() -> tensor<200000x200000xf32> {
  %0 = "graph.constant"() {value = dense<1.0> : tensor<200000x200000xf32>} : () -> tensor<200000x200000xf32>
  return %0 : tensor<200000x200000xf32>
}

// OVERFLOW: error: tensor of more than 2^63 bytes (tensor<2305843009213693952xf32>) exceeds the memory limit
func.func @overflow(%x: tensor<2305843009213693952xf32>) -> tensor<2305843009213693952xf32> {
  return %x : tensor<2305843009213693952xf32>
}

// BCAST: max-memory.mlir:[[# @LINE + 4]]:8: error: tensor of 40000000000 bytes (tensor<100000x100000xf32>) exceeds
func.func @broadcast() -> tensor<100000x100000xf32> {
  %a = "graph.constant"() {value = dense<1.0> : tensor<100000x1xf32>} : () -> tensor<100000x1xf32>
  %b = "graph.constant"() {value = dense<2.0> : tensor<1x100000xf32>} : () -> tensor<1x100000xf32>
  %0 = "graph.add"(%a, %b) : (tensor<100000x1xf32>, tensor<1x100000xf32>) -> tensor<100000x100000xf32>
  return %0 : tensor<100000x100000xf32>
}

// PAD: max-memory.mlir:[[# @LINE + 3]]:8: error: tensor of 8000000016 bytes (tensor<2000000004xf32>) exceeds the memory limit
func.func @pad() -> tensor<2000000004xf32> {
  %a = "graph.constant"() {value = dense<1.0> : tensor<4xf32>} : () -> tensor<4xf32>
  %0 = "graph.pad"(%a) {paddings = [1000000000, 1000000000]} : (tensor<4xf32>) -> tensor<2000000004xf32>
  return %0 : tensor<2000000004xf32>
}

// SMALL: error: tensor of 16 bytes (tensor<4xf32>) exceeds the memory limit (8 bytes, --max-memory)
// FITS: result #0: tensor<4xf32> = [1, 1, 1, 1]
// BADSIZE: npu-run: bad size for --max-memory: '12Q'
func.func @small() -> tensor<4xf32> {
  %0 = "graph.constant"() {value = dense<1.0> : tensor<4xf32>} : () -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
