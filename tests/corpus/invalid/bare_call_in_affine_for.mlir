// EXPECT-ERROR: 6:5: not found for custom op 'call'
// unprefixed `call` inside affine.for (default dialect is not func there)
func.func private @g()
func.func @f() {
  affine.for %i = 0 to 4 {
    call @g() : () -> ()
  }
  return
}
