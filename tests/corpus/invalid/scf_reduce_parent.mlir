// EXPECT-ERROR: 5:5: 'scf.reduce' op expects parent op 'scf.parallel'
// scf.reduce outside scf.parallel
func.func @f(%c: i1) {
  scf.execute_region {
    scf.reduce
  }
  return
}
