// symbol-dce run on a public nested module: "nested" symbols there are
// seen from outside and stay, in @pub and in the public @inner; the
// private one goes. Checked against mlir-opt-14, which spells that
// pipeline builtin.module(symbol-dce) (its top pipeline is implicit).
// RUN: npu-opt --allow-unregistered-dialect --pass-pipeline='builtin.module(builtin.module(symbol-dce))' %S/Inputs/symbol-dce-visible.mlir | FileCheck %s
// RUN: mlir-opt-14 --allow-unregistered-dialect --pass-pipeline='builtin.module(symbol-dce)' %S/Inputs/symbol-dce-visible.mlir | FileCheck %s
// Run on the top module (hidden), "nested" acts as private: all goes
// but the public modules.
// RUN: npu-opt --allow-unregistered-dialect --symbol-dce %S/Inputs/symbol-dce-visible.mlir | FileCheck %s --check-prefix=HIDDEN
// RUN: mlir-opt-14 --allow-unregistered-dialect --symbol-dce %S/Inputs/symbol-dce-visible.mlir | FileCheck %s --check-prefix=HIDDEN

// CHECK-LABEL: module @pub
// CHECK-NEXT: func{{(\.func)?}} nested @nested_kept()
// CHECK-NEXT: module @inner
// CHECK-NEXT: func{{(\.func)?}} nested @nested_in_visible()
// HIDDEN-LABEL: module @pub
// HIDDEN-NEXT: module @inner
// HIDDEN-NEXT: }
// HIDDEN-NEXT: }
