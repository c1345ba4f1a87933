// Seed 004 memref.load: indices from affine.apply, a layout map and memory space 0,
// plus the indirect (non-affine) load. #layout is given a definition.
#layout = affine_map<(d0, d1) -> (d0, d1)>
func.func @load(%A: memref<8x?xi32, #layout, 0>, %B: memref<4x?xi32, #layout, 0>,
                %i: index, %j: index) -> i32 {
  %1 = affine.apply affine_map<(d0, d1) -> (3*d0)> (%i, %j)
  %2 = affine.apply affine_map<(d0, d1) -> (d1+1)> (%i, %j)
  %12 = memref.load %A[%1, %2] : memref<8x?xi32, #layout, 0>
  // Example of an indirect load (treated as non-affine)
  %idx = arith.index_cast %12 : i32 to index
  %3 = affine.apply affine_map<(d0) -> (2*d0 + 1)>(%idx)
  %13 = memref.load %B[%3, %2] : memref<4x?xi32, #layout, 0>
  return %13 : i32
}
