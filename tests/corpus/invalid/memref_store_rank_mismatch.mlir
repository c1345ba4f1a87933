// EXPECT-ERROR: 4:3: 'memref.store' op store index operand count not equal to memref rank
// memref.store with two indices on a rank-1 memref
func.func @f(%A: memref<4xf32>, %v: f32, %i: index) {
  memref.store %v, %A[%i, %i] : memref<4xf32>
  return
}
