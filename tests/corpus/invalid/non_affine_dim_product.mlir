// EXPECT-ERROR: 4:44: non-affine expression: at least one of the multiply operands has to be either a constant or symbolic
// product of two dims in an affine map
func.func @f(%i: index) -> index {
  %0 = affine.apply affine_map<(d0) -> (d0 * d0)>(%i)
  return %0 : index
}
