// dense<>: splats, nested lists by shape, element formatting, empty
// tensors and the hex form past 100 elements.
// RUN: npu-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: npu-opt %s --allow-unregistered-dialect | npu-opt --allow-unregistered-dialect | FileCheck %s

"t.dense"() {
  a = dense<1> : tensor<4xi32>, b = dense<[1, 2, 3]> : tensor<3xi8>,
  c = dense<[[1.0, 2.0], [3.0, 4.5]]> : tensor<2x2xf32>,
  d = dense<true> : tensor<2xi1>, e = dense<[true, false]> : tensor<2xi1>,
  f = dense<5> : tensor<i32>, g = dense<[0.1, 0.2]> : tensor<2xf16>,
  h = dense<[1, 2]> : vector<2xindex>, i = dense<[255, 1]> : tensor<2xui8>,
  j = dense<[-1, 1]> : tensor<2xsi8>, k = dense<[255, 1]> : tensor<2xi8>,
  l = dense<0.1> : tensor<2x3xbf16>, m = dense<[]> : tensor<0xi32>,
  n = dense<[[1], [2]]> : tensor<2x1xi64>, o = dense<"0x01020304"> : tensor<4xi8>,
  p = dense<[[[1, 2]], [[3, 4]]]> : tensor<2x1x2xi16>,
  q = dense<[1.0e-20, 0x7F800000]> : tensor<2xf32>,
  r = dense<[7, 7, 7]> : tensor<3xi32>
} : () -> ()
// MLIR 14 finds an i1 splat only in an all-false (all-zero bits) list.
"i1.splats"() {a = dense<[true, true]> : tensor<2xi1>, b = dense<[true]> : tensor<1xi1>, c = dense<[false, false]> : tensor<2xi1>} : () -> ()
%0 = "t.const"() {value = dense<"0x000102030405060708090A0B0C0D0E0F101112131415161718191A1B1C1D1E1F202122232425262728292A2B2C2D2E2F303132333435363738393A3B3C3D3E3F404142434445464748494A4B4C4D4E4F505152535455565758595A5B5C5D5E5F6061626364"> : tensor<101xi8>} : () -> tensor<101xi8>
%1 = "t.const"() {value = dense<[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 64, 65, 66, 67, 68, 69, 70, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80, 81, 82, 83, 84, 85, 86, 87, 88, 89, 90, 91, 92, 93, 94, 95, 96, 97, 98, 99]> : tensor<100xi8>} : () -> tensor<100xi8>
%2 = "t.const"() {value = dense<"0x0000803F000000400000404000008040"> : tensor<2x2xf32>} : () -> tensor<2x2xf32>

// CHECK: module {
// CHECK-NEXT:   "t.dense"() {a = dense<1> : tensor<4xi32>, b = dense<[1, 2, 3]> : tensor<3xi8>, c = dense<{{\[\[}}1.000000e+00, 2.000000e+00], [3.000000e+00, 4.500000e+00]]> : tensor<2x2xf32>, d = dense<true> : tensor<2xi1>, e = dense<[true, false]> : tensor<2xi1>, f = dense<5> : tensor<i32>, g = dense<[9.997550e-02, 1.999510e-01]> : tensor<2xf16>, h = dense<[1, 2]> : vector<2xindex>, i = dense<[255, 1]> : tensor<2xui8>, j = dense<[-1, 1]> : tensor<2xsi8>, k = dense<[-1, 1]> : tensor<2xi8>, l = dense<1.000980e-01> : tensor<2x3xbf16>, m = dense<> : tensor<0xi32>, n = dense<{{\[\[}}1], [2]]> : tensor<2x1xi64>, o = dense<[1, 2, 3, 4]> : tensor<4xi8>, p = dense<{{\[\[}}[1, 2]], {{\[\[}}3, 4]]]> : tensor<2x1x2xi16>, q = dense<[9.99999968E-21, 0x7F800000]> : tensor<2xf32>, r = dense<7> : tensor<3xi32>} : () -> ()
// CHECK-NEXT:   "i1.splats"() {a = dense<[true, true]> : tensor<2xi1>, b = dense<true> : tensor<1xi1>, c = dense<false> : tensor<2xi1>} : () -> ()
// CHECK-NEXT:   %0 = "t.const"() {value = dense<"0x000102030405060708090A0B0C0D0E0F101112131415161718191A1B1C1D1E1F202122232425262728292A2B2C2D2E2F303132333435363738393A3B3C3D3E3F404142434445464748494A4B4C4D4E4F505152535455565758595A5B5C5D5E5F6061626364"> : tensor<101xi8>} : () -> tensor<101xi8>
// CHECK-NEXT:   %1 = "t.const"() {value = dense<[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 64, 65, 66, 67, 68, 69, 70, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80, 81, 82, 83, 84, 85, 86, 87, 88, 89, 90, 91, 92, 93, 94, 95, 96, 97, 98, 99]> : tensor<100xi8>} : () -> tensor<100xi8>
// CHECK-NEXT:   %2 = "t.const"() {value = dense<{{\[\[}}1.000000e+00, 2.000000e+00], [3.000000e+00, 4.000000e+00]]> : tensor<2x2xf32>} : () -> tensor<2x2xf32>
// CHECK-NEXT: }
