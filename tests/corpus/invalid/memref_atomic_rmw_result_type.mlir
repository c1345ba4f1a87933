// EXPECT-ERROR: 4:8: 'memref.atomic_rmw' op failed to verify that all of {value, result} have same type
// memref.atomic_rmw: the result type differs from the value type.
func.func @f(%m: memref<10xf32>, %v: f32, %i: index) {
  %0 = memref.atomic_rmw addf %v, %m[%i] : (f32, memref<10xf32>) -> f64
  return
}
