// EXPECT-ERROR: 4:8: 'vector.insertelement' op expected position for 1-D vector
// a 1-D vector needs a position
func.func @f(%a: vector<4xf32>, %s: f32) {
  %0 = vector.insertelement %s, %a[] : vector<4xf32>
  return
}
