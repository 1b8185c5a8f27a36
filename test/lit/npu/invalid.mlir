// Every verifier rule of the npu ops: one chunk per rule.
// RUN: npu-opt --split-input-file --verify-diagnostics %s

func.func @f0(%x: tensor<1x8x8x3xi8>, %w: tensor<4x3x3x3xi8>, %b: tensor<4xi32>) {
  // expected-error@+1 {{'npu.conv2d' op requires attribute 'shift'}}
  %0 = "npu.conv2d"(%x, %w, %b) {multiplier = dense<1073741824> : tensor<1xi32>} : (tensor<1x8x8x3xi8>, tensor<4x3x3x3xi8>, tensor<4xi32>) -> tensor<1x6x6x4xi8>
  return
}

// -----

func.func @f1(%x: tensor<1x8x8x3xi32>, %w: tensor<4x3x3x3xi8>, %b: tensor<4xi32>) {
  // expected-error@+1 {{input must have i8 or i16 storage}}
  %0 = "npu.conv2d"(%x, %w, %b) {multiplier = dense<1073741824> : tensor<1xi32>, shift = dense<0> : tensor<1xi32>} : (tensor<1x8x8x3xi32>, tensor<4x3x3x3xi8>, tensor<4xi32>) -> tensor<1x6x6x4xi8>
  return
}

// -----

func.func @f2(%x: tensor<1x8x8x3xi8>, %w: tensor<4x3x3x3xi8>, %b: tensor<4xi32>) {
  // expected-error@+1 {{output must have i8 or i16 storage}}
  %0 = "npu.conv2d"(%x, %w, %b) {multiplier = dense<1073741824> : tensor<1xi32>, shift = dense<0> : tensor<1xi32>} : (tensor<1x8x8x3xi8>, tensor<4x3x3x3xi8>, tensor<4xi32>) -> tensor<1x6x6x4xf32>
  return
}

// -----

func.func @f3(%x: tensor<1x8x8x3xi8>, %w: tensor<4x3x3x3xi16>, %b: tensor<4xi32>) {
  // expected-error@+1 {{weights must have i8 storage}}
  %0 = "npu.conv2d"(%x, %w, %b) {multiplier = dense<1073741824> : tensor<1xi32>, shift = dense<0> : tensor<1xi32>} : (tensor<1x8x8x3xi8>, tensor<4x3x3x3xi16>, tensor<4xi32>) -> tensor<1x6x6x4xi8>
  return
}

// -----

func.func @f4(%x: tensor<1x8x8x3xi8>, %w: tensor<4x3x3x3xi8>, %b: tensor<4xi64>) {
  // expected-error@+1 {{bias must have i32 storage (i64 allowed for i16 input)}}
  %0 = "npu.conv2d"(%x, %w, %b) {multiplier = dense<1073741824> : tensor<1xi32>, shift = dense<0> : tensor<1xi32>} : (tensor<1x8x8x3xi8>, tensor<4x3x3x3xi8>, tensor<4xi64>) -> tensor<1x6x6x4xi8>
  return
}

// -----

func.func @f5(%x: tensor<1x8x8x3xi8>, %w: tensor<4x3x3x3xi8>, %b: tensor<4xi32>) {
  // expected-error@+1 {{attribute 'multiplier' must have i32 elements}}
  %0 = "npu.conv2d"(%x, %w, %b) {multiplier = dense<1073741824> : tensor<1xi64>, shift = dense<0> : tensor<1xi32>} : (tensor<1x8x8x3xi8>, tensor<4x3x3x3xi8>, tensor<4xi32>) -> tensor<1x6x6x4xi8>
  return
}

// -----

func.func @f6(%x: tensor<1x8x8x3xi8>, %w: tensor<4x3x3x3xi8>, %b: tensor<4xi32>) {
  // expected-error@+1 {{attribute 'multiplier' has 3 elements, expected 1 or 4 (output channels)}}
  %0 = "npu.conv2d"(%x, %w, %b) {multiplier = dense<1073741824> : tensor<3xi32>, shift = dense<0> : tensor<1xi32>} : (tensor<1x8x8x3xi8>, tensor<4x3x3x3xi8>, tensor<4xi32>) -> tensor<1x6x6x4xi8>
  return
}

// -----

func.func @f7(%x: tensor<1x8x8x3xi8>, %w: tensor<4x3x3x3xi8>, %b: tensor<4xi32>) {
  // expected-error@+1 {{attribute 'multiplier' element 0 (-5) is outside [0, 2147483647]}}
  %0 = "npu.conv2d"(%x, %w, %b) {multiplier = dense<-5> : tensor<1xi32>, shift = dense<0> : tensor<1xi32>} : (tensor<1x8x8x3xi8>, tensor<4x3x3x3xi8>, tensor<4xi32>) -> tensor<1x6x6x4xi8>
  return
}

// -----

func.func @f8(%x: tensor<1x8x8x3xi8>, %w: tensor<4x3x3x3xi8>, %b: tensor<4xi32>) {
  // expected-error@+1 {{attribute 'shift' element 3 (31) is outside [-31, 30]}}
  %0 = "npu.conv2d"(%x, %w, %b) {multiplier = dense<1073741824> : tensor<1xi32>, shift = dense<[0, 0, 0, 31]> : tensor<4xi32>} : (tensor<1x8x8x3xi8>, tensor<4x3x3x3xi8>, tensor<4xi32>) -> tensor<1x6x6x4xi8>
  return
}

// -----

func.func @f9(%x: tensor<1x8x8x3x!quant.uniform<i8:f32, 5.000000e-01:-1>>, %w: tensor<4x3x3x3xi8>, %b: tensor<4xi32>) {
  // expected-error@+1 {{attribute 'input_zp' (2) does not match the type's zero point (-1)}}
  %0 = "npu.conv2d"(%x, %w, %b) {input_zp = 2 : i64, multiplier = dense<1073741824> : tensor<1xi32>, shift = dense<0> : tensor<1xi32>} : (tensor<1x8x8x3x!quant.uniform<i8:f32, 5.000000e-01:-1>>, tensor<4x3x3x3xi8>, tensor<4xi32>) -> tensor<1x6x6x4xi8>
  return
}

// -----

func.func @f10(%x: tensor<1x8x8x3xi8>, %w: tensor<4x3x3x3x!quant.uniform<i8:f32, 1.000000e-01:1>>, %b: tensor<4xi32>) {
  // expected-error@+1 {{attribute 'weight_zp' (0) does not match the type's zero point (1)}}
  %0 = "npu.conv2d"(%x, %w, %b) {multiplier = dense<1073741824> : tensor<1xi32>, shift = dense<0> : tensor<1xi32>} : (tensor<1x8x8x3xi8>, tensor<4x3x3x3x!quant.uniform<i8:f32, 1.000000e-01:1>>, tensor<4xi32>) -> tensor<1x6x6x4xi8>
  return
}

// -----

func.func @f11(%x: tensor<1x8x8x3xi8>, %w: tensor<4x3x3x3xi8>, %b: tensor<4xi32>) {
  // expected-error@+1 {{attribute 'output_zp' (0) does not match the type's zero point (7)}}
  %0 = "npu.conv2d"(%x, %w, %b) {multiplier = dense<1073741824> : tensor<1xi32>, shift = dense<0> : tensor<1xi32>} : (tensor<1x8x8x3xi8>, tensor<4x3x3x3xi8>, tensor<4xi32>) -> tensor<1x6x6x4x!quant.uniform<i8:f32, 1.000000e-01:7>>
  return
}

// -----

func.func @f12(%x: tensor<1x8x8x3xi8>, %w: tensor<4x3x3x3xi8>, %b: tensor<4xi32>) {
  // expected-error@+1 {{activation clamp [-128, 200] exceeds the output storage range [-128, 127]}}
  %0 = "npu.conv2d"(%x, %w, %b) {act_max = 200 : i64, multiplier = dense<1073741824> : tensor<1xi32>, shift = dense<0> : tensor<1xi32>} : (tensor<1x8x8x3xi8>, tensor<4x3x3x3xi8>, tensor<4xi32>) -> tensor<1x6x6x4xi8>
  return
}

// -----

func.func @f13(%x: tensor<1x8x8x3xi8>, %w: tensor<4x3x3x3xi8>, %b: tensor<4xi32>) {
  // expected-error@+1 {{act_min (10) exceeds act_max (0)}}
  %0 = "npu.conv2d"(%x, %w, %b) {act_max = 0 : i64, act_min = 10 : i64, multiplier = dense<1073741824> : tensor<1xi32>, shift = dense<0> : tensor<1xi32>} : (tensor<1x8x8x3xi8>, tensor<4x3x3x3xi8>, tensor<4xi32>) -> tensor<1x6x6x4xi8>
  return
}

// -----

func.func @f14(%x: tensor<1x8x8x3xi8>, %w: tensor<4x3x3x3xi8>, %b: tensor<4xi32>) {
  // expected-error@+1 {{attribute 'act_min' value must be in [-32768, 65535]}}
  %0 = "npu.conv2d"(%x, %w, %b) {act_min = -70000 : i64, multiplier = dense<1073741824> : tensor<1xi32>, shift = dense<0> : tensor<1xi32>} : (tensor<1x8x8x3xi8>, tensor<4x3x3x3xi8>, tensor<4xi32>) -> tensor<1x6x6x4xi8>
  return
}

// -----

func.func @f15(%x: tensor<1x8x8x3xi8>, %w: tensor<4x3x3x3xi8>, %b: tensor<4xi32>) {
  // expected-error@+1 {{inferred type 'tensor<1x6x6x4xi8>' does not match result type 'tensor<1x8x8x4xi8>'}}
  %0 = "npu.conv2d"(%x, %w, %b) {multiplier = dense<1073741824> : tensor<1xi32>, shift = dense<0> : tensor<1xi32>} : (tensor<1x8x8x3xi8>, tensor<4x3x3x3xi8>, tensor<4xi32>) -> tensor<1x8x8x4xi8>
  return
}

// -----

func.func @f16(%x: tensor<1x8x8x4xi8>, %w: tensor<1x3x3x8xi8>, %b: tensor<8xi32>) {
  // expected-error@+1 {{filter has 8 output channels, expected input channels (4) * depth_multiplier (1)}}
  %0 = "npu.depthwise_conv2d"(%x, %w, %b) {multiplier = dense<1073741824> : tensor<1xi32>, shift = dense<0> : tensor<1xi32>} : (tensor<1x8x8x4xi8>, tensor<1x3x3x8xi8>, tensor<8xi32>) -> tensor<1x6x6x8xi8>
  return
}

// -----

func.func @f17(%x: tensor<1x16xi8>, %w: tensor<10x16xi8>, %b: tensor<9xi32>) {
  // expected-error@+1 {{bias has 9 elements, expected 10 (output channels)}}
  %0 = "npu.fully_connected"(%x, %w, %b) {multiplier = dense<1073741824> : tensor<1xi32>, shift = dense<0> : tensor<1xi32>} : (tensor<1x16xi8>, tensor<10x16xi8>, tensor<9xi32>) -> tensor<1x10xi8>
  return
}

// -----

func.func @f18(%x: tensor<1x8x8x4xi8>) {
  // expected-error@+1 {{attribute 'mode' must be one of: max, avg, sum}}
  %0 = "npu.pool"(%x) {kernel = [2, 2], mode = "min"} : (tensor<1x8x8x4xi8>) -> tensor<1x7x7x4xi8>
  return
}

// -----

func.func @f19(%x: tensor<1x8x8x4xf32>) {
  // expected-error@+1 {{input must have i8 or i16 storage}}
  %0 = "npu.pool"(%x) {kernel = [2, 2], mode = "max"} : (tensor<1x8x8x4xf32>) -> tensor<1x7x7x4xf32>
  return
}

// -----

func.func @f20(%x: tensor<1x8x8x4xi8>) {
  // expected-error@+1 {{inferred type 'tensor<1x7x7x4xi32>' does not match result type 'tensor<1x7x7x4xi8>'}}
  %0 = "npu.pool"(%x) {kernel = [2, 2], mode = "sum"} : (tensor<1x8x8x4xi8>) -> tensor<1x7x7x4xi8>
  return
}

// -----

func.func @f21(%a: tensor<1x4x4x8xi8>) {
  // expected-error@+1 {{'abs' takes 1 operand}}
  %0 = "npu.elementwise"(%a, %a) {op = "abs"} : (tensor<1x4x4x8xi8>, tensor<1x4x4x8xi8>) -> tensor<1x4x4x8xi8>
  return
}

// -----

func.func @f22(%a: tensor<1x4x4x8xi8>) {
  // expected-error@+1 {{'add' takes 2 operands}}
  %0 = "npu.elementwise"(%a) {op = "add"} : (tensor<1x4x4x8xi8>) -> tensor<1x4x4x8xi8>
  return
}

// -----

func.func @f23(%a: tensor<1x4x4x8xi8>) {
  // expected-error@+1 {{attribute 'op' must be one of: add, sub, mul, min, max, abs, leaky_relu}}
  %0 = "npu.elementwise"(%a, %a) {op = "div"} : (tensor<1x4x4x8xi8>, tensor<1x4x4x8xi8>) -> tensor<1x4x4x8xi8>
  return
}

// -----

func.func @f24(%a: tensor<1x4x4x8xi8>) {
  // expected-error@+1 {{attribute 'input_zp' needs one entry per input (2)}}
  %0 = "npu.elementwise"(%a, %a) {input_zp = [1], op = "add"} : (tensor<1x4x4x8xi8>, tensor<1x4x4x8xi8>) -> tensor<1x4x4x8xi8>
  return
}

// -----

func.func @f25(%a: tensor<1x4x4x8xi8>) {
  // expected-error@+1 {{attribute 'input_multiplier' needs one entry per input (2)}}
  %0 = "npu.elementwise"(%a, %a) {input_multiplier = [1, 2, 3], op = "add"} : (tensor<1x4x4x8xi8>, tensor<1x4x4x8xi8>) -> tensor<1x4x4x8xi8>
  return
}

// -----

func.func @f26(%a: tensor<1x4x4x8xi8>) {
  // expected-error@+1 {{attribute 'input_shift' needs one entry per input (2)}}
  %0 = "npu.elementwise"(%a, %a) {input_shift = [0], op = "max"} : (tensor<1x4x4x8xi8>, tensor<1x4x4x8xi8>) -> tensor<1x4x4x8xi8>
  return
}

// -----

func.func @f27(%a: tensor<1x4x4x8xi8>) {
  // expected-error@+1 {{attribute 'left_shift' value must be in [0, 31]}}
  %0 = "npu.elementwise"(%a, %a) {left_shift = 32 : i64, op = "add"} : (tensor<1x4x4x8xi8>, tensor<1x4x4x8xi8>) -> tensor<1x4x4x8xi8>
  return
}

// -----

func.func @f28(%a: tensor<4x!quant.uniform<i8:f32, 5.000000e-01:-1>>) {
  // expected-error@+1 {{attribute 'input_zp' (0) does not match the type's zero point (-1)}}
  %0 = "npu.elementwise"(%a, %a) {input_zp = [0, 4], op = "add"} : (tensor<4x!quant.uniform<i8:f32, 5.000000e-01:-1>>, tensor<4x!quant.uniform<i8:f32, 5.000000e-01:-1>>) -> tensor<4x!quant.uniform<i8:f32, 5.000000e-01:-1>>
  return
}

// -----

func.func @f29(%a: tensor<4x!quant.uniform<i8:f32, 5.000000e-01:-1>>) {
  // expected-error@+1 {{attribute 'output_zp' (0) does not match the type's zero point (-1)}}
  %0 = "npu.elementwise"(%a, %a) {input_zp = [-1, -1], op = "add"} : (tensor<4x!quant.uniform<i8:f32, 5.000000e-01:-1>>, tensor<4x!quant.uniform<i8:f32, 5.000000e-01:-1>>) -> tensor<4x!quant.uniform<i8:f32, 5.000000e-01:-1>>
  return
}

// -----

func.func @f30(%a: tensor<1x4x4x8xi8>) {
  // expected-error@+1 {{leaky_relu requires 'alpha_multiplier' and 'alpha_shift'}}
  %0 = "npu.elementwise"(%a) {op = "leaky_relu"} : (tensor<1x4x4x8xi8>) -> tensor<1x4x4x8xi8>
  return
}

// -----

func.func @f31(%a: tensor<4xi32>) {
  // expected-error@+1 {{input must have i8 or i16 storage}}
  %0 = "npu.elementwise"(%a, %a) {op = "min"} : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  return
}

// -----

func.func @f32(%a: tensor<1x4x4x8xi8>) {
  // expected-error@+1 {{activation clamp [-128, 1000] exceeds the output storage range [-128, 127]}}
  %0 = "npu.elementwise"(%a, %a) {act_max = 1000 : i64, op = "max"} : (tensor<1x4x4x8xi8>, tensor<1x4x4x8xi8>) -> tensor<1x4x4x8xi8>
  return
}

// -----

func.func @f33(%a: tensor<4xi8>, %b: tensor<3xi8>) {
  // expected-error@+1 {{operands are not broadcast-compatible: 'tensor<4xi8>' and 'tensor<3xi8>'}}
  %0 = "npu.elementwise"(%a, %b) {op = "add"} : (tensor<4xi8>, tensor<3xi8>) -> tensor<4xi8>
  return
}

// -----

func.func @f34(%a: tensor<4xi16>) {
  // expected-error@+1 {{input must have i8 storage}}
  %0 = "npu.lut"(%a) {table = dense<0> : tensor<256xi8>} : (tensor<4xi16>) -> tensor<4xi16>
  return
}

// -----

func.func @f35(%a: tensor<4xi8>) {
  // expected-error@+1 {{attribute 'table' must have i8 elements}}
  %0 = "npu.lut"(%a) {table = dense<0> : tensor<256xi16>} : (tensor<4xi8>) -> tensor<4xi8>
  return
}

// -----

func.func @f36(%a: tensor<4xi8>) {
  // expected-error@+1 {{attribute 'table' must have 256 elements}}
  %0 = "npu.lut"(%a) {table = dense<0> : tensor<128xi8>} : (tensor<4xi8>) -> tensor<4xi8>
  return
}

// -----

func.func @f37(%x: tensor<1x4x4x8xf32>) {
  // expected-error@+1 {{input must have i8 or i16 storage}}
  %0 = "npu.resize"(%x) {size = [8, 8]} : (tensor<1x4x4x8xf32>) -> tensor<1x8x8x8xf32>
  return
}

// -----

func.func @f38(%a: tensor<2x4xi8>, %b: tensor<2x4xi16>) {
  // expected-error@+1 {{operand #1 must have the result's element type (one quantization for all)}}
  %0 = "npu.concat"(%a, %b) {axis = 0 : i64} : (tensor<2x4xi8>, tensor<2x4xi16>) -> tensor<4x4xi8>
  return
}

// -----

func.func @f39(%a: tensor<4xi8>, %b: memref<4xi8>) {
  // expected-error@+1 {{operands must be memrefs}}
  "npu.dma"(%a, %b) : (tensor<4xi8>, memref<4xi8>) -> ()
  return
}

// -----

func.func @f40(%a: memref<4xi8, "dram">, %b: memref<8xi8, "sram">) {
  // expected-error@+1 {{source and target must have the same shape and element type}}
  "npu.dma"(%a, %b) : (memref<4xi8, "dram">, memref<8xi8, "sram">) -> ()
  return
}

// -----

func.func @f41(%a: tensor<4xf32>) {
  // expected-error@+1 {{region must not be empty}}
  %0 = "npu.cpu"(%a) ({
  }) : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @f42(%a: tensor<4xf32>) {
  // expected-error@+1 {{region must end with 'npu.yield'}}
  %0 = "npu.cpu"(%a) ({
  ^bb0(%b: tensor<4xf32>):
    // expected-error@+1 {{expects parent op 'func.func'}}
    "func.return"(%b) : (tensor<4xf32>) -> ()
  }) : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @f43(%a: tensor<4xf32>) {
  // expected-error@+1 {{region arguments must match the operand types}}
  %0 = "npu.cpu"(%a) ({
  ^bb0(%b: tensor<4xi8>):
    "npu.yield"(%b) : (tensor<4xi8>) -> ()
  }) : (tensor<4xf32>) -> tensor<4xi8>
  return
}

// -----

func.func @f44(%a: tensor<4xf32>) {
  // expected-error@+1 {{'npu.yield' operands must match the result types}}
  %0 = "npu.cpu"(%a) ({
  ^bb0(%b: tensor<4xf32>):
    "npu.yield"(%b) : (tensor<4xf32>) -> ()
  }) : (tensor<4xf32>) -> tensor<4xi8>
  return
}

// -----

func.func @f45(%a: tensor<4xf32>) {
  // expected-error@+1 {{'npu.yield' op expects parent op 'npu.cpu'}}
  "npu.yield"(%a) : (tensor<4xf32>) -> ()
}
