// EXPECT-ERROR: 4:26: custom op 'memref.atomic_rmw' expected string or keyword containing one of the following enum values for attribute 'kind' [addf, addi, assign, maximumf, maxs, maxu, minimumf, mins, minu, mulf, muli, ori, andi, maxnumf, minnumf]
// memref.atomic_rmw: `add` is not an AtomicRMWKind.
func.func @f(%m: memref<10xf32>, %v: f32, %i: index) {
  %0 = memref.atomic_rmw add %v, %m[%i] : (f32, memref<10xf32>) -> f32
  return
}
