// The README's main job (examples/person-detect) runs end to end: import,
// Ethos-U compile and codegen, emit a .tflite, simulate the emitted
// stream; test/tools/check-main-job checks that every step ran and that
// the simulated scores equal the reference interpreter's and LiteRT's.
// RUN: %npu_src/examples/person-detect %npu_build > %t.txt 2>&1
// RUN: %npu_src/test/tools/check-main-job %t.txt
// A broken output is caught: a simulated score that differs fails.
// RUN: awk '/^== 4/{s=1} /^== 5/{s=0} {if (s && /^result/) sub(/105, -105/, "104, -105"); print}' %t.txt > %t.bad
// RUN: not %npu_src/test/tools/check-main-job %t.bad 2>&1 | FileCheck %s
// CHECK: check-main-job: simulated 'result #0: {{.*}} = [104, -105]' differs from reference
// An op left to the CPU (the softmax, before it was emitted) fails too.
// RUN: sed 's/0 CPU ops/1 CPU ops/' %t.txt > %t.cpu
// RUN: not %npu_src/test/tools/check-main-job %t.cpu 2>&1 | FileCheck %s --check-prefix=CPU
// CPU: check-main-job: the emitted model leaves ops to the CPU
