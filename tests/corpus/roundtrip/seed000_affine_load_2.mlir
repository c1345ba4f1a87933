// Seed 000 affine.load example 2: the 'symbol' keyword for %n and %m.
func.func @load2(%0: memref<100x100xf32>, %n: index, %m: index) {
  affine.for %i0 = 0 to 10 {
    affine.for %i1 = 0 to 10 {
      %1 = affine.load %0[%i0 + symbol(%n), %i1 + symbol(%m)]
        : memref<100x100xf32>
    }
  }
  return
}
