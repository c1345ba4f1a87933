// PIPELINE: normalize
// MLIR-PASSES: --affine-loop-normalize=promote-single-iter=1
// A lower bound that is a max of several values cannot be normalized
// without a case split: the loop is left as it is, its inner loop is
// still normalized.
func.func @f(%A: memref<100xf32>, %n: index) {
  affine.for %i = max affine_map<(d0) -> (d0, 0)>(%n) to min affine_map<(d0) -> (d0 + 10, 50)>(%n) step 4 {
    affine.for %j = 1 to 5 step 2 {
      %v = affine.load %A[%i + %j] : memref<100xf32>
      affine.store %v, %A[%i] : memref<100xf32>
    }
  }
  return
}
