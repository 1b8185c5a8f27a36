// Affine maps: MLIR's subtraction, negation, precedence and parentheses.
// RUN: npu-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: npu-opt %s --allow-unregistered-dialect | npu-opt --allow-unregistered-dialect | FileCheck %s

"t.affine"() {
  a = affine_map<(d0, d1)[s0] -> (d0 * 4 + s0, d1 - d0)>,
  b = affine_map<(d0) -> (d0 - 1, -d0, d0 * -2 + 3, (d0 + 1) * 2, d0 mod 4)>,
  c = affine_map<(d0) -> (d0 floordiv 2, d0 ceildiv 3, (d0 + 2) mod 3, d0 - (d0 + 1))>,
  d = affine_map<() -> ()>, e = affine_map<()[s0, s1] -> (s0 + s1 * s0)>,
  f = affine_map<(d0, d1) -> (-d0 - d1, d1 - (d0 floordiv 2) * 2, d0 * 2 - d1 * 3)>,
  g = affine_map<(d0) -> (0, -5, d0 - d0 mod 2, (d0 floordiv 2) * 4)>,
  h = affine_map<(d0, d1) -> (d0 + d1 * 3 - 2 + d0 * 2)>
} : () -> ()

// CHECK: module {
// CHECK-NEXT:   "t.affine"() {a = affine_map<(d0, d1)[s0] -> (d0 * 4 + s0, d1 - d0)>, b = affine_map<(d0) -> (d0 - 1, -d0, d0 * -2 + 3, (d0 + 1) * 2, d0 mod 4)>, c = affine_map<(d0) -> (d0 floordiv 2, d0 ceildiv 3, (d0 + 2) mod 3, d0 - (d0 + 1))>, d = affine_map<() -> ()>, e = affine_map<()[s0, s1] -> (s0 + s1 * s0)>, f = affine_map<(d0, d1) -> (-d0 - d1, d1 - (d0 floordiv 2) * 2, d0 * 2 - d1 * 3)>, g = affine_map<(d0) -> (0, -5, d0 - d0 mod 2, (d0 floordiv 2) * 4)>, h = affine_map<(d0, d1) -> (d0 + d1 * 3 + d0 * 2 - 2)>} : () -> ()
// CHECK-NEXT: }
