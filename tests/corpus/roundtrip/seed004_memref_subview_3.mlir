// Seed 004 memref.subview example 3: constant offsets, sizes and strides.
func.func @subview3() {
  %0 = memref.alloc() : memref<8x16x4xf32, affine_map<(d0, d1, d2) -> (d0 * 64 + d1 * 4 + d2)>>
  %1 = memref.subview %0[0, 2, 0][4, 4, 4][64, 4, 1]
    : memref<8x16x4xf32, affine_map<(d0, d1, d2) -> (d0 * 64 + d1 * 4 + d2)>> to
      memref<4x4x4xf32, strided<[4096, 16, 1], offset: 8>>
  return
}
