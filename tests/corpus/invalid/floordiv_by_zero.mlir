// EXPECT-ERROR: 4:53: expected positive divisor (affjit only: MLIR accepts)
// floordiv by literal 0 in an affine map
func.func @f(%i: index) -> index {
  %0 = affine.apply affine_map<(d0) -> (d0 floordiv 0)>(%i)
  return %0 : index
}
