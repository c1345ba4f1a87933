// A chain of view-like ops: subview -> transpose -> cast, expand/collapse, reinterpret_cast, view.
func.func @views(%A: memref<8x16xf32>, %off: index) {
  %s = memref.subview %A[2, 4][4, 8][1, 2] : memref<8x16xf32> to memref<4x8xf32, strided<[16, 2], offset: 36>>
  %t = memref.transpose %s (d0, d1) -> (d1, d0) : memref<4x8xf32, strided<[16, 2], offset: 36>> to memref<8x4xf32, strided<[2, 16], offset: 36>>
  %c = memref.cast %t : memref<8x4xf32, strided<[2, 16], offset: 36>> to memref<?x?xf32, strided<[?, ?], offset: ?>>
  %f = memref.collapse_shape %A [[0, 1]] : memref<8x16xf32> into memref<128xf32>
  %e = memref.expand_shape %f [[0, 1, 2]] output_shape [2, 4, 16] : memref<128xf32> into memref<2x4x16xf32>
  %r = memref.reinterpret_cast %f to offset: [%off], sizes: [4, 4], strides: [4, 1] : memref<128xf32> to memref<4x4xf32, strided<[4, 1], offset: ?>>
  %one = memref.alloca() : memref<1x1xf32>
  %z = memref.collapse_shape %one [] : memref<1x1xf32> into memref<f32>
  %b = memref.alloc() : memref<64xi8>
  %c0 = arith.constant 0 : index
  %v = memref.view %b[%c0][] : memref<64xi8> to memref<4x4xf32>
  return
}
