// Seed 000 affine.min: minimum of a multi-result map with a dim and a symbol.
func.func @min(%arg0: index, %arg1: index) -> index {
  %0 = affine.min affine_map<(d0)[s0] -> (1000, d0 + 512, s0)> (%arg0)[%arg1]
  return %0 : index
}
