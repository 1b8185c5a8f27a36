// Two fully connected layers, the first reading the function's
// argument, calibrated by hand (quant.arg_stats, quant.stats: [lo, hi,
// min, max]) for test/lit/quant/report-qdq.mlir: every tensor on
// [0, 2.55] (scale 0.01, zero point -128); weights [1.0, 0.004]
// (per-channel scale 1/127: 0.004 rounds to one step, 0.007874) and
// [0.333] (exact in int8).
module {
  func.func @main(%x: tensor<1x2xf32>) -> tensor<1x1xf32> attributes {quant.arg_stats = [dense<[0.0, 2.55, 0.0, 2.55]> : tensor<4xf32>]} {
    %w = "graph.constant"() {value = dense<[[1.0, 0.004]]> : tensor<1x2xf32>} : () -> tensor<1x2xf32>
    %f = "graph.fully_connected"(%x, %w) {quant.stats = [dense<[0.0, 2.55, 0.0, 2.55]> : tensor<4xf32>]} : (tensor<1x2xf32>, tensor<1x2xf32>) -> tensor<1x1xf32>
    %w2 = "graph.constant"() {value = dense<[[0.333]]> : tensor<1x1xf32>} : () -> tensor<1x1xf32>
    %g = "graph.fully_connected"(%f, %w2) {quant.stats = [dense<[0.0, 2.55, 0.0, 2.55]> : tensor<4xf32>]} : (tensor<1x1xf32>, tensor<1x1xf32>) -> tensor<1x1xf32>
    return %g : tensor<1x1xf32>
  }
}
