// EXPECT-ERROR: 4:8: 'memref.atomic_rmw' op operand #0 must be signless integer or floating-point, but got 'index'
// memref.atomic_rmw: index is not a signless integer or float type.
func.func @f(%m: memref<10xindex>, %v: index, %i: index) {
  %0 = memref.atomic_rmw addi %v, %m[%i] : (index, memref<10xindex>) -> index
  return
}
