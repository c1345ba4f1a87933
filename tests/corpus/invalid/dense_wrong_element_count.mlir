// EXPECT-ERROR: 4:46: inferred shape of elements literal ([3]) does not match type ([4])
// dense vector constant with 3 elements for vector<4xf32>
func.func @f() {
  %v = arith.constant dense<[1.0, 2.0, 3.0]> : vector<4xf32>
  return
}
