// affine.for with several iter_args of different types and a nested reduction.
func.func @multi(%A: memref<16x16xf32>) -> (f32, index, i64) {
  %z = arith.constant 0.0 : f32
  %zi = arith.constant 0 : index
  %one = arith.constant 1 : i64
  %r:3 = affine.for %i = 0 to 16 iter_args(%s = %z, %cnt = %zi, %p = %one) -> (f32, index, i64) {
    %inner = affine.for %j = 0 to 16 iter_args(%acc = %s) -> (f32) {
      %v = affine.load %A[%i, %j] : memref<16x16xf32>
      %n = arith.addf %acc, %v : f32
      affine.yield %n : f32
    }
    %c1 = arith.constant 1 : index
    %cnt2 = arith.addi %cnt, %c1 : index
    %p2 = arith.addi %p, %p : i64
    affine.yield %inner, %cnt2, %p2 : f32, index, i64
  }
  return %r#0, %r#1, %r#2 : f32, index, i64
}
