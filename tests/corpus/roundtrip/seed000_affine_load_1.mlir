// Seed 000 affine.load example 1: constant offsets on loop IVs.
func.func @load1(%0: memref<100x100xf32>) {
  affine.for %i0 = 0 to 90 {
    affine.for %i1 = 0 to 90 {
      %1 = affine.load %0[%i0 + 3, %i1 + 7] : memref<100x100xf32>
    }
  }
  return
}
