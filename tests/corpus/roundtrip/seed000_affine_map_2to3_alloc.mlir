// Seed 000 "Dimensions and Symbols": a 2d->3d layout map whose symbol is bound by alloc.
#affine_map2to3 = affine_map<(d0, d1)[s0] -> (d0, d1 + s0, d1 - s0)>
func.func @alloc_2to3(%N: index) {
  %x = memref.alloc()[%N] : memref<40x50xf32, #affine_map2to3>
  memref.dealloc %x : memref<40x50xf32, #affine_map2to3>
  return
}
