// EXPECT-ERROR: 3:8: 'arith.constant' op integer return type must be signless
func.func @f() -> ui16 {
  %c = arith.constant 3 : ui16
  return %c : ui16
}
