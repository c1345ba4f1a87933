// EXPECT-ERROR: 7:5: 'memref.atomic_yield' op types mismatch between yield op: 'f64' and its parent: 'f32'
// memref.atomic_yield: yields f64 from a generic_atomic_rmw on f32.
func.func @f(%m: memref<10xf32>, %i: index) {
  %0 = memref.generic_atomic_rmw %m[%i] : memref<10xf32> {
  ^bb0(%cur: f32):
    %c = arith.constant 1.0 : f64
    memref.atomic_yield %c : f64
  }
  return
}
