// The example plugin (examples/plugin, built by the suite) registers two
// passes through the public API: as flags, in pipelines and in the lists.
// RUN: npu-opt --load-pass-plugin=%npu_build/lib/example-plugin.so --register-test-ops --example-count-ops --example-add-to-mul %s | FileCheck %s
// RUN: npu-opt --load-pass-plugin %npu_build/lib/example-plugin.so --register-test-ops --pass-pipeline='builtin.module(func.func(example-count-ops{attr-name=ops}),example-add-to-mul)' %s | FileCheck --check-prefix=PIPE %s
// RUN: npu-opt --load-pass-plugin=%npu_build/lib/example-plugin.so --list-passes | FileCheck --check-prefix=LIST %s

// @f's body: test.add, test.region, test.effect (nested), return: 4 ops.
// CHECK: func.func @f(%arg0: i32) -> i32 attributes {example.num_ops = 4 : i64} {
// CHECK-NEXT: %[[TWO:.*]] = "test.constant"() {value = 2 : i32}
// CHECK-NEXT: %[[M:.*]] = "test.mul"(%arg0, %[[TWO]])
// CHECK-NEXT: "test.region"() ({
// CHECK-NEXT: "test.effect"(%[[M]])
// CHECK: return %[[M]]
// x + y is not rewritten.
// CHECK: func.func @g(%arg0: i32, %arg1: i32) -> i32 attributes {example.num_ops = 2 : i64} {
// CHECK-NEXT: "test.add"(%arg0, %arg1)

// PIPE: func.func @f(%arg0: i32) -> i32 attributes {ops = 4 : i64} {
// PIPE-NEXT: "test.constant"() {value = 2 : i32}

// LIST: --example-add-to-mul {{.*}} (on
// LIST-NEXT: any op)
// LIST-NEXT: --example-count-ops Count the ops of each function into an
// LIST-NEXT: attribute (on func.func)
// LIST-NEXT: attr-name=<string> {{.*}} (default:
// LIST-NEXT: example.num_ops)

// Errors: a missing file, a shared object without the entry point, and
// one built for another API version (both compiled here). Exit 1.
// RUN: not npu-opt --load-pass-plugin=%t.missing.so %s 2>&1 | FileCheck --check-prefix=MISSING %s
// MISSING: error: cannot load pass plugin '{{.*}}.missing.so': {{.*}}No such file
// RUN: cc -shared -fPIC -o %t.noentry.so %S/Inputs/plugin-noentry.c
// RUN: not npu-opt --load-pass-plugin=%t.noentry.so %s 2>&1 | FileCheck --check-prefix=NOENTRY %s
// NOENTRY: error: pass plugin '{{.*}}.noentry.so' has no 'npuir_pass_plugin_info' entry point
// RUN: cc -shared -fPIC -I%npu_src -o %t.version.so %S/Inputs/plugin-version.c
// RUN: %python %S/../tools/Inputs/expect-exit.py 1 npu-opt --load-pass-plugin=%t.version.so %s
// RUN: not npu-opt --load-pass-plugin=%t.version.so %s 2>&1 | FileCheck --check-prefix=VERSION %s
// VERSION: error: pass plugin '{{.*}}.version.so' was built for API version 99, npu-ir has version 3

func.func @f(%a: i32) -> i32 {
  %0 = "test.add"(%a, %a) : (i32, i32) -> i32
  "test.region"() ({
    "test.effect"(%0) : (i32) -> ()
  }) : () -> ()
  return %0 : i32
}
func.func @g(%a: i32, %b: i32) -> i32 {
  %0 = "test.add"(%a, %b) : (i32, i32) -> i32
  return %0 : i32
}
