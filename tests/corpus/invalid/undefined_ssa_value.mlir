// EXPECT-ERROR: 4:19: use of undeclared SSA value name
// use of an SSA value that is never defined
func.func @f() {
  %0 = arith.addf %x, %x : f32
  return
}
