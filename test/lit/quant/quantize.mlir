// quantize{mode=int8}: TFLite's int8 scheme from the calibrated ranges.
// RUN: rm -rf %t && %python %S/Inputs/mknpy.py %t/s --shape 1x4x4x2 --samples 4
// RUN: npu-opt %S/Inputs/small.mlir --calibrate=inputs=%t/s --quantize -o %t/q.mlir 2>&1 | FileCheck --check-prefix=WARN %s
// RUN: FileCheck %s < %t/q.mlir
// The op without an integer kernel stays float, and the pass says why.
// WARN: small.mlir:11:10: warning: 'graph.exp' stays float: no integer kernel in TFLite's quantization spec

// Float in, float out: a quantize at the entry, a dequantize at the end.
// CHECK: func.func @main(%arg0: tensor<1x4x4x2xf32>) -> tensor<1x3xf32> {
// CHECK-NEXT: %[[X:.*]] = "graph.quantize"(%arg0) {qtype = !quant.uniform<i8:f32, [[SX:[^:]*]]:[[ZX:-?[0-9]+]]>}
// Weights: int8 symmetric per output channel in [-127, 127]; bias int32
// per channel.
// CHECK-NEXT: %[[W:.*]] = "graph.constant"() {value = dense<{{.*}}> : tensor<3x1x1x2xi8>} : () -> tensor<3x1x1x2x!quant.uniform<i8<-127:127>:f32:0, {{{[^,]*}},{{[^,]*}},{{[^,]*}}}>>
// CHECK-NEXT: %[[B:.*]] = "graph.constant"() {value = dense<{{.*}}> : tensor<3xi32>} : () -> tensor<3x!quant.uniform<i32:f32:0, {
// The ReLU is fused as TFLite fuses it: the conv's result takes its range
// (zero point -128, the storage minimum) and the ReLU shares it, as does
// the max pool.
// CHECK-NEXT: "graph.conv2d"(%[[X]], %[[W]], %[[B]]) {{.*}} -> tensor<1x4x4x3x!quant.uniform<i8:f32, [[SC:[^:]*]]:-128>>
// CHECK-NEXT: "graph.relu"{{.*}} -> tensor<1x4x4x3x!quant.uniform<i8:f32, [[SC]]:-128>>
// CHECK-NEXT: "graph.max_pool2d"{{.*}} -> tensor<1x2x2x3x!quant.uniform<i8:f32, [[SC]]:-128>>
// CHECK-NEXT: "graph.dequantize"
// CHECK-NEXT: "graph.exp"({{.*}}) : (tensor<1x2x2x3xf32>) -> tensor<1x2x2x3xf32>
// CHECK-NEXT: "graph.quantize"
// CHECK-NEXT: "graph.reshape"
// CHECK-NEXT: "graph.constant"{{.*}}tensor<3x12xi8>
// The fully connected op had no bias: bias correction gives it one (the
// weights' rounding error times the calibrated mean input).
// CHECK-NEXT: "graph.constant"{{.*}} : () -> tensor<3x!quant.uniform<i32:f32:0,
// CHECK-NEXT: "graph.fully_connected"
// Softmax has TFLite's fixed output parameters: 1/256, zero point -128.
// CHECK-NEXT: "graph.softmax"{{.*}} -> tensor<1x3x!quant.uniform<i8:f32, 3.906250e-03:-128>>
// CHECK-NEXT: "graph.dequantize"
// CHECK-NEXT: return
// No annotation is left and the float weights are gone.
// CHECK-NOT: quant.
// CHECK-NOT: xf32> } : () -> tensor<3x12xf32>

// npu-run runs the quantized model with integer kernels; its outputs
// stay within a few int8 steps of the float model's (softmax outputs are
// in [0, 1], the output step is 1/256).
// RUN: %npu_build/bin/npu-run %S/Inputs/small.mlir --input=%t/s/002/input_0.npy --output=%t/f.npy
// RUN: %npu_build/bin/npu-run %t/q.mlir --input=%t/s/002/input_0.npy --compare=%t/f.npy --atol=0.02 --rtol=0 | FileCheck --check-prefix=EXEC %s
// EXEC: 0 of 3 outside tolerance: ok
// RUN: %npu_build/bin/npu-run %t/q.mlir --input=%t/s/000/input_0.npy --output=%t/q0.npy
// RUN: %npu_build/bin/npu-run %S/Inputs/small.mlir --input=%t/s/000/input_0.npy --compare=%t/q0.npy --atol=0.02 --rtol=0


// Per-tensor weights with per-channel=false.
// RUN: npu-opt %S/Inputs/small.mlir --calibrate=inputs=%t/s --quantize='per-channel=false' 2>/dev/null | FileCheck --check-prefix=PT %s
// PT: tensor<3x1x1x2x!quant.uniform<i8<-127:127>:f32, {{[^:]*}}>>

// Calibrated, printed, parsed back and quantized: the identical result.
// RUN: npu-opt %S/Inputs/small.mlir --calibrate=inputs=%t/s -o %t/cal.mlir
// RUN: npu-opt %t/cal.mlir --quantize -o %t/q2.mlir 2>/dev/null
// RUN: diff %t/q.mlir %t/q2.mlir
// And through the generic form.
// RUN: npu-opt %t/cal.mlir --print-op-generic | npu-opt --quantize -o %t/q3.mlir 2>/dev/null
// RUN: diff %t/q.mlir %t/q3.mlir

// An imported model's npuir.arith (its runtime's integer arithmetic,
// XNNPack) does not describe integers made by quantize (TFLite's
// reference kernels, what quant-report measures with): it is dropped.
// RUN: sed 's/^module {/module attributes {npuir.arith = "xnnpack"} {/' %S/Inputs/small.mlir > %t/x.mlir
// RUN: npu-opt %t/x.mlir --calibrate=inputs=%t/s --quantize 2>/dev/null | FileCheck --check-prefix=ARITH %s
// ARITH-NOT: npuir.arith
// ARITH: module {
// RUN: npu-opt %t/x.mlir --quantize=mode=fp16 | FileCheck --check-prefix=ARITH16 %s
// ARITH16: module attributes {npuir.arith = "xnnpack"} {
