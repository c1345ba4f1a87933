// EXPECT-ERROR: 5:8: 'scf.execute_region' op  along control flow edge from Region #0 to parent results: source type #0 'f
// scf.execute_region yields the wrong type
func.func @f(%c: i1) {
  %f = arith.constant 1.0 : f32
  %r = scf.execute_region -> i32 {
    scf.yield %f : f32
  }
  return
}
