// EXPECT-ERROR: 5:8: 'scf.if' op  along control flow edge from Region #1 to parent results: source type #0 'i32' should m
// scf.if whose else region yields the wrong type
func.func @f(%c: i1) {
  %f = arith.constant 1.0 : f32
  %r = scf.if %c -> (f32) {
    scf.yield %f : f32
  } else {
    %i = arith.constant 1 : i32
    scf.yield %i : i32
  }
  return
}
