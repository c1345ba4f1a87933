// EXPECT-ERROR: 4:8: 'vector.insertelement' op unexpected >1 vector rank
// insertelement takes 0-D or 1-D vectors only
func.func @f(%a: vector<4x8xf32>, %s: f32, %i: index) {
  %0 = vector.insertelement %s, %a[%i : index] : vector<4x8xf32>
  return
}
