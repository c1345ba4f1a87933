// EXPECT-ERROR: 5:8: 'scf.while' op  along control flow edge from Region #1 to Region #0: source type #0 'f32' should mat
// scf.while after region yields the wrong type back
func.func @f(%n: index) {
  %c0 = arith.constant 0 : index
  %r = scf.while (%a = %c0) : (index) -> index {
    %t = arith.cmpi slt, %a, %n : index
    scf.condition(%t) %a : index
  } do {
  ^bb0(%b: index):
    %f = arith.constant 1.0 : f32
    scf.yield %f : f32
  }
  return
}
