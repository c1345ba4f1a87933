// EXPECT-ERROR: 4:8: 'memref.generic_atomic_rmw' op expected block argument of the same type result type
// memref.generic_atomic_rmw: the block argument is f64, the element f32.
func.func @f(%m: memref<10xf32>, %i: index) {
  %0 = memref.generic_atomic_rmw %m[%i] : memref<10xf32> {
  ^bb0(%cur: f64):
    memref.atomic_yield %cur : f64
  }
  return
}
