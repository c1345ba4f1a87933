// Seed 004 memref.cast: offsets and strides (old "offset:, strides:" syntax rewritten as strided<>).
func.func @cast2(%1: memref<12x4xf32, strided<[?, ?], offset: ?>>,
                 %x: memref<12x4xf32, strided<[4, 1], offset: 5>>) {
  %4 = memref.cast %1 : memref<12x4xf32, strided<[?, ?], offset: ?>> to
                        memref<12x4xf32, strided<[4, 1], offset: 5>>
  %5 = memref.cast %x : memref<12x4xf32, strided<[4, 1], offset: 5>> to
                        memref<12x4xf32, strided<[?, ?], offset: ?>>
  return
}
