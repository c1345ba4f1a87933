// Seed 004 memref.subview example 4: constant sizes with dynamic offsets and strides.
func.func @subview4(%arg0: index, %arg1: index, %i: index, %j: index, %x: index, %y: index) {
  %0 = memref.alloc(%arg0, %arg1) : memref<?x?xf32>
  %1 = memref.subview %0[%i, %j][4, 4][%x, %y]
    : memref<?x?xf32> to memref<4x4xf32, strided<[?, ?], offset: ?>>
  return
}
