// EXPECT-ERROR: 5:3: 'scf.parallel' op expects the same number of induction variables: 2 as bound and step values: 1
// scf.parallel (generic form) with more IVs than bounds
func.func @f(%n: index) {
  %c1 = arith.constant 1 : index
  "scf.parallel"(%n, %n, %c1) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> ({
  ^bb0(%a: index, %b: index):
    scf.reduce
  }) : (index, index, index) -> ()
  return
}
