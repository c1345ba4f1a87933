// EXPECT-ERROR: 3:8: 'memref.realloc' op result #0 must be 1D memref of any type values, but got 'memref<2x2xf32>'
func.func @f(%m: memref<2xf32>, %n: index) {
  %0 = memref.realloc %m : memref<2xf32> to memref<2x2xf32>
  return
}
