// Output that goes straight to stdout is checked too: a full device
// (/dev/full) behind stdout is reported once, with exit 1, by every tool
// and for every kind of output (IR, imported IR, --print, --help).
// RUN: not npu-opt %s > /dev/full 2> %t.opt
// RUN: FileCheck --check-prefix=OPT %s < %t.opt
// RUN: not %npu_build/bin/npu-translate --import-tflite %npu_src/test/models/hello_world_int8.tflite > /dev/full 2> %t.tr
// RUN: FileCheck --check-prefix=TRANSLATE %s < %t.tr
// RUN: not %npu_build/bin/npu-run %s --seed=1 --print > /dev/full 2> %t.run
// RUN: FileCheck --check-prefix=PRINT %s < %t.run
// RUN: not npu-opt --help > /dev/full 2> %t.help
// RUN: FileCheck --check-prefix=OPT %s < %t.help
// RUN: not %npu_build/bin/npu-translate --version > /dev/full 2> %t.ver
// RUN: FileCheck --check-prefix=TRANSLATE %s < %t.ver

// OPT: npu-opt: cannot write '<stdout>': No space left on device
// OPT-NOT: cannot write
// TRANSLATE: npu-translate: cannot write '<stdout>': No space left on device
// TRANSLATE-NOT: cannot write
// PRINT: npu-run: cannot write '<stdout>': No space left on device
// PRINT-NOT: cannot write
func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "graph.relu"(%x) : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
