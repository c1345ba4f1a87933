// MLIR 19 spelling of seed004_dim.mlir.
func.func @dim(%A: memref<4 x ? x f32>) -> (index, index) {
  %c0 = arith.constant 0 : index
  %x = memref.dim %A, %c0 : memref<4 x ? x f32>
  %c1 = arith.constant 1 : index
  %y = memref.dim %A, %c1 : memref<4 x ? x f32>
  return %x, %y : index, index
}
