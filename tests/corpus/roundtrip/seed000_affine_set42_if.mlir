// Seed 000 "Integer Sets": a named two-dimensional integer set with two symbols used by affine.if.
#set42 = affine_set<(d0, d1)[s0, s1]
   : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + s1 - 1 >= 0)>
func.func @set42(%A: memref<?x?xf32>, %M: index, %N: index) {
  %cst = arith.constant 0.0 : f32
  affine.for %i = 0 to 128 {
    affine.for %j = 0 to 128 {
      affine.if #set42(%i, %j)[%M, %N] {
        affine.store %cst, %A[%i, %j] : memref<?x?xf32>
      }
    }
  }
  return
}
