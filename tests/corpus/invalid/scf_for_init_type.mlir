// EXPECT-ERROR: 7:8: 'scf.for' op 0-th init and 0-th region iter_arg have different type: 'f32' != 'i32'
// scf.for (generic form) whose init and region iter_arg types differ
func.func @f(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f = arith.constant 1.0 : f32
  %r = "scf.for"(%c0, %n, %c1, %f) ({
  ^bb0(%i: index, %a: i32):
    scf.yield %a : i32
  }) : (index, index, index, f32) -> f32
  return
}
