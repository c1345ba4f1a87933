// EXPECT-ERROR: 4:8: custom op 'affine.apply' dimension or symbol index mismatch
// affine.apply with a symbol operand the map does not declare
func.func @f(%i: index, %n: index) -> index {
  %0 = affine.apply affine_map<(d0) -> (d0)>(%i)[%n]
  return %0 : index
}
