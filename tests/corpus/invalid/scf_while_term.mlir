// EXPECT-ERROR: 4:3: 'scf.while' op expects the 'before' region to terminate with 'scf.condition'
// scf.while before region not ended by scf.condition
func.func @f(%c: i1) {
  scf.while : () -> () {
    scf.yield
  } do {
    scf.yield
  }
  return
}
