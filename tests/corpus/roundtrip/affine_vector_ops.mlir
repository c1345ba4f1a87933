// affine.vector_load/vector_store in a strip-mined loop, plus vector arithmetic on the loaded values.
func.func @vec(%A: memref<1024xf32>, %B: memref<1024xf32>) {
  affine.for %i = 0 to 1024 step 8 {
    %a = affine.vector_load %A[%i] : memref<1024xf32>, vector<8xf32>
    %b = affine.vector_load %B[%i] : memref<1024xf32>, vector<8xf32>
    %c = arith.addf %a, %b : vector<8xf32>
    affine.vector_store %c, %B[%i] : memref<1024xf32>, vector<8xf32>
  }
  return
}
