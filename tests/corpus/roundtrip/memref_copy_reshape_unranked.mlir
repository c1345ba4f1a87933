// memref.copy between layouts, memref.reshape with a shape buffer, unranked casts.
func.func @copyres(%src: memref<2x6xf32>) -> memref<*xf32> {
  %dst = memref.alloc() : memref<2x6xf32, strided<[6, 1], offset: 0>>
  memref.copy %src, %dst : memref<2x6xf32> to memref<2x6xf32, strided<[6, 1], offset: 0>>
  %shape = memref.alloca() : memref<2xindex>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  memref.store %c3, %shape[%c0] : memref<2xindex>
  memref.store %c4, %shape[%c1] : memref<2xindex>
  %r = memref.reshape %src(%shape) : (memref<2x6xf32>, memref<2xindex>) -> memref<3x4xf32>
  %u = memref.cast %r : memref<3x4xf32> to memref<*xf32>
  %u2 = memref.alloc() : memref<3x4xf32>
  %uu = memref.cast %u2 : memref<3x4xf32> to memref<*xf32>
  memref.copy %u, %uu : memref<*xf32> to memref<*xf32>
  return %u : memref<*xf32>
}
