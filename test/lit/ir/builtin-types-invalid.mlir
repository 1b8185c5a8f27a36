// Bad complex, f80/f128, scalable-vector and wide-integer input: one
// diagnostic each at the offending token, never a crash.
// RUN: npu-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect

// expected-error@+1 {{invalid element type for complex}}
"t.x"() {a = complex<index>} : () -> ()

// -----

// expected-error@+1 {{invalid element type for complex}}
"t.x"() {a = complex<complex<f32>>} : () -> ()

// -----

// expected-error@+1 {{vector elements must be int/index/float type}}
"t.x"() {a = vector<2xcomplex<f32>>} : () -> ()

// -----

// expected-error@+1 {{fixed-length dimension after a scalable dimension}}
"t.x"() {a = vector<[4]x2xf32>} : () -> ()

// -----

// expected-error@+1 {{scalable dimensions are only allowed in vector types}}
"t.x"() {a = tensor<[4]xf32>} : () -> ()

// -----

// expected-error@+1 {{vector types must have positive constant sizes}}
"t.x"() {a = vector<[0]xf32>} : () -> ()

// -----

// expected-error@+1 {{expected a (real, imaginary) pair for a complex element}}
"t.x"() {a = dense<[1.0, 2.0]> : tensor<2xcomplex<f32>>} : () -> ()

// -----

// expected-error@+1 {{complex element (real, imaginary) for a type that is not complex}}
"t.x"() {a = dense<(1.0, 2.0)> : tensor<f32>} : () -> ()

// -----

// expected-error@+1 {{expected floating-point elements, but parsed integer}}
"t.x"() {a = dense<(1, 2)> : tensor<complex<f32>>} : () -> ()

// -----

// expected-error@+1 {{expected integer elements, but parsed floating-point}}
"t.x"() {a = dense<[1.5]> : tensor<1xi128>} : () -> ()

// -----

// expected-error@+1 {{integer constant out of range for attribute}}
"t.x"() {a = 340282366920938463463374607431768211456 : i128} : () -> ()

// -----

// A positive signed value must leave the sign bit clear.
// expected-error@+1 {{integer constant out of range for attribute}}
"t.x"() {a = 170141183460469231731687303715884105728 : si128} : () -> ()

// -----

// expected-error@+1 {{negative integer literal not valid for unsigned integer type}}
"t.x"() {a = -1 : ui96} : () -> ()

// -----

// expected-error@+1 {{integer constant out of range for attribute}}
"t.x"() {a = dense<[0, 0x100000000000000000000000000000000]> : tensor<2xi128>} : () -> ()

// -----

// expected-error@+1 {{hexadecimal float constant out of range for type}}
"t.x"() {a = 0x1FFFFFFFFFFFFFFFFFFFF : f80} : () -> ()

// -----

// expected-error@+1 {{hexadecimal float literal should not have a leading minus}}
"t.x"() {a = -0x3FFF8000000000000000 : f80} : () -> ()

// -----

// expected-error@+1 {{unexpected decimal integer literal for a floating point value}}
"t.x"() {a = 1 : f128} : () -> ()

// -----

// expected-error@+1 {{elements hex data size is invalid for provided type}}
"t.x"() {a = dense<"0x00000000000000000000000000000080FF3F000000000000"> : tensor<2xf80>} : () -> ()
