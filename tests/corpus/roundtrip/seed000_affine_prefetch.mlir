// Seed 000 affine.prefetch: read, locality<3>, data cache.
func.func @prefetch(%0: memref<400x400xi32>) {
  affine.for %i = 0 to 400 {
    affine.for %j = 0 to 395 {
      affine.prefetch %0[%i, %j + 5], read, locality<3>, data : memref<400x400xi32>
    }
  }
  return
}
