// graph.transpose_conv2d's dilations and output_padding rules (run by
// ../transpose-conv.mlir).

func.func @infer(%x: tensor<1x4x2x3xf32>, %w: tensor<5x3x2x3xf32>) {
  // (4 - 1) * 1 + 2 * (3 - 1) + 1 + 1 = 9 rows, (2 - 1) * 2 + 2 = 4 columns
  // expected-error@+1 {{inferred type 'tensor<1x9x4x5xf32>' does not match result type 'tensor<1xf32>'}}
  %0 = "graph.transpose_conv2d"(%x, %w) {dilations = [2, 1], output_padding = [1, 0], strides = [1, 2]} : (tensor<1x4x2x3xf32>, tensor<5x3x2x3xf32>) -> tensor<1xf32>
  return
}

// -----

func.func @huge(%x: tensor<1x3x3x1xf32>, %w: tensor<1x1x1x1xf32>) {
  // expected-error@+1 {{the output is too large}}
  %0 = "graph.transpose_conv2d"(%x, %w) {strides = [2147483647, 1]} : (tensor<1x3x3x1xf32>, tensor<1x1x1x1xf32>) -> tensor<1xf32>
  return
}

// -----

func.func @dil(%x: tensor<1x3x3x1xf32>, %w: tensor<1x1x1x1xf32>) {
  // expected-error@+1 {{attribute 'dilations' elements must be}}
  %0 = "graph.transpose_conv2d"(%x, %w) {dilations = [0, 1]} : (tensor<1x3x3x1xf32>, tensor<1x1x1x1xf32>) -> tensor<1x3x3x1xf32>
  return
}

// -----

func.func @extra(%x: tensor<1x3x3x1xf32>, %w: tensor<1x1x1x1xf32>) {
  // expected-error@+1 {{attribute 'output_padding' elements must be}}
  %0 = "graph.transpose_conv2d"(%x, %w) {output_padding = [0, -1]} : (tensor<1x3x3x1xf32>, tensor<1x1x1x1xf32>) -> tensor<1x3x3x1xf32>
  return
}
