// EXPECT-ERROR: 4:48: expected positive divisor (affjit only: MLIR accepts)
// mod by a negative literal in an affine map
func.func @f(%i: index) -> index {
  %0 = affine.apply affine_map<(d0) -> (d0 mod -2)>(%i)
  return %0 : index
}
