// EXPECT-ERROR: 3:8: unnecessary dimension operand for result type 'memref<4xf32>'
func.func @f(%m: memref<2xf32>, %n: index) {
  %0 = memref.realloc %m(%n) : memref<2xf32> to memref<4xf32>
  return
}
