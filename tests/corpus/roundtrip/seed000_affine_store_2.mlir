// Seed 000 affine.store example 2: 'symbol' keyword.
func.func @store2(%0: memref<100x100xf32>, %v0: f32, %n: index, %m: index) {
  affine.for %i0 = 0 to 10 {
    affine.for %i1 = 0 to 10 {
      affine.store %v0, %0[%i0 + symbol(%n), %i1 + symbol(%m)]
        : memref<100x100xf32>
    }
  }
  return
}
