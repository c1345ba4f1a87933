// EXPECT-ERROR: 6:8: 'scf.index_switch' op expected result #0 of each region to be 'f32'
// scf.index_switch case yields the wrong type
func.func @f(%n: index) {
  %f = arith.constant 1.0 : f32
  %i = arith.constant 1 : i32
  %r = scf.index_switch %n -> f32
  case 1 {
    scf.yield %i : i32
  }
  default {
    scf.yield %f : f32
  }
  return
}
