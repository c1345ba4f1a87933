// PIPELINE: vectorize
// An elementwise nest over 3x150 f32: the inner loop is vectorized (64
// lanes, then a 16-lane epilogue for the next 16 elements, a 4-lane one
// and a scalar one for the last 2 of each row); the
// row's scale factor stays a scalar load broadcast to a vector, the
// constant is broadcast before the vector loop, and compares and selects
// become vector ops.
func.func private @printMemrefF32(memref<*xf32>)
func.func @main() {
  %x = memref.alloc() : memref<3x150xf32>
  %s = memref.alloc() : memref<3xf32>
  %y = memref.alloc() : memref<3x150xf32>
  %half = arith.constant 0.5 : f32
  affine.for %i = 0 to 3 {
    %c = arith.index_cast %i : index to i32
    %f = arith.sitofp %c : i32 to f32
    affine.store %f, %s[%i] : memref<3xf32>
    affine.for %j = 0 to 150 {
      %d = affine.apply affine_map<(d0, d1) -> ((d0 * 5 + d1) mod 7)>(%i, %j)
      %e = arith.index_cast %d : index to i32
      %g = arith.sitofp %e : i32 to f32
      affine.store %g, %x[%i, %j] : memref<3x150xf32>
    }
  }
  affine.for %i = 0 to 3 {
    affine.for %j = 0 to 150 {
      %v = affine.load %x[%i, %j] : memref<3x150xf32>
      %k = affine.load %s[%i] : memref<3xf32>
      %m = arith.mulf %v, %k : f32
      %big = arith.cmpf ogt, %m, %half : f32
      %r = arith.select %big, %m, %half : f32
      affine.store %r, %y[%i, %j] : memref<3x150xf32>
    }
  }
  %p = memref.cast %y : memref<3x150xf32> to memref<*xf32>
  call @printMemrefF32(%p) : (memref<*xf32>) -> ()
  return
}
