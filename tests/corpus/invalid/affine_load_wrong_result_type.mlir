// EXPECT-ERROR: 4:8: 'affine.load' op result type must match element type of memref
// generic affine.load returning a type other than the element type
func.func @f(%A: memref<4xf32>, %i: index) {
  %0 = "affine.load"(%A, %i) <{map = affine_map<(d0) -> (d0)>}> : (memref<4xf32>, index) -> f64
  return
}
