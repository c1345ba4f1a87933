// EXPECT-ERROR: 4:8: 'vector.extractelement' op expected position to be empty with 0-D vector
// a 0-D vector takes no position
func.func @f(%a: vector<f32>, %i: index) {
  %0 = vector.extractelement %a[%i : index] : vector<f32>
  return
}
