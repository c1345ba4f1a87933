// EXPECT-ERROR: 4:1: 'func.func' op requires attribute 'function_type'
// a call to a function whose own definition is invalid (the parser fuzzer
// found the call's verifier reading the callee's missing type)
"func.func"() <{sym_name = "g", sym_visibility = "private"}> ({
}) : () -> ()
func.func @f() {
  func.call @g() : () -> ()
  return
}
