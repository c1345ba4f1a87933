// Quoted symbol names with escapes (the parser fuzzer found them printed
// double-escaped): definitions and calls.
func.func @"a\84b\22c"() {
  return
}
func.func @g() {
  call @"a\84b\22c"() : () -> ()
  return
}
