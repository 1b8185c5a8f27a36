// Inputs that are not files: a device that never ends (/dev/zero), a
// directory. Each tool refuses it at once, naming it, with exit 1,
// instead of reading until memory runs out. Pipes and stdin still work.
// RUN: not npu-opt /dev/zero 2>&1 | FileCheck %s --check-prefix=OPT-ZERO
// RUN: not npu-opt %S 2>&1 | FileCheck %s --check-prefix=OPT-DIR
// RUN: not %npu_build/bin/npu-run /dev/zero 2>&1 | FileCheck %s --check-prefix=RUN-ZERO
// RUN: not %npu_build/bin/npu-run %s --input=/dev/zero 2>&1 | FileCheck %s --check-prefix=RUN-NPY
// RUN: cat %s | npu-opt - | FileCheck %s --check-prefix=PIPE
// RUN: cat %s | %npu_build/bin/npu-run - --seed=1 --print | FileCheck %s --check-prefix=RUN-PIPE

// OPT-ZERO: npu-opt: cannot read '/dev/zero': not a regular file or pipe
// OPT-DIR: npu-opt: cannot read '{{.*}}tools': is a directory
// RUN-ZERO: npu-run: error: cannot read '/dev/zero': not a regular file or pipe
// RUN-NPY: npu-run: error: '/dev/zero': not a regular file or pipe
// PIPE: graph.relu
// RUN-PIPE: result #0: tensor<2xf32>
func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "graph.relu"(%x) : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
