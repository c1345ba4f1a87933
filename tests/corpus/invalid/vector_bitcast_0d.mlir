// EXPECT-ERROR: 4:8: 'vector.bitcast' op source/result bitwidth of the 0-D vector element types must be equal
// 0-D element types of different widths
func.func @f(%a: vector<f32>) {
  %0 = vector.bitcast %a : vector<f32> to vector<f16>
  return
}
