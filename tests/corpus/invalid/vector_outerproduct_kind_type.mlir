// EXPECT-ERROR: 4:8: 'vector.outerproduct' op unsupported outerproduct type
// a float kind on integer vectors
func.func @f(%a: vector<4xi32>, %b: vector<8xi32>, %c: vector<4x8xi32>) {
  %0 = vector.outerproduct %a, %b, %c {kind = #vector.kind<maxnumf>} : vector<4xi32>, vector<8xi32>
  return
}
