// bench/gen-module writes canonical generic IR: npu-opt prints it back
// unchanged, so the benchmark times real work on valid input.
// RUN: %python %npu_src/bench/gen-module 200 %t.mlir
// RUN: npu-opt --allow-unregistered-dialect --print-op-generic %t.mlir -o %t.out
// RUN: diff %t.mlir %t.out
// RUN: %python %S/Inputs/expect-exit.py 2 %python %npu_src/bench/gen-module 0
