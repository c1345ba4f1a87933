// EXPECT-ERROR: 3:8: missing dimension operand for result type 'memref<?xf32>'
func.func @f(%m: memref<2xf32>, %n: index) {
  %0 = memref.realloc %m : memref<2xf32> to memref<?xf32>
  return
}
