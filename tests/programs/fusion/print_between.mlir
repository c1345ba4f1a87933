// Hazard: the temporary is printed between producer and consumer; the print must see every producer store, so the producer may not be moved after it nor its stores dropped.
func.func private @printMemrefF32(memref<*xf32>) attributes { llvm.emit_c_interface }
func.func @main() {
  %t = memref.alloc() : memref<3x7xf32>
  %out = memref.alloc() : memref<3x6xf32>
  affine.for %i = 0 to 3 {
    affine.for %j = 0 to 7 {
      %k = affine.apply affine_map<(d0, d1) -> ((d0 * 5 + d1 * 3) mod 8)>(%i, %j)
      %ki = arith.index_cast %k : index to i32
      %f = arith.sitofp %ki : i32 to f32
      affine.store %f, %t[%i, %j] : memref<3x7xf32>
    }
  }
  %pt = memref.cast %t : memref<3x7xf32> to memref<*xf32>
  call @printMemrefF32(%pt) : (memref<*xf32>) -> ()
  affine.for %i = 0 to 3 {
    affine.for %j = 0 to 6 {
      %a = affine.load %t[%i, %j] : memref<3x7xf32>
      %b = affine.load %t[%i, %j + 1] : memref<3x7xf32>
      %c = arith.addf %a, %b : f32
      affine.store %c, %out[%i, %j] : memref<3x6xf32>
    }
  }
  %p = memref.cast %out : memref<3x6xf32> to memref<*xf32>
  call @printMemrefF32(%p) : (memref<*xf32>) -> ()
  memref.dealloc %t : memref<3x7xf32>
  memref.dealloc %out : memref<3x6xf32>
  return
}
