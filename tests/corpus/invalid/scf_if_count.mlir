// EXPECT-ERROR: 5:8: 'scf.if' op  region control flow edge from Region #0 to parent results: source has 0 operands, but t
// scf.if whose then region yields too few values
func.func @f(%c: i1) {
  %f = arith.constant 1.0 : f32
  %r = scf.if %c -> (f32) {
    scf.yield
  } else {
    scf.yield %f : f32
  }
  return
}
