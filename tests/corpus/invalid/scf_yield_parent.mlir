// EXPECT-ERROR: 4:3: 'scf.yield' op expects parent op to be one of 'scf.execute_region, scf.for, scf.if, scf.index_switch
// scf.yield directly in a function
func.func @f(%n: index) {
  scf.yield
}
