// EXPECT-ERROR: 4:8: 'vector.extractelement' op expected position for 1-D vector
// a 1-D vector needs a position
func.func @f(%a: vector<4xf32>) {
  %0 = vector.extractelement %a[] : vector<4xf32>
  return
}
