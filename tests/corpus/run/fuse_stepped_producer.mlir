// The producer writes every 4th element; the consumer reads all of them.
func.func private @printMemrefF32(memref<*xf32>)
func.func @main() {
  %A = memref.alloc() : memref<8xf32>
  %T = memref.alloc() : memref<8xf32>
  %O = memref.alloc() : memref<8xf32>
  %zero = arith.constant 0.0 : f32
  affine.for %k = 0 to 8 {
    %kk = arith.index_cast %k : index to i32
    %f = arith.sitofp %kk : i32 to f32
    affine.store %f, %A[%k] : memref<8xf32>
  }
  affine.for %i = 0 to 8 {
    affine.store %zero, %T[%i] : memref<8xf32>
  }
  affine.for %i = 0 to 8 step 4 {
    %x = affine.load %A[%i] : memref<8xf32>
    affine.store %x, %T[%i] : memref<8xf32>
  }
  affine.for %j = 0 to 8 {
    %x = affine.load %T[%j] : memref<8xf32>
    affine.store %x, %O[%j] : memref<8xf32>
  }
  %U = memref.cast %O : memref<8xf32> to memref<*xf32>
  call @printMemrefF32(%U) : (memref<*xf32>) -> ()
  return
}
