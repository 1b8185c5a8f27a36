// docs/dialects/npu.md is npu-opt's rendering of the npu op table; this
// fails when the checked-in file is stale (regenerate it with
// build/bin/npu-opt --dump-dialect=npu > docs/dialects/npu.md).
// RUN: npu-opt --dump-dialect=npu | diff - %S/../../../docs/dialects/npu.md
