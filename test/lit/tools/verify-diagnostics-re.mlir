// expected-<kind>-re: literal text with {{regex}} parts (POSIX extended),
// as in MLIR; the text outside {{ }} matches literally.
// RUN: npu-opt --split-input-file --verify-diagnostics %s
// RUN: not npu-opt --split-input-file --verify-diagnostics %S/Inputs/verify-re-fail.mlir 2>&1 | FileCheck %s

// expected-error-re@+1 {{unregistered operation 'a.{{[a-z]+}}' found in dialect ('a')}}
"a.xyz"() : () -> ()

// -----
"a.b"() : () -> () // expected-error-re {{operation 'a.b' {{.*}} unknown operations}}

// CHECK: verify-re-fail.mlir:2:1: error: unexpected error: unregistered operation 'a.xyz'
// CHECK: verify-re-fail.mlir:1:4: error: expected error "unregistered operation 'a.{{.*}}'" was not produced
// CHECK: verify-re-fail.mlir:4:4: error: invalid regex:
// CHECK: verify-re-fail.mlir:7:4: error: found start of regex with no end '}}'
