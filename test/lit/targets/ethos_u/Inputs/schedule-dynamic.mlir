// A model with a dynamic batch (as hello_world_int8 imports without
// --input-shape): legalize leaves it to the CPU.
func.func @main(%x: tensor<?x16xi8>) -> tensor<?x16xi8> {
  %0 = "graph.relu"(%x) : (tensor<?x16xi8>) -> tensor<?x16xi8>
  return %0 : tensor<?x16xi8>
}

// -----

// A static input whose result's shape is not known.
func.func @main(%x: tensor<1x16xi8>) -> tensor<?x16xi8> {
  %0 = "graph.relu"(%x) : (tensor<1x16xi8>) -> tensor<?x16xi8>
  return %0 : tensor<?x16xi8>
}
