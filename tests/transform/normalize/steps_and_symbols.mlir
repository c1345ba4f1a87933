// PIPELINE: normalize
// MLIR-PASSES: --affine-loop-normalize=promote-single-iter=1
// Constant and symbolic lower bounds with steps; bounds that are a min of
// several; a lower bound from an enclosing loop; loops already normalized.
func.func @f(%A: memref<100xf32>, %n: index, %m: index) {
  affine.for %i = 2 to 100 step 3 {
    %v = affine.load %A[%i] : memref<100xf32>
    affine.store %v, %A[%i - 1] : memref<100xf32>
  }
  affine.for %i = %n to 100 step 2 {
    %v = affine.load %A[%i] : memref<100xf32>
    affine.store %v, %A[%i] : memref<100xf32>
  }
  affine.for %i = 1 to min affine_map<()[s0, s1] -> (s0, s1 + 4, 90)>()[%n, %m] step 5 {
    affine.for %j = affine_map<(d0) -> (d0)>(%i) to affine_map<(d0) -> (d0 + 8)>(%i) step 2 {
      %v = affine.load %A[%i + %j] : memref<100xf32>
      affine.store %v, %A[%j] : memref<100xf32>
    }
  }
  affine.for %i = 0 to %n {
    affine.for %j = 0 to 10 {
      %v = affine.load %A[%i + %j] : memref<100xf32>
      affine.store %v, %A[%j] : memref<100xf32>
    }
  }
  return
}
