// A small affine kernel: C += A * B with a reduction carried in iter_args.
#map = affine_map<(d0) -> (d0 + 1)>
func.func @matmul(%A: memref<64x32xf32>, %B: memref<32x48xf32>, %C: memref<64x48xf32>) {
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 48 {
      %init = affine.load %C[%i, %j] : memref<64x48xf32>
      %sum = affine.for %k = 0 to 32 iter_args(%acc = %init) -> (f32) {
        %a = affine.load %A[%i, %k] : memref<64x32xf32>
        %b = affine.load %B[%k, %j] : memref<32x48xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %acc, %p : f32
        affine.yield %s : f32
      }
      affine.store %sum, %C[%i, %j] : memref<64x48xf32>
    }
  }
  return
}
