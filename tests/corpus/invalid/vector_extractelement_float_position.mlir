// EXPECT-ERROR: 4:8: 'vector.extractelement' op operand #1 must be signless integer or index, but got 'f32'
// the position must be an integer or index
func.func @f(%a: vector<4xf32>, %i: f32) {
  %0 = vector.extractelement %a[%i : f32] : vector<4xf32>
  return
}
