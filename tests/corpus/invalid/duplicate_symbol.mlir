// EXPECT-ERROR: 6:1: redefinition of symbol named 'f'
// two functions with the same name
func.func @f() {
  return
}
func.func @f() {
  return
}
