// EXPECT-ERROR: 4:8: invalid properties {kind = 1 : i64} for op vector.outerproduct: Invalid attribute `kind` in property conversion: 1 : i64
// generic form: kind is not a combining kind
func.func @f(%a: vector<4xf32>, %b: vector<8xf32>) {
  %0 = "vector.outerproduct"(%a, %b) <{kind = 1 : i64}> : (vector<4xf32>, vector<8xf32>) -> vector<4x8xf32>
  return
}
