// memref.global with dense initializers of several element types, alignment, splats; get_global.
memref.global "private" constant @cf32 : memref<2x3xf32> = dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]>
memref.global "private" @ci64 : memref<4xi64> = dense<[1, -2, 3, -4]>
memref.global "private" @splat : memref<8xf64> = dense<0.25> {alignment = 64 : i64}
memref.global "private" @scalar : memref<i32> = dense<7>
memref.global "private" @half : memref<2xf16> = dense<[0.5, 1.5]>
memref.global "private" @bits : memref<3xi1> = dense<[true, false, true]>
memref.global "private" @idx : memref<2xindex> = dense<[3, 4]>
func.func @globals() -> (memref<2x3xf32>, memref<i32>) {
  %a = memref.get_global @cf32 : memref<2x3xf32>
  %b = memref.get_global @ci64 : memref<4xi64>
  %c = memref.get_global @splat : memref<8xf64>
  %d = memref.get_global @scalar : memref<i32>
  return %a, %d : memref<2x3xf32>, memref<i32>
}
