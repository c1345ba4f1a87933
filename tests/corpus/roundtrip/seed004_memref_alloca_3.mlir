// Seed 004 memref.alloca: symbol operand for the layout map.
func.func @alloca3(%s: index) {
  %0 = memref.alloca()[%s] : memref<8x64xf32,
                           affine_map<(d0, d1)[s0] -> ((d0 + s0), d1)>>
  return
}
