// A loop whose symbolic upper bound is below its lower bound at run time.
func.func private @printMemrefF32(memref<*xf32>)
func.func @kernel(%A: memref<64xf32>, %n: index) {
  %one = arith.constant 1.0 : f32
  affine.for %j = 40 to %n {
    affine.store %one, %A[%j] : memref<64xf32>
  }
  return
}
func.func @main() {
  %A = memref.alloc() : memref<64xf32>
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to 64 {
    affine.store %zero, %A[%i] : memref<64xf32>
  }
  %n = arith.constant 30 : index
  call @kernel(%A, %n) : (memref<64xf32>, index) -> ()
  %U = memref.cast %A : memref<64xf32> to memref<*xf32>
  call @printMemrefF32(%U) : (memref<*xf32>) -> ()
  return
}
