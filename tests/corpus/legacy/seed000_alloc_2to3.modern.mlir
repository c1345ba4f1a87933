// MLIR 19 spelling of seed000_alloc_2to3.mlir.
#affine_map2to3 = affine_map<(d0, d1)[s0] -> (d0, d1 + s0, d1 - s0)>
func.func @alloc_2to3(%N: index) {
  %x = memref.alloc()[%N] : memref<40x50xf32, #affine_map2to3>
  memref.dealloc %x : memref<40x50xf32, #affine_map2to3>
  return
}
