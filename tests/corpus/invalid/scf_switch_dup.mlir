// EXPECT-ERROR: 4:3: 'scf.index_switch' op has duplicate case value: 1
// scf.index_switch with a duplicate case value
func.func @f(%n: index) {
  scf.index_switch %n
  case 1 {
    scf.yield
  }
  case 1 {
    scf.yield
  }
  default {
  }
  return
}
