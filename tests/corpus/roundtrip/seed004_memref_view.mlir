// Seed 004 memref.view: static and dynamic sizes over a flat i8 buffer.
func.func @view(%size0: index, %size1: index) {
  %0 = memref.alloc() : memref<2048xi8>
  %offset_1024 = arith.constant 1024 : index
  %1 = memref.view %0[%offset_1024][] : memref<2048xi8> to memref<64x4xf32>
  %2 = memref.view %0[%offset_1024][%size0, %size1] :
    memref<2048xi8> to memref<?x4x?xf32>
  return
}
