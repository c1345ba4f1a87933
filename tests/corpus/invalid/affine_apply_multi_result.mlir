// EXPECT-ERROR: 4:3: operation defines 2 results but was provided 1 to bind
// affine.apply with a two-result map
func.func @f(%i: index) -> index {
  %0 = affine.apply affine_map<(d0) -> (d0, d0 + 1)>(%i)
  return %0 : index
}
