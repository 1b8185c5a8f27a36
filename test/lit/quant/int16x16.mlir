// Mixed precision's raise-to=int16x16: the raised layers get int16
// weights too (symmetric per channel in [-32767, 32767], int64 bias),
// which npu-run's integer MAC path takes with int16 inputs (int64 sums).
// The samples calibrate and measure, so only rounding is left: int16
// weights lift the output SQNR from the int8 weights' ceiling (16x8,
// about 44 dB here) to more than 70 dB (the raised layers' ranges have
// a margin of 4 past the calibration's extremes, 12 dB of the 96).
// RUN: rm -rf %t && %python %S/Inputs/mknpy.py %t/ev --shape 1x4x4x2 --samples 3 --seed 7
// RUN: npu-opt %S/Inputs/macs.mlir --calibrate=inputs=%t/ev --quantize='target-sqnr=300 inputs=%t/ev raise-to=int16x16' -o %t/q.mlir 2>&1 | FileCheck --check-prefix=MIX %s
// MIX: quantize: mixed precision: 4 of 4 layers in int16x16, 100.0% of 180 MACs (int8 0.0%); output SQNR {{[7-9][0-9]\.[0-9]+}} dB on 3 samples (target 300.00 dB, not reached)
// RUN: npu-opt %S/Inputs/macs.mlir --calibrate=inputs=%t/ev --quantize='target-sqnr=300 inputs=%t/ev raise-to=int16' -o /dev/null 2>&1 | FileCheck --check-prefix=MIX8 %s
// MIX8: 4 of 4 layers in int16, {{.*}} output SQNR {{[2-5][0-9]\.[0-9]+}} dB
// RUN: FileCheck --check-prefix=T %s < %t/q.mlir
// T: "graph.conv2d"({{.*}}tensor<3x1x1x2x!quant.uniform<i16<-32767:32767>:f32:0, {{.*}}tensor<3xi64>) -> tensor<1x4x4x3x!quant.uniform<i16:f32,
// T: "graph.depthwise_conv2d"({{.*}}tensor<1x2x2x3x!quant.uniform<i16<-32767:32767>:f32:3, {{.*}}-> tensor<1x2x2x3x!quant.uniform<i16:f32,
// T: "graph.fully_connected"({{.*}}tensor<3x12x!quant.uniform<i16<-32767:32767>:f32:0, {{.*}}tensor<3xi64>) -> tensor<1x3x!quant.uniform<i16:f32,
// RUN: %npu_build/bin/npu-run %S/Inputs/macs.mlir --input=%t/ev/001/input_0.npy --output=%t/f.npy
// RUN: %npu_build/bin/npu-run %t/q.mlir --input=%t/ev/001/input_0.npy --compare=%t/f.npy --atol=0.0003 --rtol=0
// Ethos-U takes 8-bit weights only: the legalizer places them on the CPU.
// RUN: npu-opt %t/q.mlir --ethos-u-legalize=report=- -o /dev/null | FileCheck --check-prefix=EU %s
// EU: CONV_2D {{.*}} Placing on CPU instead
// EU-NEXT: Weight tensor must be 8-bit
// TFLite's 16x8 mode is unchanged: int8 weights.
// RUN: npu-opt %S/Inputs/macs.mlir --calibrate=inputs=%t/ev --quantize=mode=int16x8 | FileCheck --check-prefix=M16 %s
// M16: "graph.conv2d"({{.*}}tensor<3x1x1x2x!quant.uniform<i8<-127:127>:f32:0,
// M16-NOT: i16<-32767:32767>
