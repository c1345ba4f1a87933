// EXPECT-ERROR: 4:8: 'vector.shape_cast' op source/result number of elements must match
// the element counts differ
func.func @f(%a: vector<4x6xf32>) {
  %0 = vector.shape_cast %a : vector<4x6xf32> to vector<25xf32>
  return
}
