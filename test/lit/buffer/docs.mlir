// docs/dialects/buffer.md is npu-opt's rendering of the buffer op table; this
// fails when the checked-in file is stale (regenerate it with
// build/bin/npu-opt --dump-dialect=buffer > docs/dialects/buffer.md).
// RUN: npu-opt --dump-dialect=buffer | diff - %S/../../../docs/dialects/buffer.md
