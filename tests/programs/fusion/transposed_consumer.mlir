// Hazard: a transposed consumer (loops j, i reading t[i, j + 1] and t[i, j]); a fused slice must cover a whole column of the producer, not one element.
func.func private @printMemrefF32(memref<*xf32>) attributes { llvm.emit_c_interface }
func.func @main() {
  %t = memref.alloc() : memref<5x10xf32>
  %out = memref.alloc() : memref<9x5xf32>
  affine.for %i = 0 to 5 {
    affine.for %j = 0 to 10 {
      %k = affine.apply affine_map<(d0, d1) -> ((d0 * 3 + d1 * 7) mod 11 - 5)>(%i, %j)
      %ki = arith.index_cast %k : index to i32
      %f = arith.sitofp %ki : i32 to f32
      affine.store %f, %t[%i, %j] : memref<5x10xf32>
    }
  }
  affine.for %j = 0 to 9 {
    affine.for %i = 0 to 5 {
      %a = affine.load %t[%i, %j + 1] : memref<5x10xf32>
      %b = affine.load %t[%i, %j] : memref<5x10xf32>
      %c = arith.subf %a, %b : f32
      affine.store %c, %out[%j, %i] : memref<9x5xf32>
    }
  }
  %p = memref.cast %out : memref<9x5xf32> to memref<*xf32>
  call @printMemrefF32(%p) : (memref<*xf32>) -> ()
  memref.dealloc %t : memref<5x10xf32>
  memref.dealloc %out : memref<9x5xf32>
  return
}
