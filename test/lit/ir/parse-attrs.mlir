// RUN: npu-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: npu-opt %s --allow-unregistered-dialect | npu-opt --allow-unregistered-dialect | FileCheck %s
// Every attribute form the parser accepts.

#a = 7 : i16
#m = affine_map<(d0, d1)[s0] -> (d0 * 4 + s0, d1 - d0, d0 floordiv 2, d0 ceildiv 2, d0 mod 2, -d0, (d0 + 1) * 3, d0 + d1 * 2)>

// CHECK: "a.int"() {a = 42 : i64, b = -7 : i32, c = 31 : i64, d = -1 : i8, e = -9223372036854775808 : i64, f = 18446744073709551615 : ui64, g = 3 : index, h = 7 : i16, i = true, j = false}
"a.int"() {a = 42, b = -7 : i32, c = 0x1F, d = 255 : i8, e = -9223372036854775808, f = 18446744073709551615 : ui64, g = 3 : index, h = #a, i = true, j = false} : () -> ()
// CHECK: "a.float"() {a = 1.000000e+00 : f64, b = -2.500000e-03 : f32, c = 1.000000e+00 : f64, d = 0x7FF0000000000000 : f64, e = 0x7FC00000 : f32, f = 1.000000e+00 : f16, g = 1.500000e+00 : bf16}
"a.float"() {a = 1.0, b = -2.5e-3 : f32, c = 1., d = 0x7FF0000000000000 : f64, e = 0x7FC00000 : f32, f = 0x3C00 : f16, g = 1.5 : bf16} : () -> ()
// CHECK: "a.str"() {a = "a\09b\22c\\d\0A\FF", b = "", c = "x" : i32}
"a.str"() {a = "a\tb\"c\\d\n\ff", b = "", c = "x" : i32} : () -> ()
// CHECK: "a.coll"() {"a key" = 2 : i64, arr = [1, "a", [2]], d = {a = 1 : i64, b}, e = [], u, v}
"a.coll"() {arr = [1, "a", [2]], d = {b, a = 1}, "a key" = 2, e = [], u, v = unit} : () -> ()
// CHECK: "a.sym"() {a = @f, b = @"quoted name", c = @a::@b::@c}
"a.sym"() {a = @f, b = @"quoted name", c = @a::@b::@c} : () -> ()
// CHECK: "a.type"() {a = i32, b = (i32) -> i32, c = tensor<2xf32>}
"a.type"() {a = i32, b = (i32) -> i32, c = tensor<2xf32>} : () -> ()
// CHECK: "a.dense"() {a = dense<{{\[}}[1, 2], [3, 4]]> : tensor<2x2xi32>, b = dense<1.500000e+00> : tensor<4xf32>, c = dense<[true, false]> : tensor<2xi1>, d = dense<[1.000000e+00, 2.000000e+00, 3.000000e+00]> : tensor<3xf32>, e = dense<[1, 2]> : tensor<2xi32>, f = dense<1> : tensor<2xi32>, g = dense<[1.500000e+00, -2.000000e+00]> : vector<2xf16>, h = dense<> : tensor<0xi32>, i = dense<[-1, 2]> : tensor<2xi8>, j = dense<5> : tensor<i64>, k = dense<2> : tensor<2xi32>}
"a.dense"() {a = dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>, b = dense<1.5> : tensor<4xf32>, c = dense<[true, false]> : tensor<2xi1>, d = dense<[1.0, 2.0, 3.0]> : tensor<3xf32>, e = dense<"0x0100000002000000"> : tensor<2xi32>, f = dense<"0x01000000"> : tensor<2xi32>, g = dense<[1.5, -2.0]> : vector<2xf16>, h = dense<> : tensor<0xi32>, i = dense<[-1, 2]> : tensor<2xi8>, j = dense<5> : tensor<i64>, k = dense<[2, 2]> : tensor<2xi32>} : () -> ()
// CHECK: "a.affine"() {a = affine_map<(d0, d1)[s0] -> (d0 * 4 + s0, d1 - d0, d0 floordiv 2, d0 ceildiv 2, d0 mod 2, -d0, (d0 + 1) * 3, d0 + d1 * 2)>, b = affine_map<() -> (0)>, c = affine_map<(d0) -> (d0)>}
"a.affine"() {a = #m, b = affine_map<() -> (0)>, c = affine_map<(d0)[] -> (d0)>} : () -> ()
// CHECK: "a.strided"() {a = strided<[1, ?], offset: 4>, b = strided<[]>, c = strided<[4, 1]>}
"a.strided"() {a = strided<[1, ?], offset: 4>, b = strided<[]>, c = strided<[4, 1], offset: 0>} : () -> ()
// CHECK: "a.dialect"() {a = #d.attr<"x" -> y>, b = #d.plain}
"a.dialect"() {a = #d.attr<"x" -> y>, b = #d.plain} : () -> ()
// Keywords are plain names where a name is expected.
// CHECK: "a.kw"() {dense = 1 : i64, loc = 2 : i64, tensor = 3 : i64, type = 4 : i64}
"a.kw"() {type = 4, tensor = 3, dense = 1, loc = 2} : () -> ()
// Dense float elements may be bit patterns (how NaN and infinity print).
// CHECK: "a.hexfloat"() {d = dense<[0x7F800000, 0xFF800000, 1.000000e+00]> : tensor<3xf32>, e = dense<0x7E00> : tensor<2xf16>}
"a.hexfloat"() {d = dense<[0x7F800000, 0xFF800000, 1.0]> : tensor<3xf32>, e = dense<0x7E00> : tensor<2xf16>} : () -> ()
