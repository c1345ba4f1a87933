// Seed 004 memref.subview example 1: dynamic sizes, constant-valued SSA offsets/strides.
func.func @subview1(%c0: index, %c1: index, %size0: index, %size1: index) {
  %0 = memref.alloc() : memref<64x4xf32, strided<[4, 1]>>
  %1 = memref.subview %0[%c0, %c0][%size0, %size1][%c1, %c1]
    : memref<64x4xf32, strided<[4, 1]>> to memref<?x?xf32, strided<[?, ?], offset: ?>>
  return
}
