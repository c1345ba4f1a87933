// Seed 004 memref.load / memref.store examples in the older unprefixed spelling (load, store),
// with #layout defined and memory space 0 written as an integer.
#layout = affine_map<(d0, d1) -> (d0, d1)>
func @load_store(%A: memref<8x?xi32, #layout, 0>, %F: memref<4x?xf32, #layout, 0>,
                 %i: index, %j: index, %100: f32) -> i32 {
  %1 = affine.apply affine_map<(d0, d1) -> (3*d0)> (%i, %j)
  %2 = affine.apply affine_map<(d0, d1) -> (d1+1)> (%i, %j)
  %12 = load %A[%1, %2] : memref<8x?xi32, #layout, 0>
  %c1023 = constant 1023 : index
  store %100, %F[%1, %c1023] : memref<4x?xf32, #layout, 0>
  return %12 : i32
}
