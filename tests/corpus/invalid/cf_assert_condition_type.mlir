// EXPECT-ERROR: 4:3: 'cf.assert' op operand #0 must be 1-bit signless integer, but got 'i32'
// cf.assert: the condition is an i32 (generic form).
func.func @f(%c: i32) {
  "cf.assert"(%c) <{msg = "x"}> : (i32) -> ()
  return
}
