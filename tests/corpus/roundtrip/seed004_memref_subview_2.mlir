// Seed 004 memref.subview example 2: dynamic offsets, sizes and strides on a 3-d memref.
func.func @subview2(%i: index, %j: index, %k: index, %size0: index, %size1: index,
                    %size2: index, %x: index, %y: index, %z: index) {
  %0 = memref.alloc() : memref<8x16x4xf32, strided<[64, 4, 1]>>
  %1 = memref.subview %0[%i, %j, %k][%size0, %size1, %size2][%x, %y, %z]
    : memref<8x16x4xf32, strided<[64, 4, 1]>> to
      memref<?x?x?xf32, strided<[?, ?, ?], offset: ?>>
  return
}
