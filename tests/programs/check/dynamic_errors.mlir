// Errors stay errors next to `?` dimensions: a negative index, a static
// dimension overrun, whatever the runtime sizes (expected diagnostics at the
// end).
// EXPECT-EXIT: 1
func.func @errors(%A: memref<10x?xf32>) {
  %c1 = arith.constant 1 : index
  %n = memref.dim %A, %c1 : memref<10x?xf32>
  affine.for %i = 0 to 11 {
    affine.for %j = 0 to %n {
      %v = affine.load %A[%i, %j - 1] : memref<10x?xf32>
    }
  }
  return
}
// EXPECT: 10:12: error: 'affine.load' op memref out of upper bound access along dimension #1
// EXPECT: 10:12: error: 'affine.load' op memref out of lower bound access along dimension #2
