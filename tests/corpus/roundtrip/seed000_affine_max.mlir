// Seed 000 affine.max: maximum of a multi-result map.
func.func @max(%i0: index) -> index {
  %0 = affine.max affine_map<(d0) -> (1000, d0 + 512)> (%i0)
  return %0 : index
}
