// Weight buffers under Vela's SRAM limit (U55-256, Shared_Sram: weights in
// off-chip flash). Two 1x1 convs on 16x16 maps: 4 KiB in, 16 KiB out,
// 20,480 bytes of feature maps live during each.
// - optimise=performance: the limit is the arena cache size; both get a
//   buffer (1,664 and 1,184 bytes), nothing is read from flash as they run.
// - optimise=size: the limit is the feature maps' peak, which leaves no
//   room beside them: the weights stream from flash (OffFlash AC > 0) and
//   the SRAM used stays 20,480.
// - sram-limit=24576: buffers again, within the limit.
// - encode-weights=true: the buffers hold what our weight encoder (Vela's
//   bytes) makes of the all-ones weights, 928 and 304 bytes, not the
//   raw-size estimate.
// RUN: rm -f %t-*.csv
// RUN: npu-opt --ethos-u-target='accel=ethos-u55-256' --ethos-u-estimate='report=%t-perf.csv table=false' %s -o /dev/null
// RUN: FileCheck %s --check-prefix=BUF < %t-perf.csv
// RUN: npu-opt --ethos-u-target='accel=ethos-u55-256' --ethos-u-estimate='optimise=size report=%t-size.csv table=false' %s -o /dev/null
// RUN: FileCheck %s --check-prefix=SIZE < %t-size.csv
// RUN: npu-opt --ethos-u-target='accel=ethos-u55-256' --ethos-u-estimate='optimise=size sram-limit=24576 report=%t-limit.csv table=false' %s -o /dev/null
// RUN: FileCheck %s --check-prefix=BUF < %t-limit.csv
// RUN: npu-opt --ethos-u-target='accel=ethos-u55-256' --ethos-u-estimate='encode-weights=true report=%t-enc.csv table=false' %s -o /dev/null
// RUN: FileCheck %s --check-prefix=ENC < %t-enc.csv
// RUN: not npu-opt --ethos-u-target --ethos-u-estimate='sram-limit=-1 report=%t-bad.csv' %s 2>&1 | FileCheck %s --check-prefix=NEG
// RUN: not ls %t-bad.csv

// BUF: CONV_2D,Conv2DBias,22144,{{[^,]+,[^,]+,[^,]+,[^,]+,[^,]+,[^,]+,[^,]+,}}0.0,262144,{{.*}},expand
// BUF-NEXT: CONV_2D,Conv2DBias,21664,{{[^,]+,[^,]+,[^,]+,[^,]+,[^,]+,[^,]+,[^,]+,}}0.0,262144,{{.*}},project
// SIZE: CONV_2D,Conv2DBias,20480,{{[^,]+,[^,]+,[^,]+,[^,]+,[^,]+,[^,]+,[^,]+,}}5888.0,262144,{{.*}},expand
// SIZE-NEXT: CONV_2D,Conv2DBias,20480,{{[^,]+,[^,]+,[^,]+,[^,]+,[^,]+,[^,]+,[^,]+,}}2304.0,262144,{{.*}},project
// ENC: CONV_2D,Conv2DBias,21408,{{[^,]+,[^,]+,[^,]+,[^,]+,[^,]+,[^,]+,[^,]+,}}0.0,262144,{{.*}},expand
// ENC-NEXT: CONV_2D,Conv2DBias,20784,{{[^,]+,[^,]+,[^,]+,[^,]+,[^,]+,[^,]+,[^,]+,}}0.0,262144,{{.*}},project
// NEG: error: sram-limit must not be negative (got -1)
!q = !quant.uniform<i8:f32, 0.5:-1>
!w = !quant.uniform<i8:f32, 0.01>
module {
  func.func @main(%x: tensor<1x16x16x16x!q>) -> tensor<1x16x16x16x!q> {
    %w0 = "graph.constant"() {value = dense<1> : tensor<64x1x1x16xi8>} : () -> tensor<64x1x1x16x!w>
    %w1 = "graph.constant"() {value = dense<1> : tensor<16x1x1x64xi8>} : () -> tensor<16x1x1x64x!w>
    %0 = "graph.conv2d"(%x, %w0) : (tensor<1x16x16x16x!q>, tensor<64x1x1x16x!w>) -> tensor<1x16x16x64x!q> loc("expand")
    %1 = "graph.conv2d"(%0, %w1) : (tensor<1x16x16x64x!q>, tensor<16x1x1x64x!w>) -> tensor<1x16x16x16x!q> loc("project")
    return %1 : tensor<1x16x16x16x!q>
  }
}
