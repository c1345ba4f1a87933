// EXPECT-ERROR: 4:8: mask dim size must be either 0 or 1 for 0-D vectors
// a 0-D mask size other than 0 or 1
func.func @f() {
  %0 = vector.constant_mask [2] : vector<i1>
  return
}
