// Bad sparse<>, opaque<> and dense<> elements: one diagnostic each, at
// the literal (or the offending token), as MLIR 14 words them.
// RUN: npu-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect

// expected-error@+1 {{expected shape ([3, 4]); inferred shape of indices literal ([2, 2]); inferred shape of values literal ([3])}}
"t.x"() {a = sparse<[[0, 0], [1, 2]], [1, 5, 6]> : tensor<3x4xi32>} : () -> ()

// -----

// expected-error@+1 {{sparse index #1 is not contained within the value shape, with index=[5, 2], and type='tensor<3x4xi32>'}}
"t.x"() {a = sparse<[[0, 0], [5, 2]], [1, 5]> : tensor<3x4xi32>} : () -> ()

// -----

// expected-error@+1 {{sparse index #0 is not contained within the value shape, with index=[18446744073709551615, 0], and type='tensor<3x4xi32>'}}
"t.x"() {a = sparse<[[-1, 0]], [1]> : tensor<3x4xi32>} : () -> ()

// -----

// expected-error@+1 {{expected 1-d tensor for sparse element values}}
"t.x"() {a = sparse<[[0, 1]], [[1, 2]]> : tensor<4x4xi32>} : () -> ()

// -----

// expected-error@+1 {{expected shape ([4, 4]); inferred shape of indices literal ([2]); inferred shape of values literal ([2])}}
"t.x"() {a = sparse<[0, 1], [1, 2]> : tensor<4x4xi32>} : () -> ()

// -----

// expected-error@+1 {{expected integer elements, but parsed floating-point}}
"t.x"() {a = sparse<[[0]], [1.5]> : tensor<4xi32>} : () -> ()

// -----

// expected-error@+1 {{elements literal type must have static shape}}
"t.x"() {a = sparse<[[0, 0]], [1]> : tensor<?x4xi32>} : () -> ()

// -----

// expected-error@+1 {{elements literal must be a ranked tensor or vector type}}
"t.x"() {a = sparse<[[0, 0]], [1]> : memref<3x4xi32>} : () -> ()

// -----

// expected-error@+1 {{expected integer indices in sparse elements}}
"t.x"() {a = sparse<"0x01", [1]> : tensor<3x4xi32>} : () -> ()

// -----

// MLIR 14 keeps no values for such an element type; npu-ir refuses.
// expected-error@+1 {{numbers in dense<> need an integer, float, index or complex element type, not !d.t}}
"t.x"() {a = sparse<[[0, 0]], [1]> : tensor<3x4x!d.t>} : () -> ()

// -----

// expected-error@+1 {{expected string containing hex digits starting with `0x`}}
"t.x"() {a = opaque<"d", "DEAD"> : tensor<4xi8>} : () -> ()

// -----

// expected-error@+1 {{expected string containing hex digits starting with `0x`}}
"t.x"() {a = opaque<"d", "0xDEADGG"> : tensor<4xi8>} : () -> ()

// -----

// expected-error@+1 {{invalid dialect namespace '"a b"'}}
"t.x"() {a = opaque<"a b", "0xDEAD"> : tensor<4xi8>} : () -> ()

// -----

// expected-error@+1 {{invalid dialect namespace '""'}}
"t.x"() {a = opaque<"", "0xDEAD"> : tensor<4xi8>} : () -> ()

// -----

// expected-error@+1 {{elements literal type must have static shape}}
"t.x"() {a = opaque<"d", "0xDEAD"> : tensor<?xi8>} : () -> ()

// -----

// expected-error@+1 {{elements literal must be a ranked tensor or vector type}}
"t.x"() {a = opaque<"d", "0xDEAD"> : memref<4xi8>} : () -> ()

// -----

// A huge static shape takes a splat, not a list.
// expected-error@+1 {{inferred shape of elements literal ([1]) does not match type ([4611686018427387904])}}
"t.x"() {a = dense<[1.0]> : tensor<4611686018427387904xf32>} : () -> ()

// -----

// expected-error@+1 {{elements hex data size is invalid for provided type}}
"t.x"() {a = dense<"0x0000803F00000000"> : tensor<9223372036854775807x2xf32>} : () -> ()

// -----

// MLIR 14 turns these numbers into an empty string; npu-ir refuses.
// expected-error@+1 {{numbers in dense<> need an integer, float, index or complex element type, not !quant.uniform<i8:f32, 5.000000e-01> (for quantized values use the storage type, e.g. i8)}}
"t.x"() {a = dense<[1, 2]> : tensor<2x!quant.uniform<i8:f32, 0.5>>} : () -> ()
