// Sum-reduction with affine.for iter_args (seed 000 @reduce pattern): sums 0..99 as f32 and i64,
// stepping by 1 and by 3.
func.func @main() {
  %A = memref.alloc() : memref<100xf32>
  affine.for %i = 0 to 100 {
    %ii = arith.index_cast %i : index to i64
    %f = arith.sitofp %ii : i64 to f32
    affine.store %f, %A[%i] : memref<100xf32>
  }
  %z = arith.constant 0.0 : f32
  %sum = affine.for %i = 0 to 100 iter_args(%acc = %z) -> (f32) {
    %t = affine.load %A[%i] : memref<100xf32>
    %n = arith.addf %acc, %t : f32
    affine.yield %n : f32
  }
  vector.print %sum : f32
  %zi = arith.constant 0 : i64
  %s3, %cnt = affine.for %i = 0 to 100 step 3 iter_args(%acc = %zi, %c = %zi) -> (i64, i64) {
    %ii = arith.index_cast %i : index to i64
    %n = arith.addi %acc, %ii : i64
    %one = arith.constant 1 : i64
    %c2 = arith.addi %c, %one : i64
    affine.yield %n, %c2 : i64, i64
  }
  vector.print %s3 : i64
  vector.print %cnt : i64
  memref.dealloc %A : memref<100xf32>
  return
}
