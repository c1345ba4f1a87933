// EXPECT-ERROR: 5:3: redefinition of SSA value '%0'
// the same SSA name defined twice
func.func @f() {
  %0 = arith.constant 1 : i32
  %0 = arith.constant 2 : i32
  return
}
