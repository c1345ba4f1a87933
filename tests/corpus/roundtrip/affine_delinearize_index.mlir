// affine.delinearize_index with two and three basis elements.
func.func @f(%i: index, %b0: index, %b1: index) -> (index, index) {
  %c4 = arith.constant 4 : index
  %r:2 = affine.delinearize_index %i into (%b0, %b1) : index, index
  %s:3 = affine.delinearize_index %i into (%b0, %c4, %b1) : index, index, index
  return %r#0, %s#2 : index, index
}
