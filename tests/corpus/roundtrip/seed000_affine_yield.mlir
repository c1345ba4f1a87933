// Seed 000 affine.yield: explicit yields from affine.for and affine.if with two results.
func.func @yield(%A: memref<16xi32>) -> (i32, i32) {
  %z = arith.constant 0 : i32
  %r:2 = affine.for %i = 0 to 16 iter_args(%even = %z, %odd = %z) -> (i32, i32) {
    %v = affine.load %A[%i] : memref<16xi32>
    %e, %o = affine.if affine_set<(d0) : (d0 mod 2 == 0)>(%i) -> (i32, i32) {
      %s = arith.addi %even, %v : i32
      affine.yield %s, %odd : i32, i32
    } else {
      %s = arith.addi %odd, %v : i32
      affine.yield %even, %s : i32, i32
    }
    affine.yield %e, %o : i32, i32
  }
  return %r#0, %r#1 : i32, i32
}
