// Hazard: a live-out temporary, consumed by the next nest and printed at the end; fusion may fuse but must keep every store to it.
func.func private @printMemrefF32(memref<*xf32>) attributes { llvm.emit_c_interface }
func.func @main() {
  %t = memref.alloc() : memref<4x9xf32>
  %out = memref.alloc() : memref<4x9xf32>
  %three = arith.constant 3.0 : f32
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 9 {
      %k = affine.apply affine_map<(d0, d1) -> ((d0 * 2 + d1 * 5) mod 9 - 4)>(%i, %j)
      %ki = arith.index_cast %k : index to i32
      %f = arith.sitofp %ki : i32 to f32
      affine.store %f, %t[%i, %j] : memref<4x9xf32>
    }
  }
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 9 {
      %a = affine.load %t[%i, %j] : memref<4x9xf32>
      %b = arith.mulf %a, %three : f32
      affine.store %b, %out[%i, %j] : memref<4x9xf32>
    }
  }
  %p = memref.cast %out : memref<4x9xf32> to memref<*xf32>
  call @printMemrefF32(%p) : (memref<*xf32>) -> ()
  %pt = memref.cast %t : memref<4x9xf32> to memref<*xf32>
  call @printMemrefF32(%pt) : (memref<*xf32>) -> ()
  memref.dealloc %t : memref<4x9xf32>
  memref.dealloc %out : memref<4x9xf32>
  return
}
