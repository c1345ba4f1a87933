// EXPECT-ERROR: 4:8: 'vector.extractelement' op unexpected >1 vector rank
// extractelement takes 0-D or 1-D vectors only
func.func @f(%a: vector<4x8xf32>, %i: index) {
  %0 = vector.extractelement %a[%i : index] : vector<4x8xf32>
  return
}
