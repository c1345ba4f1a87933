// EXPECT-ERROR: 4:8: 'vector.insert_strided_slice' op failed to verify that operand #0 and result have same element type
// source and destination element types differ
func.func @f(%a: vector<4xi32>, %b: vector<4x8xf32>) {
  %0 = vector.insert_strided_slice %a, %b {offsets = [1, 1], strides = [1]} : vector<4xi32> into vector<4x8xf32>
  return
}
