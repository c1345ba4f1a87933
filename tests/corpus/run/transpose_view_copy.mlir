// A transposed view (strided<[1, 16]>) read along its rows.
func.func private @printMemrefF32(memref<*xf32>)
func.func @main() {
  %A = memref.alloc() : memref<16x16xf32>
  %B = memref.alloc() : memref<16x16xf32>
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 16 {
      %k = affine.apply affine_map<(d0, d1) -> (d0 * 16 + d1)>(%i, %j)
      %ii = arith.index_cast %k : index to i32
      %f = arith.sitofp %ii : i32 to f32
      affine.store %f, %A[%i, %j] : memref<16x16xf32>
    }
  }
  %T = memref.transpose %A (i, j) -> (j, i) : memref<16x16xf32> to memref<16x16xf32, strided<[1, 16]>>
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 16 {
      %x = affine.load %T[%i, %j] : memref<16x16xf32, strided<[1, 16]>>
      affine.store %x, %B[%i, %j] : memref<16x16xf32>
    }
  }
  %U = memref.cast %B : memref<16x16xf32> to memref<*xf32>
  call @printMemrefF32(%U) : (memref<*xf32>) -> ()
  return
}
