// EXPECT-ERROR: 7:12: body of 'memref.generic_atomic_rmw' should contain only operations with no side effects
// memref.generic_atomic_rmw: a load nested in the body touches memory.
func.func @f(%m: memref<10xf32>, %i: index, %b: i1) {
  %0 = memref.generic_atomic_rmw %m[%i] : memref<10xf32> {
  ^bb0(%cur: f32):
    %r = scf.if %b -> f32 {
      %x = memref.load %m[%i] : memref<10xf32>
      scf.yield %x : f32
    } else {
      scf.yield %cur : f32
    }
    memref.atomic_yield %r : f32
  }
  return
}
