// Bad input for ethos-u-legalize: what the Ethos-U cannot run goes into
// npu.cpu regions, each op with the constraint it broke (Vela's wording
// where Vela has the constraint, "npu-ir:" where the limit is ours), and
// the program still runs as before. Never an error, never a crash.
// RUN: npu-opt %s --ethos-u-legalize='report=%t.report' -o %t.mlir
// RUN: FileCheck %s --check-prefix=REPORT < %t.report
// RUN: FileCheck %s < %t.mlir
// RUN: npu-run %s --entry=mixed --seed=1 --output=%t.g.npy
// RUN: npu-run %t.mlir --entry=mixed --seed=1 --output=%t.n.npy
// RUN: cmp %t.g.npy %t.n.npy

!q = !quant.uniform<i8:f32, 0.05:-3>
!w = !quant.uniform<i8:f32, 0.01>
!b = !quant.uniform<i32:f32, 5.0e-4>
!q16 = !quant.uniform<i16:f32, 0.001>
!r = !quant.uniform<i8:f32, 0.1:4>

// REPORT: ethos-u-legalize: accelerator ethos-u55-128

// A float convolution: float tensors are not the NPU's.
// REPORT-NEXT: Warning: CONV_2D '{{.*}}legalize-fallback.mlir:[[@LINE+7]]:8' is not supported on the NPU. Placing on CPU instead
// REPORT-NEXT:  - Tensors must be of type: int16, int32, int8, uint8 (float tensors must be quantized first)
// REPORT-NEXT:    operand #0 has type tensor<1x4x4x2xf32>
// CHECK-LABEL: func.func @float
// CHECK: "npu.cpu"(%arg0, %arg1) ({
// CHECK: "graph.conv2d"
func.func @float(%x: tensor<1x4x4x2xf32>, %w: tensor<2x1x1x2xf32>) -> tensor<1x4x4x2xf32> {
  %0 = "graph.conv2d"(%x, %w) : (tensor<1x4x4x2xf32>, tensor<2x1x1x2xf32>) -> tensor<1x4x4x2xf32>
  return %0 : tensor<1x4x4x2xf32>
}

// Dynamic and zero-size dims, more than four dims, dims past 65535.
// REPORT-NEXT: Warning: RELU '{{.*}}:{{[0-9]+}}:8' is not supported on the NPU. Placing on CPU instead
// REPORT-NEXT:  - Input(s) and Output tensors must not be dynamic
// REPORT-NEXT:    operand #0 has a dynamic dimension 1
// REPORT-NEXT: Warning: RELU '{{.*}}:{{[0-9]+}}:8' is not supported on the NPU. Placing on CPU instead
// REPORT-NEXT:  - Tensor dimensions must be in the range [1, 65535]
// REPORT-NEXT:    operand #0 has shape tensor<1x0x!quant.uniform<i8:f32, 5.000000e-02:-3>>
// REPORT-NEXT: Warning: RELU '{{.*}}:{{[0-9]+}}:8' is not supported on the NPU. Placing on CPU instead
// REPORT-NEXT:  - Input(s) and Output tensors must not be greater than 4D
// REPORT-NEXT:    operand #0 has rank 5
// REPORT-NEXT: Warning: RELU '{{.*}}:{{[0-9]+}}:8' is not supported on the NPU. Placing on CPU instead
// REPORT-NEXT:  - Tensor dimensions must be in the range [1, 65535]
// REPORT-NEXT:    operand #0 has shape tensor<1x70000x!quant.uniform<i8:f32, 5.000000e-02:-3>>
func.func @shapes(%a: tensor<1x?x!q>, %b: tensor<1x0x!q>, %c: tensor<1x1x1x1x2x!q>, %d: tensor<1x70000x!q>) -> (tensor<1x?x!q>, tensor<1x0x!q>, tensor<1x1x1x1x2x!q>, tensor<1x70000x!q>) {
  %0 = "graph.relu"(%a) : (tensor<1x?x!q>) -> tensor<1x?x!q>
  %1 = "graph.relu"(%b) : (tensor<1x0x!q>) -> tensor<1x0x!q>
  %2 = "graph.relu"(%c) : (tensor<1x1x1x1x2x!q>) -> tensor<1x1x1x1x2x!q>
  %3 = "graph.relu"(%d) : (tensor<1x70000x!q>) -> tensor<1x70000x!q>
  return %0, %1, %2, %3 : tensor<1x?x!q>, tensor<1x0x!q>, tensor<1x1x1x1x2x!q>, tensor<1x70000x!q>
}
// The four contiguous CPU ops share one region.
// CHECK-LABEL: func.func @shapes
// CHECK: %[[R:.*]]:4 = "npu.cpu"(%arg0, %arg1, %arg2, %arg3) ({
// CHECK-COUNT-4: "graph.relu"
// CHECK: "npu.yield"
// CHECK: return %[[R]]#0, %[[R]]#1, %[[R]]#2, %[[R]]#3

// Convolution limits: stride, dilated height, run-time weights, batch,
// the sum of |weights| per output channel (here 2 x 33000 x 127).
// REPORT-NEXT: Warning: CONV_2D '{{.*}}:{{[0-9]+}}:8' is not supported on the NPU. Placing on CPU instead
// REPORT-NEXT:  - Strides must fulfil the following criteria: Stride h must be between 1 and 3 when ofm height is greater than 1, stride w between 1 and 3 when ofm width is greater than 1
// REPORT-NEXT:    Op has stride WxH as: 1x4
// REPORT-NEXT: Warning: DEPTHWISE_CONV_2D '{{.*}}:{{[0-9]+}}:8' is not supported on the NPU. Placing on CPU instead
// REPORT-NEXT:  - Stride values for both width and height must be between 1 and 3
// REPORT-NEXT:    Op has stride WxH as: 4x1
// REPORT-NEXT: Warning: CONV_2D '{{.*}}:{{[0-9]+}}:8' is not supported on the NPU. Placing on CPU instead
// REPORT-NEXT:  - Dilated kernel height must be in the range [1, 64]
// REPORT-NEXT:    Op has dilated kernel height as: 81
// REPORT-NEXT: Warning: CONV_2D '{{.*}}:{{[0-9]+}}:8' is not supported on the NPU. Placing on CPU instead
// REPORT-NEXT:  - Weight tensor must be constant
// REPORT-NEXT:    the weights are computed at run time
// REPORT-NEXT: Warning: CONV_2D '{{.*}}:{{[0-9]+}}:8' is not supported on the NPU. Placing on CPU instead
// REPORT-NEXT:  - IFM Tensor batch size must be 1
// REPORT-NEXT:    operand #0 has batch size: 2
// REPORT-NEXT: Warning: CONV_2D '{{.*}}:{{[0-9]+}}:8' is not supported on the NPU. Placing on CPU instead
// REPORT-NEXT:  - The sum of the weights cannot exceed 8323072
// REPORT-NEXT:    the sum of weights is 8382000
func.func @conv_limits(%x: tensor<1x16x16x2x!q>, %big: tensor<1x100x100x2x!q>, %wa: tensor<2x1x1x2x!w>, %x2: tensor<2x4x4x2x!q>, %deep: tensor<1x2x1x33000x!q>) -> (tensor<1x4x16x2x!q>, tensor<1x16x4x2x!q>, tensor<1x20x98x2x!q>, tensor<1x16x16x2x!q>, tensor<2x4x4x2x!q>, tensor<1x1x1x1x!q>) {
  %w = "graph.constant"() {value = dense<1> : tensor<2x1x1x2xi8>} : () -> tensor<2x1x1x2x!w>
  %dw = "graph.constant"() {value = dense<1> : tensor<1x1x1x2xi8>} : () -> tensor<1x1x1x2x!w>
  %w3 = "graph.constant"() {value = dense<1> : tensor<2x3x3x2xi8>} : () -> tensor<2x3x3x2x!w>
  %0 = "graph.conv2d"(%x, %w) {strides = [4, 1]} : (tensor<1x16x16x2x!q>, tensor<2x1x1x2x!w>) -> tensor<1x4x16x2x!q>
  %1 = "graph.depthwise_conv2d"(%x, %dw) {strides = [1, 4]} : (tensor<1x16x16x2x!q>, tensor<1x1x1x2x!w>) -> tensor<1x16x4x2x!q>
  %2 = "graph.conv2d"(%big, %w3) {dilations = [40, 1]} : (tensor<1x100x100x2x!q>, tensor<2x3x3x2x!w>) -> tensor<1x20x98x2x!q>
  %3 = "graph.conv2d"(%x, %wa) : (tensor<1x16x16x2x!q>, tensor<2x1x1x2x!w>) -> tensor<1x16x16x2x!q>
  %4 = "graph.conv2d"(%x2, %w) : (tensor<2x4x4x2x!q>, tensor<2x1x1x2x!w>) -> tensor<2x4x4x2x!q>
  %wd = "graph.constant"() {value = dense<127> : tensor<1x2x1x33000xi8>} : () -> tensor<1x2x1x33000x!w>
  %5 = "graph.conv2d"(%deep, %wd) : (tensor<1x2x1x33000x!q>, tensor<1x2x1x33000x!w>) -> tensor<1x1x1x1x!q>
  return %0, %1, %2, %3, %4, %5 : tensor<1x4x16x2x!q>, tensor<1x16x4x2x!q>, tensor<1x20x98x2x!q>, tensor<1x16x16x2x!q>, tensor<2x4x4x2x!q>, tensor<1x1x1x1x!q>
}
// Constants only the region uses move into it.
// CHECK-LABEL: func.func @conv_limits
// CHECK-NEXT: "npu.cpu"(%arg0, %arg1, %arg2, %arg3, %arg4) ({
// CHECK-NEXT: ^bb0(
// CHECK-NEXT: "graph.constant"
// CHECK-NEXT: "graph.constant"
// CHECK-NEXT: "graph.constant"
// CHECK-NEXT: "graph.constant"
// CHECK-NEXT: "graph.conv2d"

// Pooling, elementwise, types. The add of [4, 1] and [1, 4] broadcasts
// each operand along one dim, which Vela's rule allows: it runs on the NPU
// and splits the CPU ops around it into two regions.
// REPORT-NEXT: Warning: MAX_POOL_2D '{{.*}}:{{[0-9]+}}:8' is not supported on the NPU. Placing on CPU instead
// REPORT-NEXT:  - Kernel filter height must be in the range [1, 256]
// REPORT-NEXT:    Op has kernel filter height as: 300
// REPORT-NEXT: Warning: ADD '{{.*}}:{{[0-9]+}}:8' is not supported on the NPU. Placing on CPU instead
// REPORT-NEXT:  - npu-ir: ADD, SUB and MUL with mixed 8- and 16-bit tensors stay on the CPU (TFLite has no such kernel)
// REPORT-NEXT:    inputs 16-bit and 8-bit, output 16-bit
// REPORT-NEXT: Warning: ADD '{{.*}}:{{[0-9]+}}:8' is not supported on the NPU. Placing on CPU instead
// REPORT-NEXT:  - npu-ir: activations must be quantized 8- or 16-bit tensors
// REPORT-NEXT:    operand #0 has type tensor<1x4xi32>
// REPORT-NEXT: Warning: MAXIMUM '{{.*}}:{{[0-9]+}}:8' is not supported on the NPU. Placing on CPU instead
// REPORT-NEXT:  - Both Input quantization parameters must match OFM quantization parameters
// REPORT-NEXT:    Op has tensors with different quantization parameters to the OFM
// A rank-2 transpose is one Vela runs: npu.transpose.
// REPORT-NEXT: Warning: TANH '{{.*}}:{{[0-9]+}}:8' is not supported on the NPU. Placing on CPU instead
// REPORT-NEXT:  - npu-ir: 16-bit activations stay on the CPU (an NPU 16-bit table interpolates 512 segments, which does not reproduce the CPU kernel bit for bit)
// REPORT-NEXT:    16-bit TANH
func.func @others(%p: tensor<1x300x2x2x!q>, %h: tensor<1x4x!q16>, %i: tensor<1x4xi32>, %m: tensor<1x4x!q>, %n: tensor<1x4x!r>, %u: tensor<4x1x!q>, %v: tensor<1x4x!q>) -> (tensor<1x1x2x2x!q>, tensor<1x4x!q16>, tensor<1x4xi32>, tensor<1x4x!q>, tensor<4x4x!q>, tensor<4x1x!q>, tensor<1x4x!q16>) {
  %0 = "graph.max_pool2d"(%p) {kernel = [300, 1]} : (tensor<1x300x2x2x!q>) -> tensor<1x1x2x2x!q>
  %1 = "graph.add"(%h, %m) : (tensor<1x4x!q16>, tensor<1x4x!q>) -> tensor<1x4x!q16>
  %2 = "graph.add"(%i, %i) : (tensor<1x4xi32>, tensor<1x4xi32>) -> tensor<1x4xi32>
  %3 = "graph.maximum"(%m, %n) : (tensor<1x4x!q>, tensor<1x4x!r>) -> tensor<1x4x!q>
  %4 = "graph.add"(%u, %v) : (tensor<4x1x!q>, tensor<1x4x!q>) -> tensor<4x4x!q>
  %5 = "graph.transpose"(%m) {perm = [1, 0]} : (tensor<1x4x!q>) -> tensor<4x1x!q>
  %6 = "graph.tanh"(%h) : (tensor<1x4x!q16>) -> tensor<1x4x!q16>
  return %0, %1, %2, %3, %4, %5, %6 : tensor<1x1x2x2x!q>, tensor<1x4x!q16>, tensor<1x4xi32>, tensor<1x4x!q>, tensor<4x4x!q>, tensor<4x1x!q>, tensor<1x4x!q16>
}

// CPU and NPU ops interleaved: one region per run of CPU ops. The sigmoid
// becomes a table; the float ops stay on the CPU between.
// REPORT-NEXT: Info: DEQUANTIZE '{{.*}}:{{[0-9]+}}:8' is a CPU only op
// REPORT-NEXT: Warning: TANH '{{.*}}:{{[0-9]+}}:8' is not supported on the NPU. Placing on CPU instead
// REPORT-NEXT:  - Tensors must be of type: int16, int32, int8, uint8 (float tensors must be quantized first)
// REPORT-NEXT:    operand #0 has type tensor<1x8xf32>
// REPORT-NEXT: Info: QUANTIZE '{{.*}}:{{[0-9]+}}:8' is a CPU only op
// CHECK-LABEL: func.func @mixed
// CHECK-NEXT: "npu.lut"(%arg0)
// CHECK-NEXT: "npu.cpu"
// CHECK-NEXT: ^bb0(
// CHECK-NEXT: "graph.dequantize"
// CHECK-NEXT: "graph.tanh"
// CHECK-NEXT: "graph.quantize"
// CHECK-NEXT: "npu.yield"
// CHECK: "npu.lut"
func.func @mixed(%x: tensor<1x8x!q>) -> tensor<1x8x!q> {
  %0 = "graph.sigmoid"(%x) : (tensor<1x8x!q>) -> tensor<1x8x!q>
  %1 = "graph.dequantize"(%0) : (tensor<1x8x!q>) -> tensor<1x8xf32>
  %2 = "graph.tanh"(%1) : (tensor<1x8xf32>) -> tensor<1x8xf32>
  %3 = "graph.quantize"(%2) {qtype = !q} : (tensor<1x8xf32>) -> tensor<1x8x!q>
  %4 = "graph.relu"(%3) : (tensor<1x8x!q>) -> tensor<1x8x!q>
  return %4 : tensor<1x8x!q>
}

// REPORT-NEXT: CPU operators = 19
// REPORT-NEXT: NPU operators = 4
// REPORT-NEXT: npu.cpu regions = 6
