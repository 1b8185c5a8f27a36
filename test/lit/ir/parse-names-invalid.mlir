// Where SSA name errors point, line and column, in --split-input-file
// chunks (whose lines count from the chunk's first line in the file):
// the definition or first use the parser recorded for the name.
// RUN: not npu-opt %s --split-input-file --allow-unregistered-dialect 2>&1 | FileCheck %s

// Redefinition two regions below the definition (flat name).
"t.a"() ({
      %v5 = "t.def"() : () -> i32
  "t.b"() ({
    "t.c"() ({
      // CHECK: parse-names-invalid.mlir:[[@LINE+1]]:9: error: redefinition of SSA value '%v5'
        %v5 = "t.def"() : () -> i32
    }) : () -> ()
  }) : () -> ()
}) : () -> ()
// CHECK: parse-names-invalid.mlir:[[@LINE-8]]:7: note: previously defined here

// -----

// The same for a hashed name (leading zero), redefined by a block
// argument.
  %v05 = "t.def"() : () -> i32
// CHECK: parse-names-invalid.mlir:[[@LINE+2]]:15: error: redefinition of SSA value '%v05'
"t.b"() ({
^bb0(%a: i32, %v05: i32):
}) : () -> ()
// CHECK: parse-names-invalid.mlir:[[@LINE-5]]:3: note: previously defined here

// -----

// A forward reference out of a nested region never defined: reported
// at its first use at the end.
"t.a"() ({
  "t.b"() ({
    // CHECK: parse-names-invalid.mlir:[[@LINE+1]]:18: error: use of undeclared SSA value name
    "t.use"(%v1, %v9#1, %v9) : (i32, i32, i32) -> ()
  }) : () -> ()
  %v1 = "t.def"() : () -> i32
}) : () -> ()

// -----

// A forward reference across blocks whose definition has another type.
"t.b"() ({
  "t.use"(%v3#1) : (i32) -> ()
  "t.br"()[^bb1] : () -> ()
^bb1:
    // CHECK: parse-names-invalid.mlir:[[@LINE+1]]:5: error: definition of SSA value '%v3#1' has type 'f32'
    %v3:2 = "t.def2"() : () -> (i32, f32)
}) : () -> ()
// CHECK: parse-names-invalid.mlir:[[@LINE-6]]:11: note: previously used here with type 'i32'

// -----

// A forward #N past the definition's results, out of a region: the
// error points at the name's first use.
"t.b"() ({
  "t.use"(%x#1, %x#3) : (i32, i32) -> ()
}) : () -> ()
// CHECK: parse-names-invalid.mlir:[[@LINE-2]]:11: error: reference to invalid result number
%x:2 = "t.def2"() : () -> (i32, i32)

// -----

// Two forward uses that disagree on the type.
"t.b"() ({
  // CHECK: parse-names-invalid.mlir:[[@LINE+3]]:11: error: use of value '%v8' expects different type than prior uses: 'f32' vs 'i32'
  // CHECK: parse-names-invalid.mlir:[[@LINE+1]]:11: note: prior use here
  "t.use"(%v8) : (i32) -> ()
  "t.use"(%v8) : (f32) -> ()
}) : () -> ()
