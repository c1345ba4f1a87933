// EXPECT-ERROR: 5:8: 'scf.while' op  along control flow edge from Region #0 to parent results: source type #0 'f32' shoul
// scf.condition forwards an f32 for an index result
func.func @f(%n: index) {
  %c0 = arith.constant 0 : index
  %r = scf.while (%a = %c0) : (index) -> index {
    %t = arith.cmpi slt, %a, %n : index
    %f = arith.constant 1.0 : f32
    scf.condition(%t) %f : f32
  } do {
  ^bb0(%b: index):
    scf.yield %b : index
  }
  return
}
