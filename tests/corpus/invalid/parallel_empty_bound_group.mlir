// EXPECT-ERROR: 5:3: 'affine.parallel' op expected upper bound map to have at least one result per group (affjit only: MLIR accepts it and prints bounds it cannot parse back)
// affine.parallel whose upper bound groups are empty (found by the parser
// fuzzer: the printed module did not parse back)
func.func @f() {
  "affine.parallel"() <{lowerBoundsGroups = dense<1> : tensor<2xi32>, lowerBoundsMap = affine_map<() -> (0, 0)>, reductions = [], steps = [1, 1], upperBoundsGroups = dense<0> : tensor<2xi32>, upperBoundsMap = affine_map<() -> ()>}> ({
  ^bb0(%i: index, %j: index):
    "affine.yield"() : () -> ()
  }) : () -> ()
  return
}
