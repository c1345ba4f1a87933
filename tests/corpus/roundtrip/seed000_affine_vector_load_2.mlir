// Seed 000 affine.vector_load example 2: 4-wide load with symbols.
func.func @vload2(%0: memref<100x100xf32>, %n: index, %m: index) {
  affine.for %i0 = 0 to 10 {
    affine.for %i1 = 0 to 10 step 4 {
      %1 = affine.vector_load %0[%i0 + symbol(%n), %i1 + symbol(%m)] : memref<100x100xf32>, vector<4xf32>
    }
  }
  return
}
