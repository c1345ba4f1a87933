// EXPECT-ERROR: 4:8: 'affine.parallel' op result type cannot match reduction attribute
// affine.parallel reduce "maxs" on i32 (MLIR 19 has no identity for it and rejects it)
func.func @f(%A: memref<4xi32>) -> i32 {
  %s = affine.parallel (%i) = (0) to (4) reduce ("maxs") -> i32 {
    %v = affine.load %A[%i] : memref<4xi32>
    affine.yield %v : i32
  }
  return %s : i32
}
