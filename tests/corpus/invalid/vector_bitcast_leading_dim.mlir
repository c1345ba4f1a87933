// EXPECT-ERROR: 4:8: 'vector.bitcast' op dimension size mismatch at: 0
// leading dims must match
func.func @f(%a: vector<2x4xf32>) {
  %0 = vector.bitcast %a : vector<2x4xf32> to vector<4x8xf16>
  return
}
