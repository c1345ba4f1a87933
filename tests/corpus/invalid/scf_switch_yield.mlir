// EXPECT-ERROR: 5:8: 'scf.index_switch' op expected each region to return 1 values, but default region returns 0
// scf.index_switch default region yields nothing
func.func @f(%n: index) {
  %f = arith.constant 1.0 : f32
  %r = scf.index_switch %n -> f32
  case 1 {
    scf.yield %f : f32
  }
  default {
    scf.yield
  }
  return
}
