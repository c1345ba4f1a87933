// EXPECT-ERROR: 4:10: use of value '%c' expects different type than prior uses: 'i1' vs 'i32'
// scf.if on an i32 condition
func.func @f(%c: i32) {
  scf.if %c {
  }
  return
}
