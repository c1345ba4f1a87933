// EXPECT-ERROR: 4:35: undefined symbol alias id 'undefined_map'
// use of an undefined #map alias
func.func @f(%i: index) -> index {
  %0 = affine.apply #undefined_map(%i)
  return %0 : index
}
