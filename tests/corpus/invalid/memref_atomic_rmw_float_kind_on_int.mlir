// EXPECT-ERROR: 4:8: 'memref.atomic_rmw' op with kind 'addf' expects a floating-point type
// memref.atomic_rmw: addf needs a float, the memref holds i32.
func.func @f(%m: memref<10xi32>, %v: i32, %i: index) {
  %0 = memref.atomic_rmw addf %v, %m[%i] : (i32, memref<10xi32>) -> i32
  return
}
