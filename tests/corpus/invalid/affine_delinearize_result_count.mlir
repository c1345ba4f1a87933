// EXPECT-ERROR: 3:10: should return an index for each basis element
func.func @f(%i: index, %b0: index, %b1: index) {
  %r:3 = affine.delinearize_index %i into (%b0, %b1) : index, index, index
  return
}
