// EXPECT-ERROR: 4:8: 'vector.shuffle' op mask length mismatch
// generic form: the result's leading dim is not the mask length
func.func @f(%a: vector<4xf32>, %b: vector<2xf32>) {
  %0 = "vector.shuffle"(%a, %b) <{mask = [0, 1]}> : (vector<4xf32>, vector<2xf32>) -> vector<3xf32>
  return
}
