// EXPECT-ERROR: 11:7: 'scf.reduce.return' op must have type 'f32' (the type of the reduction inputs)
// scf.reduce.return of the wrong type
func.func @f(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f = arith.constant 1.0 : f32
  %r = scf.parallel (%i) = (%c0) to (%n) step (%c1) init (%f) -> f32 {
    scf.reduce(%f : f32) {
    ^bb0(%a: f32, %b: f32):
      %i1 = arith.constant 1 : i32
      scf.reduce.return %i1 : i32
    }
  }
  return
}
