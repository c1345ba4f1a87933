// Seed 004 memref.alloc: %s bound to the layout map's symbol.
func.func @alloc3(%s: index) {
  %0 = memref.alloc()[%s] : memref<8x64xf32,
                          affine_map<(d0, d1)[s0] -> ((d0 + s0), d1)>, 1>
  return
}
