// Seed 004 memref.subview example 5: rank-reducing subviews.
func.func @subview5(%0: memref<8x16x4xf32>, %2: memref<8x16x4xf32>) {
  %1 = memref.subview %0[0, 0, 0][1, 16, 4][1, 1, 1] :
    memref<8x16x4xf32> to memref<16x4xf32>
  %3 = memref.subview %2[3, 4, 2][1, 6, 3][1, 1, 1] :
    memref<8x16x4xf32> to memref<6x3xf32, strided<[4, 1], offset: 210>>
  return
}
