// EXPECT-ERROR: 4:8: 'vector.shape_cast' op source/result vectors must have same element type
// the element types differ
func.func @f(%a: vector<4x6xf32>) {
  %0 = vector.shape_cast %a : vector<4x6xf32> to vector<24xi32>
  return
}
