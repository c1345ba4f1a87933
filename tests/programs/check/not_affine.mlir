// Subscripts that are not affine (a product of two values) cannot be
// checked: a warning, exit status 0 (expected diagnostics at the end).
// mlir-opt reports these as errors ("compose affine map failed").
// EXPECT-EXIT: 0
func.func @semi_affine(%A: memref<10xf32>, %s: index, %t: index) {
  affine.for %i = 0 to 10 {
    %x = affine.load %A[symbol(%s) * symbol(%t)] : memref<10xf32>
    %k = affine.apply affine_map<(d0)[s0] -> (d0 * s0)>(%i)[%s]
    affine.store %x, %A[%k] : memref<10xf32>
    %y = affine.load %A[%i] : memref<10xf32>
  }
  return
}
// EXPECT: 7:10: warning: 'affine.load' op memref access not checked (subscripts or loop bounds are not affine)
// EXPECT: 9:5: warning: 'affine.store' op memref access not checked (subscripts or loop bounds are not affine)
