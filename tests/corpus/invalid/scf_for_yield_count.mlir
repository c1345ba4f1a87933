// EXPECT-ERROR: 7:8: 'scf.for' op  region control flow edge from Region #0 to Region #0: source has 0 operands, but targe
// scf.for with iter_args whose body yields nothing
func.func @f(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f = arith.constant 1.0 : f32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %f) -> (f32) {
    scf.yield
  }
  return
}
