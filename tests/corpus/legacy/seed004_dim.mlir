// Seed 004 memref.dim example in its original spelling (constant, dim).
func @dim(%A: memref<4 x ? x f32>) -> (index, index) {
  // Always returns 4, can be constant folded:
  %c0 = constant 0 : index
  %x = dim %A, %c0 : memref<4 x ? x f32>
  // Returns the dynamic dimension of %A.
  %c1 = constant 1 : index
  %y = dim %A, %c1 : memref<4 x ? x f32>
  return %x, %y : index, index
}
