// The MLIR-conformance script (docs/testing.md, "MLIR's IR tests") on a
// sample of our own: the rewrites, the unit split (an alias goes with the
// op that uses it) and each class it can see today.
// REQUIRES: mlir-opt
// RUN: rm -rf %t && %python %npu_src/test/tools/mlir-conformance.py --npu-opt %npu_build/bin/npu-opt --mlir-opt mlir-opt-14 --report %t %S/Inputs/mlir-conformance-sample.mlir | FileCheck %s
// RUN: FileCheck %s --check-prefix=UNIT < %t/same--mlir-conformance-sample.mlir-0-0.txt
// RUN: ls %t | FileCheck %s --check-prefix=FILES

// CHECK: 1 files, 6 units
// CHECK-NEXT: 3  same
// CHECK-NEXT: 0  differ
// CHECK-NEXT: 1  npu-rejects-dialect
// CHECK-NEXT: 0  npu-rejects mlir accepts, npu rejects: other
// CHECK-NEXT: 1  npu-accepts-dialect
// CHECK-NEXT: 0  npu-accepts mlir rejects, npu accepts: other
// CHECK-NEXT: 1  both-reject
// CHECK-NEXT: 0  crash

// UNIT: == unit
// UNIT-NEXT: !elt = type i16
// UNIT-NEXT: func private @decl(!elt) -> f32
// UNIT-NEXT: == mlir-opt-14 (ok)
// UNIT: "builtin.func"
// UNIT: == npu-opt (ok)
// UNIT: "func.func"

// FILES: both-reject--mlir-conformance-sample.mlir-4-0.txt
// FILES: npu-accepts-dialect--mlir-conformance-sample.mlir-3-0.txt
// FILES: npu-rejects-dialect--mlir-conformance-sample.mlir-2-0.txt
// FILES: same--mlir-conformance-sample.mlir-0-0.txt
// FILES: same--mlir-conformance-sample.mlir-0-1.txt
// FILES: same--mlir-conformance-sample.mlir-1-0.txt
// FILES: summary.txt
