// Under a file size limit (ulimit -f 4 KB) an output that outgrows it
// kills the tool with SIGXFSZ; the temp file is removed first, so
// neither a truncated output nor a FILE.tmp.XXXXXX is left (a temp file
// was left before).
// RUN: %python %S/Inputs/fsize-limit.py %t.pd.mlir %npu_build/bin/npu-translate --import-tflite %npu_src/test/models/person_detect.tflite -o %t.pd.mlir | FileCheck %s
// RUN: %npu_build/bin/npu-translate --import-tflite %npu_src/test/models/person_detect.tflite -o %t.in.mlir
// RUN: %python %S/Inputs/fsize-limit.py %t.opt.mlir npu-opt %t.in.mlir -o %t.opt.mlir | FileCheck %s

// CHECK: exit SIGXFSZ, left: []
