// PIPELINE: normalize
// MLIR-PASSES: --affine-loop-normalize=promote-single-iter=1
// A whole program: normalized, it prints what it printed before.
func.func @main() {
  %A = memref.alloc() : memref<20xf32>
  %out = memref.alloc() : memref<20xf32>
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to 20 {
    affine.store %zero, %out[%i] : memref<20xf32>
  }
  affine.for %i = 3 to 23 {
    %c = arith.index_cast %i : index to i64
    %f = arith.sitofp %c : i64 to f32
    affine.store %f, %A[%i - 3] : memref<20xf32>
  }
  affine.for %i = 1 to 20 step 3 {
    %s = affine.for %j = affine_map<(d0) -> (d0 - 1)>(%i) to min affine_map<(d0) -> (d0 + 3, 20)>(%i) step 2 iter_args(%acc = %zero) -> (f32) {
      %v = affine.load %A[%j] : memref<20xf32>
      %t = arith.addf %acc, %v : f32
      affine.yield %t : f32
    }
    affine.for %k = 4 to 5 {
      affine.store %s, %out[%i + %k - 4] : memref<20xf32>
    }
  }
  %cast = memref.cast %out : memref<20xf32> to memref<*xf32>
  call @printMemrefF32(%cast) : (memref<*xf32>) -> ()
  memref.dealloc %A : memref<20xf32>
  memref.dealloc %out : memref<20xf32>
  return
}
func.func private @printMemrefF32(memref<*xf32>)
