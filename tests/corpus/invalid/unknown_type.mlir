// EXPECT-ERROR: 3:17: expected non-function type
// an unknown builtin type name f33
func.func @f(%a: f33) {
  return
}
