// examples/tiny-cnn.mlir: a small image classifier (conv, relu, pool,
// fully connected, softmax) in MLIR's generic syntax, as an importer would
// write it. Try:
//   build/bin/npu-opt --allow-unregistered-dialect examples/tiny-cnn.mlir
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: tensor<1x32x32x3xf32>):
    %0 = "graph.constant"() {value = dense<1.250000e-01> : tensor<8x3x3x3xf32>} : () -> tensor<8x3x3x3xf32>
    %1 = "graph.constant"() {value = dense<[0.000000e+00, 1.250000e-01, 2.500000e-01, 3.750000e-01, 5.000000e-01, 6.250000e-01, 7.500000e-01, 8.750000e-01]> : tensor<8xf32>} : () -> tensor<8xf32>
    %2 = "graph.conv2d"(%arg0, %0, %1) {dilations = [1, 1], padding = "same", strides = [2, 2]} : (tensor<1x32x32x3xf32>, tensor<8x3x3x3xf32>, tensor<8xf32>) -> tensor<1x16x16x8xf32>
    %3 = "graph.relu"(%2) : (tensor<1x16x16x8xf32>) -> tensor<1x16x16x8xf32>
    %4 = "graph.max_pool2d"(%3) {kernel = [2, 2], padding = "valid", strides = [2, 2]} : (tensor<1x16x16x8xf32>) -> tensor<1x8x8x8xf32>
    %5 = "graph.reshape"(%4) {shape = [1, 512]} : (tensor<1x8x8x8xf32>) -> tensor<1x512xf32>
    %6 = "graph.constant"() {value = dense<-6.250000e-02> : tensor<10x512xf32>} : () -> tensor<10x512xf32>
    %7 = "graph.constant"() {value = dense<0.000000e+00> : tensor<10xf32>} : () -> tensor<10xf32>
    %8 = "graph.fully_connected"(%5, %6, %7) : (tensor<1x512xf32>, tensor<10x512xf32>, tensor<10xf32>) -> tensor<1x10xf32>
    %9 = "graph.softmax"(%8) {axis = -1 : i64, beta = 1.000000e+00 : f32} : (tensor<1x10xf32>) -> tensor<1x10xf32>
    "func.return"(%9) : (tensor<1x10xf32>) -> ()
  }) {function_type = (tensor<1x32x32x3xf32>) -> tensor<1x10xf32>, sym_name = "tiny_cnn"} : () -> ()
}) : () -> ()
