// memref.transpose (metadata-only): prints the transposed strided view, then copies it into a
// contiguous buffer with memref.copy and prints that.
func.func private @printMemrefF32(memref<*xf32>) attributes { llvm.emit_c_interface }
func.func @main() {
  %A = memref.alloc() : memref<2x3xf32>
  affine.for %i = 0 to 2 {
    affine.for %j = 0 to 3 {
      %k = affine.apply affine_map<(d0, d1) -> (d0 * 3 + d1)>(%i, %j)
      %ki = arith.index_cast %k : index to i32
      %f = arith.sitofp %ki : i32 to f32
      affine.store %f, %A[%i, %j] : memref<2x3xf32>
    }
  }
  %T = memref.transpose %A (d0, d1) -> (d1, d0) : memref<2x3xf32> to memref<3x2xf32, strided<[1, 3]>>
  %ut = memref.cast %T : memref<3x2xf32, strided<[1, 3]>> to memref<*xf32>
  call @printMemrefF32(%ut) : (memref<*xf32>) -> ()
  %C = memref.alloc() : memref<3x2xf32>
  memref.copy %T, %C : memref<3x2xf32, strided<[1, 3]>> to memref<3x2xf32>
  %uc = memref.cast %C : memref<3x2xf32> to memref<*xf32>
  call @printMemrefF32(%uc) : (memref<*xf32>) -> ()
  %v = affine.load %T[2, 1] : memref<3x2xf32, strided<[1, 3]>>
  vector.print %v : f32
  memref.dealloc %C : memref<3x2xf32>
  memref.dealloc %A : memref<2x3xf32>
  return
}
