// EXPECT-ERROR: 4:50: custom op 'affine.parallel' invalid reduction value: "addd"
// affine.parallel with an unknown reduction kind
func.func @f(%A: memref<4xf32>) -> f32 {
  %s = affine.parallel (%i) = (0) to (4) reduce ("addd") -> f32 {
    %v = affine.load %A[%i] : memref<4xf32>
    affine.yield %v : f32
  }
  return %s : f32
}
