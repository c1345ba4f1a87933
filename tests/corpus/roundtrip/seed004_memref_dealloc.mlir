// Seed 004 memref.dealloc: identity layout map written out, memory space 1.
func.func @dealloc() {
  %0 = memref.alloc() : memref<8x64xf32, affine_map<(d0, d1) -> (d0, d1)>, 1>
  memref.dealloc %0 : memref<8x64xf32, affine_map<(d0, d1) -> (d0, d1)>, 1>
  return
}
