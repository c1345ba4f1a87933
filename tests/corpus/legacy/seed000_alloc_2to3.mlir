// Seed 000 "Dimensions and Symbols" example in its original spelling (alloc with a symbol operand).
#affine_map2to3 = affine_map<(d0, d1)[s0] -> (d0, d1 + s0, d1 - s0)>
func @alloc_2to3(%N: index) {
  // Binds %N to the s0 symbol in affine_map2to3.
  %x = alloc()[%N] : memref<40x50xf32, #affine_map2to3>
  dealloc %x : memref<40x50xf32, #affine_map2to3>
  return
}
