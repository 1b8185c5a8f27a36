// The tutorial plugin (examples/plugin, docs/writing-a-pass.md) builds
// against an installed npu-ir alone, found through pkg-config: the
// install has every header a plugin includes (ir/pass.h, ir/rewrite.h,
// dialects, the interpreter), and the installed npu-opt loads it.
// REQUIRES: pkg-config
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: env DESTDIR=%t.d/root %npu_src/scripts/install %npu_build /opt/npuir > %t.d/log
// RUN: cp %npu_src/examples/plugin/plugin.c %t.d/plugin.c
// RUN: env PKG_CONFIG_SYSROOT_DIR=%t.d/root PKG_CONFIG_PATH=%t.d/root/opt/npuir/lib/pkgconfig %python %S/Inputs/build-plugin.py %t.d/plugin.c %t.d/example.so
// RUN: %t.d/root/opt/npuir/bin/npu-opt --load-pass-plugin=%t.d/example.so --example-count-ops --pass-statistics %s 2>&1 | FileCheck %s
// RUN: ls %t.d/root/opt/npuir/include/npuir/ir/pass.h %t.d/root/opt/npuir/include/npuir/ir/rewrite.h %t.d/root/opt/npuir/include/npuir/dialects/graph/graph.h

// CHECK: example-count-ops
func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "graph.relu"(%x) : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
