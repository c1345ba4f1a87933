// Unranked memrefs: memref.rank and memref.dim on memref<*xf32>, and casting back to a ranked type.
func.func @describe(%u: memref<*xf32>) {
  %r = memref.rank %u : memref<*xf32>
  vector.print %r : index
  %c0 = arith.constant 0 : index
  %d0 = memref.dim %u, %c0 : memref<*xf32>
  vector.print %d0 : index
  return
}
func.func @main() {
  %A = memref.alloc() : memref<3x7xf32>
  %B = memref.alloc() : memref<2x4x6xf32>
  %ua = memref.cast %A : memref<3x7xf32> to memref<*xf32>
  %ub = memref.cast %B : memref<2x4x6xf32> to memref<*xf32>
  call @describe(%ua) : (memref<*xf32>) -> ()
  call @describe(%ub) : (memref<*xf32>) -> ()
  %R = memref.cast %ub : memref<*xf32> to memref<?x4x?xf32>
  %c2 = arith.constant 2 : index
  %d = memref.dim %R, %c2 : memref<?x4x?xf32>
  vector.print %d : index
  memref.dealloc %A : memref<3x7xf32>
  memref.dealloc %B : memref<2x4x6xf32>
  return
}
