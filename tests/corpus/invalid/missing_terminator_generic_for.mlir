// EXPECT-ERROR: 6:10: block with no terminator
// generic affine.for whose body block has no affine.yield
func.func @f() {
  "affine.for"() <{lowerBoundMap = affine_map<() -> (0)>, operandSegmentSizes = array<i32: 0, 0, 0>, step = 1 : index, upperBoundMap = affine_map<() -> (4)>}> ({
  ^bb0(%i: index):
    %c = arith.constant 1 : i32
  }) : () -> ()
  return
}
