// Scalar, string, array, dictionary, type and symbol attributes.
// RUN: npu-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: npu-opt %s --allow-unregistered-dialect | npu-opt --allow-unregistered-dialect | FileCheck %s

"t.attrs"() {
  unit_attr, b = 1, c = -7 : i32, d = true, e = false, f = 5 : index,
  g = 255 : ui8, h = -1 : si8, i = 255 : i8, j = -9223372036854775808,
  k = 18446744073709551615 : ui64,
  s1 = "a\"b\\c\nd\te\01\ff", s2 = "", s3 = "x" : i32, s4 = "\C3\A9",
  arr = [1 : i32, 5 : index, true, 1.0 : f32, [1, 2.0], {a = 1, b = 2.0}, 1, 3.0, -7, unit],
  empty = [], dict = {z = 1, a, "q r" = i32}, edict = {},
  "a-b" = 1, a.b$c = 2, "1x" = 3, _u = 4,
  sym = @f, sym2 = @"a b", sym3 = @a::@b::@"c d", sym4 = @a.b,
  ty = tensor<4xf32>, op = #d.body<[1]>, op2 = #d<"a b">
} : () -> ()
// Floats: %e with 6 digits when that reads back, else the exact long form,
// else the bits.
"t.floats"() {
  f0 = 1.0, f1 = 0.1 : f32, f2 = -0.0, f3 = 100.0, f4 = 3.14159265358979,
  f5 = 123456789.0, f6 = 1.0e300, f7 = 1.0e-320, f8 = 1.0e-20, f9 = 0.01 : f32,
  h0 = 0.333 : f16, h1 = 65504.0 : f16, h2 = 0.1 : bf16, h3 = 2.5 : bf16,
  x0 = 0x7FF0000000000000 : f64, x1 = 0xFF800000 : f32, x2 = 0x7C00 : f16,
  x3 = 0x7FF8000000000000 : f64, x4 = 0x0001 : f16, x5 = 1.5e-7 : f32
} : () -> ()

// CHECK: module {
// CHECK-NEXT:   "t.attrs"() {"1x" = 3 : i64, _u = 4 : i64, "a-b" = 1 : i64, a.b$c = 2 : i64, arr = [1 : i32, 5 : index, true, 1.000000e+00 : f32, [1, 2.000000e+00], {a = 1 : i64, b = 2.000000e+00 : f64}, 1, 3.000000e+00, -7, unit], b = 1 : i64, c = -7 : i32, d = true, dict = {a, "q r" = i32, z = 1 : i64}, e = false, edict = {}, empty = [], f = 5 : index, g = 255 : ui8, h = -1 : si8, i = -1 : i8, j = -9223372036854775808 : i64, k = 18446744073709551615 : ui64, op = #d.body<[1]>, op2 = #d<"a b">, s1 = "a\22b\\c\0Ad\09e\01\FF", s2 = "", s3 = "x" : i32, s4 = "\C3\A9", sym = @f, sym2 = @"a b", sym3 = @a::@b::@"c d", sym4 = @a.b, ty = tensor<4xf32>, unit_attr} : () -> ()
// CHECK-NEXT:   "t.floats"() {f0 = 1.000000e+00 : f64, f1 = 1.000000e-01 : f32, f2 = -0.000000e+00 : f64, f3 = 1.000000e+02 : f64, f4 = 3.14159265358979 : f64, f5 = 0x419D6F3454000000 : f64, f6 = 1.000000e+300 : f64, f7 = 9.999880e-321 : f64, f8 = 9.9999999999999995E-21 : f64, f9 = 0.00999999977 : f32, h0 = 3.330080e-01 : f16, h1 = 6.550400e+04 : f16, h2 = 1.000980e-01 : bf16, h3 = 2.500000e+00 : bf16, x0 = 0x7FF0000000000000 : f64, x1 = 0xFF800000 : f32, x2 = 0x7C00 : f16, x3 = 0x7FF8000000000000 : f64, x4 = 5.960460e-08 : f16, x5 = 1.500000e-07 : f32} : () -> ()
// CHECK-NEXT: }
