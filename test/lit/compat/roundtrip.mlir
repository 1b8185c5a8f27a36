// Every lit test that parses must print canonically: for each such file
// (or --split-input-file chunk), print(parse(print(parse(x)))) equals
// print(parse(x)) in the default and the generic form.
// RUN: %python %S/compat.py roundtrip npu-opt %S/.. | FileCheck %s
// CHECK: roundtrip: checked {{[0-9]+}} files ({{[0-9]+}} chunks), skipped {{[0-9]+}} files, {{[0-9]+}} chunks, failed 0
