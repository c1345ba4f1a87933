// EXPECT-ERROR: 5:3: 'scf.for' op failed to verify that all of {lowerBound, upperBound, step} have same type
// scf.for (generic form) with bounds of different types
func.func @f(%n: index, %m: i32) {
  %c1 = arith.constant 1 : index
  "scf.for"(%m, %n, %c1) ({
  ^bb0(%i: i32):
    scf.yield
  }) : (i32, index, index) -> ()
  return
}
