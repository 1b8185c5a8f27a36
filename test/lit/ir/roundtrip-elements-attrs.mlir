// MLIR 14's other elements attributes: sparse<indices, values> and
// opaque<"dialect", "0xHEX">, and dense<> splats of static shapes whose
// element count overflows 64 bits. The expected text is mlir-opt-14's for
// the same input (compat/mlir-opt.mlir compares the two byte for byte).
// RUN: npu-opt %s --allow-unregistered-dialect --print-op-generic | FileCheck %s
// RUN: npu-opt %s --allow-unregistered-dialect --print-op-generic | npu-opt --allow-unregistered-dialect --print-op-generic | FileCheck %s

// Indices are N x rank (or N for rank 1); splats print as one element.
// CHECK: "t.s"() {a = sparse<{{\[\[}}0, 0], [1, 2]], [1, 5]> : tensor<3x4xi32>, b = sparse<{{\[\[}}0, 0], [1, 2]], 7> : tensor<3x4xi32>, c = sparse<[1, 2], [1.000000e+00, 2.000000e+00]> : tensor<4xf32>, d = sparse<0, -2> : vector<1x1x1xi8>, e = sparse<> : vector<1x1xi32>, f = sparse<0, -1> : vector<1xi64>, g = sparse<{{\[\[}}0], [1]], 5> : tensor<4xi32>, h = sparse<1, 5> : tensor<4x4xi32>} : () -> ()
"t.s"() {a = sparse<[[0, 0], [1, 2]], [1, 5]> : tensor<3x4xi32>,
         b = sparse<[[0, 0], [1, 2]], 7> : tensor<3x4xi32>,
         c = sparse<[1,2], [1.0, 2.0]> : tensor<4xf32>,
         d = sparse<0, -2> : vector<1x1x1xi8>,
         e = sparse<> : vector<1x1xi32>,
         f = sparse<[[0]], [-1]> : vector<1xi64>,
         g = sparse<[[0], [1]], [5, 5]> : tensor<4xi32>,
         h = sparse<1, 5> : tensor<4x4xi32>} : () -> ()

// Values as hex, complex, wide and f80 values; rank 0 keeps no index.
// CHECK: "t.s2"() {a = sparse<0, 1> : tensor<3x4xi32>, b = sparse<0, (1,2)> : tensor<3x4xcomplex<i32>>, c = sparse<> : tensor<i32>, d = sparse<0, 1> : tensor<3x4xi128>, e = sparse<0, 0.100000000000000005551> : tensor<3xf80>} : () -> ()
"t.s2"() {a = sparse<[[0, 0]], "0x01000000"> : tensor<3x4xi32>,
          b = sparse<[[0, 0]], [(1,2)]> : tensor<3x4xcomplex<i32>>,
          c = sparse<0, 1> : tensor<i32>,
          d = sparse<[[0, 0]], [1]> : tensor<3x4xi128>,
          e = sparse<[[0]], [0.1]> : tensor<3xf80>} : () -> ()

// Opaque elements keep their bytes (an odd digit count gets a leading
// zero), printed in upper case; the element type is not looked at.
// CHECK: "t.o"() {a = opaque<"d", "0xDEADBEEF01"> : tensor<4xi8>, b = opaque<"d", "0x"> : vector<2xf32>, c = opaque<"d", "0xAB"> : tensor<2x!d.t>, e = opaque<"d", "0x0DEA"> : tensor<4xi8>, f = opaque<"_", "0xDEADBEEF"> : tensor<4xi8>} : () -> ()
"t.o"() {a = opaque<"d", "0xdeadbeef01"> : tensor<4xi8>,
         b = opaque<"d", "0x"> : vector<2xf32>,
         c = opaque<"d", "0xAB"> : tensor<2x!d.t>,
         e = opaque<"d", "0xDEA"> : tensor<4xi8>,
         f = opaque<"_", "0xDEADBEEF"> : tensor<4xi8>} : () -> ()

// A static shape is static however large: a splat is fine.
// CHECK: "t.h"() {a = dense<1.000000e+00> : tensor<9223372036854775807x2xf32>, b = dense<1.000000e+00> : tensor<9223372036854775807x2xf32>, c = dense<"s"> : tensor<9223372036854775807x2x!d.t>} : () -> ()
"t.h"() {a = dense<1.0> : tensor<9223372036854775807x2xf32>,
         b = dense<"0x0000803F"> : tensor<9223372036854775807x2xf32>,
         c = dense<"s"> : tensor<9223372036854775807x2x!d.t>} : () -> ()
