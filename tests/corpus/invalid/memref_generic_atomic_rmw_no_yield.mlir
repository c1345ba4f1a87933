// EXPECT-ERROR: 7:10: block with no terminator, has
// memref.generic_atomic_rmw: the body does not end in memref.atomic_yield.
func.func @f(%m: memref<10xf32>, %i: index) {
  %0 = memref.generic_atomic_rmw %m[%i] : memref<10xf32> {
  ^bb0(%cur: f32):
    %c = arith.constant 1.0 : f32
    %n = arith.addf %cur, %c : f32
  }
  return
}
