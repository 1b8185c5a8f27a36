// MLIR 14's builtin types and values npu-ir used to refuse: complex<T>,
// f80 and f128, scalable vectors, integers wider than 64 bits, dense<>
// of all of these. The expected text is what mlir-opt-14 prints for the
// same input (compat/mlir-opt.mlir compares the two byte for byte).
// RUN: npu-opt %s --allow-unregistered-dialect --print-op-generic | FileCheck %s
// RUN: npu-opt %s --allow-unregistered-dialect --print-op-generic | npu-opt --allow-unregistered-dialect --print-op-generic | FileCheck %s

// CHECK: "t.types"() {a = complex<f32>, b = complex<i32>, c = complex<ui8>, d = complex<f80>, e = vector<[4]xf32>, f = vector<2x[4]xbf16>, g = vector<[2x4]xi8>, h = f80, i = f128} : () -> (complex<f16>, tensor<2xcomplex<f128>>, memref<1x?xcomplex<f32>>, memref<*xcomplex<i1>>, vector<2x[8]xf32>)
%0:5 = "t.types"() {a = complex<f32>, b = complex<i32>, c = complex<ui8>,
    d = complex<f80>, e = vector<[4]xf32>, f = vector<2 x [4] x bf16>,
    g = vector<[2x4]xi8>, h = f80, i = f128}
    : () -> (complex<f16>, tensor<2xcomplex<f128>>, memref<1x?xcomplex<f32>>,
             memref<*xcomplex<i1>>, vector<2x[8]xf32>)

// f80/f128 values are read as doubles (as MLIR 14 reads them) and
// printed with 21 and 36 significant digits where six do not read back.
// CHECK: "t.f"() {a = 0.100000000000000005551 : f80, b = 0.100000000000000005551115123125782702 : f128, c = 1.500000e+00 : f80, d = 1.0000000000000000525E+300 : f80, e = 2.000000e+00 : f128, g = 1.00000000000000008180305391403130955E-5 : f128, h = -0.000000e+00 : f80} : () -> ()
"t.f"() {a = 0.1 : f80, b = 0.1 : f128, c = 1.5 : f80, d = 1.0e300 : f80,
         e = 2.0 : f128, g = 1.0e-5 : f128, h = -0.0 : f80} : () -> ()

// CHECK: "t.d"() {a = dense<[0.100000000000000005551, 2.000000e+00]> : tensor<2xf80>, b = dense<[1.000000e+00, -2.500000e-01]> : tensor<2xf128>, c = dense<1.000000e+00> : tensor<2xf80>, d = dense<1.000000e+00> : tensor<2xf80>} : () -> ()
"t.d"() {a = dense<[0.1, 2.0]> : tensor<2xf80>,
         b = dense<[1.0, -0.25]> : tensor<2xf128>,
         c = dense<1.0> : tensor<2xf80>,
         d = dense<"0x0000000000000080FF3F0000000000000080FF3F"> : tensor<2xf80>}
    : () -> ()

// Complex elements print as (re,im); equal elements make a splat.
// CHECK: "t.c"() {a = dense<[(1.500000e+00,-2.000000e+00), (0x7FC00000,3.000000e+00)]> : tensor<2xcomplex<f32>>, b = dense<(true,false)> : tensor<1xcomplex<i1>>, c = dense<(1,2)> : tensor<complex<i8>>, d = dense<(1,255)> : tensor<complex<ui8>>, e = dense<(1.000000e-01,0x7FF0000000000000)> : tensor<complex<f64>>, f = dense<[(1,2), (3,-4)]> : tensor<2xcomplex<i128>>, g = dense<(1,2)> : tensor<2xcomplex<i8>>, h = dense<(1.000000e+00,2.000000e+00)> : tensor<complex<f32>>} : () -> ()
"t.c"() {a = dense<[(1.5, -2.0), (0x7FC00000, 3.0)]> : tensor<2xcomplex<f32>>,
         b = dense<[(true, false)]> : tensor<1xcomplex<i1>>,
         c = dense<(1,2)> : tensor<complex<i8>>,
         d = dense<(1,255)> : tensor<complex<ui8>>,
         e = dense<(0.1, 0x7FF0000000000000)> : tensor<complex<f64>>,
         f = dense<[(1,2),(3,-4)]> : tensor<2xcomplex<i128>>,
         g = dense<[(1,2),(1,2)]> : tensor<2xcomplex<i8>>,
         h = dense<"0x0000803F00000040"> : tensor<complex<f32>>} : () -> ()

// Integers of any width up to 4096 bits keep every bit; signless and
// signed values print signed, unsigned ones unsigned.
// CHECK: "t.i"() {a = -170141183460469231731687303715884105728 : i128, b = 340282366920938463463374607431768211455 : ui128, c = -170141183460469231731687303715884105728 : si128, d = 79228162514264337593543950335 : ui96, e = -39614081257132168796771975168 : si96, f = 90000000000000000300000000000000000001 : i128, g = [1 : i128, -2 : i65], h = 0 : i4096, i = -1 : i4096} : () -> ()
"t.i"() {a = 0x80000000000000000000000000000000 : i128,
         b = 340282366920938463463374607431768211455 : ui128,
         c = -170141183460469231731687303715884105728 : si128,
         d = 79228162514264337593543950335 : ui96,
         e = -39614081257132168796771975168 : si96,
         f = 90000000000000000300000000000000000001 : i128,
         g = [1 : i128, -2 : i65], h = 0 : i4096, i = -1 : i4096}
    : () -> ()

// CHECK: "t.di"() {a = dense<{{\[\[\[}}-5, 4, 6, 2]]]> : vector<1x1x4xi67>, b = dense<[1, -1, 18446744073709551616]> : tensor<3xi128>, c = dense<-1> : tensor<4xsi100>, d = dense<[1, 2]> : tensor<2xui128>} : () -> ()
"t.di"() {a = dense<[[[-5, 4, 6, 2]]]> : vector<1x1x4xi67>,
          b = dense<[1, -1, 18446744073709551616]> : tensor<3xi128>,
          c = dense<-1> : tensor<4xsi100>,
          d = dense<"0x0100000000000000000000000000000002000000000000000000000000000000"> : tensor<2xui128>}
    : () -> ()
