// EXPECT-ERROR: 5:8: 'scf.while' op  along control flow edge from Region #0 to Region #1: source type #0 'index' should m
// scf.while after region takes the wrong argument type
func.func @f(%n: index) {
  %c0 = arith.constant 0 : index
  %r = scf.while (%a = %c0) : (index) -> index {
    %t = arith.cmpi slt, %a, %n : index
    scf.condition(%t) %a : index
  } do {
  ^bb0(%b: f32):
    scf.yield %c0 : index
  }
  return
}
