// EXPECT-ERROR: 4:8: 'memref.atomic_rmw' op with kind 'ori' expects an integer type
// memref.atomic_rmw: ori needs an integer, the memref holds f32.
func.func @f(%m: memref<10xf32>, %v: f32, %i: index) {
  %0 = memref.atomic_rmw ori %v, %m[%i] : (f32, memref<10xf32>) -> f32
  return
}
