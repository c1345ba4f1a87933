// EXPECT-ERROR: 4:8: 'vector.bitcast' op source/result bitwidth of the minor 1-D vectors must be equal
// the rows hold a different number of bits
func.func @f(%a: vector<4xf32>) {
  %0 = vector.bitcast %a : vector<4xf32> to vector<4xf16>
  return
}
