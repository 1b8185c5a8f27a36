// A chain of functions each calling the next twice doubles with every
// round of inlining: with no limit on callee size and 16 rounds, 41 such
// functions once grew past 24 GB. The module-wide max-growth budget stops
// inlining with a warning at the call that would pass it; the output is
// still valid IR. Negative limits are rejected.
// RUN: npu-opt %s --inline='max-ops=1000000000000 max-depth=16 max-growth=100' 2>&1 | FileCheck %s
// RUN: npu-opt %s --inline='max-ops=1000000000000 max-depth=16 max-growth=100' 2>/dev/null | npu-opt > /dev/null
// RUN: npu-opt %s --inline='max-ops=1000000000000 max-depth=16 max-growth=100' 2>/dev/null | grep -c graph.relu | FileCheck %s --check-prefix=COUNT
// RUN: not npu-opt %s --inline='max-ops=-1' 2>&1 | FileCheck %s --check-prefix=NEG

// CHECK: warning: inline: stopped at this call: {{[0-9]+}} calls inlined added {{[0-9]+}} ops, and the next would pass max-growth=100
// The 12 bodies' own relus plus at most 100 inlined ops.
// COUNT: {{^([0-9]|[0-9][0-9]|10[0-9]|11[0-2])$}}
// NEG: error: inline: max-ops, max-depth and max-growth must be >= 0 (got -1, 4, 1000000)

func.func @f0(%x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "graph.relu"(%x) : (tensor<2xf32>) -> tensor<2xf32>
  %1 = "func.call"(%0) {callee = @f1} : (tensor<2xf32>) -> tensor<2xf32>
  %2 = "func.call"(%1) {callee = @f1} : (tensor<2xf32>) -> tensor<2xf32>
  return %2 : tensor<2xf32>
}
func.func @f1(%x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "graph.relu"(%x) : (tensor<2xf32>) -> tensor<2xf32>
  %1 = "func.call"(%0) {callee = @f2} : (tensor<2xf32>) -> tensor<2xf32>
  %2 = "func.call"(%1) {callee = @f2} : (tensor<2xf32>) -> tensor<2xf32>
  return %2 : tensor<2xf32>
}
func.func @f2(%x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "graph.relu"(%x) : (tensor<2xf32>) -> tensor<2xf32>
  %1 = "func.call"(%0) {callee = @f3} : (tensor<2xf32>) -> tensor<2xf32>
  %2 = "func.call"(%1) {callee = @f3} : (tensor<2xf32>) -> tensor<2xf32>
  return %2 : tensor<2xf32>
}
func.func @f3(%x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "graph.relu"(%x) : (tensor<2xf32>) -> tensor<2xf32>
  %1 = "func.call"(%0) {callee = @f4} : (tensor<2xf32>) -> tensor<2xf32>
  %2 = "func.call"(%1) {callee = @f4} : (tensor<2xf32>) -> tensor<2xf32>
  return %2 : tensor<2xf32>
}
func.func @f4(%x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "graph.relu"(%x) : (tensor<2xf32>) -> tensor<2xf32>
  %1 = "func.call"(%0) {callee = @f5} : (tensor<2xf32>) -> tensor<2xf32>
  %2 = "func.call"(%1) {callee = @f5} : (tensor<2xf32>) -> tensor<2xf32>
  return %2 : tensor<2xf32>
}
func.func @f5(%x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "graph.relu"(%x) : (tensor<2xf32>) -> tensor<2xf32>
  %1 = "func.call"(%0) {callee = @f6} : (tensor<2xf32>) -> tensor<2xf32>
  %2 = "func.call"(%1) {callee = @f6} : (tensor<2xf32>) -> tensor<2xf32>
  return %2 : tensor<2xf32>
}
func.func @f6(%x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "graph.relu"(%x) : (tensor<2xf32>) -> tensor<2xf32>
  %1 = "func.call"(%0) {callee = @f7} : (tensor<2xf32>) -> tensor<2xf32>
  %2 = "func.call"(%1) {callee = @f7} : (tensor<2xf32>) -> tensor<2xf32>
  return %2 : tensor<2xf32>
}
func.func @f7(%x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "graph.relu"(%x) : (tensor<2xf32>) -> tensor<2xf32>
  %1 = "func.call"(%0) {callee = @f8} : (tensor<2xf32>) -> tensor<2xf32>
  %2 = "func.call"(%1) {callee = @f8} : (tensor<2xf32>) -> tensor<2xf32>
  return %2 : tensor<2xf32>
}
func.func @f8(%x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "graph.relu"(%x) : (tensor<2xf32>) -> tensor<2xf32>
  %1 = "func.call"(%0) {callee = @f9} : (tensor<2xf32>) -> tensor<2xf32>
  %2 = "func.call"(%1) {callee = @f9} : (tensor<2xf32>) -> tensor<2xf32>
  return %2 : tensor<2xf32>
}
func.func @f9(%x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "graph.relu"(%x) : (tensor<2xf32>) -> tensor<2xf32>
  %1 = "func.call"(%0) {callee = @f10} : (tensor<2xf32>) -> tensor<2xf32>
  %2 = "func.call"(%1) {callee = @f10} : (tensor<2xf32>) -> tensor<2xf32>
  return %2 : tensor<2xf32>
}
func.func @f10(%x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "graph.relu"(%x) : (tensor<2xf32>) -> tensor<2xf32>
  %1 = "func.call"(%0) {callee = @f11} : (tensor<2xf32>) -> tensor<2xf32>
  %2 = "func.call"(%1) {callee = @f11} : (tensor<2xf32>) -> tensor<2xf32>
  return %2 : tensor<2xf32>
}
func.func @f11(%x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "graph.relu"(%x) : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
