// Seed 000 affine.store example 1.
func.func @store1(%0: memref<100x100xf32>, %v0: f32) {
  affine.for %i0 = 0 to 90 {
    affine.for %i1 = 0 to 90 {
      affine.store %v0, %0[%i0 + 3, %i1 + 7] : memref<100x100xf32>
    }
  }
  return
}
