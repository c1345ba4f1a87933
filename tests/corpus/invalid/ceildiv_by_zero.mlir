// EXPECT-ERROR: 4:53: expected positive divisor (affjit only: MLIR accepts)
// ceildiv by literal 0 in an affine.for bound map
func.func @f() {
  affine.for %i = 0 to affine_map<() -> (10 ceildiv 0)>() {
  }
  return
}
