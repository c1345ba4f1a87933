// EXPECT-ERROR: 8:14: region entry argument '%j' is already in use
// %j used in one loop nest before a later loop declares it (found by the
// parser fuzzer: resolving the use to that argument crashed on teardown)
func.func @f() {
  affine.for %i = 0 to 4 {
    %k = affine.apply affine_map<(d0, d1) -> (d0 + d1)>(%i, %j)
  }
  affine.for %j = 0 to 4 {
    %x = arith.constant 1 : i32
  }
  return
}
