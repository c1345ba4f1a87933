// Triangular rows j in [1, i - 2): the first rows run zero times.
func.func private @printMemrefF32(memref<*xf32>)
func.func @main() {
  %A = memref.alloc() : memref<24x24xf32>
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  affine.for %i = 0 to 24 {
    affine.for %j = 0 to 24 {
      affine.store %zero, %A[%i, %j] : memref<24x24xf32>
    }
  }
  affine.for %i = 0 to 24 {
    affine.for %j = 1 to affine_map<(d0) -> (d0 - 2)>(%i) {
      %x = affine.load %A[%i, %j - 1] : memref<24x24xf32>
      %y = arith.addf %x, %one : f32
      affine.store %y, %A[%i, %j] : memref<24x24xf32>
    }
  }
  %U = memref.cast %A : memref<24x24xf32> to memref<*xf32>
  call @printMemrefF32(%U) : (memref<*xf32>) -> ()
  return
}
