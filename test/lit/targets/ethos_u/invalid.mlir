// Every verifier rule of ethos_u.stream: one chunk per rule.
// RUN: npu-opt --split-input-file --verify-diagnostics %s

func.func @f0(%x: tensor<4xi8>) -> tensor<4xi8> {
  // expected-error@+1 {{'ethos_u.stream' op requires attribute 'command_stream'}}
  %0 = "ethos_u.stream"(%x) {scratch_size = 8 : i64, input_offsets = [0], output_offsets = [4]} : (tensor<4xi8>) -> tensor<4xi8>
  return %0 : tensor<4xi8>
}

// -----

func.func @f1(%x: tensor<4xi8>) -> tensor<4xi8> {
  // expected-error@+1 {{'command_stream' must hold 8-bit integers}}
  %0 = "ethos_u.stream"(%x) {command_stream = dense<0> : tensor<1xi32>, scratch_size = 8 : i64, input_offsets = [0], output_offsets = [4]} : (tensor<4xi8>) -> tensor<4xi8>
  return %0 : tensor<4xi8>
}

// -----

// An unknown opcode (0x3ff) in the second command.
func.func @f2(%x: tensor<4xi8>) -> tensor<4xi8> {
  // expected-error@+1 {{bad command stream: command 1 at byte 4: unknown cmd0 opcode 0x3ff}}
  %0 = "ethos_u.stream"(%x) {command_stream = dense<"0x0F010100FF030000"> : tensor<8xui8>, scratch_size = 8 : i64, input_offsets = [0], output_offsets = [4]} : (tensor<4xi8>) -> tensor<4xi8>
  return %0 : tensor<4xi8>
}

// -----

func.func @f3(%x: tensor<4xi8>) -> tensor<4xi8> {
  // expected-error@+1 {{has 1 operands and 1 results but 2 input and 1 output offsets}}
  %0 = "ethos_u.stream"(%x) {command_stream = dense<"0x00000000"> : tensor<4xui8>, scratch_size = 8 : i64, input_offsets = [0, 4], output_offsets = [4]} : (tensor<4xi8>) -> tensor<4xi8>
  return %0 : tensor<4xi8>
}

// -----

func.func @f4(%x: tensor<4xi8>) -> tensor<4xi8> {
  // expected-error@+1 {{result 0 (4 bytes at offset 6) does not fit in the 8-byte scratch arena}}
  %0 = "ethos_u.stream"(%x) {command_stream = dense<"0x00000000"> : tensor<4xui8>, scratch_size = 8 : i64, input_offsets = [0], output_offsets = [6]} : (tensor<4xi8>) -> tensor<4xi8>
  return %0 : tensor<4xi8>
}

// -----

func.func @f5(%x: tensor<4xi8>) -> tensor<4xi8> {
  // expected-error@+1 {{'flash' must hold 8-bit integers}}
  %0 = "ethos_u.stream"(%x) {command_stream = dense<"0x00000000"> : tensor<4xui8>, flash = dense<1.0> : tensor<2xf32>, scratch_size = 8 : i64, input_offsets = [0], output_offsets = [4]} : (tensor<4xi8>) -> tensor<4xi8>
  return %0 : tensor<4xi8>
}

// -----

func.func @f6(%x: tensor<4xi8>) -> tensor<4xi8> {
  // expected-error@+1 {{attribute 'scratch_size' value must be in}}
  %0 = "ethos_u.stream"(%x) {command_stream = dense<"0x00000000"> : tensor<4xui8>, scratch_size = -1 : i64, input_offsets = [0], output_offsets = [4]} : (tensor<4xi8>) -> tensor<4xi8>
  return %0 : tensor<4xi8>
}
