// memref.copy: contiguous -> contiguous, and a strided subview-free copy between dynamic and
// static shapes (via memref.cast), plus copy between unranked memrefs.
func.func private @printMemrefF32(memref<*xf32>) attributes { llvm.emit_c_interface }
func.func @main() {
  %A = memref.alloc() : memref<3x4xf32>
  affine.for %i = 0 to 3 {
    affine.for %j = 0 to 4 {
      %k = affine.apply affine_map<(d0, d1) -> (d0 * 4 + d1)>(%i, %j)
      %ki = arith.index_cast %k : index to i32
      %f = arith.sitofp %ki : i32 to f32
      %g = arith.negf %f : f32
      affine.store %g, %A[%i, %j] : memref<3x4xf32>
    }
  }
  %B = memref.alloc() : memref<3x4xf32>
  memref.copy %A, %B : memref<3x4xf32> to memref<3x4xf32>
  %n = arith.constant 3 : index
  %D = memref.alloc(%n) : memref<?x4xf32>
  %Bd = memref.cast %B : memref<3x4xf32> to memref<?x4xf32>
  memref.copy %Bd, %D : memref<?x4xf32> to memref<?x4xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %x = arith.constant 100.0 : f32
  memref.store %x, %D[%c1, %c1] : memref<?x4xf32>
  %E = memref.alloc() : memref<3x4xf32>
  %ud = memref.cast %D : memref<?x4xf32> to memref<*xf32>
  %ue = memref.cast %E : memref<3x4xf32> to memref<*xf32>
  memref.copy %ud, %ue : memref<*xf32> to memref<*xf32>
  call @printMemrefF32(%ue) : (memref<*xf32>) -> ()
  %ub = memref.cast %B : memref<3x4xf32> to memref<*xf32>
  call @printMemrefF32(%ub) : (memref<*xf32>) -> ()
  memref.dealloc %A : memref<3x4xf32>
  memref.dealloc %B : memref<3x4xf32>
  memref.dealloc %D : memref<?x4xf32>
  memref.dealloc %E : memref<3x4xf32>
  return
}
