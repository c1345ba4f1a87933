// EXPECT-ERROR: 4:8: source type #0 'i32' should match input type #0 'f32'
// memref.alloca_scope.return of an i32 for an f32 result
func.func @f() -> f32 {
  %r = memref.alloca_scope -> (f32) {
    %c = arith.constant 1 : i32
    memref.alloca_scope.return %c : i32
  }
  return %r : f32
}
