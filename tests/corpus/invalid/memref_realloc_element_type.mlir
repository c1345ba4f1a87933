// EXPECT-ERROR: 3:8: different element types specified for source memref type 'memref<2xf32>' and result memref type 'memref<4xi32>'
func.func @f(%m: memref<2xf32>, %n: index) {
  %0 = memref.realloc %m : memref<2xf32> to memref<4xi32>
  return
}
