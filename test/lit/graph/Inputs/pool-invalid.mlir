// Pool dilations: inference and range (run by ../pool.mlir).

func.func @infer(%x: tensor<1x9x9x2xf32>) {
  // a 3x3 window with dilation [2, 4] spans 5 x 9: 5 x 1 outputs
  // expected-error@+1 {{inferred type 'tensor<1x5x1x2xf32>' does not match result type 'tensor<1xf32>'}}
  %0 = "graph.max_pool2d"(%x) {dilations = [2, 4], kernel = [3, 3]} : (tensor<1x9x9x2xf32>) -> tensor<1xf32>
  return
}

// -----

func.func @fit(%x: tensor<1x9x9x2xf32>) {
  // expected-error@+1 {{window of 3x11 (dilated) does not fit the padded 9x9 input}}
  %0 = "graph.avg_pool2d"(%x) {dilations = [1, 5], kernel = [3, 3]} : (tensor<1x9x9x2xf32>) -> tensor<1x1x1x2xf32>
  return
}

// -----

func.func @range(%x: tensor<1x9x9x2xf32>) {
  // expected-error@+1 {{attribute 'dilations' elements must be}}
  %0 = "graph.max_pool2d"(%x) {dilations = [0, 1], kernel = [3, 3]} : (tensor<1x9x9x2xf32>) -> tensor<1x7x7x2xf32>
  return
}

// -----

func.func @indices(%x: tensor<1x4x4x2xf32>) {
  // expected-error@+1 {{inferred type 'tensor<1x2x2x2xi64>' does not match result type 'tensor<1x2x2x2xi32>'}}
  %0:2 = "graph.max_pool2d_indices"(%x) {kernel = [2, 2], strides = [2, 2]} : (tensor<1x4x4x2xf32>) -> (tensor<1x2x2x2xf32>, tensor<1x2x2x2xi32>)
  return
}

// -----

func.func @one_result(%x: tensor<1x4x4x2xf32>) {
  // expected-error@+1 {{'graph.max_pool2d_indices' op expected 2 results, but found 1}}
  %0 = "graph.max_pool2d_indices"(%x) {kernel = [2, 2]} : (tensor<1x4x4x2xf32>) -> tensor<1x3x3x2xf32>
  return
}
