// EXPECT-ERROR: 3:8: 'arith.extsi' op operand #0 must be signless-fixed-width-integer-like, but got 'si8'
func.func @f(%a: si8) -> i32 {
  %c = arith.extsi %a : si8 to i32
  return %c : i32
}
