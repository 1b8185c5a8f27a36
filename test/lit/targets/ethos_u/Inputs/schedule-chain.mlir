func.func @main(%x: tensor<1x16x8x4xi8>, %r: tensor<1x8x4x8xi8>) -> tensor<1x8x4x8xi8> {
  %w0 = "graph.constant"() {value = dense<"0x00F505EFF00EF20311EF0CF9EEF10706F0FBF10F07EF10F3FA141411EF101105EFFAEE0FF4FE06F50EF310FF0FF7F2111014F803F20FF010EF13F90B0E070009110903FFFBF7FBF110FF0D0B0108FE12F0F30C06F601F50B06EEF00F10000102120B1109F0F1FD0AF0EFFF1008FE0402ED0902F613F30BEFF9FEF4FB05050BF1F608050FFDF4070FFD060204FAF5F1F7"> : tensor<4x3x3x4xi8>} : () -> tensor<4x3x3x4xi8>
  %b0 = "graph.constant"() {value = dense<[-62, -41, 68, -41]> : tensor<4xi32>} : () -> tensor<4xi32>
  %w1 = "graph.constant"() {value = dense<"0xEC0B11F7FCFEECF5060E03131000F40C13EF090F05050505F20A1405EFF8F0F908F6F301"> : tensor<1x3x3x4xi8>} : () -> tensor<1x3x3x4xi8>
  %b1 = "graph.constant"() {value = dense<[53, -87, -74, -100]> : tensor<4xi32>} : () -> tensor<4xi32>
  %w2 = "graph.constant"() {value = dense<"0x10F50EF20313EDF0F91304F514FC0212030AF3F30B090A0AFFF1F5F201FC0AF60DEDF90D03F50EED0DFFF1FC0D03F602FA0E0E0C0114FA13F8FB05FAF80D0B02EDEDFD0AFCF81202080203F1FAF2FA0AF801F90A1313EC0A02F1F304F80AF7071401F1050905F1F6F6F4EDF51109F513120A02F50F0FF4EDECF20DF407F8F9EDFCF9FE0CFB1100FC0E06F4EF0209110D060CF40EF50D0CED08F712ECF5F7F50A13F30FEF000D0D0F0AF20FEFFBF8FDEEF20C080FEDF00800130C120CF8FD080C"> : tensor<8x2x3x4xi8>} : () -> tensor<8x2x3x4xi8>
  %b2 = "graph.constant"() {value = dense<[36, 22, 29, -37, 78, 33, -34, 43]> : tensor<8xi32>} : () -> tensor<8xi32>
  %0 = "npu.conv2d"(%x, %w0, %b0) {padding = "same", multiplier = dense<1073741824> : tensor<4xi32>, shift = dense<-4> : tensor<4xi32>, input_zp = 3 : i64, output_zp = -5 : i64} : (tensor<1x16x8x4xi8>, tensor<4x3x3x4xi8>, tensor<4xi32>) -> tensor<1x16x8x4xi8>
  %1 = "npu.depthwise_conv2d"(%0, %w1, %b1) {padding = "same", strides = [2, 2], multiplier = dense<1073741824> : tensor<4xi32>, shift = dense<-3> : tensor<4xi32>, input_zp = -5 : i64, act_min = -100 : i64, act_max = 100 : i64} : (tensor<1x16x8x4xi8>, tensor<1x3x3x4xi8>, tensor<4xi32>) -> tensor<1x8x4x4xi8>
  %2 = "npu.conv2d"(%1, %w2, %b2) {dilations = [2, 1], padding = [2, 0, 1, 1], multiplier = dense<1073741824> : tensor<8xi32>, shift = dense<-4> : tensor<8xi32>} : (tensor<1x8x4x4xi8>, tensor<8x2x3x4xi8>, tensor<8xi32>) -> tensor<1x8x4x8xi8>
  %3 = "npu.pool"(%2) {mode = "avg", kernel = [3, 3], padding = "same"} : (tensor<1x8x4x8xi8>) -> tensor<1x8x4x8xi8>
  %4 = "npu.elementwise"(%3, %r) {op = "max"} : (tensor<1x8x4x8xi8>, tensor<1x8x4x8xi8>) -> tensor<1x8x4x8xi8>
  return %4 : tensor<1x8x4x8xi8>
}
