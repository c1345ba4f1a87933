// EXPECT-ERROR: 4:32: expected step to be representable as a positive signed integer (affjit only: MLIR accepts)
// affine.for with step 0
func.func @f() {
  affine.for %i = 0 to 10 step 0 {
  }
  return
}
