// EXPECT-ERROR: 4:8: expected result type to be 'memref<4x8xf32, strided<[16, 1], offset: 36>>' or a rank-reduced version
// memref.subview whose declared result layout is wrong
func.func @f(%A: memref<8x16xf32>) {
  %0 = memref.subview %A[2, 4][4, 8][1, 1] : memref<8x16xf32> to memref<4x8xf32>
  return
}
