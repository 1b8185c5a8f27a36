// The doc examples: every block of README.md and docs/*.md marked
// `<!-- doctest -->` (test/tools/doc-examples.py, docs/testing.md) runs
// and does what the docs say, so the docs cannot drift from the tools.
// RUN: %python %npu_src/test/tools/doc-examples.py %npu_src %npu_build | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: 0 of {{[1-9][0-9]*}} doc examples failed
// The runner catches each kind of rot (Inputs/doc-rot.md).
// RUN: not %python %npu_src/test/tools/doc-examples.py %npu_src %npu_build test/lit/tools/Inputs/doc-rot.md | FileCheck %s --check-prefix=ROT
// ROT: FAIL test/lit/tools/Inputs/doc-rot.md:7
// ROT-NEXT: npu-opt no-such-file.mlir
// ROT-NEXT: exit 1 (want 0):
// ROT: FAIL test/lit/tools/Inputs/doc-rot.md:12
// ROT: expected:
// ROT-NEXT: expected
// ROT-NEXT: got (exit 0):
// ROT-NEXT: actual
// ROT: FAIL test/lit/tools/Inputs/doc-rot.md:18
// ROT-NEXT: npu-opt model.mlir -o /dev/null
// ROT-NEXT: exit 0 (want 1):
// ROT: FAIL test/lit/tools/Inputs/doc-rot.md:23
// ROT-NEXT: npu-opt rejects the block (exit 1):
// ROT-NEXT: doc-block.mlir:1:19: error: use of undeclared SSA value name
// ROT: FAIL test/lit/tools/Inputs/doc-rot.md:30
// ROT-NEXT: the marker is not followed by a code block
// ROT: ok test/lit/tools/Inputs/doc-rot.md:35
// ROT: 5 of 6 doc examples failed
