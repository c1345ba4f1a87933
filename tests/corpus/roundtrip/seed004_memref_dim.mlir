// Seed 004 memref.dim: custom form and the equivalent generic form.
func.func @dim(%A: memref<4 x ? x f32>) -> (index, index, index, index) {
  %c0 = arith.constant 0 : index
  %x = memref.dim %A, %c0 : memref<4 x ? x f32>
  %c1 = arith.constant 1 : index
  %y = memref.dim %A, %c1 : memref<4 x ? x f32>
  %gx = "memref.dim"(%A, %c0) : (memref<4 x ? x f32>, index) -> index
  %gy = "memref.dim"(%A, %c1) : (memref<4 x ? x f32>, index) -> index
  return %x, %y, %gx, %gy : index, index, index, index
}
