// EXPECT-ERROR: 5:5: 'affine.for' op operand cannot be used as a symbol
// an outer IV used as the symbol of an inner loop bound map
func.func @f() {
  affine.for %i = 0 to 10 {
    affine.for %j = 0 to affine_map<()[s0] -> (s0)>()[%i] {
    }
  }
  return
}
