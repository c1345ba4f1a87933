// EXPECT-ERROR: 6:3: 'scf.for' op expected induction variable to be same type as bounds and step
// scf.for (generic form) with an i32 IV and index bounds
func.func @f(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  "scf.for"(%c0, %n, %c1) ({
  ^bb0(%i: i32):
    scf.yield
  }) : (index, index, index) -> ()
  return
}
