// A dynamic batch: bufferize cannot count the bytes.
func.func @dyn(%x: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %r = "graph.relu"(%x) : (tensor<?x4xf32>) -> tensor<?x4xf32>
  return %r : tensor<?x4xf32>
}
