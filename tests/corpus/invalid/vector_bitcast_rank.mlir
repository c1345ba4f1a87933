// EXPECT-ERROR: 4:8: 'vector.bitcast' op failed to verify that all of {source, result} have same rank
// source and result ranks differ
func.func @f(%a: vector<4xf32>) {
  %0 = vector.bitcast %a : vector<4xf32> to vector<2x8xf16>
  return
}
