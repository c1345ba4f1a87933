// A reduction-like update carried by the outer loop only, and a loop nest
// whose inner loop carries a distance-1 dependence.
func.func @f(%A: memref<100x100xf32>, %s: memref<100xf32>) {
  affine.for %i = 0 to 100 {
    affine.for %j = 0 to 100 {
      %a = affine.load %A[%i, %j] : memref<100x100xf32>
      %b = affine.load %s[%j] : memref<100xf32>
      %c = arith.addf %a, %b : f32
      affine.store %c, %s[%j] : memref<100xf32>
    }
  }
  affine.for %i = 0 to 99 {
    affine.for %j = 1 to 100 {
      %x = affine.load %A[%i, %j - 1] : memref<100x100xf32>
      affine.store %x, %A[%i + 1, %j] : memref<100x100xf32>
    }
  }
  return
}
