// REQUIRES: mlir-opt
// Every lit test that parses prints, with --print-op-generic, text that
// mlir-opt-14 reads and prints back byte for byte (-mlir-print-op-generic
// --mlir-print-local-scope). Files using constructs MLIR 14 lacks are in
// mlir14-skip.txt with the reason.
// RUN: %python %S/compat.py mlir-opt npu-opt mlir-opt-14 %S/.. %S/mlir14-skip.txt | FileCheck %s
// CHECK: mlir-opt: checked {{[0-9]+}} files ({{[0-9]+}} chunks), skipped {{[0-9]+}} files, {{[0-9]+}} chunks, failed 0
