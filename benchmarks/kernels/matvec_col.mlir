// Matrix-vector product, column form, for benchmarks/VectorizeBench.cpp:
// y[j] += A[i][j] * x[i] over a 4096x4096 f32 matrix. The inner loop over j
// updates all of y (16 KB) once per row of A with x[i] invariant: no
// reduction in registers, nothing reassociated, vectorized with or without
// fast math. The C peer is matvec_col.c.
func.func @matvec_col(%A: memref<4096x4096xf32>, %x: memref<4096xf32>,
                      %y: memref<4096xf32>) {
  affine.for %i = 0 to 4096 {
    %xi = affine.load %x[%i] : memref<4096xf32>
    affine.for %j = 0 to 4096 {
      %a = affine.load %A[%i, %j] : memref<4096x4096xf32>
      %yj = affine.load %y[%j] : memref<4096xf32>
      %p = arith.mulf %a, %xi : f32
      %t = arith.addf %yj, %p : f32
      affine.store %t, %y[%j] : memref<4096xf32>
    }
  }
  return
}
