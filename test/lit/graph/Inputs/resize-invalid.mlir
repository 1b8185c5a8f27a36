// graph.resize's rules for its ONNX attributes (run by ../resize.mlir).

func.func @flags(%x: tensor<1x4x4x1xf32>) {
  // expected-error@+1 {{align_corners and half_pixel_centers need coordinate_mode "tflite"}}
  %0 = "graph.resize"(%x) {align_corners = true, coordinate_mode = "asymmetric", size = [2, 2]} : (tensor<1x4x4x1xf32>) -> tensor<1x2x2x1xf32>
  return
}

// -----

func.func @cubic(%x: tensor<1x4x4x1xf32>) {
  // expected-error@+1 {{cubic mode needs an ONNX coordinate_mode}}
  %0 = "graph.resize"(%x) {mode = "cubic", size = [2, 2]} : (tensor<1x4x4x1xf32>) -> tensor<1x2x2x1xf32>
  return
}

// -----

func.func @scales(%x: tensor<1x4x4x1xf32>) {
  // expected-error@+1 {{scales must be > 0}}
  %0 = "graph.resize"(%x) {coordinate_mode = "asymmetric", scales = [0.5, 0.0], size = [2, 2]} : (tensor<1x4x4x1xf32>) -> tensor<1x2x2x1xf32>
  return
}

// -----

func.func @nscales(%x: tensor<1x4x4x1xf32>) {
  // expected-error@+1 {{attribute 'scales' must have 2 elements}}
  %0 = "graph.resize"(%x) {coordinate_mode = "asymmetric", scales = [0.5], size = [2, 2]} : (tensor<1x4x4x1xf32>) -> tensor<1x2x2x1xf32>
  return
}

// -----

func.func @coord(%x: tensor<1x4x4x1xf32>) {
  // expected-error@+1 {{attribute 'coordinate_mode' must be one of: tflite, half_pixel}}
  %0 = "graph.resize"(%x) {coordinate_mode = "center", size = [2, 2]} : (tensor<1x4x4x1xf32>) -> tensor<1x2x2x1xf32>
  return
}

// -----

func.func @nearest(%x: tensor<1x4x4x1xf32>) {
  // expected-error@+1 {{attribute 'nearest_mode' must be one of: round_prefer_floor, round_prefer_ceil, floor, ceil}}
  %0 = "graph.resize"(%x) {coordinate_mode = "half_pixel", nearest_mode = "round", size = [2, 2]} : (tensor<1x4x4x1xf32>) -> tensor<1x2x2x1xf32>
  return
}

// -----

func.func @aa_tflite(%x: tensor<1x4x4x1xf32>) {
  // expected-error@+1 {{antialias needs an ONNX coordinate_mode}}
  %0 = "graph.resize"(%x) {antialias = true, mode = "bilinear", size = [2, 2]} : (tensor<1x4x4x1xf32>) -> tensor<1x2x2x1xf32>
  return
}

// -----

func.func @aa_small(%x: tensor<1x64x4x1xf32>) {
  // expected-error@+1 {{antialias needs scales >= 1/16}}
  %0 = "graph.resize"(%x) {antialias = true, coordinate_mode = "half_pixel", mode = "bilinear", size = [2, 2]} : (tensor<1x64x4x1xf32>) -> tensor<1x2x2x1xf32>
  return
}
