// EXPECT-ERROR: 4:8: 'memref.load' op incorrect number of indices for load, expected 2 but got 1
// memref.load with one index on a rank-2 memref
func.func @f(%A: memref<4x4xf32>, %i: index) {
  %0 = memref.load %A[%i] : memref<4x4xf32>
  return
}
