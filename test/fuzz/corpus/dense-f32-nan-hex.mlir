// A NaN f32 in a dense list prints as its bits (0xFFDE0000, as mlir-opt
// does); reading that back must give the same bits, not the integer
// 4292739072 converted to float. Found by parse_fuzz with
// NPUIR_FUZZ_ROUNDTRIP=1.
%0 = "t.const"() {value = dense<"0x0000DEFF300000200000202000004020"> : tensor<2x2xf32>} : () -> tensor<2x2xf32>
%1 = "t.const"() {value = dense<[0xFFDE0000, 1.0]> : tensor<2xf32>} : () -> tensor<2xf32>
%2 = "t.const"() {value = dense<0x7FC00000> : tensor<4xf32>} : () -> tensor<4xf32>
