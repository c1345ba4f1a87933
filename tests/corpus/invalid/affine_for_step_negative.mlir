// EXPECT-ERROR: 4:32: custom op 'affine.for' expected step to be representable as a positive signed integer
// affine.for with a negative step
func.func @f() {
  affine.for %i = 0 to 10 step -1 {
  }
  return
}
