// EXPECT-ERROR: 5:10: operand cannot be used as a symbol (affjit only: MLIR accepts)
// an affine.for induction variable bound to a symbol with symbol(%i)
func.func @f(%A: memref<10xf32>) {
  affine.for %i = 0 to 10 {
    %v = affine.load %A[symbol(%i)] : memref<10xf32>
  }
  return
}
