// EXPECT-ERROR: 5:5: 'scf.condition' op expects parent op 'scf.while'
// scf.condition outside scf.while
func.func @f(%c: i1) {
  scf.execute_region {
    scf.condition(%c)
  }
  return
}
