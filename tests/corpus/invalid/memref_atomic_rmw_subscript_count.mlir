// EXPECT-ERROR: 4:8: 'memref.atomic_rmw' op expects the number of subscripts to be equal to memref rank
// memref.atomic_rmw: one subscript for a 2-d memref.
func.func @f(%m: memref<10x4xf32>, %v: f32, %i: index) {
  %0 = memref.atomic_rmw addf %v, %m[%i] : (f32, memref<10x4xf32>) -> f32
  return
}
