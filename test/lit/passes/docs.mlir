// docs/passes.md is generated from the pass registry; this fails when it
// is stale. Regenerate with:
//   build/bin/npu-opt --list-passes=markdown > docs/passes.md
// RUN: npu-opt --list-passes=markdown > %t
// RUN: diff %t %npu_src/docs/passes.md
