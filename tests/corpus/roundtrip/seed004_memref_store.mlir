// Seed 004 memref.store (the seed's literal index 1023 becomes an arith.constant).
#layout = affine_map<(d0, d1) -> (d0, d1)>
func.func @store(%100: f32, %A: memref<4x?xf32, #layout, 0>, %1: index) {
  %c1023 = arith.constant 1023 : index
  memref.store %100, %A[%1, %c1023] : memref<4x?xf32, #layout, 0>
  return
}
