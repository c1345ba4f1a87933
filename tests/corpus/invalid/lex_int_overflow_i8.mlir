// EXPECT-ERROR: 4:23: integer constant out of range for attribute
// integer literal 300 does not fit i8
func.func @f() {
  %c = arith.constant 300 : i8
  return
}
