// memref.reshape with a static-size shape buffer (ranked result) and with a dynamic-size shape
// buffer (unranked result), printed through the unranked printer.
func.func private @printMemrefF32(memref<*xf32>) attributes { llvm.emit_c_interface }
func.func @main() {
  %A = memref.alloc() : memref<2x6xf32>
  affine.for %i = 0 to 2 {
    affine.for %j = 0 to 6 {
      %k = affine.apply affine_map<(d0, d1) -> (d0 * 6 + d1)>(%i, %j)
      %ki = arith.index_cast %k : index to i32
      %f = arith.sitofp %ki : i32 to f32
      affine.store %f, %A[%i, %j] : memref<2x6xf32>
    }
  }
  %shape = memref.alloc() : memref<2xindex>
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  affine.store %c4, %shape[0] : memref<2xindex>
  affine.store %c3, %shape[1] : memref<2xindex>
  %R = memref.reshape %A(%shape) : (memref<2x6xf32>, memref<2xindex>) -> memref<4x3xf32>
  %ur = memref.cast %R : memref<4x3xf32> to memref<*xf32>
  call @printMemrefF32(%ur) : (memref<*xf32>) -> ()
  %c2 = arith.constant 2 : index
  %dshape = memref.alloc(%c3) : memref<?xi64>
  %two = arith.constant 2 : i64
  %three = arith.constant 3 : i64
  affine.store %two, %dshape[0] : memref<?xi64>
  affine.store %three, %dshape[1] : memref<?xi64>
  affine.store %two, %dshape[2] : memref<?xi64>
  %U = memref.reshape %A(%dshape) : (memref<2x6xf32>, memref<?xi64>) -> memref<*xf32>
  call @printMemrefF32(%U) : (memref<*xf32>) -> ()
  memref.dealloc %shape : memref<2xindex>
  memref.dealloc %dshape : memref<?xi64>
  memref.dealloc %A : memref<2x6xf32>
  return
}
