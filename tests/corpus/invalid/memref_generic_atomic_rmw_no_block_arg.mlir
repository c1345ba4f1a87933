// EXPECT-ERROR: 4:8: 'memref.generic_atomic_rmw' op expected single number of entry block arguments
// memref.generic_atomic_rmw: the body has no block argument.
func.func @f(%m: memref<10xf32>, %i: index) {
  %0 = memref.generic_atomic_rmw %m[%i] : memref<10xf32> {
    %c = arith.constant 1.0 : f32
    memref.atomic_yield %c : f32
  }
  return
}
