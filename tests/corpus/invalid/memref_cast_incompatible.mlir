// EXPECT-ERROR: 4:8: 'memref.cast' op operand type 'memref<4xf32>' and result type 'memref<4xi32>' are cast incompatible
// memref.cast between different element types
func.func @f(%A: memref<4xf32>) {
  %0 = memref.cast %A : memref<4xf32> to memref<4xi32>
  return
}
