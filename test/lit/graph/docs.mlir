// docs/dialects/graph.md is npu-opt's rendering of the graph op table; this
// fails when the checked-in file is stale (regenerate it with
// build/bin/npu-opt --dump-dialect=graph > docs/dialects/graph.md).
// RUN: npu-opt --dump-dialect=graph | diff - %S/../../../docs/dialects/graph.md

// An unknown dialect is a usage error (exit 2).
// RUN: %python %S/../tools/Inputs/expect-exit.py 2 npu-opt --dump-dialect=nope
// RUN: not npu-opt --dump-dialect=nope 2>&1 | FileCheck %s
// CHECK: npu-opt: unknown dialect 'nope'

// Every op of the table has a section.
// RUN: npu-opt --dump-dialect=graph | FileCheck %s --check-prefix=OPS
// OPS: # The `graph` dialect
// OPS: ### `graph.constant`
// OPS: ### `graph.conv2d`
// OPS: | `padding` | padding | `"valid"` |  | "same", "valid" or explicit [top, bottom, left, right] |
// OPS: ### `graph.requantize`
