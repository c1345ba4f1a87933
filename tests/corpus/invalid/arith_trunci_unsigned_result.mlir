// EXPECT-ERROR: 3:8: 'arith.trunci' op result #0 must be signless-fixed-width-integer-like, but got 'ui8'
func.func @f(%a: i32) -> ui8 {
  %c = arith.trunci %a : i32 to ui8
  return %c : ui8
}
