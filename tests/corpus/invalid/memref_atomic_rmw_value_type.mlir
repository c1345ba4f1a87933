// EXPECT-ERROR: 4:8: 'memref.atomic_rmw' op failed to verify that value type matches element type of memref
// memref.atomic_rmw: the value is f64, the memref holds f32.
func.func @f(%m: memref<10xf32>, %v: f64, %i: index) {
  %0 = memref.atomic_rmw addf %v, %m[%i] : (f64, memref<10xf32>) -> f64
  return
}
