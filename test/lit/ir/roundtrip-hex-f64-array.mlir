// An f64 that only the hex form prints exactly keeps its `: f64` inside an
// array: with the type elided (as for other f64 array elements, and as
// MLIR 14 also does for this one) the hex bits would read back as an
// integer. Found by the parse fuzzer's round-trip mode. mlir-opt-14 reads
// this output with the right value but prints it without the type
// (test/lit/compat/mlir14-skip.txt).
// RUN: npu-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: npu-opt %s --allow-unregistered-dialect | npu-opt --allow-unregistered-dialect | FileCheck %s

// 214748364.0 has no 6-digit or shorter-than-17-digit decimal form with a
// '.', so it prints as its bits: 0x41A9999998000000 (sign 0, exponent
// 1050 = 2^27, mantissa 0x9999998000000).
// CHECK: "t.a"() {inf = [0x7FF0000000000000 : f64], plain = [1.500000e+00, 2], shape = [0x41A9999998000000 : f64, 2147483647], top = 0x41A9999998000000 : f64}
"t.a"() {shape = [214748364.0, 2147483647], top = 214748364.0, plain = [1.5, 2], inf = [0x7FF0000000000000 : f64]} : () -> ()
