func.func @main(%x: tensor<1x32x32x1xi8>) -> tensor<1x16x16x16xi8> {
  %w0 = "graph.constant"() {value = dense<"0x0D06FF03FEF70EFDF3EDFB0406FC0C001405F40FEFF4F8F50E0FF9010EF314F0FF06F10C0A1412F5060C01ED070310EF02EF0A0311EC05FBF30FF9FB0D03EFFDF0FDF8120F0E0FF4"> : tensor<8x3x3x1xi8>} : () -> tensor<8x3x3x1xi8>
  %b0 = "graph.constant"() {value = dense<[32, 55, 19, 53, 74, -41, 63, -44]> : tensor<8xi32>} : () -> tensor<8xi32>
  %w1 = "graph.constant"() {value = dense<"0xFCFF0200F601F21011FD01ECEF02ED09FD0A14EFF8FFFCF00BED13100DF4050B1105F7F8FCF5F3F9EF0EFF0000EFF606F1FFFC050AF00EF10E14FBFA0EFC10F6FEEF0B11050BFA0F"> : tensor<1x3x3x8xi8>} : () -> tensor<1x3x3x8xi8>
  %b1 = "graph.constant"() {value = dense<[-38, 70, 56, 1, 46, -8, 24, -64]> : tensor<8xi32>} : () -> tensor<8xi32>
  %w2 = "graph.constant"() {value = dense<"0x060D1408F009F9FA0A00F80312ED10100D07EF0111F60FFA130003F7F9FF07020811F10DF20DECF8100FF70809080CF40E0F0A08ECFEFCF7EC090101F9EFFDF20DECEDF30AFF13F9F2ED090EFAED05F307EF0EEFF80EFCFD02020E110605EC0D01F1EE14FE0000F301F40EFB0BFE08F3FCFBF006FFF80A03F4F90C10F5FEF107"> : tensor<16x1x1x8xi8>} : () -> tensor<16x1x1x8xi8>
  %b2 = "graph.constant"() {value = dense<[77, -20, -37, -42, -20, 29, 60, 2, 58, 33, 48, -48, -7, -18, 46, -16]> : tensor<16xi32>} : () -> tensor<16xi32>
  %0 = "npu.conv2d"(%x, %w0, %b0) {padding = "same", strides = [2, 2], multiplier = dense<1073741824> : tensor<8xi32>, shift = dense<-4> : tensor<8xi32>, input_zp = 1 : i64, output_zp = -3 : i64} : (tensor<1x32x32x1xi8>, tensor<8x3x3x1xi8>, tensor<8xi32>) -> tensor<1x16x16x8xi8>
  %1 = "npu.depthwise_conv2d"(%0, %w1, %b1) {padding = "same", multiplier = dense<1073741824> : tensor<8xi32>, shift = dense<-3> : tensor<8xi32>, input_zp = -3 : i64, output_zp = 2 : i64} : (tensor<1x16x16x8xi8>, tensor<1x3x3x8xi8>, tensor<8xi32>) -> tensor<1x16x16x8xi8>
  %2 = "npu.conv2d"(%1, %w2, %b2) {padding = "valid", multiplier = dense<1073741824> : tensor<16xi32>, shift = dense<-4> : tensor<16xi32>, input_zp = 2 : i64, output_zp = 0 : i64} : (tensor<1x16x16x8xi8>, tensor<16x1x1x8xi8>, tensor<16xi32>) -> tensor<1x16x16x16xi8>
  return %2 : tensor<1x16x16x16xi8>
}
