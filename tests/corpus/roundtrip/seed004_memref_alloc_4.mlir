// Seed 004 memref.alloc: alignment attribute.
func.func @alloc4(%s: index) {
  %0 = memref.alloc()[%s] {alignment = 8} :
    memref<8x64xf32, affine_map<(d0, d1)[s0] -> ((d0 + s0), d1)>, 1>
  return
}
