// EXPECT-ERROR: 4:23: integer constant out of range for attribute
// integer literal that does not fit i64, used for an index constant
func.func @f() {
  %c = arith.constant 99999999999999999999 : index
  return
}
