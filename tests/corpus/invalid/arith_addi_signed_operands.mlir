// EXPECT-ERROR: 3:8: 'arith.addi' op operand #0 must be signless-integer-like, but got 'si32'
func.func @f(%a: si32, %b: si32) -> si32 {
  %c = arith.addi %a, %b : si32
  return %c : si32
}
