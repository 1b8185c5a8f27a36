// Shape inference of the npu ops: each op below declares a wrong result
// type on purpose, so the verifier reports the type it inferred; the
// expected types were computed by hand from each op's documented rule
// (dynamic dimensions stay dynamic).
// RUN: npu-opt --split-input-file --verify-diagnostics %s

func.func @f0(%x: tensor<1x9x9x3xi8>, %w: tensor<4x3x3x3xi8>, %b: tensor<4xi32>) {
  // expected-error@+1 {{inferred type 'tensor<1x5x5x4xi8>' does not match result type 'tensor<1xi8>'}}
  %0 = "npu.conv2d"(%x, %w, %b) {multiplier = dense<1073741824> : tensor<1xi32>, padding = "same", shift = dense<0> : tensor<1xi32>, strides = [2, 2]} : (tensor<1x9x9x3xi8>, tensor<4x3x3x3xi8>, tensor<4xi32>) -> tensor<1xi8>
  return
}

// -----

func.func @f1(%x: tensor<1x9x9x3xi16>, %w: tensor<1x3x3x6xi8>, %b: tensor<6xi64>) {
  // expected-error@+1 {{inferred type 'tensor<1x7x7x6xi16>' does not match result type 'tensor<1xi16>'}}
  %0 = "npu.depthwise_conv2d"(%x, %w, %b) {depth_multiplier = 2 : i64, multiplier = dense<1073741824> : tensor<1xi32>, shift = dense<0> : tensor<1xi32>} : (tensor<1x9x9x3xi16>, tensor<1x3x3x6xi8>, tensor<6xi64>) -> tensor<1xi16>
  return
}

// -----

func.func @f2(%x: tensor<3x7xi8>, %w: tensor<2x7xi8>, %b: tensor<2xi32>) {
  // expected-error@+1 {{inferred type 'tensor<3x2xi8>' does not match result type 'tensor<1xi8>'}}
  %0 = "npu.fully_connected"(%x, %w, %b) {multiplier = dense<1073741824> : tensor<1xi32>, shift = dense<0> : tensor<1xi32>} : (tensor<3x7xi8>, tensor<2x7xi8>, tensor<2xi32>) -> tensor<1xi8>
  return
}

// -----

func.func @f3(%x: tensor<1x6x6x2xi8>) {
  // expected-error@+1 {{inferred type 'tensor<1x2x2x2xi8>' does not match result type 'tensor<1xi8>'}}
  %0 = "npu.pool"(%x) {kernel = [3, 3], mode = "avg", strides = [3, 3]} : (tensor<1x6x6x2xi8>) -> tensor<1xi8>
  return
}

// -----

func.func @f4(%a: tensor<2x1x4xi8>, %b: tensor<3x1xi8>) {
  // expected-error@+1 {{inferred type 'tensor<2x3x4xi8>' does not match result type 'tensor<1xi8>'}}
  %0 = "npu.elementwise"(%a, %b) {op = "mul"} : (tensor<2x1x4xi8>, tensor<3x1xi8>) -> tensor<1xi8>
  return
}

// -----

func.func @f5(%x: tensor<1x2x2x8xi8>) {
  // expected-error@+1 {{inferred type 'tensor<1x4x6x8xi8>' does not match result type 'tensor<1xi8>'}}
  %0 = "npu.resize"(%x) {size = [4, 6]} : (tensor<1x2x2x8xi8>) -> tensor<1xi8>
  return
}

// -----

func.func @f6(%a: tensor<1x2x2x8xi8>, %b: tensor<1x2x2x8xi8>) {
  // expected-error@+1 {{inferred type 'tensor<2x2x2x8xi8>' does not match result type 'tensor<1xi8>'}}
  %0 = "npu.concat"(%a, %b) {axis = 0 : i64} : (tensor<1x2x2x8xi8>, tensor<1x2x2x8xi8>) -> tensor<1xi8>
  return
}
