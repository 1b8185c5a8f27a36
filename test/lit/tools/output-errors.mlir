// All three tools write through ir/output.h: a write error on a device
// (here /dev/full, no space left) is reported at the flush with exit 1,
// and a symlink is written through, not replaced by the temp file.
// RUN: not npu-opt %s -o /dev/full 2>&1 | FileCheck --check-prefix=OPT %s
// RUN: not npu-opt %s --split-input-file -o /dev/full 2>&1 | FileCheck --check-prefix=OPT %s
// RUN: not %npu_build/bin/npu-translate --import-tflite %npu_src/test/models/hello_world_int8.tflite -o /dev/full 2>&1 | FileCheck --check-prefix=TRANSLATE %s
// RUN: not %npu_build/bin/npu-run %s --seed=1 --output=/dev/full 2>&1 | FileCheck --check-prefix=INTERP %s
// RUN: rm -rf %t.d && mkdir -p %t.d && touch %t.d/target.npy
// RUN: ln -s %t.d/target.npy %t.d/link.npy
// RUN: %npu_build/bin/npu-run %s --seed=1 --output=%t.d/link.npy
// RUN: test -L %t.d/link.npy && test -s %t.d/target.npy

// OPT: npu-opt: cannot write '/dev/full': No space left on device
// TRANSLATE: npu-translate: cannot write '/dev/full': No space left on device
// INTERP: npu-run: error: cannot write '/dev/full': No space left on device
func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "graph.relu"(%x) : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
