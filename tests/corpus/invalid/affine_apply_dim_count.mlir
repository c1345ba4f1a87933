// EXPECT-ERROR: 4:8: custom op 'affine.apply' dimension or symbol index mismatch
// affine.apply with fewer dim operands than the map has dims
func.func @f(%i: index) -> index {
  %0 = affine.apply affine_map<(d0, d1) -> (d0 + d1)>(%i)
  return %0 : index
}
