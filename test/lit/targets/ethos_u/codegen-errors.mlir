// ethos-u-codegen on npu IR it cannot place: an error at the op, exit 1,
// no output file. A dynamic shape:
// RUN: not npu-opt %s --ethos-u-target --ethos-u-codegen -o %t.out 2>&1 | FileCheck %s --check-prefix=DYN
// DYN: codegen-errors.mlir:[[@LINE+27]]:{{[0-9]+}}: error: 'npu.lut' op cannot place a feature map of dynamic shape in the Ethos-U scratch arena
// RUN: not test -e %t.out
//
// A map beyond the registers' 16-bit sizes:
// RUN: sed 's/?x4/1x70000x1x4/g' %s | not npu-opt --ethos-u-target --ethos-u-codegen 2>&1 | FileCheck %s --check-prefix=BIG
// BIG: error: 'npu.lut' op feature map 70000x1x4 (280000 bytes) exceeds the Ethos-U limits (65536 per dimension, 2 GiB)
//
// Without ethos-u-target there is no accelerator to generate for.
// RUN: not npu-opt %s --ethos-u-codegen 2>&1 | FileCheck %s --check-prefix=TGT
// TGT: error: {{.*}}npu.target
//
// Bad options.
// RUN: not npu-opt %s --ethos-u-target --ethos-u-codegen=planner=nope 2>&1 | FileCheck %s --check-prefix=PLAN
// PLAN: error: unknown planner 'nope'
// RUN: not npu-opt %s --ethos-u-codegen=rounding=triple 2>&1 | FileCheck %s --check-prefix=ROUND
// ROUND: error: {{.*}}triple
// RUN: not npu-opt %s --ethos-u-codegen=optimise=speed 2>&1 | FileCheck %s --check-prefix=OPT
// OPT: error: {{.*}}speed
//
// A malformed optimise record in npu.target (ethos-u-estimate writes
// "size", or none for performance):
// RUN: npu-opt %s --ethos-u-target | sed 's/arena_cache_size/optimise = "fast", arena_cache_size/' | not npu-opt --ethos-u-codegen 2>&1 | FileCheck %s --check-prefix=REC
// RUN: npu-opt %s --ethos-u-target | sed 's/arena_cache_size/optimise = 1, arena_cache_size/' | not npu-opt --ethos-u-codegen 2>&1 | FileCheck %s --check-prefix=REC
// REC: error: npu.target has no valid 'optimise' ("performance" or "size", as ethos-u-estimate writes it)

module {
  func.func @f(%x: tensor<?x4xi8>) -> tensor<?x4xi8> {
    %0 = "npu.lut"(%x) {table = dense<1> : tensor<256xi8>} : (tensor<?x4xi8>) -> tensor<?x4xi8>
    return %0 : tensor<?x4xi8>
  }
}
