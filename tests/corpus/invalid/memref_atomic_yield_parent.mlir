// EXPECT-ERROR: 4:3: 'memref.atomic_yield' op expects parent op 'memref.generic_atomic_rmw'
// memref.atomic_yield outside a memref.generic_atomic_rmw.
func.func @f(%v: f32) {
  memref.atomic_yield %v : f32
}
