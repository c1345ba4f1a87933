// affine.for: constant, SSA-shorthand, map bounds, max lower / min upper bounds with several results,
// negative constants, step > 1, and an empty body.
#lb = affine_map<(d0)[s0] -> (d0, s0 - 4)>
#ub = affine_map<(d0)[s0] -> (d0 + 32, s0, 100)>
func.func @bounds(%A: memref<128xf32>, %N: index, %M: index) {
  affine.for %i = -8 to 8 step 3 {
  }
  affine.for %i = 0 to %N step 4 {
    affine.for %j = max #lb(%i)[%N] to min #ub(%i)[%M] {
      %v = affine.load %A[%j] : memref<128xf32>
      affine.store %v, %A[%j + 1 - 1] : memref<128xf32>
    }
    affine.for %k = affine_map<(d0) -> (d0 floordiv 2)>(%i) to affine_map<()[s0] -> (s0 ceildiv 2)>()[%N] {
    }
  }
  return
}
