// Seed 000 "Named affine mappings" example in its original spelling: named and inline layout maps.
#affine_map42 = affine_map<(d0, d1)[s0] -> (d0, d0 + d1 + s0 floordiv 2)>
func @named_map(%N: index) {
  %a = alloc()[%N] : memref<4x4xf32, #affine_map42>
  %b = alloc()[%N] : memref<4x4xf32, affine_map<(d0, d1)[s0] -> (d0, d0 + d1 + s0 floordiv 2)>>
  return
}
