// ethos-u-schedule's bad inputs: each a clear message, exit 1, and no
// output file left behind.
//
// A budget below what the cascade needs at its best (1408 bytes: the
// input and output maps, which exist whole, with the first conv's
// stripes in a ring of 3 rows).
// RUN: not npu-opt --ethos-u-target --ethos-u-schedule='sram-budget=1400' %S/Inputs/schedule-chain.mlir -o %t.out 2>&1 | FileCheck %s --check-prefix=BUDGET
// BUDGET: schedule-chain.mlir:8:8: error: 'npu.conv2d' op does not fit the SRAM budget: it needs at least 1408 bytes of SRAM in any stripes (sram-budget=1400)
// RUN: not test -e %t.out
//
// One op, whose input and output (1024 bytes each) exist whole: it cannot
// stripe alone.
// RUN: not npu-opt --ethos-u-target --ethos-u-schedule='sram-budget=100' %s 2>&1 | FileCheck %s --check-prefix=ONE
// ONE: schedule-errors.mlir:[[@LINE+27]]:8: error: 'npu.pool' op does not fit the SRAM budget: it needs at least 2048 bytes of SRAM in any stripes (sram-budget=100)
//
// RUN: not npu-opt --ethos-u-target --ethos-u-schedule='sram-budget=-1' %s 2>&1 | FileCheck %s --check-prefix=NEG
// NEG: error: ethos-u-schedule: sram-budget, max-cycles and force-stripes must be >= 0 and max-cascade >= 1 (got sram-budget=-1 max-cycles=0 force-stripes=0 max-cascade=24)
// RUN: not npu-opt --ethos-u-target --ethos-u-schedule='max-cascade=0' %s 2>&1 | FileCheck %s --check-prefix=MAXC
// MAXC: error: ethos-u-schedule: sram-budget, max-cycles and force-stripes must be >= 0 and max-cascade >= 1 (got sram-budget=0 max-cycles=0 force-stripes=0 max-cascade=0)
//
// No target on the module.
// RUN: not npu-opt --ethos-u-schedule %s 2>&1 | FileCheck %s --check-prefix=TARGET
// TARGET: error: the module has no npu.target attribute (run ethos-u-target first)
//
// A Pareto curve that cannot be written.
// RUN: not npu-opt --ethos-u-target --ethos-u-schedule='pareto=%t.nodir/curve.svg' %s -o %t.out2 2>&1 | FileCheck %s --check-prefix=SVG
// SVG: error: cannot create '{{.*}}nodir/curve.svg.tmp.{{.*}}': No such file or directory
// RUN: not test -e %t.out2
//
// A dynamic batch (hello_world_int8 imported without --input-shape): the
// argument or the op with its type, and no output.
// RUN: not npu-opt --split-input-file --ethos-u-target --ethos-u-legalize --ethos-u-schedule %S/Inputs/schedule-dynamic.mlir -o %t.dyn 2>&1 | FileCheck %s --check-prefix=DYN
// DYN: schedule-dynamic.mlir:3:1: error: 'func.func' op ethos-u-schedule: argument #0 has a dynamic shape (tensor<?x16xi8>): its SRAM is unknown (give the model static shapes first, e.g. npu-translate --input-shape)
// DYN: schedule-dynamic.mlir:12:8: error: 'npu.cpu' op ethos-u-schedule: result #0 has a dynamic shape (tensor<?x16xi8>): its SRAM is unknown (give the model static shapes first, e.g. npu-translate --input-shape)
// RUN: not test -e %t.dyn
//
// A bad option value (the pass manager's own message, exit 2).
// RUN: not npu-opt --ethos-u-target --ethos-u-schedule='optimise=fast' %s 2>&1 | FileCheck %s --check-prefix=OPT
// OPT: error: invalid value 'fast' for option 'optimise' (expected one of 'performance', 'size')
func.func @main(%x: tensor<1x16x16x4xi8>) -> tensor<1x16x16x4xi8> {
  %0 = "npu.pool"(%x) {mode = "max", kernel = [3, 3], padding = "same"} : (tensor<1x16x16x4xi8>) -> tensor<1x16x16x4xi8>
  return %0 : tensor<1x16x16x4xi8>
}
