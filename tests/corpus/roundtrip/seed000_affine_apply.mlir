// Seed 000 affine.apply: named map with floordiv and an inline map with a symbol.
#map10 = affine_map<(d0, d1) -> (d0 floordiv 8 + d1 floordiv 128)>
func.func @apply(%s: index, %t: index, %n: index) -> (index, index) {
  %1 = affine.apply #map10 (%s, %t)
  %2 = affine.apply affine_map<(i)[s0] -> (i+s0)> (%s)[%n]
  return %1, %2 : index, index
}
