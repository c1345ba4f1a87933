// EXPECT-ERROR: 7:8: 'scf.for' op 0-th region iter_arg and 0-th yielded value have different type: 'f32' != 'i32'
// scf.for yielding an i32 for an f32 iter_arg
func.func @f(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f = arith.constant 1.0 : f32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %f) -> (f32) {
    %c = arith.constant 1 : i32
    scf.yield %c : i32
  }
  return
}
