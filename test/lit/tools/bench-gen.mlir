// bench/gen-module writes canonical generic IR: npu-opt prints it back
// unchanged, so the benchmark times real work on valid input.
// RUN: %python %npu_src/bench/gen-module 200 %t.mlir
// RUN: npu-opt --allow-unregistered-dialect --print-op-generic %t.mlir -o %t.out
// RUN: diff %t.mlir %t.out
// RUN: %python %S/Inputs/expect-exit.py 2 %python %npu_src/bench/gen-module 0
// bench/gen-cnn (the CNN-like benchmark IR) is valid IR too, and npu-opt
// prints what it prints back unchanged.
// RUN: %python %npu_src/bench/gen-cnn 203 %t.cnn.mlir
// RUN: npu-opt --allow-unregistered-dialect --print-op-generic %t.cnn.mlir -o %t.cnn1.mlir
// RUN: npu-opt --allow-unregistered-dialect --print-op-generic %t.cnn1.mlir -o %t.cnn2.mlir
// RUN: diff %t.cnn1.mlir %t.cnn2.mlir
// RUN: grep -c '"cnn.constant"' %t.cnn1.mlir | FileCheck %s --check-prefix=CONST
// CONST: 52
// RUN: %python %S/Inputs/expect-exit.py 2 %python %npu_src/bench/gen-cnn 0
