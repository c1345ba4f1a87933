// PIPELINE: parallelize
// MLIR-PASSES: --affine-parallelize="parallel-reductions=1 max-nested=1"
// A tiled transpose (what a tiling pass leaves): the outer tile loop is
// parallelized. Its work counts the intra-tile loops at their largest,
// 32 iterations each (min(%ii + 32, 1000) - %ii is at most 32).
func.func @t(%A: memref<1024x1024xf32>, %B: memref<1024x1024xf32>) {
  affine.for %ii = 0 to 1024 step 32 {
    affine.for %jj = 0 to 1024 step 32 {
      affine.for %i = affine_map<(d0) -> (d0)>(%ii) to min affine_map<(d0) -> (d0 + 32, 1000)>(%ii) {
        affine.for %j = affine_map<(d0) -> (d0)>(%jj) to affine_map<(d0) -> (d0 + 32)>(%jj) {
          %v = affine.load %A[%j, %i] : memref<1024x1024xf32>
          affine.store %v, %B[%i, %j] : memref<1024x1024xf32>
        }
      }
    }
  }
  return
}
