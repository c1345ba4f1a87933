// Dynamically sized alloc with sizes from constants, memref.dim as loop bound symbols, and
// a function taking memref<?x?xf32> that uses memref.dim on its argument.
func.func private @printMemrefF32(memref<*xf32>) attributes { llvm.emit_c_interface }
func.func @fill(%A: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %M = memref.dim %A, %c0 : memref<?x?xf32>
  %N = memref.dim %A, %c1 : memref<?x?xf32>
  affine.for %i = 0 to %M {
    affine.for %j = 0 to %N {
      %k = affine.apply affine_map<(d0, d1)[s0] -> (d0 * s0 + d1)>(%i, %j)[%N]
      %ki = arith.index_cast %k : index to i32
      %f = arith.sitofp %ki : i32 to f32
      affine.store %f, %A[%i, %j] : memref<?x?xf32>
    }
  }
  return
}
func.func @main() {
  %m = arith.constant 3 : index
  %n = arith.constant 5 : index
  %A = memref.alloc(%m, %n) : memref<?x?xf32>
  call @fill(%A) : (memref<?x?xf32>) -> ()
  %u = memref.cast %A : memref<?x?xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  %B = memref.alloc(%n) : memref<2x?xf32>
  %Bd = memref.cast %B : memref<2x?xf32> to memref<?x?xf32>
  call @fill(%Bd) : (memref<?x?xf32>) -> ()
  %c1 = arith.constant 1 : index
  %d = memref.dim %B, %c1 : memref<2x?xf32>
  vector.print %d : index
  %ub = memref.cast %B : memref<2x?xf32> to memref<*xf32>
  call @printMemrefF32(%ub) : (memref<*xf32>) -> ()
  memref.dealloc %A : memref<?x?xf32>
  memref.dealloc %B : memref<2x?xf32>
  return
}
