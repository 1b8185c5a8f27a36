// quant-report: the model's output SQNR, then per layer its MACs, its
// sensitivity (output SQNR with only that layer quantized) and its
// output's SQNR in the fully quantized model; CSV written atomically.
// RUN: rm -rf %t && %python %S/Inputs/mknpy.py %t/cal --shape 1x4x4x2 --samples 4
// RUN: %python %S/Inputs/mknpy.py %t/ev --shape 1x4x4x2 --samples 3 --seed 7
// RUN: npu-opt %S/Inputs/small.mlir --calibrate=inputs=%t/cal --quant-report='inputs=%t/ev csv=%t/r.csv' -o %t/out.mlir 2>&1 | FileCheck %s
// CHECK: quant-report: int8, 3 samples: output SQNR {{[0-9.]+}} dB (worst output)
// CHECK-NEXT: layer  op                               MACs  sens_dB layer_dB  location
// The conv has 4*4*3 outputs of 2 MACs; its ReLU is fused into it.
// CHECK-NEXT: 0  graph.conv2d                       96 {{ *[0-9.]+}}    fused  {{.*}}small.mlir:8:10
// CHECK-NEXT: 1  graph.relu                          0 {{ *[0-9.]+ +[0-9.]+}}  {{.*}}small.mlir:9:10
// CHECK-NEXT: 2  graph.max_pool2d
// CHECK-NEXT: 3  graph.reshape
// CHECK-NEXT: 4  graph.fully_connected              36
// CHECK-NEXT: 5  graph.softmax
// RUN: FileCheck --check-prefix=CSV %s < %t/r.csv
// CSV: layer,op,location,macs,sensitivity_db,quantized_layer_db
// CSV-NEXT: 0,graph.conv2d,"{{.*}}small.mlir:8:10",96,{{[0-9.]+}},fused
// CSV-NEXT: 1,graph.relu,"{{.*}}small.mlir:9:10",0,{{[0-9.]+}},{{[0-9.]+}}
// The report leaves the IR as it was (still calibrated, still float).
// RUN: FileCheck --check-prefix=IR %s < %t/out.mlir
// IR: "graph.conv2d"{{.*}}quant.stats{{.*}}tensor<1x4x4x3xf32>

// Mixed precision: a target the int8 model meets raises nothing; one no
// precision can meet raises every layer and says so.
// RUN: npu-opt %S/Inputs/small.mlir --calibrate=inputs=%t/cal --quantize='target-sqnr=0 inputs=%t/ev' -o %t/m0.mlir 2>&1 | FileCheck --check-prefix=MIX0 %s
// MIX0: quantize: mixed precision: 0 of 6 layers in int16, 0.0% of 132 MACs (int8 100.0%); output SQNR {{[0-9.]+}} dB on 3 samples (target 0.00 dB)
// RUN: npu-opt %S/Inputs/small.mlir --calibrate=inputs=%t/cal --quantize='target-sqnr=300 inputs=%t/ev' -o %t/m1.mlir 2>&1 | FileCheck --check-prefix=MIX1 %s
// MIX1: quantize: mixed precision: 6 of 6 layers in int16, 100.0% of 132 MACs (int8 0.0%); output SQNR {{[0-9.]+}} dB on 3 samples (target 300.00 dB, not reached)
// RUN: FileCheck --check-prefix=I16 %s < %t/m1.mlir
// I16: "graph.conv2d"{{.*}} -> tensor<1x4x4x3x!quant.uniform<i16:f32, {{[^:]*}}>>
// I16: "graph.softmax"{{.*}} -> tensor<1x3x!quant.uniform<i16:f32, 3.0517578125E-5>>

// raise-to=float: the raised layers stay float instead.
// RUN: npu-opt %S/Inputs/small.mlir --calibrate=inputs=%t/cal --quantize='target-sqnr=300 inputs=%t/ev raise-to=float' -o %t/mf.mlir 2>&1 | FileCheck --check-prefix=MIXF %s
// MIXF: quantize: mixed precision: 6 of 6 layers in float, 100.0% of 132 MACs (int8 0.0%); output SQNR inf dB on 3 samples (target 300.00 dB)
// MIXF: warning: quantize: every layer stays float to meet the target
// RUN: FileCheck --check-prefix=F32 %s < %t/mf.mlir
// F32-NOT: quant.uniform
// RUN: not npu-opt %S/Inputs/small.mlir --calibrate=inputs=%t/cal --quantize='target-sqnr=30 inputs=%t/ev raise-to=int4' 2>&1 | FileCheck --check-prefix=BADR %s
// BADR: raise-to{{.*}}int4

// bias-correction=false: the fully connected op, which had no bias,
// gets none (with it, the correction adds one: quantize.mlir).
// RUN: npu-opt %S/Inputs/small.mlir --calibrate=inputs=%t/cal --quantize='bias-correction=false' 2>/dev/null | FileCheck --check-prefix=NOBC %s
// NOBC: "graph.fully_connected"(%{{[0-9]+}}, %{{[0-9]+}}) :
// RUN: npu-opt %S/Inputs/small.mlir --calibrate=inputs=%t/cal --quant-report='inputs=%t/ev bias-correction=false sensitivity=false' -o /dev/null 2>&1 | FileCheck --check-prefix=RBC %s
// RBC: quant-report: int8, 3 samples: output SQNR

// int16x8: int16 symmetric activations (zero point 0) everywhere.
// RUN: npu-opt %S/Inputs/small.mlir --calibrate=inputs=%t/cal --quantize=mode=int16x8 2>/dev/null | FileCheck --check-prefix=M16 %s
// M16: "graph.quantize"(%arg0) {qtype = !quant.uniform<i16:f32, {{[^:>]*}}>}
// M16: "graph.conv2d"{{.*}}tensor<3x1x1x2x!quant.uniform<i8<-127:127>:f32:0
// M16-SAME: -> tensor<1x4x4x3x!quant.uniform<i16:f32,
// npu-run runs it (int16 activations, int64 accumulators) within the
// int8 weights' error of the float model.
// RUN: npu-opt %S/Inputs/small.mlir --calibrate=inputs=%t/cal --quantize=mode=int16x8 -o %t/q16.mlir 2>/dev/null
// RUN: %npu_build/bin/npu-run %S/Inputs/small.mlir --input=%t/ev/001/input_0.npy --output=%t/f16.npy
// RUN: %npu_build/bin/npu-run %t/q16.mlir --input=%t/ev/001/input_0.npy --compare=%t/f16.npy --atol=0.005 --rtol=0
// The bias is int64, as TFLite's 16x8 scheme stores it: a plain i64
// tensor (a !quant.uniform holds at most 32 bits), its scale implied
// (s_in * s_w[c]); Ethos-U takes it (40-bit bias field).
// RUN: FileCheck --check-prefix=B64 %s < %t/q16.mlir
// B64: %[[B:.*]] = "graph.constant"() {value = dense<{{.*}}> : tensor<3xi64>} : () -> tensor<3xi64>
// B64-NEXT: "graph.conv2d"({{.*}}, %[[B]]) {{.*}}, tensor<3xi64>) -> tensor<1x4x4x3x!quant.uniform<i16
// B64: "graph.fully_connected"({{.*}}tensor<3xi64>) -> tensor<1x3x!quant.uniform<i16
// RUN: %npu_build/bin/npu-opt %t/q16.mlir --ethos-u-legalize=report=- -o /dev/null | FileCheck --check-prefix=EU16 %s
// EU16-NOT: CONV_2D{{.*}}Placing on CPU
// EU16: NPU operators
// An int64 bias with an 8-bit input is refused by the verifier.
// RUN: not npu-opt %S/Inputs/bias64-i8.mlir 2>&1 | FileCheck --check-prefix=B64I8 %s
// B64I8: bias64-i8.mlir:5:{{[0-9]+}}: error: 'graph.conv2d' op bias of a quantized op must be stored in i32 (or be i64 with a 16-bit input)

// fp16: constants stored as f16 and cast back; dynamic: int8 weights
// read through a dequantize, activations float.
// RUN: npu-opt %S/Inputs/small.mlir --quantize=mode=fp16 | FileCheck --check-prefix=F16 %s
// F16: %[[H:.*]] = "graph.constant"() {value = dense<{{.*}}> : tensor<3x1x1x2xf16>}
// F16-NEXT: "graph.cast"(%[[H]]) {to = f32} : (tensor<3x1x1x2xf16>) -> tensor<3x1x1x2xf32>
// RUN: npu-opt %S/Inputs/small.mlir --quantize=mode=dynamic | FileCheck --check-prefix=DYN %s
// DYN: "graph.constant"() {{.*}} -> tensor<3x1x1x2x!quant.uniform<i8<-127:127>:f32:0,
// DYN-NEXT: "graph.dequantize"
// DYN: "graph.conv2d"({{.*}}) : (tensor<1x4x4x2xf32>, tensor<3x1x1x2xf32>, tensor<3xf32>)

// Bad options.
// RUN: not npu-opt %S/Inputs/small.mlir --calibrate=inputs=%t/cal --quantize='target-sqnr=40' 2>&1 | FileCheck --check-prefix=NOIN %s
// NOIN: error: quantize: target-sqnr needs mode=int8 and the samples to measure on (inputs=DIR)
// RUN: not npu-opt %S/Inputs/small.mlir --calibrate=inputs=%t/cal --quantize='target-sqnr=lots inputs=%t/ev' 2>&1 | FileCheck --check-prefix=BADT %s
// BADT: error: quantize: target-sqnr 'lots' is not a number of dB
// RUN: not npu-opt %S/Inputs/small.mlir --calibrate=inputs=%t/cal --quant-report 2>&1 | FileCheck --check-prefix=NOEV %s
// NOEV: error: quant-report: give the evaluation samples with inputs=DIR
// RUN: not npu-opt %S/Inputs/small.mlir --calibrate=inputs=%t/cal --quant-report='inputs=%t/ev csv=%t/no/such/dir/r.csv' 2>&1 | FileCheck --check-prefix=NOCSV %s
// NOCSV: error: quant-report: cannot write '{{.*}}/no/such/dir/r.csv'

// breakdown=true: the error sources apart, for the whole model and per
// layer (weights only: '-' for a layer without weights).
// RUN: npu-opt %S/Inputs/small.mlir --calibrate=inputs=%t/cal --quant-report='inputs=%t/ev sensitivity=false breakdown=true' -o /dev/null 2>&1 | FileCheck --check-prefix=BRK %s
// BRK: quant-report: every layer's weights int8, float activations: {{[0-9.]+}} dB; every result int8, float weights: {{[0-9.]+}} dB
// BRK-NEXT: layer  op                          w8_dB    a8_dB
// BRK-NEXT: 0  graph.conv2d               {{ *[0-9.]+ +[0-9.]+}}
// BRK-NEXT: 1  graph.relu                     - {{ *[0-9.]+}}
