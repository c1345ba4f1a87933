// EXPECT-ERROR: 3:17: result number not allowed in argument list
func.func @f() {
  affine.for %i0#1 = 0 to 7 {
  }
  return
}
