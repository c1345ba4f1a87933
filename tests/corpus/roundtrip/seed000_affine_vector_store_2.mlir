// Seed 000 affine.vector_store example 2: 4-wide store with symbols.
func.func @vstore2(%v0: vector<4xf32>, %0: memref<100x100xf32>, %n: index, %m: index) {
  affine.for %i0 = 0 to 10 {
    affine.vector_store %v0, %0[%i0 + symbol(%n), %i0 + symbol(%m)] : memref<100x100xf32>, vector<4xf32>
  }
  return
}
