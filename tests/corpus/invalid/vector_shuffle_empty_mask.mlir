// EXPECT-ERROR: 4:8: 'vector.shuffle' op invalid mask length
// an empty mask
func.func @f(%a: vector<4xf32>, %b: vector<2xf32>) {
  %0 = vector.shuffle %a, %b [] : vector<4xf32>, vector<2xf32>
  return
}
